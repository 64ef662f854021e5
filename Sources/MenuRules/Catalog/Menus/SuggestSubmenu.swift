import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// A leading verb-and-preposition term repeated in more than two items of
/// one group: "Sort by Date", "Sort by Subject", "Sort by Unread".
struct SuggestSubmenu: Rule {
    /// The whole file at once: its per-label memo is sized by the whole file.
    let scope = RuleScope.file

    let descriptor = RuleDescriptor(
        id: "suggest-submenu",
        severity: .note,
        guideline: Guidelines.menus("Submenus"),
        summary: "More than two items of one group start with the same term, such as 'Sort by'; a submenu named after it may read better.",
        explanation: """
            When a term starts more than two items of the same group, a submenu named after the term can \
            shorten the menu: instead of Sort by Date, Sort by Subject and Sort by Unread, Mail's View menu has \
            a Sort By submenu with Date, Subject and Unread.

            Only two-word terms whose second word is a short preposition are suggested ("Sort by", "Move to", \
            "Export as", "Open with"): the rest of each label is then a value the submenu can list. A repeated \
            first word alone is normal in Apple's own menus (Show Toolbar, Show Sidebar, Show Tab Bar in View; \
            New Window, New Tab in File), so it is not reported. A group is what separators set apart: a \
            section, or a run of items between sections of a menu, pull-down, context menu or submenu. Toggles \
            and submenus are not counted.
            """,
        quote: "You might consider creating a submenu when a term appears in more than two menu items in the same group.",
        examples: [
            .triggering("""
                menu View "View" {
                  section {
                    item sortByDate ↓"Sort by Date" { state: on }
                    item sortBySubject "Sort by Subject" { state: off }
                    item sortByUnread "Sort by Unread" { state: off }
                  }
                }
                """),
            .triggering("""
                view Notes "Notes" {
                  pulldown more "More" {
                    symbol: "ellipsis.circle"
                    item pin "Pin Note" { action: pin }
                    item exportPDF ↓"Export as PDF…" { input: true }
                    item exportRTF "Export as Rich Text…" { input: true }
                    item exportMarkdown "Export as Markdown…" { input: true }
                  }
                }
                """),
            .passing("""
                menu View "View" {
                  item showToolbar "Show Toolbar"
                  item showSidebar "Show Sidebar"
                  item showTabBar "Show Tab Bar"
                  submenu sortBy "Sort By" {
                    item date "Date" { state: on }
                    item subject "Subject" { state: off }
                  }
                }
                """),
            .passing("""
                menu Message "Message" {
                  section {
                    item moveToInbox "Move to Inbox"
                    item moveToArchive "Move to Archive"
                  }
                  section { item moveToJunk "Move to Junk" }
                }
                """),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        let store = file.store
        var screen = GroupScreen(makeMemo: {
            var keys = LeadWordKeys(store: store)
            return LabelMemo(over: file) { keys.key(of: $0) }
        })
        var groups: [Range<Int>] = []
        for (container, _) in file.walk(.menu, .pulldown, .contextmenu, .submenu) {
            groups.shrink(to: 0)
            Self.appendGroups(of: container.record, in: store, to: &groups)
            for group in groups where screen.mayRepeatLeadingWord(group, in: store) && Self.mayRepeatTwoWordTerm(group, in: store) {
                // `Element`s are made only for a group that may repeat a word.
                let items = group.map { Element(store: store, index: Int(store.children[$0])) }.filter { $0.kind == .item && $0.label != nil }
                check(items, in: container, file: file, &reporter)
            }
        }
    }

    /// The groups of a menu level, as separators set them apart — each
    /// section, and each run of items between sections — as ranges of the
    /// store's children, in order.
    private static func appendGroups(of container: ElementRecord, in store: ModelStore, to groups: inout [Range<Int>]) {
        let first = Int(container.firstChild)
        let end = first + Int(container.childCount)
        var runStart = first
        for position in first...end {
            let isSection = position < end && store.records[Int(store.children[position])].kind == .section
            guard position == end || isSection else { continue }
            groups.append(runStart..<position)
            if isSection {
                let section = store.records[Int(store.children[position])]
                groups.append(Int(section.firstChild)..<Int(section.firstChild + section.childCount))
            }
            runStart = position + 1
        }
    }

    /// Tells apart, by memoized keys, the few groups where a leading word
    /// may repeat; most groups stop here.
    private struct GroupScreen {
        /// Made at the first group of more than two entries: a memo is sized
        /// by the model's texts, and a file of millions of small menus
        /// (identifiers are texts too) never needs one.
        private var leadWords: LabelMemo<Int?>?
        private let makeMemo: () -> LabelMemo<Int?>
        /// How many labels of the group start with each lead word (by key).
        private var counts = DenseKeyTable<Int>()

        init(makeMemo: @escaping () -> LabelMemo<Int?>) {
            self.makeMemo = makeMemo
        }

        /// Whether more than two labelled items of the group (positions in
        /// the store's children) share a first word (and have a second):
        /// exactly when `repeatedLeadingTerms` can find something.
        mutating func mayRepeatLeadingWord(_ group: Range<Int>, in store: ModelStore) -> Bool {
            guard group.count > 2 else { return false }
            // Taken out while in use, so that its tables are not copied on write.
            var leadWords = self.leadWords ?? makeMemo()
            self.leadWords = nil
            defer { self.leadWords = leadWords }
            counts.removeAll()
            for position in group {
                let record = store.records[Int(store.children[position])]
                guard record.kind == .item, record.label.exists, let key = leadWords[record.label] else { continue }
                let count = (counts[key] ?? 0) + 1
                if count == 3 { return true }
                counts.set(count, for: key)
            }
            return false
        }
    }

    /// Whether more than two labelled items of the group share a two-word
    /// term (a first word, then a short preposition with a word after it):
    /// the only terms reported. Read label by label, keeping only such
    /// terms: a group of a million items sharing a first word ("Item 1",
    /// "Item 2", …) made a million elements and labels for nothing.
    private static func mayRepeatTwoWordTerm(_ group: Range<Int>, in store: ModelStore) -> Bool {
        var counts: [String: Int] = [:]
        for position in group {
            let record = store.records[Int(store.children[position])]
            guard record.kind == .item, record.label.exists else { continue }
            let words = LabelWords.words(in: store.text(record.label))
            guard words.count >= 3 else { continue }
            let second = words[1].text.lowercased()
            guard LabelWords.shortPrepositions.contains(second) else { continue }
            let term = words[0].text.lowercased() + " " + second
            let count = counts[term, default: 0] + 1
            if count == 3 { return true }
            counts[term] = count
        }
        return false
    }

    /// How many of the items' rests the message names; a group of hundreds
    /// would otherwise make a message of hundreds of names.
    static let listedRests = 6

    /// "'A', 'B', 'C'", or the first `listedRests` and how many more.
    private static func listing(_ rests: [String], total: Int) -> String {
        let named = rests.prefix(listedRests).map { "'\($0)'" }.joined(separator: ", ")
        return total > listedRests ? "\(named) and \(total - listedRests) more" : named
    }

    private func check(_ items: [Element], in container: Element, file: CheckedFile, _ reporter: inout RuleReporter) {
        let labels = items.map { $0.label ?? "" }
        let words = { (label: String) in LabelWords.words(in: label) }
        for (term, title, indices) in LabelWords.repeatedLeadingTerms(labels, words: words)
            where LabelWords.words(in: term).count == 2 {
            let members = indices.map { items[$0] }
            // A group copied whole from a declared menu is reported where that menu is written.
            guard let first = members.first(where: { $0.origin == nil }), let span = first.labelSpan else { continue }
            // What each label says after the term (an item that says no more is not listed).
            var rests: [String] = []
            var restCount = 0
            for member in members {
                guard let label = member.label else { continue }
                let rest = label.dropFirst(term.count).drop { $0.isWhitespace }
                guard !rest.isEmpty else { continue }
                restCount += 1
                if rests.count < Self.listedRests { rests.append(String(rest)) }
            }
            let others = members.filter { $0.origin == nil && $0.labelSpan != span }.compactMap { member in
                member.labelSpan.map { LabeledSpan($0, "also starts with '\(term)'") }
            }
            reporter.report("\(members.count) items of one group start with '\(term)'; consider a '\(title)' submenu listing \(Self.listing(rests, total: restCount))",
                            at: span, label: "'\(term)' repeated", element: first, secondary: others,
                            help: "replace them with submenu \"\(title)\" { … } holding items labeled with the rest of each label")
        }
    }
}

extension SuggestSubmenu {
    /// Numbers for the lowercased first words of labels of at least two
    /// words (what `LabelWords.repeatedLeadingTerms` groups by), in the
    /// order they are first seen: small, dense keys for `DenseKeyTable`.
    struct LeadWordKeys {
        let store: ModelStore
        private var words = ByteInterner()

        init(store: ModelStore) {
            self.store = store
        }

        /// The key of the label's first word; nil for a label of fewer than two words.
        mutating func key(of id: TextID) -> Int? {
            // A plain label's key is made from its bytes, without a string.
            let plain: Int?? = store.withTextBytes(id) { bytes in
                guard let (start, end, hasMore) = LabelWords.plainFirstWord(bytes: bytes) else { return nil }
                guard hasMore else { return .some(nil) }
                return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: end - start) { word in
                    for offset in start..<end { word[offset - start] = bytes[offset].asciiLowercased }
                    return .some(key(of: UnsafeBufferPointer(word)))
                }
            }
            if let plain { return plain }
            let words = LabelWords.words(in: store.text(id))
            guard words.count >= 2 else { return nil }
            var word = words[0].text.lowercased()
            return word.withUTF8 { key(of: $0) }
        }

        private mutating func key(of word: UnsafeBufferPointer<UInt8>) -> Int {
            Int(words.intern(word).index)
        }
    }
}
