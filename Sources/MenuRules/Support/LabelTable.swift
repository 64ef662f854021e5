@_spi(MenuPipeline) import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// Label analysis for one checked file, computed once per distinct label.
///
/// Several rules ask the same questions about the same label — its words,
/// its title-case form, whether it has articles, whether it is a standard
/// label — and real menus repeat labels ("Open", "Copy Link", "Show All").
/// Labels are interned in the model, so each question is answered once per
/// `TextID` and then found by index. Every answer is a pure function of the
/// label's text, so the memo changes speed, never results.
///
/// It hangs off `CheckedFile` and is safe to use from several threads (a
/// large file checked alone has its rules run in parallel); the lock is
/// held only to look up and store, never while analysing.
package final class LabelTable: @unchecked Sendable {
    private let store: ModelStore
    private let lock = Lock()
    // Guarded by `lock`, so the dynamic exclusivity checks a class property
    // gets (per access, in the rules' hot path) are redundant.
    /// What is kept for each text of the model, by `TextID`, made at the
    /// first question: flags and keys, and where its `Entry` is when it has one.
    /// A table over the model's texts, filled as labels are asked about:
    /// identifiers are texts too, and a file of millions of declarations
    /// that repeat one label holds millions of texts and asks about one.
    @exclusivity(unchecked) private var compact = GroupKeyedTable(keyCount: 0, missing: Compact(), expectedKeys: 0)
    @exclusivity(unchecked) private var hasCompact = false
    /// The answers that need room (strings, word lists), for the labels
    /// that have them: most labels are in title case and have no article.
    @exclusivity(unchecked) private var entries: [Entry] = []
    /// Dense keys of leading words: each key is the number of its text here.
    @exclusivity(unchecked) private var wordKeys = ByteInterner()
    /// How many answers were computed rather than found (tests check the memo works).
    @exclusivity(unchecked) private(set) var computations = 0
    /// How many labels have an `Entry` (tests check that nil answers take none).
    var entryCount: Int { lock.withLock { entries.count } }
    /// Rule runs under way (see `keepingAnswers`).
    @exclusivity(unchecked) private var runs = 0

    package init(store: ModelStore) {
        self.store = store
    }

    /// Runs `body` (the rules on this file), then forgets the answers
    /// unless another run is still under way.
    ///
    /// The answers are worth keeping while the rules run and nothing after:
    /// the backends never ask. A build of thousands of files keeps every
    /// checked file until its outputs are written, and the files' label
    /// tables were a quarter of its memory. A later run asks again.
    func keepingAnswers<T>(_ body: () -> T) -> T {
        holdAnswers()
        defer { releaseAnswers() }
        return body()
    }

    /// Keeps the answers until a matching `releaseAnswers`: the files of an
    /// import group share the table, and a build holds it once for each of
    /// them, so that it is filled once for the group rather than for each
    /// file, and forgotten after the last.
    package func holdAnswers() {
        lock.withLock { runs += 1 }
    }

    package func releaseAnswers() {
        lock.withLock {
            runs -= 1
            if runs == 0 {
                compact = GroupKeyedTable(keyCount: 0, missing: Compact(), expectedKeys: 0)
                hasCompact = false
                entries = []
                wordKeys = ByteInterner()
            }
        }
    }

    // MARK: - A rule's own memo

    /// A memo of one question for one rule's run: filled as the rule asks,
    /// read without locking (a rule looking at every item asks once per
    /// item, and the lock cost more than the answer). The first time a
    /// label is asked about, the answer comes from this table.
    /// `expectedLabels`: about how many labels the rule will ask about
    /// (the elements of the file or part it looks at).
    package func memo<Value>(_ question: @escaping (LabelTable) -> (TextID) -> Value, expectedLabels: Int) -> LabelMemo<Value> {
        LabelMemo(table: self, question: question, count: store.texts.count, expectedLabels: expectedLabels)
    }

    /// The text of a label.
    func text(_ id: TextID) -> String { store.text(id) }

    /// `TitleCase.titleCased(label)`, or nil when the label is already in title case.
    func titleCased(_ id: TextID) -> String? {
        optionalAnswer(id, asked: Compact.titleCaseAsked, isNil: Compact.titleCaseIsNil, { $0.titleCased }, { $0.titleCased = $1 }) { text in
            let recased = TitleCase.titleCased(text)
            return recased == text ? nil : recased
        }
    }

    /// Whether `TitleCase.titleCased` leaves the label as it is: asked of
    /// every label, so the plain case is read from the bytes, and only the
    /// other labels are recased (and memoized).
    func isTitleCased(_ id: TextID) -> Bool {
        if store.withTextBytes(id, TitleCase.isPlainlyTitleCase(bytes:)) { return true }
        // Kept as two flags, not as the recased text, which takes an
        // `Entry` and is made again for a finding that is reported: a file
        // of a million distinct labels not in title style held a million.
        return compactAnswer(id, { compact in
            if compact.flags & Compact.titleCaseAsked != 0 { return compact.flags & Compact.titleCaseIsNil != 0 }
            return compact.flag(Compact.titleStyleAsked, Compact.isTitleStyle)
        }, { $0.set(Compact.titleStyleAsked, Compact.isTitleStyle, to: $1) }) { text in
            TitleCase.titleCased(text) == text
        }
    }

    /// `LabelWords.removingArticles(label)`.
    func removingArticles(_ id: TextID) -> String? {
        optionalAnswer(id, asked: Compact.articlesAsked, isNil: Compact.articlesIsNil, { $0.withoutArticles }, { $0.withoutArticles = $1 }) {
            LabelWords.removingArticles($0)
        }
    }

    /// `LabelWords.isStandardLabel(label)`.
    func isStandardLabel(_ id: TextID) -> Bool {
        compactAnswer(id, { $0.flag(Compact.standardAsked, Compact.isStandard) }, { $0.set(Compact.standardAsked, Compact.isStandard, to: $1) }) {
            LabelWords.isStandardLabel($0)
        }
    }

    /// The label's words (see `LabelWords.words(in:)`).
    func words(_ id: TextID) -> [(text: Substring, range: Range<String.Index>)] {
        entryAnswer(id, { $0.words }, { $0.words = $1 }) { LabelWords.words(in: $0) }
    }

    /// The label's subphrases (see `LabelWords.phrases(in:)`).
    func phrases(_ id: TextID) -> [[Range<String.Index>]] {
        entryAnswer(id, { $0.phrases }, { $0.phrases = $1 }) { LabelWords.phrases(in: $0) }
    }

    /// The label's first word, and whether it is one of the curated verbs.
    func firstWord(_ id: TextID) -> (text: Substring, isVerb: Bool)? {
        // Most labels need no word list for this (a file may hold a million distinct ones).
        let text = store.text(id)
        if let plain = LabelWords.plainFirstWord(in: text) { return (plain.word, LabelWords.isVerb(String(plain.word))) }
        return entryAnswer(id, { $0.firstWord }, { $0.firstWord = $1 }) { _ in
            self.words(id).first.map { ($0.text, LabelWords.isVerb(String($0.text))) }
        }
    }

    /// Whether the label's first word is known not to be a verb (see
    /// `LabelWords.isKnownNonVerb`): a yes-or-no a rule can memoize for
    /// every label it sees, where memoizing `firstWord` copied a substring
    /// per element.
    func startsWithNonVerb(_ id: TextID) -> Bool {
        // Most labels are plain: answered from the bytes, without a string or the lock.
        if let plain = store.withTextBytes(id, LabelWords.plainStartsWithNonVerb(bytes:)) { return plain }
        return firstWord(id).map { !$0.isVerb && LabelWords.isKnownNonVerb(String($0.text)) } ?? false
    }

    /// Whether `removingArticles` finds an article to remove (see there).
    func hasArticle(_ id: TextID) -> Bool {
        // Most labels certainly have none: seen in their bytes, without a string or the lock.
        store.withTextBytes(id, LabelWords.mayContainArticle(bytes:)) && removingArticles(id) != nil
    }

    /// Whether the label uses three periods where an ellipsis belongs.
    func hasThreePeriods(_ id: TextID) -> Bool {
        // Not memoized here (one rule asks, and memoizes): the lock and entry cost more than the answer.
        store.text(id).containsBytes(of: "...")
    }

    /// `MenuQueries.trimmed(text).lowercased()`, byte by byte, for a text of
    /// ASCII, "…" and "’" (where every whitespace character is one byte, or
    /// "\r\n", and only A–Z change case); nil for any other. Trimming and
    /// lowercasing by `Character` cost 5,000 instructions a label.
    static func asciiFolded(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            guard let (start, end) = asciiTrimmedBounds(bytes) else { return nil }
            return String(unsafeUninitializedCapacity: end - start) { folded in
                for offset in 0..<(end - start) {
                    let byte = bytes[start + offset]
                    folded[offset] = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
                }
                return end - start
            }
        }
    }

    /// Where a text of ASCII, "…" and "’" starts and ends without the blank
    /// space at its ends; nil for any other text (see `asciiFolded`).
    static func asciiTrimmedBounds(_ bytes: UnsafeBufferPointer<UInt8>) -> (start: Int, end: Int)? {
        guard FoldedLabel.onlyEllipsesAndApostrophes(bytes, from: 0) else { return nil }
        // Space, and tab through carriage return.
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
        var start = 0
        var end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        return (start, end)
    }

    /// A key for the label's first word, lowercased, when the label has at
    /// least two words (what `LabelWords.repeatedLeadingTerms` groups by).
    func leadWordKey(_ id: TextID) -> Int? {
        // A plain label's key is made from its bytes, without a string.
        let plain: Int?? = store.withTextBytes(id) { bytes in
            guard let (start, end, hasMore) = LabelWords.plainFirstWord(bytes: bytes) else { return nil }
            guard hasMore else { return .some(nil) }
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: end - start + 1) { key in
                key[0] = 0
                for offset in start..<end {
                    let byte = bytes[offset]
                    key[offset - start + 1] = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
                }
                return .some(self.key(for: UnsafeBufferPointer(key)))
            }
        }
        if let plain { return plain }
        return compactAnswer(id, { $0.leadWordKey.answer }, { $0.leadWordKey = StoredKey($1) }) { _ in
            let words = self.words(id)
            return words.count >= 2 ? self.key(for: "\u{0}" + words[0].text.lowercased()) : nil
        }
    }

    private func key(for text: String) -> Int {
        var text = text
        return text.withUTF8(key(for:))
    }

    private func key(for bytes: UnsafeBufferPointer<UInt8>) -> Int {
        lock.withLock { Int(wordKeys.intern(bytes).index) }
    }

    // MARK: - Memo

    /// What is kept for every label asked about, in 12 bytes (a file of a
    /// million distinct labels holds a million): yes-or-no answers as
    /// flags, the leading word's key, and the index of the label's `Entry`
    /// + 1 (0: none).
    private struct Compact {
        var entry: Int32 = 0
        var leadWordKey = StoredKey()
        var flags: UInt8 = 0

        static let titleCaseAsked: UInt8 = 1 << 0
        /// Already in title case: `titleCased` is nil.
        static let titleCaseIsNil: UInt8 = 1 << 1
        static let articlesAsked: UInt8 = 1 << 2
        /// No article to remove: `removingArticles` is nil.
        static let articlesIsNil: UInt8 = 1 << 3
        static let standardAsked: UInt8 = 1 << 4
        static let isStandard: UInt8 = 1 << 5
        /// Whether the label is in title style, asked without its recased text (see `isTitleCased`).
        static let titleStyleAsked: UInt8 = 1 << 6
        static let isTitleStyle: UInt8 = 1 << 7

        /// The `value` flag when `asked` is set; nil when not asked yet.
        func flag(_ asked: UInt8, _ value: UInt8) -> Bool? {
            flags & asked == 0 ? nil : flags & value != 0
        }

        mutating func set(_ asked: UInt8, _ value: UInt8, to answer: Bool) {
            flags |= asked
            if answer { flags |= value } else { flags &= ~value }
        }
    }

    /// The answers that take room, for one label.
    private struct Entry {
        // nil: not asked yet (or, for the two strings, see `Compact`).
        var titleCased: String?
        var withoutArticles: String?
        var words: [(text: Substring, range: Range<String.Index>)]?
        var phrases: [[Range<String.Index>]]?
        var firstWord: (text: Substring, isVerb: Bool)??
    }

    /// A key answer in four bytes, where an `Int??` takes sixteen with its
    /// padding. Keys are dense (one per distinct folded text), far below
    /// `Int32.max`.
    private struct StoredKey {
        private var raw: Int32 = StoredKey.notAsked

        private static let notAsked: Int32 = -2
        private static let noKey: Int32 = -1

        init() {}

        init(_ key: Int?) {
            raw = key.map { Int32($0) } ?? StoredKey.noKey
        }

        /// nil when not asked yet; `.some(nil)` when the label has no key.
        var answer: Int?? {
            switch raw {
            case StoredKey.notAsked: nil
            case StoredKey.noKey: .some(nil)
            default: .some(Int(raw))
            }
        }
    }

    // The three below find the stored answer (`read`), or compute it and
    // store it (`write`) on first use. `compute` runs outside the lock so a
    // slow label never blocks others. Plain closures, not key paths: this
    // runs for every label a rule looks at.

    /// An answer kept in the label's `Compact`.
    @inline(__always)
    private func compactAnswer<T>(_ id: TextID, _ read: (Compact) -> T?, _ write: (inout Compact, T) -> Void, _ compute: (String) -> T) -> T {
        let label = Int(id.rawValue)
        if let stored = lock.withLock({ () -> T? in
            makeCompact()
            return read(compact[label])
        }) { return stored }
        let value = compute(store.text(id))
        lock.withLock {
            computations += 1
            // Again: answers may have been forgotten meanwhile (see `keepingAnswers`).
            makeCompact()
            write(&compact[label], value)
        }
        return value
    }

    /// An answer kept in the label's `Entry`, made when first needed.
    @inline(__always)
    private func entryAnswer<T>(_ id: TextID, _ read: (inout Entry) -> T?, _ write: (inout Entry, T) -> Void, _ compute: (String) -> T) -> T {
        let label = Int(id.rawValue)
        let stored: T? = lock.withLock {
            makeCompact()
            let entry = Int(compact[label].entry) - 1
            // In place: copying the whole entry (strings, word arrays) cost more than the answer.
            return entry < 0 ? nil : read(&entries[entry])
        }
        if let stored { return stored }
        let value = compute(store.text(id))
        lock.withLock {
            computations += 1
            makeCompact()
            write(&entries[entryIndex(label)], value)
        }
        return value
    }

    /// A text answer that is usually nil: nil is two flags in the label's
    /// `Compact`, and only a text takes an `Entry`.
    @inline(__always)
    private func optionalAnswer(_ id: TextID, asked: UInt8, isNil: UInt8, _ read: (inout Entry) -> String?, _ write: (inout Entry, String) -> Void,
                                _ compute: (String) -> String?) -> String? {
        let label = Int(id.rawValue)
        let stored: String?? = lock.withLock {
            makeCompact()
            let flags = compact[label].flags
            guard flags & asked != 0 else { return nil }
            if flags & isNil != 0 { return .some(nil) }
            return .some(read(&entries[Int(compact[label].entry) - 1]))
        }
        if let stored { return stored }
        let value = compute(store.text(id))
        lock.withLock {
            computations += 1
            makeCompact()
            if let value {
                write(&entries[entryIndex(label)], value)
                compact[label].flags |= asked
            } else {
                compact[label].flags |= asked | isNil
            }
        }
        return value
    }

    /// Room for every label's `Compact`, on the first question. Called with the lock held.
    private func makeCompact() {
        guard !hasCompact else { return }
        compact = GroupKeyedTable(keyCount: store.texts.count, missing: Compact(), expectedKeys: 0)
        hasCompact = true
    }

    /// The index of label `label`'s `Entry`, made when it has none. Called with the lock held, after `makeCompact`.
    private func entryIndex(_ label: Int) -> Int {
        if compact[label].entry == 0 {
            entries.append(Entry())
            compact[label].entry = Int32(entries.count)
        }
        return Int(compact[label].entry) - 1
    }
}

