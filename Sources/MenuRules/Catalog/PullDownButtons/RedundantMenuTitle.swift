import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// A pull-down menu title that repeats the button's own label.
struct RedundantMenuTitle: Rule {
    let scope = RuleScope.declaration
    let descriptor = RuleDescriptor(
        id: "redundant-menu-title",
        severity: .note,
        guideline: Guidelines.pullDown("Best practices"),
        summary: "A pull-down button's menu `title` repeats the button's label.",
        explanation: """
            A pull-down's button and its descriptive items already tell people what the menu is about, so a \
            menu title is only worth its space when it adds meaning. A title that says what the button already \
            says adds a line to read and nothing to learn. Remove it, or write a title that adds context \
            (ignoring case and a trailing ellipsis, it must differ from the label).
            """,
        quote: "Display a succinct menu title only if it adds meaning. In general, a pull-down button’s content — combined with descriptive menu items — provides all the context people need, making a menu title unnecessary.",
        hasFixIt: true,
        examples: [
            .triggering("""
                view Board "Board" {
                  button done "Done" { role: primary; action: finish }
                  pulldown add "Add" {
                    symbol: "plus"
                    title: ↓"Add"
                    item card "Card" { action: addCard }
                    item column "Column" { action: addColumn }
                    item checklist "Checklist" { action: addChecklist }
                  }
                }
                """, corrected: """
                view Board "Board" {
                  button done "Done" { role: primary; action: finish }
                  pulldown add "Add" {
                    symbol: "plus"
                    item card "Card" { action: addCard }
                    item column "Column" { action: addColumn }
                    item checklist "Checklist" { action: addChecklist }
                  }
                }
                """),
            .triggering("""
                view Inbox "Inbox" {
                  button compose "Compose" { action: compose }
                  pulldown sort "Sort" { title: ↓"sort"; item date "Date" { state: on }; item sender "Sender" { state: off }; item size "Size" { state: off } }
                }
                """, corrected: """
                view Inbox "Inbox" {
                  button compose "Compose" { action: compose }
                  pulldown sort "Sort" { item date "Date" { state: on }; item sender "Sender" { state: off }; item size "Size" { state: off } }
                }
                """),
            .passing("""
                view Board "Board" {
                  button done "Done" { role: primary; action: finish }
                  pulldown add "Add" {
                    symbol: "plus"
                    title: "Add to This Board"
                    item card "Card" { action: addCard }
                    item column "Column" { action: addColumn }
                    item checklist "Checklist" { action: addChecklist }
                  }
                }
                """),
            .passing("""
                view Board "Board" {
                  button done "Done" { role: primary; action: finish }
                  pulldown add {
                    symbol: "plus"
                    title: "Add"
                    item card "Card" { action: addCard }
                    item column "Column" { action: addColumn }
                    item checklist "Checklist" { action: addChecklist }
                  }
                }
                """),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        for (element, _) in file.walk(.pulldown) {
            guard element.kind == .pulldown, !element.isSpliced,
                  let label = PullDownQueries.visibleLabel(of: element),
                  let property = element.property(.title), let title = property.value.stringValue,
                  let valueSpan = property.valueSpan, let propertySpan = property.span,
                  PullDownQueries.comparable(title) == PullDownQueries.comparable(label) else { continue }
            let removal = TextEdit(span: TextRanges.removalSpan(for: propertySpan, in: file.source), replacement: "")
            var secondary: [LabeledSpan] = []
            if let labelSpan = element.labelSpan { secondary.append(LabeledSpan(labelSpan, "the button already says this")) }
            reporter.report("the menu title '\(title)' repeats the label of \(element.displayName)",
                            at: valueSpan, label: "adds no meaning", element: element, secondary: secondary,
                            help: "remove the title, or write one that adds context",
                            fixIts: [FixIt(message: "remove 'title'", edits: [removal])])
        }
    }
}
