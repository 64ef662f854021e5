/// Two items with the same label in one menu level.
struct DuplicateLabel: Rule {
    let descriptor = RuleDescriptor(
        id: "duplicate-label",
        severity: .warning,
        guideline: Guidelines.menus("Labels"),
        summary: "Two items of one menu level have the same label.",
        explanation: """
            Each item's label says clearly and succinctly what it does. Two items with the same label in one \
            menu level — sections don't separate a level, they only add separators — leave people unable to \
            tell them apart. Give each a label that says how it differs, or remove the duplicate. Items, \
            submenus and both labels of a changeable-title toggle are compared, ignoring letter case; items in \
            different submenus are in different levels.
            """,
        quote: "To help people understand what a menu item does, write a label that clearly and succinctly describes it.",
        examples: [
            .triggering("""
                menu File "File" {
                  section { item export "Export…" { input: true } }
                  section { item exportPDF ↓"Export…" { input: true } }
                }
                """),
            .triggering("""
                menu MessageActions "Message Actions" {
                  item archive "Archive" { action: archive }
                }
                menu Message "Message" {
                  item archiveMessage "Archive" { action: archive }
                  ↓use MessageActions
                }
                """),
            .passing("""
                menu Message "Message" {
                  item archive "Archive" { action: archive }
                  submenu moveTo "Move To" {
                    item archiveMailbox "Archive" { action: moveToArchive }
                  }
                }
                """),
            .passing(#"menu View "View" { toggle ruler { on: "Hide Ruler"; off: "Show Ruler" }; item showGrid "Show Grid" }"#),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        var folded = file.labels.memo(LabelTable.foldKey)
        file.walk(.menu, .pulldown, .contextmenu, .submenu) { container, _ in
            var first = FirstSeen<Int, LabelText>()
            container.forEachMenuEntry { element in
                // An entry shows at most three labels (a toggle's label, off and on).
                var keysOfEntry: (Int, Int, Int) = (-1, -1, -1)
                element.forEachItemOrButtonLabel { label in
                    // Labels compared trimmed and ignoring case, by a memoized key.
                    guard let key = folded[label.id], key != keysOfEntry.0, key != keysOfEntry.1, key != keysOfEntry.2 else { return }
                    if keysOfEntry.0 < 0 { keysOfEntry.0 = key } else if keysOfEntry.1 < 0 { keysOfEntry.1 = key } else { keysOfEntry.2 = key }
                    guard let earlier = first[key] else {
                        first.insert(label, for: key)
                        return
                    }
                    let earlierElement = earlier.element
                    if earlierElement.span == element.span && earlierElement.origin == element.origin { return }
                    // Both copied by one splice: reported where the declared menu is written.
                    if let origin = element.origin, origin == earlierElement.origin { return }
                    guard let at = MenuQueries.span(label.span, of: element, in: file),
                          let previous = MenuQueries.span(earlier.span, of: earlierElement, in: file) else { return }
                    let text = MenuQueries.trimmed(label.text)
                    reporter.report("\(MenuQueries.name(of: element)) has the same label as \(MenuQueries.name(of: earlierElement)) in \(container.displayName)",
                                    at: at, label: "'\(text)' again", element: element,
                                    secondary: [LabeledSpan(previous, "first '\(MenuQueries.trimmed(earlier.text))'")],
                                    help: "give each item a label that says how it differs, or remove one")
                }
            }
        }
    }
}