/// A text people read on an element: its label, or a toggle's on/off
/// label, a button's or item's subtitle, a pull-down's or context menu's title.
package struct LabelText: Sendable {
    package let element: Element
    /// The property that holds it; nil for the element's label.
    package let property: PropertyName?
    package let id: TextID

    package var text: String { element.store.text(id) }

    /// Where it is written (the string literal).
    package var span: Span {
        guard let property else { return element.labelSpan ?? element.focusSpan }
        return element.property(property)?.valueSpan ?? element.focusSpan
    }
}

extension Element {
    /// Each text people read on the element — its label, then the written
    /// off, on, subtitle and title texts — without making strings or arrays.
    package func forEachLabelText(_ body: (LabelText) -> Void) {
        Self.forEachLabelText(of: record, in: store) { body(LabelText(element: self, property: $0, id: $1)) }
    }

    /// `forEachLabelText(_:)` from a stored record: the property holding
    /// each text (nil for the label) and the text, for rules that test the
    /// texts of every element before making a handle.
    package static func forEachLabelText(of record: ElementRecord, in store: ModelStore, _ body: (PropertyName?, TextID) -> Void) {
        if record.label.exists { body(nil, record.label) }
        func visit(_ name: PropertyName) {
            if let stored = store.writtenProperty(name, of: record), stored.kind == .string { body(name, TextID(stored.payload)) }
        }
        // Only toggles take on/off, buttons and items a subtitle, pull-downs and context menus a title.
        switch record.kind {
        case .toggle, .button, .pulldown: break
        case .item: return visit(.subtitle)
        case .contextmenu: return visit(.title)
        default: return
        }
        visit(.off)
        visit(.on)
        visit(.subtitle)
        visit(.title)
    }

