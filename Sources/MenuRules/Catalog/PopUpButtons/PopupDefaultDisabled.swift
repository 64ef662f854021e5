import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// A pop-up whose default option is disabled.
struct PopupDefaultDisabled: Rule {
    let scope = RuleScope.declaration
    let descriptor = RuleDescriptor(
        id: "popup-default-disabled",
        severity: .warning,
        guideline: Guidelines.popUp("Best practices"),
        summary: "A pop-up button's `default:` option is disabled (`enabled: false`).",
        explanation: """
            The default selection is what a pop-up button shows until people choose, and it should be the \
            option most people want. A disabled option can't be chosen: once people pick another one, they \
            can't come back to the default, and the button starts by showing a choice the menu refuses. Make \
            an enabled option the default, or enable this one.
            """,
        quote: "Provide a useful default selection. A pop-up button can update its content to identify the current selection, but if people haven’t made a selection yet, it shows the default item you specify. When possible, make the default selection an item that most people are likely to want.",
        examples: [
            .triggering("""
                view Checkout "Checkout" {
                  popup shipping "Shipping" {
                    default: ↓express
                    option standard "Standard Shipping"
                    option express "Express Shipping" { enabled: false }
                  }
                }
                """),
            .passing("""
                view Checkout "Checkout" {
                  popup shipping "Shipping" {
                    default: standard
                    option standard "Standard Shipping"
                    option express "Express Shipping" { enabled: false }
                  }
                }
                """),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        for (element, _) in file.walk(.popup) {
            guard element.kind == .popup, !element.isSpliced, let property = element.property(.`default`),
                  let chosen = property.value.name,
                  let option = PopUpQueries.options(of: element).first(where: { $0.id == chosen }),
                  option.flag(.enabled) == false else { continue }
            var secondary: [LabeledSpan] = []
            if let disabled = option.property(.enabled)?.span { secondary.append(LabeledSpan(disabled, "disabled here")) }
            reporter.report("\(element.displayName) shows the disabled option \(option.displayName) by default",
                            at: property.valueSpan ?? element.focusSpan, label: "disabled default", element: element, secondary: secondary,
                            help: "make an enabled option the default, or enable \(option.displayName)")
        }
    }
}
