import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// More than one help button in one view (macOS).
///
/// Help buttons are macOS only, so the rule runs when the platforms include
/// macOS; elsewhere `unsupported-on-platform` reports them. Reported once
/// per view, at the second help button.
struct HelpButtonCount: Rule {
    let scope = RuleScope.declaration
    let descriptor = RuleDescriptor(
        id: "help-button-count",
        severity: .error,
        guideline: Guidelines.buttons("Help buttons"),
        summary: "A view or window has more than one help button.",
        explanation: """
            A help button opens the help topic for the current context. With two or more in one window, people \
            can't predict which topic each one opens, or whether they differ at all. Keep a single help button, \
            in the lower corner of the view, and have it open the topic that fits the whole window.
            """,
        quote: "Include no more than one help button per window. Multiple help buttons in the same context make it hard for people to predict the result of clicking one.",
        examples: [
            .triggering("""
                platforms macOS 14
                view PrintSettings "Print" {
                  presentation: sheet
                  button paperHelp { type: help; action: showPaperHelp }
                  button layoutHelp { type: ↓help; action: showLayoutHelp }
                }
                """),
            .triggering("""
                platforms macOS 14
                view RulesPane "Rules" {
                  presentation: window
                  row {
                    button addRule { type: gradient; symbol: "plus"; action: addRule }
                    button rulesHelp { type: help; action: showRulesHelp }
                  }
                  button help { type: ↓help; action: showMailHelp }
                  button helpAgain { type: help; action: showMailHelp }
                }
                """),
            .passing("""
                platforms macOS 14
                view PrintSettings "Print" {
                  presentation: sheet
                  button help { type: help; action: showPrintHelp }
                  button cancel "Cancel" { type: push; role: cancel; action: dismissPrint }
                  button print "Print" { type: push; role: primary; action: printDocument }
                }
                """),
            .passing("""
                platforms macOS 14
                view RulesPane "Rules" {
                  button help { type: help; action: showRulesHelp }
                }
                view JunkPane "Junk Mail" {
                  button help { type: help; action: showJunkHelp }
                }
                """),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        guard file.includes(.macOS) else { return }
        for view in ButtonQueries.views(in: file) {
            let helps = ButtonQueries.buttons(of: view).filter { ButtonQueries.isButton($0, ofType: "help") }
            guard helps.count > 1 else { continue }
            let second = helps[1]
            let others = helps.enumerated().filter { $0.offset != 1 }.map {
                LabeledSpan(ButtonQueries.valueSpan("type", of: $0.element), "also a help button: '\($0.element.id)'")
            }
            reporter.report(
                "\(view.displayName) has \(helps.count) help buttons; include no more than one per window",
                at: ButtonQueries.valueSpan("type", of: second), label: "another help button", element: second,
                secondary: others,
                help: "keep one help button that opens the help topic for this window, and remove the others")
        }
    }
}
