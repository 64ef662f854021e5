/// Label analysis for one checked file, computed once per distinct label.
///
/// Several rules ask the same questions about the same label — its words,
/// its title-case form, whether it has articles, whether it is a standard
/// label — and real menus repeat labels ("Open", "Copy Link", "Show All").
/// Asking `LabelWords`/`TitleCase` directly re-splits the label every time;
/// this table remembers each answer. Every entry is a pure function of the
/// label's bytes, so the memo changes speed, never results.
///
/// It hangs off `CheckedFile` (copies of the file share it) and is safe to
/// use from several threads (a lone file's rules run in parallel); the lock
/// is held only to look up and store, never while analysing.
public final class LabelTable: @unchecked Sendable {
    private let lock = Lock()
    // Guarded by `lock`.
    private var entries: [Key: Entry] = [:]

    public init() {}

    /// The label's words (see `LabelWords.words(in:)`).
    func words(in label: String) -> [(text: Substring, range: Range<String.Index>)] {
        answer(label, \.words) { LabelWords.words(in: label) }
    }

    /// The label's subphrases (see `LabelWords.phrases(in:)`).
    func phrases(in label: String) -> [[Range<String.Index>]] {
        answer(label, \.phrases) { LabelWords.phrases(in: label) }
    }

    /// `TitleCase.titleCased(label)`.
    func titleCased(_ label: String) -> String {
        answer(label, \.titleCased) { TitleCase.titleCased(label) }
    }

    /// `LabelWords.removingArticles(label)`.
    func removingArticles(_ label: String) -> String? {
        answer(label, \.withoutArticles) { LabelWords.removingArticles(label) }
    }

    /// `LabelWords.isStandardLabel(label)`.
    func isStandardLabel(_ label: String) -> Bool {
        answer(label, \.isStandard) { LabelWords.isStandardLabel(label) }
    }

    /// Whether the label's first word is one of the curated verbs, and that word.
    func firstWord(of label: String) -> (text: Substring, isVerb: Bool)? {
        answer(label, \.firstWord) {
            LabelWords.words(in: label).first.map { ($0.text, LabelWords.isVerb(String($0.text))) }
        }
    }

    // MARK: - Memo

    private struct Entry {
        // nil: not asked yet.
        var phrases: [[Range<String.Index>]]?
        var titleCased: String?
        var withoutArticles: String??
        var isStandard: Bool?
        var words: [(text: Substring, range: Range<String.Index>)]?
        var firstWord: (text: Substring, isVerb: Bool)??
    }

    /// Labels compared by their exact UTF-8 bytes. `String ==` compares
    /// canonical equivalence, and string indices are only valid across
    /// strings with identical bytes.
    private struct Key: Hashable {
        let text: String

        static func == (lhs: Key, rhs: Key) -> Bool {
            var (left, right) = (lhs.text, rhs.text)
            return left.withUTF8 { a in right.withUTF8 { b in a.count == b.count && a.elementsEqual(b) } }
        }

        func hash(into hasher: inout Hasher) {
            var text = text
            text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }

    /// The stored answer at `field`, computing and storing it on first use.
    /// `compute` runs outside the lock so a slow label never blocks others.
    private func answer<T>(_ label: String, _ field: WritableKeyPath<Entry, T?>, _ compute: () -> T) -> T {
        let key = Key(text: label)
        let stored: T? = lock.withLock { entries[key]?[keyPath: field] }
        if let stored { return stored }
        let value = compute()
        lock.withLock { entries[key, default: Entry()][keyPath: field] = .some(value) }
        return value
    }
}
