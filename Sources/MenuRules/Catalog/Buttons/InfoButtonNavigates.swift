import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// An info button that navigates: it opens a view pushed in place of the
/// current one (`opens: view`, or a declared view shown inline or as a
/// page). Opening a sheet, a popover or an alert with the details is what
/// an info button is for; a window is not hierarchical navigation either.
struct InfoButtonNavigates: Rule {
    /// The view a button opens is another declaration.
    let scope = RuleScope.file
    let descriptor = RuleDescriptor(
        id: "info-button-navigates",
        severity: .error,
        guideline: Guidelines.buttonsOlder("Common Button Types"),
        summary: "An info button navigates to another view (`opens: view`, or a view shown inline or as a page); info buttons reveal details, they don't navigate.",
        explanation: """
            People know the info button (ⓘ): it reveals details about the current item or context, in place or \
            in a popover. Using it to drill into the next level of a hierarchy breaks that expectation. To let \
            people navigate into a row's child views, use a disclosure indicator (a plain button or the row \
            itself with `opens:`); keep the info button for showing details. Opening the details in a sheet, a \
            popover or an alert (`opens: sheet`, or a view with that presentation) is what an info button is for, \
            and is not reported.
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
            .passing("""
                view Networks "Wi-Fi" {
                  button networkDetails { type: info; opens: NetworkDetails }
                  button otherNetwork { type: info; opens: sheet }
                }
                view NetworkDetails "Network Details" { presentation: popover }
                """),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        for (element, _) in file.walk(.button) {
            guard !element.isSpliced, ButtonQueries.isButton(element, ofType: "info"),
                  let target = element.explicit(.opens)?.name, Self.navigates(to: target, in: file) else { continue }
            reporter.report(
                "info button '\(element.label ?? element.id)' opens '\(target)'; an info button reveals details and doesn't navigate",
                at: ButtonQueries.propertySpan("opens", of: element), label: "navigation", element: element,
                help: "show the details in place (action:) or use a disclosure indicator — a plain button with `opens:` — to navigate")
        }
    }

    /// Presentations of a declared view that replace the current one.
    static let hierarchicalPresentations: Set<String> = ["inline", "page"]

    /// Whether opening `target` is hierarchical navigation: the generic
    /// `view`, or a declared view presented inline or as a page. A view
    /// declared in an imported file isn't looked for: unknown, it is not reported.
    static func navigates(to target: String, in file: CheckedFile) -> Bool {
        switch target {
        case "view": return true
        case "sheet", "window": return false
        default:
            guard let view = file.declaration(named: target, kind: .view) else { return false }
            return hierarchicalPresentations.contains(view.symbol("presentation") ?? "inline")
        }
    }
}
