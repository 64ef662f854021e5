import MenuSupport
import MenuSyntax
import MenuSemantics

/// A menu item, menu or button label that isn't in title-style capitalization.
struct LabelTitleCase: Rule {
    /// The whole file at once: its per-label memo is sized by the whole file.
    let scope = RuleScope.file

    let descriptor = RuleDescriptor(
        id: "label-title-case",
        severity: .warning,
        guideline: Guidelines.menus("Labels"),
        summary: "A menu item, menu title or button label doesn't use title-style capitalization.",
        explanation: """
            Labels of menu items, submenus, menus and buttons use title-style capitalization: capitalize every \
            word except articles, coordinating conjunctions and prepositions of four or fewer letters, unless \
            the word comes first or last ("Sort by Date", "Bring All to Front", "Move To"). A preposition that \
            belongs to a verb is capitalized ("Sign In with Apple"), and words with capitals inside (iCloud, \
            AirDrop, PDF) are left as written.

            Pop-up options, section headings and pop-up labels are not checked: they name values or describe a \
            setting rather than a command, and Apple's own settings write many of them in sentence style. \
            A label written with escapes gets no automatic fix, so that nothing written with an escape is lost.
            """,
        quote: "For consistent labels, adopt a condensed style that doesn't include articles, and use title-style capitalization.",
        hasFixIt: true,
        examples: [
            .triggering(#"menu View "View" { item sortByDate ↓"Sort by date" { state: on } }"#,
                        corrected: #"menu View "View" { item sortByDate "Sort by Date" { state: on } }"#),
            .triggering("""
                menu ↓"window" {
                  item bringAllToFront ↓"Bring All To Front"
                  toggle sidebar { on: ↓"Hide sidebar"; off: "Show Sidebar" }
                }
                view Product "Product" { button addToCart ↓"Add to cart" { action: addToCart } }
                """, corrected: """
                menu "Window" {
                  item bringAllToFront "Bring All to Front"
                  toggle sidebar { on: "Hide Sidebar"; off: "Show Sidebar" }
                }
                view Product "Product" { button addToCart "Add to Cart" { action: addToCart } }
                """),
            .passing("""
                menu Mailbox "Mailbox" {
                  submenu useThisMailboxFor "Use This Mailbox For" { item drafts "Drafts" { state: off } }
                  item signIn "Sign In with Apple…" { input: true }
                  item showInFinder "Show in Finder"
                  item iCloud "iCloud Settings…" { input: true }
                }
                """),
            .passing("""
                view Settings "Settings" {
                  popup interval "Check for new messages" {
                    default: everyMinute
                    option everyMinute "Every minute"
                    option manually "Manually"
                  }
                }
                """),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        var isTitleCased = reporter.labelMemo(LabelTable.isTitleCased, over: file)
        var toggleLabels: [LabelText] = []
        file.walk(.item, .submenu, .button, .pulldown, .toggle, .menu) { element, _ in
            guard !element.isSpliced else { return }
            // The analysis is memoized per distinct label: most labels stop
            // at the memo. (No local function here: one capturing the memo
            // made every access to it a checked one.)
            let record = element.record
            if record.kind != .toggle {
                // A menu's title, or what `forEachItemOrButtonLabel` gives the other kinds: the label.
                guard record.label.exists, !isTitleCased[record.label], let recased = reporter.labels.titleCased(record.label) else { return }
                report(LabelText(element: element, property: nil, id: record.label), recased: recased, element: element, file: file, &reporter)
                return
            }
            toggleLabels.shrink(to: 0)
            element.forEachLabelText { toggleLabels.append($0) }
            for label in toggleLabels {
                guard !isTitleCased[label.id], let recased = reporter.labels.titleCased(label.id) else { continue }
                report(label, recased: recased, element: element, file: file, &reporter)
            }
        }
    }

    private func report(_ label: LabelText, recased: String, element: Element, file: CheckedFile, _ reporter: inout RuleReporter) {
        let text = label.text
        let span = label.span
        let fixIt = MenuQueries.replacingLiteral(at: span, in: file, with: recased, message: "use title-style capitalization")
        reporter.report("'\(text)' is not in title-style capitalization", at: span, label: "write '\(recased)'",
                        element: element, help: "write '\(recased)'", fixIts: fixIt.map { [$0] } ?? [])
    }
}
