import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// Two items with the same label in one menu level.
struct DuplicateLabel: Rule {
    /// The whole file at once: its per-label memo is sized by the whole file.
    let scope = RuleScope.file

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
            different submenus are in different levels, and so are items under different section headings \
            (`section "Paragraph" { … }`, or a section led by a disabled heading item), which tell them apart.
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
            .passing("""
                menu Format "Format" {
                  submenu writingDirection "Writing Direction" {
                    section "Paragraph" { item left "Left to Right" { state: on }; item right "Right to Left" { state: off } }
                    section "Selection" { item left2 "Left to Right" { state: off }; item right2 "Right to Left" { state: off } }
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

    /// The first label seen for each folded key in the current menu level.
    private struct Level {
        /// Keys number distinct labels, fewer than the store's texts.
        private var first: DenseKeyTable<Seen>

        init(keyLimit: Int) {
            first = DenseKeyTable(keyLimit: keyLimit)
        }

        /// An entry shows at most three labels (a toggle's label, off and on):
        /// the keys of the entry being looked at, so it never repeats itself.
        private var keysOfEntry: (Int, Int, Int) = (-1, -1, -1)

        mutating func startEntry() { keysOfEntry = (-1, -1, -1) }

        /// Forgets every key seen so far.
        mutating func startLevel() {
            first.removeAll()
            startEntry()
        }

        /// The label first seen with the same key, when `seen` repeats one.
        mutating func see(_ seen: Seen, folded: inout LabelMemo<Int?>) -> Seen? {
            // Labels compared trimmed and ignoring case, by a memoized key.
            guard let key = folded[seen.id], key != keysOfEntry.0, key != keysOfEntry.1, key != keysOfEntry.2 else { return nil }
            if keysOfEntry.0 < 0 { keysOfEntry.0 = key } else if keysOfEntry.1 < 0 { keysOfEntry.1 = key } else { keysOfEntry.2 = key }
            if let earlier = first[key] { return earlier }
            first.set(seen, for: key)
            return nil
        }
    }

    /// Looks at one menu level at a time, through its sections, reading
    /// records rather than making an `Element` per entry. Plain mutating
    /// methods, not closures over local state: those made every access a
    /// checked one, which cost more than the rule's work.
    private struct LevelScan {
        let store: ModelStore
        var folded: LabelMemo<Int?>
        private var level: Level
        /// Each label of the last level scanned that repeats an earlier one, with that one.
        private(set) var repeats: [(label: Seen, earlier: Seen)] = []
        private var toggleLabels: [Seen] = []

        init(store: ModelStore, folded: LabelMemo<Int?>) {
            self.store = store
            self.folded = folded
            level = Level(keyLimit: store.texts.count)
        }

        mutating func scan(level container: Int32) {
            level.startLevel()
            repeats.shrink(to: 0)
            scanEntries(of: container)
        }

        /// The entries of `parent`: what `Element.forEachMenuEntry` gives,
        /// and for each what `Element.forEachItemOrButtonLabel` gives.
        private mutating func scanEntries(of parent: Int32) {
            let record = store.records[Int(parent)]
            let first = Int(record.firstChild)
            for position in first..<(first + Int(record.childCount)) {
                let entry = store.children[position]
                let entryRecord = store.records[Int(entry)]
                switch entryRecord.kind {
                case .section where hasHeading(entry):
                    // A headed section is a level of its own: AppKit's Writing Direction lists
                    // Default / Left to Right / Right to Left under "Paragraph" and again under "Selection".
                    let outer = level
                    level = Level(keyLimit: store.texts.count)
                    scanEntries(of: entry)
                    level = outer
                case .section:
                    scanEntries(of: entry)
                case .item, .submenu, .button, .pulldown:
                    guard entryRecord.label.exists else { continue }
                    level.startEntry()
                    see(Seen(index: entry, property: nil, id: entryRecord.label))
                case .toggle:
                    level.startEntry()
                    toggleLabels.shrink(to: 0)
                    Element(store: store, index: Int(entry)).forEachLabelText {
                        toggleLabels.append(Seen(index: entry, property: $0.property, id: $0.id))
                    }
                    for index in toggleLabels.indices { see(toggleLabels[index]) }
                case .menubar, .menu, .view, .contextmenu, .popup, .option, .toolbar, .row:
                    continue
                }
            }
        }

        /// Whether a section has a heading: a label, or a first item that is
        /// disabled and followed by others (how menus wrote headings before
        /// sections had labels).
        private func hasHeading(_ section: Int32) -> Bool {
            let record = store.records[Int(section)]
            if record.label.exists { return true }
            guard record.childCount >= 2 else { return false }
            let first = Element(store: store, index: Int(store.children[Int(record.firstChild)]))
            return first.kind == .item && first.flag(.enabled) == false && first.labelID != nil
        }

        private mutating func see(_ seen: Seen) {
            if let earlier = level.see(seen, folded: &folded) { repeats.append((seen, earlier)) }
        }
    }

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        let store = file.store
        var scan = LevelScan(store: store, folded: reporter.labelMemo(LabelTable.foldKey, over: file))
        for (container, _) in file.walk(.menu, .pulldown, .contextmenu, .submenu) {
            scan.scan(level: Int32(container.index))
            for (label, earlier) in scan.repeats {
                report(label, repeating: earlier, in: container, file: file, &reporter)
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
