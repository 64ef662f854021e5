import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// A gradient button in a toolbar (macOS).
struct GradientButtonPlacement: Rule {
    let scope = RuleScope.declaration
    let descriptor = RuleDescriptor(
        id: "gradient-button-placement",
        severity: .warning,
        guideline: Guidelines.buttons("Gradient buttons"),
        summary: "A gradient button sits in a toolbar instead of in the view it acts on.",
        explanation: """
            A gradient button acts on one view — adding or removing rows of the list right above it — and its \
            position next to that view is what tells people which view it affects. In the window frame that link \
            is lost, and the gradient style doesn't match the toolbar. Put gradient buttons in the view, usually \
            in a `row` below the list; for an action in the toolbar, use an ordinary toolbar button.
            """,
        quote: "Use gradient buttons in a view, not in the window frame. Gradient buttons aren’t intended for use in toolbars or status bars. If you need a button in a toolbar, use a toolbar item.",
        examples: [
            .triggering("""
                platforms macOS 14
                view Mailboxes "Mailboxes" {
                  toolbar {
                    button addMailbox { type: ↓gradient; symbol: "plus"; action: addMailbox }
                  }
                }
                """),
            .triggering("""
                platforms macOS 14
                view Printers "Printers" {
                  toolbar {
                    row {
                      button addPrinter { type: ↓gradient; symbol: "plus"; action: addPrinter }
                      button removePrinter { type: ↓gradient; symbol: "minus"; action: removePrinter }
                    }
                  }
                }
                """),
            .passing("""
                platforms macOS 14
                view Printers "Printers" {
                  toolbar { button addPrinter "Add Printer" { symbol: "plus"; action: addPrinter } }
                  row {
                    button add { type: gradient; symbol: "plus"; action: addPrinter }
                    button remove { type: gradient; symbol: "minus"; action: removePrinter }
                  }
                }
                """),
            .passing("""
                platforms macOS 14
                button addRow { type: gradient; symbol: "plus"; action: addRow }
                """),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        guard file.includes(.macOS) else { return }
        for (element, ancestors) in file.walk(.button) {
            guard !element.isSpliced, ButtonQueries.isButton(element, ofType: "gradient"),
                  ButtonQueries.isInToolbar(ancestors) else { continue }
            reporter.report(
                "gradient button '\(element.label ?? element.id)' is in a toolbar; gradient buttons belong in the view they act on",
                at: ButtonQueries.valueSpan("type", of: element), label: "in the window frame", element: element,
                help: "move it next to the view it affects (e.g. a row below the list), or use an ordinary toolbar button here")
        }
    }
}
