import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// A pop-up with nothing on it to say what its options are about.
struct PopupNeedsContext: Rule {
    let scope = RuleScope.declaration
    let descriptor = RuleDescriptor(
        id: "popup-needs-context",
        severity: .warning,
        guideline: Guidelines.popUp("Best practices"),
        summary: "A pop-up button has neither a label nor a symbol.",
        explanation: """
            A closed pop-up button shows only its current choice. With no label and no symbol to describe it, \
            people can't tell what that choice is about, or predict the other options, without opening it. \
            Give the pop-up a label that describes its effect ("Shipping", "Sort By"), or a symbol that does.
            """,
        quote: "Give people a way to predict a pop-up button’s options without opening it. For example, you can use an introductory label or a button label that describes the button’s effect, giving context to the options.",
        examples: [
            .triggering("""
                view Checkout "Checkout" {
                  popup ↓shipping {
                    default: standard
                    option standard "Standard Shipping"
                    option express "Express Shipping"
                  }
                }
                """),
            .triggering("""
                view Export "Export" {
                  ↓popup { default: pdf; option pdf "PDF"; option png "PNG" }
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
                  popup format { symbol: "doc"; default: pdf; option pdf "PDF"; option png "PNG" }
                }
                """),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        for (element, _) in file.walk(.popup) {
            guard element.kind == .popup, !element.isSpliced,
                  PullDownQueries.visibleLabel(of: element) == nil, PullDownQueries.symbol(of: element) == nil else { continue }
            let example = element.idSource == .explicit
                ? "popup \(element.id) \"\(PullDownQueries.titleWords(of: element.id))\""
                : "popup \"Sort By\""
            reporter.report("\(element.displayName) has neither a label nor a symbol to say what its options are about",
                            at: element.focusSpan, label: "no context for its options", element: element,
                            help: "add a label that describes its effect, e.g. \(example), or a symbol")
        }
    }
}