    /// The texts people read as the name of a menu item or a button: the
    /// label of an item, submenu, button or pull-down, and the label and
    /// on/off labels of a toggle.
    package func forEachItemOrButtonLabel(_ body: (LabelText) -> Void) {
        switch kind {
        case .item, .submenu, .button, .pulldown:
            if let id = labelID { body(LabelText(element: self, property: nil, id: id)) }
        case .toggle:
            forEachLabelText(body)
        case .menubar, .menu, .view, .contextmenu, .popup, .option, .toolbar, .row, .section:
            return
        }
    }
}

/// One question's answers about labels, for one rule's run (see `LabelTable.memo`).
package struct LabelMemo<Value> {
    /// By `TextID`: the store's texts are the whole import group's.
    private var answers: GroupKeyedTable<Value?>
    /// The question applied to the table once: applying it on each first
    /// ask made and freed a closure each time, which cost more than most
    /// answers. It holds the table, so a memo must never be stored where
    /// the table can reach it (that would keep the whole model alive); it
    /// lives for one rule's run.
    private let ask: (TextID) -> Value

    init(table: LabelTable, question: @escaping (LabelTable) -> (TextID) -> Value, count: Int, expectedLabels: Int) {
        ask = question(table)
        answers = GroupKeyedTable(keyCount: count, missing: nil, expectedKeys: expectedLabels)
    }

    package subscript(id: TextID) -> Value {
        // Inlined up to the stored answer: a rule asks once per element.
        @inline(__always) mutating get {
            if let known = answers[Int(id.rawValue)] { return known }
            return answerFirst(id)
        }
    }

    @inline(never)
    private mutating func answerFirst(_ id: TextID) -> Value {
        let answer = ask(id)
        answers[Int(id.rawValue)] = answer
        return answer
    }
}
