import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// More than one primary button in one view.
///
/// Counts `button`s with `role: primary` in the view, its toolbars and rows.
/// (A role on a toggle button is reported by `toggle-button-actions`.)
/// Reported once per view, at the second primary button.
struct MultiplePrimary: Rule {
    let scope = RuleScope.declaration
    let descriptor = RuleDescriptor(
        id: "multiple-primary",
        severity: .error,
        guideline: Guidelines.buttons("Role"),
        summary: "A view has more than one button with the primary role.",
        explanation: """
            The primary button is the default button: the one people are most likely to choose, drawn in bold and \
            triggered by Return. A view has one default, so two primary buttons leave Return ambiguous and make \
            both look like the obvious choice. Keep `role: primary` on the single most likely action and give the \
            others the normal role.
            """,
        quote: "Assign the primary role to the button people are most likely to choose. When a primary button responds to the Return key, it makes it easy for people to quickly confirm their choice.",
        examples: [
            .triggering("""
                view SaveChanges "Save Changes?" {
                  presentation: alert
                  button save "Save" { role: primary; action: save }
                  button saveAs "Save As…" { role: ↓primary; opens: sheet; action: saveAs }
                  button cancel "Cancel" { role: cancel; action: dismissAlert }
                }
                """),
            .triggering("""
                view Compose "New Message" {
                  presentation: sheet
                  toolbar {
                    button cancel "Cancel" { role: cancel; action: discardDraft }
                    button send "Send" { role: primary; action: send }
                  }
                  button schedule "Send Later…" { role: ↓primary; opens: sheet; action: scheduleSend }
                }
                """),
            .passing("""
                view SaveChanges "Save Changes?" {
                  presentation: alert
                  button save "Save" { role: primary; action: save }
                  button cancel "Cancel" { role: cancel; action: dismissAlert }
                }
                """),
            .passing("""
                view Login "Sign In" {
                  button signIn "Sign In" { role: primary; action: signIn }
                }
                view Signup "Create Account" {
                  button createAccount "Create Account" { role: primary; action: createAccount }
                }
                """),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        for view in ButtonQueries.views(in: file) {
            let primaries = ButtonQueries.buttons(of: view).filter(ButtonQueries.isPrimary)
            guard primaries.count > 1 else { continue }
            let second = primaries[1]
            let others = primaries.enumerated().filter { $0.offset != 1 }.map {
                LabeledSpan(ButtonQueries.valueSpan("role", of: $0.element), "also primary: \($0.element.displayName)")
            }
            reporter.report(
                "\(view.displayName) has \(primaries.count) primary buttons; a view has one default button",
                at: ButtonQueries.valueSpan("role", of: second), label: "another primary button", element: second,
                secondary: others,
                help: "keep `role: primary` on the button people are most likely to choose and remove it from the others")
        }
    }
}
