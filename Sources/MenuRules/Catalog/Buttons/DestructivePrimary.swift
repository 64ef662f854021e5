import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// A primary button that destroys data.
///
/// A destructive button that is also preferred says so directly
/// (`role: destructive` with `preferred: true`). A `role: primary` button is
/// taken as destructive when its label is a destructive verb phrase
/// (Delete, Erase, Discard, Destroy, Wipe, Purge; Empty Trash, Clear
/// History). A `confirm:` question alone doesn't make it destructive:
/// people are asked to confirm orders and payments too.
struct DestructivePrimary: Rule {
    let scope = RuleScope.declaration
    let descriptor = RuleDescriptor(
        id: "destructive-primary",
        severity: .error,
        guideline: Guidelines.buttons("Role"),
        summary: "A button with the primary role performs a destructive action.",
        explanation: """
            The primary button is the default: it is drawn prominently and responds to Return, so people often \
            choose it without reading it. When that button deletes or discards something, a reflex costs people \
            their content. Give the destructive button `role: destructive` (it turns red) and make a \
            nondestructive button — usually Cancel or Keep — the primary one, even when destroying is the most \
            likely choice.
            """,
        quote: "Don’t assign the primary role to a button that performs a destructive action, even if that action is the most likely choice. Because of its visual prominence, people sometimes choose a primary button without reading it first.",
        examples: [
            .triggering("""
                view DeleteNote "Delete Note?" {
                  presentation: alert
                  button cancel "Cancel" { role: cancel; action: dismissAlert }
                  button delete "Delete" { role: ↓primary; action: deleteNote }
                }
                """),
            .triggering("""
                view DeletePost "Delete Post?" {
                  presentation: alert
                  button cancel "Cancel" { role: cancel; action: dismissAlert }
                  button delete "Delete" { role: destructive; preferred: ↓true; action: deletePost }
                }
                """),
            .triggering("""
                view EraseDevice "Erase" {
                  presentation: sheet
                  button keep "Keep Data" { role: cancel; action: dismissSheet }
                  button erase "Erase All Content" { role: ↓primary; confirm: "Erase all content?"; action: eraseContent }
                }
                """),
            .triggering("""
                view Trash "Trash" {
                  presentation: alert
                  button cancel "Cancel" { role: cancel; action: dismissAlert }
                  button empty "Empty Trash" { role: ↓primary; action: emptyTrash }
                }
                """),
            .triggering("""
                view History "History" {
                  presentation: sheet
                  button cancel "Cancel" { role: cancel; action: dismissSheet }
                  button clear "Clear History" { role: ↓primary; action: clearHistory }
                }
                """),
            .passing("""
                view Checkout "Checkout" {
                  presentation: sheet
                  button cancel "Cancel" { role: cancel; action: dismissSheet }
                  button order "Place Order" { role: primary; confirm: "Place this order?"; action: placeOrder }
                }
                """),
            .passing("""
                view Search "Search" {
                  presentation: sheet
                  button cancel "Cancel" { role: cancel; action: dismissSheet }
                  button clear "Clear Search" { role: primary; action: clearSearch }
                }
                """),
            .passing("""
                view DeleteNote "Delete Note?" {
                  presentation: alert
                  button cancel "Cancel" { role: cancel; action: dismissAlert }
                  button delete "Delete" { role: destructive; action: deleteNote }
                }
                """),
            .passing("""
                view DeletePost "Delete Post?" {
                  presentation: alert
                  button cancel "Cancel" { role: cancel; preferred: true; action: dismissAlert }
                  button delete "Delete" { role: destructive; action: deletePost }
                }
                """),
            .passing("""
                view EditNote "Edit Note" {
                  presentation: sheet
                  button discard "Discard Changes" { role: destructive; action: discardChanges }
                  button save "Save" { role: primary; style: filled; action: saveNote }
                }
                """),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        for (element, _) in file.walk(.button) {
            guard !element.isSpliced, ButtonQueries.isPrimary(element),
                  let reason = ButtonQueries.destructiveReason(element) else { continue }
            let preferred = element.has(.preferred)
            reporter.report(
                "\(element.displayName) is \(preferred ? "preferred" : "primary") but destructive (\(reason))",
                at: ButtonQueries.valueSpan(preferred ? "preferred" : "role", of: element),
                label: preferred ? "preferred" : "primary", element: element,
                notes: ["people often choose the primary button without reading it"],
                help: preferred
                    ? "remove `preferred: true` and make a nondestructive button (such as Cancel) the preferred one"
                    : "give this button `role: destructive` and make a nondestructive button (such as Cancel) the primary one")
        }
    }
}
