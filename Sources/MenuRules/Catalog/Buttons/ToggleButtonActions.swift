import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// A toggle button that does more than switch a state.
///
/// The catalog accepts `opens:`, `confirm:` and `role:` on toggle buttons
/// only so that this rule can explain them. Each one written is reported:
/// `opens:` (navigation), `confirm:` (a guarded action), and any role other
/// than `normal` — destructive deletes, cancel cancels the current action,
/// primary concludes a view on Return; all are actions, not states.
struct ToggleButtonActions: Rule {
    let scope = RuleScope.declaration
    let descriptor = RuleDescriptor(
        id: "toggle-button-actions",
        severity: .error,
        guideline: Guidelines.buttonsOlder("Toggle Buttons"),
        summary: "A toggle button opens a view, asks for confirmation or has a role: it does more than manage state.",
        explanation: """
            A toggle button switches between two states (on and off, show and hide) and shows which one is \
            current. People expect choosing it to flip that state and nothing else. Opening another view, asking \
            for confirmation, deleting, cancelling or concluding the view are actions: put them on a button \
            (`button`), or on a pop-up or pull-down button, and keep the toggle for the state.
            """,
        quote: "Use a toggle button to help people manage the state of content or a view. In addition to using a toggle button to change the state of something, people expect the button to indicate their current selection. If you need to enable actions other than state management, use a system button or another specific button type, such as a pop-up or pull-down button.",
        examples: [
            .triggering("""
                view Library "Library" {
                  toggle filter { symbol: "line.3.horizontal.decrease.circle"; indicator: background; ↓opens: Filters }
                }
                view Filters "Filters" { presentation: sheet }
                """),
            .triggering("""
                view Playlist "Playlist" {
                  toggle offline {
                    on: "Remove Download"
                    off: "Download"
                    ↓role: destructive
                    ↓confirm: "Remove downloaded songs?"
                  }
                }
                """),
            .passing("""
                view Library "Library" {
                  toggle filter { symbol: "line.3.horizontal.decrease.circle"; indicator: background; action: toggleFilter }
                  button editFilters "Edit Filters…" { opens: Filters }
                }
                view Filters "Filters" { presentation: sheet }
                """),
            .passing("""
                view Playlist "Playlist" {
                  toggle offline { on: "Remove Download"; off: "Download"; role: normal; indicator: content }
                  button removeAll "Remove All Downloads" { role: destructive; confirm: "Remove all downloaded songs?" }
                }
                """),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        for (element, _) in file.walk(.toggle) {
            guard !element.isSpliced, ButtonQueries.isToggleButton(element) else { continue }
            let name = "toggle button '\(element.label ?? element.id)'"
            if element.explicit(.opens) != nil {
                reporter.report(
                    "\(name) opens another view; a toggle button only switches a state",
                    at: ButtonQueries.propertySpan("opens", of: element), label: "navigation", element: element,
                    help: "use a button to open the view, and keep the toggle for the state")
            }
            if let role = element.explicit(.role)?.name, role != "normal" {
                reporter.report(
                    "\(name) has `role: \(role)`; a toggle button only switches a state",
                    at: ButtonQueries.propertySpan("role", of: element), label: "\(role) action", element: element,
                    help: role == "destructive"
                        ? "put the destructive action on a button with `role: destructive`"
                        : "give the \(role) role to a button; a toggle button has no role")
            }
            if element.explicit(.confirm) != nil {
                reporter.report(
                    "\(name) asks for confirmation; a toggle button only switches a state",
                    at: ButtonQueries.propertySpan("confirm", of: element), label: "confirmation", element: element,
                    help: "an action that needs confirmation belongs on a button; switching a state is undone by switching it back")
            }
        }
    }
}
