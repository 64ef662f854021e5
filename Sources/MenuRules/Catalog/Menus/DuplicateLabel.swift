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

    /// A label seen in a level: where, without holding an `Element`
    /// (most labels are not repeated, and holding one costs reference counting).
    private struct Seen {
        var index: Int32
        var property: PropertyName?
        var id: TextID

        func label(in store: ModelStore) -> LabelText {
            LabelText(element: Element(store: store, index: Int(index)), property: property, id: id)
        }
    }

    /// Finds the labels of one menu level (and of the headed sections in
    /// it, each a level of its own) that repeat an earlier one, in the order
    /// they are written.
    ///
    /// By sorting, not by a table of keys: each label is hashed as it reads
    /// folded (trimmed, lowercased) and its hash sorted with its place, so
    /// only labels whose hashes meet are compared, and only those are looked
    /// at again. A menu of millions of distinct labels costs 8 bytes a label
    /// for the scan; a table of fold keys (interned folded texts, a memo per
    /// text, a slot per key) took 50, the peak of checking such a file.
    private struct LevelScan {
        let store: ModelStore
        /// Per label of the container, in the order read: the hash of its
        /// folded text and of its level (high half), its place (low half).
        private var keyed: [UInt64] = []
        /// The places of labels whose hashes meet another's, ascending, and
        /// what was read there (see `capture`).
        private var places: [UInt32] = []
        private var captured: [(seen: Seen, level: UInt32)] = []
        /// Each label that repeats an earlier one of its level, with that one, in the order written.
        private(set) var repeats: [(label: Seen, earlier: Seen)] = []
        /// The labels of the entry being read (see `Entry`).
        private var entry = Entry()
        private var toggleLabels: [Seen] = []
        private var recentHashes = RecentHashes()

        init(store: ModelStore) {
            self.store = store
        }

        mutating func scan(container: Int32) {
            keyed.shrink(to: 0)
            places.shrink(to: 0)
            captured.shrink(to: 0)
            repeats.shrink(to: 0)
            var reading = Reading(capturing: false)
            read(entriesOf: container, level: 0, &reading)
            // Most containers hold a few labels, all different: looking
            // along them settles that without sorting.
            if keyed.count <= 32, !hashesMeet(in: keyed) { return }
            keyed.sort()
            // Labels alone with their hash repeat nothing: only the others are read again.
            var runStart = 0
            while runStart < keyed.count {
                let runEnd = endOfRun(from: runStart)
                if runEnd - runStart > 1 { places += keyed[runStart..<runEnd].map { UInt32(truncatingIfNeeded: $0) } }
                runStart = runEnd
            }
            guard !places.isEmpty else { return }
            places.sort()
            var capturing = Reading(capturing: true)
            read(entriesOf: container, level: 0, &capturing)
            var found: [(place: UInt32, label: Seen, earlier: Seen)] = []
            runStart = 0
            while runStart < keyed.count {
                let runEnd = endOfRun(from: runStart)
                if runEnd - runStart > 1 { compare(run: runStart..<runEnd, into: &found) }
                runStart = runEnd
            }
            found.sort { $0.place < $1.place }
            repeats = found.map { ($0.label, $0.earlier) }
        }

        /// Whether two of a few keys have the same hash (high half), compared pairwise.
        private func hashesMeet(in keys: [UInt64]) -> Bool {
            for later in keys.indices.dropFirst() {
                for earlier in 0..<later where keys[earlier] >> 32 == keys[later] >> 32 { return true }
            }
            return false
        }

        private func endOfRun(from start: Int) -> Int {
            let hash = keyed[start] >> 32
            var end = start + 1
            while end < keyed.count, keyed[end] >> 32 == hash { end += 1 }
            return end
        }

        /// The labels of one run of equal hashes (in the order written),
        /// each compared with the first label of each folded text the run
        /// has shown so far: nearly always one.
        private func compare(run: Range<Int>, into found: inout [(place: UInt32, label: Seen, earlier: Seen)]) {
            var firsts: [(folded: String, level: UInt32, seen: Seen)] = []
            for position in run {
                let place = UInt32(truncatingIfNeeded: keyed[position])
                guard let slot = binarySearch(places, place) else { continue }
                let (seen, level) = captured[slot]
                let folded = FoldedLabel.text(of: store.text(seen.id)) ?? ""
                if let first = firsts.first(where: { $0.level == level && $0.folded == folded }) {
                    found.append((place, seen, first.seen))
                } else {
                    firsts.append((folded, level, seen))
                }
            }
        }

        private func binarySearch(_ sorted: [UInt32], _ value: UInt32) -> Int? {
            var low = 0
            var high = sorted.count
            while low < high {
                let middle = (low + high) / 2
                if sorted[middle] < value { low = middle + 1 } else { high = middle }
            }
            return low < sorted.count && sorted[low] == value ? low : nil
        }

        /// Where a pass over the container is: the next label's place and
        /// level, and, on the second pass, the next place to capture.
        private struct Reading {
            let capturing: Bool
            var place: UInt32 = 0
            var levels: UInt32 = 0
            var nextCapture = 0
        }

        /// The entries of `parent`: what `Element.forEachMenuEntry` gives,
        /// and for each what `Element.forEachItemOrButtonLabel` gives.
        private mutating func read(entriesOf parent: Int32, level: UInt32, _ reading: inout Reading) {
            let record = store.records[Int(parent)]
            let first = Int(record.firstChild)
            for position in first..<(first + Int(record.childCount)) {
                let entryIndex = store.children[position]
                let entryRecord = store.records[Int(entryIndex)]
                switch entryRecord.kind {
                case .section where hasHeading(entryIndex):
                    // A headed section is a level of its own: AppKit's Writing Direction lists
                    // Default / Left to Right / Right to Left under "Paragraph" and again under "Selection".
                    reading.levels += 1
                    read(entriesOf: entryIndex, level: reading.levels, &reading)
                case .section:
                    read(entriesOf: entryIndex, level: level, &reading)
                case .item, .submenu, .button, .pulldown:
                    // One label: nothing of its own entry to repeat.
                    guard entryRecord.label.exists else { continue }
                    see(Seen(index: entryIndex, property: nil, id: entryRecord.label), level: level, alone: true, &reading)
                case .toggle:
                    entry.start()
                    toggleLabels.shrink(to: 0)
                    Element(store: store, index: Int(entryIndex)).forEachLabelText {
                        toggleLabels.append(Seen(index: entryIndex, property: $0.property, id: $0.id))
                    }
                    for index in toggleLabels.indices { see(toggleLabels[index], level: level, alone: false, &reading) }
                case .menubar, .menu, .view, .contextmenu, .popup, .option, .toolbar, .row:
                    continue
                }
            }
        }

        /// Reads one label: blank ones, and one that repeats a label of its
        /// own entry, are not compared. `alone`: the entry's only label
        /// (an item's, a submenu's…), which repeats none of its entry:
        /// asking `entry` cost a fifth of this rule's time per label.
        private mutating func see(_ seen: Seen, level: UInt32, alone: Bool, _ reading: inout Reading) {
            guard let hash = recentHashes.hash(of: seen.id, in: store), alone || entry.admits(seen.id, hash: hash, in: store) else { return }
            let place = reading.place
            reading.place += 1
            if reading.capturing {
                guard reading.nextCapture < places.count, places[reading.nextCapture] == place else { return }
                captured.append((seen, level))
                reading.nextCapture += 1
            } else {
                keyed.append(UInt64(FoldedLabel.mix(hash, level: level)) << 32 | UInt64(place))
            }
        }

        /// Whether a section has a heading: a label, or a first item that is
        /// disabled and followed by others (how menus wrote headings before
        /// sections had labels).
        private func hasHeading(_ section: Int32) -> Bool {
            let record = store.records[Int(section)]
            if record.label.exists { return true }
            guard record.childCount >= 2 else { return false }
            // Read from the records: through an `Element` this was a tenth of the scan.
            let first = store.records[Int(store.children[Int(record.firstChild)])]
            return first.kind == .item && first.label.exists && store.flag(.enabled, of: first) == false
        }
    }

    /// The folded hashes of the labels read last, by `TextID`: a couple of
    /// thousand slots, each holding whichever label last fell in it. Labels
    /// repeat across a file ("Copy", "Paste", "Show All"), and hashing each
    /// again took a quarter of the scan; a fixed size keeps a file of
    /// millions of distinct labels to the memory it had without.
    private struct RecentHashes {
        private struct Slot {
            /// The text's id plus one; 0 for an empty slot.
            var key: UInt32 = 0
            var hash: UInt32 = 0
            var isBlank = false
        }

        private static let size = 2048
        private var slots = [Slot](repeating: Slot(), count: RecentHashes.size)

        /// `FoldedLabel.hash(of:in:)`.
        mutating func hash(of id: TextID, in store: ModelStore) -> UInt32? {
            let index = Int(id.rawValue) & (Self.size - 1)
            let slot = slots[index]
            if slot.key == id.rawValue &+ 1 { return slot.isBlank ? nil : slot.hash }
            let hash = FoldedLabel.hash(of: id, in: store)
            slots[index] = Slot(key: id.rawValue &+ 1, hash: hash ?? 0, isBlank: hash == nil)
            return hash
        }
    }

    /// The labels of the entry being read, so that it never repeats itself:
    /// an entry shows at most three (a toggle's label, off and on), and a
    /// later one takes the third's place.
    private struct Entry {
        /// Folded texts are made only when two hashes of the entry meet.
        private var kept: [(hash: UInt32, id: TextID, folded: String?)] = []

        // Emptied once per item: `removeAll(keepingCapacity:)` took the
        // general replacement path, a seventh of this rule's time.
        mutating func start() { kept.shrink(to: 0) }

        mutating func admits(_ id: TextID, hash: UInt32, in store: ModelStore) -> Bool {
            var folded: String?
            for index in kept.indices where kept[index].hash == hash {
                if kept[index].folded == nil { kept[index].folded = FoldedLabel.text(of: store.text(kept[index].id)) }
                if folded == nil { folded = FoldedLabel.text(of: store.text(id)) }
                if kept[index].folded == folded { return false }
            }
            if kept.count < 3 { kept.append((hash, id, folded)) } else { kept[2] = (hash, id, folded) }
            return true
        }
    }

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        var scan = LevelScan(store: file.store)
        for (container, _) in file.walk(.menu, .pulldown, .contextmenu, .submenu) {
            scan.scan(container: Int32(container.index))
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
