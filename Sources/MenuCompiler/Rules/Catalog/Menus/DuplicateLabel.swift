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

    /// A label seen in the level: where, without holding an `Element`
    /// (most labels are not repeated, and holding one costs reference counting).
    private struct Seen {
        var index: Int32
        var property: PropertyName?
        var id: TextID

        func label(in store: ModelStore) -> LabelText {
            LabelText(element: Element(store: store, index: Int(index)), property: property, id: id)
        }
    }

    /// The labels seen so far in one menu level, by folded key. Plain
    /// mutating methods, not closures over local state: those made every
    /// access a checked one, which cost more than the rule's work.
    private struct Level {
        var first = FirstSeen<Int, Seen>()
        /// An entry shows at most three labels (a toggle's label, off and on):
        /// the keys of the entry being looked at, so it never repeats itself.
        var keysOfEntry: (Int, Int, Int) = (-1, -1, -1)

        mutating func startEntry() { keysOfEntry = (-1, -1, -1) }

        /// Back to an empty level, keeping the room.
        mutating func reset() {
            first.removeAll()
            startEntry()
        }

        /// The label first seen with the same key, when `seen` repeats one.
        mutating func see(_ seen: Seen, folded: inout LabelMemo<Int?>) -> Seen? {
            // Labels compared trimmed and ignoring case, by a memoized key.
            guard let key = folded[seen.id], key != keysOfEntry.0, key != keysOfEntry.1, key != keysOfEntry.2 else { return nil }
            if keysOfEntry.0 < 0 { keysOfEntry.0 = key } else if keysOfEntry.1 < 0 { keysOfEntry.1 = key } else { keysOfEntry.2 = key }
            guard let earlier = first[key] else {
                first.insert(seen, for: key)
                return nil
            }
            return earlier
        }
    }

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        var folded = file.labels.memo(LabelTable.foldKey)
        let store = file.store
        var entries: [Int32] = []
        var labelsOfEntry: [Seen] = []
        var level = Level()
        file.walk(.menu, .pulldown, .contextmenu, .submenu) { container, _ in
            level.reset()
            entries.shrink(to: 0)
            MenuQueries.appendMenuEntries(of: Int32(container.index), in: store, to: &entries)
            for entry in entries {
                // What `Element.forEachItemOrButtonLabel` gives, read from the record.
                let record = store.records[Int(entry)]
                labelsOfEntry.shrink(to: 0)
                switch record.kind {
                case .item, .submenu, .button, .pulldown:
                    if record.label.exists { labelsOfEntry.append(Seen(index: entry, property: nil, id: record.label)) }
                case .toggle:
                    Element(store: store, index: Int(entry)).forEachLabelText { labelsOfEntry.append(Seen(index: entry, property: $0.property, id: $0.id)) }
                case .menubar, .menu, .view, .contextmenu, .popup, .option, .toolbar, .row, .section:
                    continue
                }
                level.startEntry()
                for seen in labelsOfEntry {
                    guard let earlierSeen = level.see(seen, folded: &folded) else { continue }
                    report(seen, repeating: earlierSeen, in: container, file: file, &reporter)
                }
            }
        }
    }

    private func report(_ seen: Seen, repeating earlierSeen: Seen, in container: Element, file: CheckedFile, _ reporter: inout RuleReporter) {
        let label = seen.label(in: file.store)
        let earlier = earlierSeen.label(in: file.store)
        let element = label.element
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
