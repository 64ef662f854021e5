import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// An info button that opens another view.
struct InfoButtonNavigates: Rule {
    let scope = RuleScope.declaration
    let descriptor = RuleDescriptor(
        id: "info-button-navigates",
        severity: .error,
        guideline: Guidelines.buttonsOlder("Common Button Types"),
        summary: "An info button opens another view (`opens:`); info buttons reveal details, they don't navigate.",
        explanation: """
            People know the info button (ⓘ): it reveals details about the current item or context, in place or \
            in a popover. Using it to drill into the next level of a hierarchy breaks that expectation. To let \
            people navigate into a row's child views, use a disclosure indicator (a plain button or the row \
            itself with `opens:`); keep the info button for showing details.
            """,
        quote: "An info button — called a detail disclosure button when it appears in a list row — doesn’t enable navigation through a hierarchical table or list. If you need to let people drill into a list or table row’s child views, use a disclosure indicator accessory control.",
        examples: [
            .triggering("""
                view Networks "Wi-Fi" {
                  button networkDetails { type: info; ↓opens: NetworkSettings }
                }
                view NetworkSettings "Network Settings" {}
                """),
            .triggering("""
                view Contacts "Contacts" {
                  row { button contactInfo { type: info; symbol: "info.circle"; ↓opens: view } }
                }
                """),
            .passing("""
                view Networks "Wi-Fi" {
                  button networkDetails { type: info; action: showNetworkDetails }
                  button otherNetwork "Other Network…" { opens: NetworkSettings }
                }
                view NetworkSettings "Network Settings" {}
                """),
            .passing("""
                view Contacts "Contacts" {
                  button contactInfo { type: info; symbol: "info.circle"; action: showContactCard }
                }
                """),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        file.walk(.button) { element, _ in
            guard !element.isSpliced, ButtonQueries.isButton(element, ofType: "info"),
                  let target = element.explicit(.opens)?.name else { return }
            reporter.report(
                "info button '\(element.label ?? element.id)' opens '\(target)'; an info button reveals details and doesn't navigate",
                at: ButtonQueries.propertySpan("opens", of: element), label: "navigation", element: element,
                help: "show the details in place (action:) or use a disclosure indicator — a plain button with `opens:` — to navigate")
        }
    }
}
