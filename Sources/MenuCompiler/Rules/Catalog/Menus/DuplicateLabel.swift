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

    private struct Entry {
        var element: Element
        var text: String
        var span: Span
    }

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        file.walk { container, _ in
            guard container.kind.holdsMenuElements else { return }
            var first: [String: Entry] = [:]
            for element in container.menuEntries {
                for (text, span) in labels(of: element) {
                    let key = text.lowercased()
                    guard let earlier = first[key] else {
                        first[key] = Entry(element: element, text: text, span: span)
                        continue
                    }
                    if earlier.element.span == element.span && earlier.element.origin == element.origin { continue }
                    // Both copied by one splice: reported where the declared menu is written.
                    if let origin = element.origin, origin == earlier.element.origin { continue }
                    guard let at = MenuQueries.span(span, of: element, in: file),
                          let previous = MenuQueries.span(earlier.span, of: earlier.element, in: file) else { continue }
                    reporter.report("\(MenuQueries.name(of: element)) has the same label as \(MenuQueries.name(of: earlier.element)) in \(container.displayName)",
                                    at: at, label: "'\(text)' again", element: element,
                                    secondary: [LabeledSpan(previous, "first '\(earlier.text)'")],
                                    help: "give each item a label that says how it differs, or remove one")
                }
            }
        }
    }

    /// The labels an entry can show, without blank space around them.
    private func labels(of element: Element) -> [(String, Span)] {
        var result: [(String, Span)] = []
        for (text, span) in MenuQueries.itemAndButtonLabels(of: element) {
            let trimmed = MenuQueries.trimmed(text)
            if !trimmed.isEmpty, !result.contains(where: { $0.0.lowercased() == trimmed.lowercased() }) {
                result.append((trimmed, span))
            }
        }
        return result
    }
}
