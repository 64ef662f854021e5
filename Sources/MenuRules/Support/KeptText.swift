import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// The parts of a label that the label rules leave exactly as written:
/// recasing or dropping an article there would damage a name.
///
/// - Quoted text: a list, document or song title keeps its own case
///   ('Move to “To Do”').
/// - The app's name in Apple's standard app-name items: "About …",
///   "Hide …", "Quit …" and "… Help", when the name starts with a capital
///   ("About The Unarchiver" keeps its article).
/// - Apple's names that take "the" ("Find in the App Store").
/// - The project's vocabulary: each entry where it appears as whole words,
///   letter case and all ("tmux", "Up Next").
enum KeptText {
    /// Opening quotation marks and the mark that closes each.
    private static let closingQuote: [Character: Character] = [
        "“": "”", "‘": "’", "\"": "\"", "«": "»", "‹": "›", "„": "“", "‚": "‘", "「": "」", "『": "』",
    ]

    /// Whether any of the label's text must be kept as written (cheap: most labels have none).
    static func mayKeep(_ label: String, vocabulary: [String]) -> Bool {
        !ranges(in: label, vocabulary: vocabulary).isEmpty
    }

    /// The kept ranges, in no particular order.
    static func ranges(in label: String, vocabulary: [String]) -> [Range<String.Index>] {
        var kept = quotedRanges(in: label)
        if let name = appNameRange(in: label) { kept.append(name) }
        for entry in namesWithArticle + vocabulary where !entry.isEmpty && containsBytes(of: entry, in: label) {
            var searchStart = label.startIndex
            while searchStart < label.endIndex, let found = label[searchStart...].firstRange(of: entry) {
                if isWordBoundary(before: found.lowerBound, in: label), isWordBoundary(after: found.upperBound, in: label) {
                    kept.append(found)
                }
                searchStart = found.upperBound
            }
        }
        return kept
    }

    /// Whether `label` may hold `entry`: most labels hold no entry, and
    /// `firstRange(of:)` on strings cost a label of a few words some twenty
    /// thousand instructions an entry. When both are ASCII, characters are
    /// bytes and a label without the entry's bytes can't hold it; other
    /// text may match in other bytes (canonical equivalence) and is left
    /// to the search by characters.
    private static func containsBytes(of entry: String, in label: String) -> Bool {
        let needle = Array(entry.utf8)
        let haystack = Array(label.utf8)
        guard let first = needle.first, needle.allSatisfy({ $0 < 0x80 }), haystack.allSatisfy({ $0 < 0x80 }) else { return true }
        guard haystack.count >= needle.count else { return false }
        var start = 0
        while start + needle.count <= haystack.count {
            if haystack[start] == first, haystack[start..<start + needle.count].elementsEqual(needle) { return true }
            start += 1
        }
        return false
    }

    /// Whether `range` overlaps any of `kept`.
    static func overlaps(_ range: Range<String.Index>, _ kept: [Range<String.Index>]) -> Bool {
        kept.contains { $0.overlaps(range) }
    }

    /// Spans from an opening quotation mark to its closing one, marks included.
    /// A "’" inside a word is an apostrophe ("Don’t"), never a closing mark of "‘".
    static func quotedRanges(in label: String) -> [Range<String.Index>] {
        var ranges: [Range<String.Index>] = []
        var index = label.startIndex
        while index < label.endIndex {
            let character = label[index]
            let atWordStart = index == label.startIndex || !label[label.index(before: index)].isLetter
            if let closing = closingQuote[character], atWordStart {
                var end = label.index(after: index)
                while end < label.endIndex {
                    let candidate = label[end]
                    let after = label.index(after: end)
                    if candidate == closing, after == label.endIndex || !label[after].isLetter { break }
                    end = after
                }
                if end < label.endIndex {
                    ranges.append(index..<label.index(after: end))
                    index = label.index(after: end)
                    continue
                }
            }
            index = label.index(after: index)
        }
        return ranges
    }

    /// Names Apple always writes with their article.
    private static let namesWithArticle = ["the App Store", "the Mac App Store", "the iTunes Store"]

    /// Items that Apple writes with the app's name.
    private static let appNamePrefixes = ["About ", "Hide ", "Quit "]

    /// The app's name in "About Name", "Hide Name", "Quit Name" or "Name Help"
    /// (the word in any case), when it starts with a capital; a trailing "…"
    /// is not part of it.
    static func appNameRange(in label: String) -> Range<String.Index>? {
        var end = label.endIndex
        if label.hasSuffix("…") { end = label.index(before: end) }
        for prefix in appNamePrefixes where label.prefix(prefix.count).lowercased() == prefix.lowercased() {
            let start = label.index(label.startIndex, offsetBy: prefix.count)
            guard start < end, label[start].isUppercase else { return nil }
            return start..<end
        }
        if label[..<end].suffix(5).lowercased() == " help" {
            let nameEnd = label.index(end, offsetBy: -5)
            guard nameEnd > label.startIndex, label[label.startIndex].isUppercase else { return nil }
            return label.startIndex..<nameEnd
        }
        return nil
    }

    private static func isWordBoundary(before index: String.Index, in label: String) -> Bool {
        index == label.startIndex || !isWordCharacter(label[label.index(before: index)])
    }

    private static func isWordBoundary(after index: String.Index, in label: String) -> Bool {
        index == label.endIndex || !isWordCharacter(label[index])
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }
}
