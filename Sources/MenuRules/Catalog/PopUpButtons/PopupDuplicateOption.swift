import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// Two options of one pop-up that read the same.
struct PopupDuplicateOption: Rule {
    let scope = RuleScope.declaration
    let descriptor = RuleDescriptor(
        id: "popup-duplicate-option",
        severity: .error,
        guideline: Guidelines.popUp("Best practices"),
        summary: "Two options of a pop-up button have the same label.",
        explanation: """
            A pop-up button's options are mutually exclusive choices, and the closed button shows the chosen \
            one's label. Two options with the same label can't be told apart, neither in the menu nor on the \
            button. Remove the duplicate, or label each option by what makes it different. Options are compared \
            through sections, ignoring letter case and blank space at either end.
            """,
        quote: "Use a pop-up button to present a flat list of mutually exclusive options or states.",
        examples: [
            .triggering("""
                view Checkout "Checkout" {
                  popup shipping "Shipping" {
                    default: standard
                    option standard "Standard"
                    option express "Express"
                    option economy ↓"Standard"
                  }
                }
                """),
            .triggering("""
                view Settings "Settings" {
                  popup interval "Check for Mail" {
                    default: every5
                    section { option every1 "Every Minute"; option every5 "Every 5 Minutes" }
                    section { option every5b ↓"Every 5 Minutes"; option manual "Manually" }
                  }
                  popup size "Size" {
                    default: small
                    option small "Small"
                    option large "Large"
                    option small2 ↓"small "
                  }
                }
                """),
            .passing("""
                view Checkout "Checkout" {
                  popup shipping "Shipping" {
                    default: standard
                    option standard "Standard Shipping"
                    option economy "Economy Shipping"
                  }
                }
                """),
            .passing("""
                view Settings "Settings" {
                  popup from "From" {
                    default: work
                    option work "Work"
                    option home "Home"
                  }
                  popup to "To" {
                    default: home
                    option work "Work"
                    option home "Home"
                  }
                }
                """),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        for (element, _) in file.walk(.popup) {
            guard element.kind == .popup, !element.isSpliced else { continue }
            var first: [String: Element] = [:]
            for option in PopUpQueries.options(of: element) {
                guard let label = option.label else { continue }
                // People can't tell "Standard" from "standard " on a closed button either.
                let key = MenuQueries.trimmed(label).lowercased()
                guard let earlier = first[key] else { first[key] = option; continue }
                var secondary: [LabeledSpan] = []
                if let span = earlier.labelSpan { secondary.append(LabeledSpan(span, "first option labelled '\(earlier.label ?? label)'")) }
                reporter.report("\(element.displayName) has two options labelled '\(label)'",
                                at: option.focusSpan, label: "same label as option '\(earlier.id)'", element: option,
                                secondary: secondary, help: "remove one, or label each by what makes it different")
            }
        }
    }
}
