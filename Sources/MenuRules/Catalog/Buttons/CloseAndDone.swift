import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// A view with both a close button and a done button.
///
/// A close button is `type: close` or a button labelled "Close"; a done
/// button is `type: done` or a button labelled "Done". Reported once per
/// view, at the first close button, with the done button marked.
struct CloseAndDone: Rule {
    let scope = RuleScope.declaration
    let descriptor = RuleDescriptor(
        id: "close-and-done",
        severity: .error,
        guideline: Guidelines.buttonsOlder("Close Buttons"),
        summary: "A view has both a close button and a done button.",
        explanation: """
            Close and Done both dismiss the view, but they aren't opposites, so offering both is a confusing \
            choice: does one keep changes and the other not? Use Done (often with Cancel) when people can change \
            something in the view — Done keeps their changes. Use Close in a view people can't edit, or one they \
            remove from a collection. Remove one of the two.
            """,
        quote: "Within a view, provide either a close button or a done button — don’t provide both. Close and done buttons both dismiss the view, but because they’re not opposite actions, providing both presents a confusing choice.",
        examples: [
            .triggering("""
                view WhatsNew "What's New" {
                  presentation: sheet
                  button ↓close { type: close; action: dismissSheet }
                  button done "Done" { type: done; role: primary; action: dismissSheet }
                }
                """),
            .triggering("""
                view Filters "Filters" {
                  presentation: sheet
                  toolbar {
                    button close ↓"Close" { action: dismissFilters }
                    button apply "Done" { role: primary; action: applyFilters }
                  }
                }
                """),
            .passing("""
                view WhatsNew "What's New" {
                  presentation: sheet
                  button close { type: close; action: dismissSheet }
                }
                view EditFilters "Filters" {
                  presentation: sheet
                  editable: true
                  button cancel "Cancel" { role: cancel; action: discardFilters }
                  button done "Done" { type: done; role: primary; action: applyFilters }
                }
                """),
            .passing("""
                view Tips "Tips" {
                  button close { type: close; action: dismissTips }
                  button nextTip "Next Tip" { action: showNextTip }
                }
                """),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        for view in ButtonQueries.views(in: file) {
            let buttons = ButtonQueries.buttons(of: view)
            guard let close = buttons.first(where: ButtonQueries.isClose),
                  let done = buttons.first(where: { ButtonQueries.isDone($0) && !ButtonQueries.isClose($0) }) else { continue }
            reporter.report(
                "\(view.displayName) has both a close button and a done button",
                at: close.focusSpan, label: "close button", element: close,
                secondary: [LabeledSpan(done.focusSpan, "done button")],
                notes: ["both dismiss the view, but they aren't opposites, so the choice between them is confusing"],
                help: view.bool("editable") == true
                    ? "people edit in this view: keep the done button (with a cancel button) and remove the close button"
                    : "keep one: done when people can change something here, close when they can't")
        }
    }
}
