import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// A pop-up that doesn't say which option it shows before people choose.
struct PopupMissingDefault: Rule {
    let scope = RuleScope.declaration
    let descriptor = RuleDescriptor(
        id: "popup-missing-default",
        severity: .warning,
        guideline: Guidelines.popUp("Best practices"),
        summary: "A pop-up button has no `default:` option.",
        explanation: """
            Until people choose, a pop-up button shows its default selection. Without one, the button shows \
            an arbitrary or empty choice. Name the option most people are likely to want with `default:`.
            """,
        quote: "Provide a useful default selection. A pop-up button can update its content to identify the current selection, but if people haven’t made a selection yet, it shows the default item you specify. When possible, make the default selection an item that most people are likely to want.",
        examples: [
            .triggering("""
                view Checkout "Checkout" {
                  popup shipping ↓"Shipping" {
                    option standard "Standard Shipping"
                    option express "Express Shipping"
                  }
                }
                """),
            .triggering("""
                view Export "Export" {
                  popup ↓format {
                    symbol: "doc"
                    section { option pdf "PDF"; option png "PNG" }
                    section { option html "Web Page" }
                  }
                }
                """),
            .passing("""
                view Checkout "Checkout" {
                  popup shipping "Shipping" {
                    default: standard
                    option standard "Standard Shipping"
                    option express "Express Shipping"
                  }
                }
                """),
            .passing("""
                view Export "Export" {
                  popup format "Format" {
                    default: pdf
                    section { option pdf "PDF"; option png "PNG" }
                    section { option html "Web Page" }
                  }
                }
                """),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        for (element, _) in file.walk(.popup) {
            guard element.kind == .popup, !element.isSpliced, element.explicit(.`default`) == nil,
                  let first = PopUpQueries.options(of: element).first else { continue }
            reporter.report("\(element.displayName) has no default option",
                            at: element.focusSpan, label: "nothing selected at first", element: element,
                            help: "name the option most people want, e.g. default: \(first.id)")
        }
    }
}
