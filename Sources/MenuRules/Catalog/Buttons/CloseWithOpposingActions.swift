import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// A close button next to a pair of opposing actions that also dismiss.
///
/// The pair is a cancel button (`type: cancel`, `role: cancel` or labelled
/// "Cancel") and a confirming one: a primary button, or one whose label
/// starts with a confirming verb (Save, Add, Send…) though it lacks
/// `role: primary`. When the confirming side is a done button,
/// `close-and-done` already reports the view, so this rule stays quiet.
struct CloseWithOpposingActions: Rule {
    let scope = RuleScope.declaration
    let descriptor = RuleDescriptor(
        id: "close-with-opposing-actions",
        severity: .warning,
        guideline: Guidelines.buttonsOlder("Close Buttons"),
        summary: "A view has a close button and also a cancel button with a primary (confirming) button.",
        explanation: """
            Cancel and a confirming button such as Save are opposing actions: one discards changes, the other \
            keeps them, and both close the view. A close button next to them doesn't say whether it keeps or \
            discards anything, so people can't predict what it does to their content. Remove the close button; \
            Cancel already dismisses the view.
            """,
        quote: "Provide a close button only when the view doesn’t include a pair of opposing actions that also dismiss it. For example, in a sheet that provides opposing actions like cancel and done, adding a close button is confusing because it’s not clear how it affects the view’s content.",
        examples: [
            .triggering("""
                view NewContact "New Contact" {
                  presentation: sheet
                  button ↓close { type: close; action: dismissSheet }
                  toolbar {
                    button cancel "Cancel" { role: cancel; action: discardContact }
                    button save "Save" { role: primary; action: saveContact }
                  }
                }
                """),
            .triggering("""
                view Share "Share Album" {
                  presentation: sheet
                  row {
                    button cancel "Cancel" { type: cancel; action: dismissSheet }
                    button share "Share" { role: primary; style: filled; action: shareAlbum }
                  }
                  button dismiss ↓"Close" { action: dismissSheet }
                }
                """),
            .triggering("""
                view NewEvent "New Event" {
                  presentation: sheet
                  button ↓close { type: close; action: dismissSheet }
                  button cancel "Cancel" { role: cancel; action: discardEvent }
                  button save "Save" { action: saveEvent }
                }
                """),
            .passing("""
                view NewContact "New Contact" {
                  presentation: sheet
                  toolbar {
                    button cancel "Cancel" { role: cancel; action: discardContact }
                    button save "Save" { role: primary; action: saveContact }
                  }
                }
                """),
            .passing("""
                view Receipt "Receipt" {
                  presentation: sheet
                  button close { type: close; action: dismissSheet }
                  button share "Share Receipt…" { role: primary; opens: sheet; action: shareReceipt }
                }
                """),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        for view in ButtonQueries.views(in: file) {
            let buttons = ButtonQueries.buttons(of: view)
            guard let close = buttons.first(where: ButtonQueries.isClose) else { continue }
            let others = buttons.filter { !ButtonQueries.isClose($0) }
            // A done button is close-and-done's finding; one finding per mistake.
            guard !others.contains(where: ButtonQueries.isDone),
                  let cancel = others.first(where: ButtonQueries.isCancel),
                  let confirm = others.first(where: { ButtonQueries.isPrimary($0) && !ButtonQueries.isCancel($0) })
                      ?? others.first(where: Self.confirms) else { continue }
            reporter.report(
                "\(view.displayName) has a close button besides '\(cancel.label ?? cancel.id)' and '\(confirm.label ?? confirm.id)', which already dismiss it",
                at: close.focusSpan, label: "close button", element: close,
                secondary: [LabeledSpan(cancel.focusSpan, "cancel"), LabeledSpan(confirm.focusSpan, "confirming action")],
                notes: ["next to a pair of opposing actions it isn't clear whether closing keeps or discards changes"],
                help: "remove the close button; \(cancel.displayName) already dismisses the view")
        }
    }

    /// First words of labels that confirm what a view was opened for.
    static let confirmingVerbs: Set<String> = ["save", "ok", "apply", "add", "send", "create", "submit", "confirm", "post"]

    /// A plain button that confirms, by its label's first word ("Save", "Add Contact").
    static func confirms(_ button: Element) -> Bool {
        guard !ButtonQueries.isCancel(button), ButtonQueries.destructiveReason(button) == nil,
              let label = ButtonQueries.normalizedLabel(button),
              let first = label.split(separator: " ").first else { return false }
        return confirmingVerbs.contains(String(first))
    }
}
