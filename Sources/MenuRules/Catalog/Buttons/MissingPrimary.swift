import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// A temporary view with several buttons and no primary one.
///
/// Temporary views are `presentation: sheet`, `alert` and `editing`. Only
/// `button`s count (pop-ups, pull-downs and toggle buttons can't be the
/// default), and not close, info, help, gradient or image buttons, which act
/// on the view's content or chrome rather than conclude it. The rule stays
/// quiet when no button could be primary: cancel buttons and destructive
/// buttons (which `destructive-primary` keeps from being primary) — an alert
/// with only Cancel and Delete is right as it is. Nor is a view with a
/// Done button reported: the system's Done button is the confirming one,
/// drawn as the default without a written role.
struct MissingPrimary: Rule {
    let scope = RuleScope.declaration
    let descriptor = RuleDescriptor(
        id: "missing-primary",
        severity: .note,
        guideline: Guidelines.buttons("Role"),
        summary: "A sheet, alert or editing view has more than one button and none with the primary role.",
        explanation: """
            In a temporary view — a sheet, an alert, an editing view — the primary button is the one Return \
            chooses, and choosing it can close the view. Without one, people must reach for the pointer or \
            finger to finish. Give the button people are most likely to choose (Save, Done, Send) `role: primary`. \
            Don't make a destructive button primary.
            """,
        quote: "Assign the primary role to the button people are most likely to choose. […] In addition, when the button is in a temporary view — like a sheet, an editable view, or an alert — assigning it the primary role means that the view can automatically close when people press Return.",
        examples: [
            .triggering("""
                view EditEvent ↓"Edit Event" {
                  presentation: sheet
                  editable: true
                  toolbar {
                    button cancel "Cancel" { role: cancel; action: discardChanges }
                    button save "Save" { style: filled; action: saveEvent }
                  }
                }
                """),
            .triggering("""
                view Rename ↓"Rename Playlist" {
                  presentation: alert
                  button cancel "Cancel" { type: cancel; action: dismissAlert }
                  button rename "Rename" { action: renamePlaylist }
                }
                """),
            .passing("""
                view EditEvent "Edit Event" {
                  presentation: sheet
                  toolbar {
                    button cancel "Cancel" { role: cancel; action: discardChanges }
                    button save "Save" { role: primary; style: filled; action: saveEvent }
                  }
                }
                """),
            .passing("""
                view EditProfile "Edit Profile" {
                  presentation: sheet
                  toolbar {
                    button cancel "Cancel" { role: cancel; action: discardChanges }
                    button done { type: done; action: saveProfile }
                  }
                }
                """),
            .passing("""
                view DeletePhoto "Delete Photo?" {
                  presentation: alert
                  button cancel "Cancel" { role: cancel; action: dismissAlert }
                  button delete "Delete" { role: destructive; action: deletePhoto }
                }
                view Library "Library" {
                  button select "Select" { action: beginSelection }
                  button importPhotos "Import…" { opens: sheet; action: importPhotos }
                }
                """),
        ]
    )

    static let temporaryPresentations: Set<String> = ["sheet", "alert", "editing"]
    /// Button types that never conclude a view.
    private static let auxiliaryTypes: Set<String> = ["close", "info", "help", "gradient", "image"]

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        for view in ButtonQueries.views(in: file) {
            let presentation = view.symbol("presentation") ?? "inline"
            guard Self.temporaryPresentations.contains(presentation) else { continue }
            let buttons = ButtonQueries.buttons(of: view).filter { !Self.auxiliaryTypes.contains(ButtonQueries.type(of: $0)) }
            guard buttons.count > 1, !buttons.contains(where: { ButtonQueries.isPrimary($0) || ButtonQueries.isDone($0) }) else { continue }
            let candidates = buttons.filter { !ButtonQueries.isCancel($0) && ButtonQueries.destructiveReason($0) == nil }
            guard !candidates.isEmpty else { continue }
            let suggestion = candidates.count == 1
                ? "give \(candidates[0].displayName) `role: primary`"
                : "give the button people are most likely to choose `role: primary`"
            let (noun, article) = Self.describe(presentation)
            reporter.report(
                "\(noun) '\(view.label ?? view.id)' has \(buttons.count) buttons but no primary button",
                at: view.focusSpan, label: "no default button", element: view,
                secondary: candidates.map { LabeledSpan($0.focusSpan, "could be primary") },
                notes: ["in \(article) \(noun), Return chooses the primary button and can close the view"],
                help: suggestion)
        }
    }

    /// How to name a temporary view in messages, with its article.
    private static func describe(_ presentation: String) -> (noun: String, article: String) {
        switch presentation {
        case "alert": ("alert", "an")
        case "editing": ("editing view", "an")
        default: (presentation, "a")
        }
    }
}
