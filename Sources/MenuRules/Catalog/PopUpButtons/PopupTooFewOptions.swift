import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// A pop-up with nothing to choose between.
struct PopupTooFewOptions: Rule {
    let scope = RuleScope.declaration
    static let minimumOptions = 2

    let descriptor = RuleDescriptor(
        id: "popup-too-few-options",
        severity: .note,
        guideline: Guidelines.popUp("Best practices"),
        summary: "A pop-up button offers fewer than two options.",
        explanation: """
            A pop-up button exists to let people choose among options. With one option (or none) there is no \
            choice: the menu opens to show what the button already shows. Add the missing options, or show the \
            value as text and drop the pop-up. Options are counted through sections; a pop-up that holds items \
            or submenus is reported by `popup-not-flat` instead. A pop-up whose options are made at run time \
            (`dynamic: true`) is not counted: the file lists a placeholder.
            """,
        quote: "Use a pop-up button to present a flat list of mutually exclusive options or states. A pop-up button helps people make a choice that affects their content or the surrounding view.",
        examples: [
            .triggering("""
                view Checkout "Checkout" {
                  popup shipping ↓"Shipping" {
                    default: standard
                    option standard "Standard Shipping"
                  }
                }
                """),
            .triggering("""
                view Export "Export" {
                  popup format ↓"Format" { symbol: "doc" }
                }
                """),
            .passing("""
                view Checkout "Checkout" {
                  popup shipping "Shipping" {
                    default: standard
                    option standard "Standard Shipping"
                    section { option express "Express Shipping" }
                  }
                }
                """),
            .passing("""
                view Settings "Settings" {
                  popup security "Security" {
                    default: tls
                    option tls "TLS"
                    option none "None"
                  }
                }
                """),
            .passing("""
                view Automation "Automation" {
                  popup pipeline "Pipeline" { dynamic: true; default: preferred; option preferred "Preferred Pipeline" }
                }
                """),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        for (element, _) in file.walk(.popup) {
            // Options made at run time (`dynamic: true`): the file shows only a placeholder.
            guard element.kind == .popup, !element.isSpliced, element.flag(.dynamic) != true,
                  PopUpQueries.nonOptions(of: element).isEmpty else { continue }
            let count = PopUpQueries.options(of: element).count
            guard count < Self.minimumOptions else { continue }
            reporter.report("\(element.displayName) offers \(count == 0 ? "no options" : "only one option"); there's nothing to choose",
                            at: element.focusSpan, label: count == 0 ? "no options" : "one option", element: element,
                            help: "add the other options, or show the value as text instead of a pop-up")
        }
    }
}
