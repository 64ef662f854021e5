import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// A help button in the window frame, or introduced by text (macOS).
///
/// Two findings: a help button inside a `toolbar`, and a help button with a
/// text label. Runs when the platforms include macOS (help buttons are
/// macOS only). No fix-it: whether the label's text should go elsewhere —
/// into the help topic, or an accessibility label — is the author's call.
struct HelpButtonPlacement: Rule {
    let scope = RuleScope.declaration
    let descriptor = RuleDescriptor(
        id: "help-button-placement",
        severity: .warning,
        guideline: Guidelines.buttons("Help buttons"),
        summary: "A help button sits in a toolbar, or has a text label.",
        explanation: """
            People look for the help button inside the view — in the lower-left or lower-right corner of a dialog \
            or settings pane — not in the window frame, so a help button in a toolbar is easy to miss. And people \
            know what the round question-mark button does, so a text label beside it only adds clutter. Move the \
            help button into the view's content and drop its label.
            """,
        quote: "Use a help button within a view, not in the window frame. For example, avoid placing a help button in a toolbar or status bar. Avoid displaying text that introduces a help button. People know what a help button does, so they don’t need additional descriptive text.",
        examples: [
            .triggering("""
                platforms macOS 14
                view Library "Library" {
                  toolbar {
                    button help { type: ↓help; action: showLibraryHelp }
                  }
                }
                """),
            .triggering("""
                platforms macOS 14
                view General "General" {
                  presentation: window
                  button help ↓"Learn About General Settings" { type: help; action: showGeneralHelp }
                }
                """),
            .passing("""
                platforms macOS 14
                view General "General" {
                  presentation: window
                  toolbar { button sync "Sync Now" { symbol: "arrow.triangle.2.circlepath"; action: syncNow } }
                  button help { type: help; symbol: "questionmark"; action: showGeneralHelp }
                }
                """),
            .passing("""
                platforms macOS 14
                view Export "Export" {
                  presentation: sheet
                  row {
                    button help { type: help; action: showExportHelp }
                    button cancel "Cancel" { type: push; role: cancel; action: dismissExport }
                    button export "Export" { type: push; role: primary; action: exportDocument }
                  }
                }
                """),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        guard file.includes(.macOS) else { return }
        for (element, ancestors) in file.walk(.button) {
            guard !element.isSpliced, ButtonQueries.isButton(element, ofType: "help") else { continue }
            if ButtonQueries.isInToolbar(ancestors) {
                reporter.report(
                    "help button '\(element.label ?? element.id)' is in a toolbar; help buttons belong inside the view",
                    at: ButtonQueries.valueSpan("type", of: element), label: "in the window frame", element: element,
                    help: "move it out of the toolbar into the view, in the lower-left or lower-right corner")
            }
            if ButtonQueries.hasLabel(element), let span = element.labelSpan {
                reporter.report(
                    "help button '\(element.id)' has the text label '\(element.label ?? "")'; people know what a help button does",
                    at: span, label: "text introducing a help button", element: element,
                    help: "remove the label; the question-mark button needs no descriptive text")
            }
        }
    }
}
