@_spi(MenuPipeline) import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// Apple title-style capitalization, for the `label-title-case` rule.
///
/// The rule (Apple Style Guide; HIG Menus › Labels): capitalize every word
/// except articles, coordinating conjunctions and prepositions of four or fewer
/// letters, unless the word is first or last. On top of that, following the
/// Apple Style Guide:
/// - A colon or a dash (— or –) starts a new subphrase, whose first and last
///   words are capitalized too.
/// - A preposition that is part of a phrasal verb is capitalized: "Back Up
///   Now", "Sign In with Apple", "Turn Off Notifications".
/// - "a", "an" or "the" not followed by a noun phrase isn't an article and is
///   capitalized: "Sort A to Z".
/// - In a hyphenated (or slashed) compound, the first and last parts are always
///   capitalized ("Built-In", "In-App", "Show/Hide"); inner parts follow the
///   minor-word rule ("Right-to-Left").
/// - Words with a capital after the first letter (iCloud, AirDrop, macOS, PDF)
///   and words with inner ".", "@", "_", ":" or "\" (file names, addresses) are
///   left alone, as are words starting with a symbol and words in scripts
///   other than Latin, whose conventions differ.
/// - Names are never recased: words with a digit (utf8mb4, iTerm2, MP3),
///   lowercase words without a vowel (ssh, npm, pdf), well-known lowercase
///   program names (tmux, git), a unit after a number ("12 pt", "60 fps"), a
///   single capital letter that doesn't follow a verb ("Deck A Tempo", but
///   "Take a Screenshot"), quoted text, the
///   app's name in "About …"-style items and the project's vocabulary (see
///   `KeptText`).
///
/// Only letters' case changes: spacing and punctuation are preserved exactly.
enum TitleCase {

    /// The label recased in title style; `vocabulary` lists words and names to keep as written.
    static func titleCased(_ label: String, keeping vocabulary: [String] = []) -> String {
        isPlainlyTitleCase(label) ? label : recased(label, keeping: vocabulary)
    }

    /// The full, per-character analysis behind `titleCased`.
    static func recased(_ label: String, keeping vocabulary: [String] = []) -> String {
        recasing(label, keeping: vocabulary).text
    }

    /// Particles that title style lowers as prepositions but capitalizes in a
    /// phrasal verb: lowering one is a guess about the verb before it.
    private static let particleLike: Set<String> = ["by", "down", "in", "into", "off", "on", "onto", "out", "over", "up"]

    /// The label in title style, and whether that is certain to be right.
    ///
    /// It is a guess (a suggestion, which `--fix` does not apply) when it
    /// lowers a word that may be a phrasal verb's particle ("Lock In"), or
    /// capitalizes a lowercase word that stands among capitalized ones: a
    /// label already in title style elsewhere may spell that word so on
    /// purpose ("Binary Templates (beta)", a program's name).
    static func recasing(_ label: String, keeping vocabulary: [String] = []) -> (text: String, isCertain: Bool) {
        var edits: [(range: Range<String.Index>, replacement: String)] = []
        let kept = KeptText.ranges(in: label, vocabulary: vocabulary)
        let phrases = LabelWords.phrases(in: label)
        // Whether a word after the first is written with a capital (ignoring minor words).
        let hasCapitalsAfterFirst = phrases.joined().dropFirst().contains { word in
            label[word].first?.isUppercase == true && !LabelWords.minorWords.contains(label[word].lowercased())
        }
        var isCertain = true
        for phrase in phrases {
            for position in phrase.indices where !KeptText.overlaps(phrase[position], kept) {
                let wordEdits = wordEdits(at: position, in: phrase, of: label)
                for edit in wordEdits {
                    let written = label[edit.range]
                    let lowers = edit.replacement != written && edit.replacement == written.lowercased()
                    if lowers, particleLike.contains(edit.replacement) { isCertain = false }
                    // A whole word capitalized (not the inner part of a compound) among capitals.
                    let isWholeWord = !label[phrase[position]].contains(where: compoundJoiners.contains)
                    if !lowers, isWholeWord, hasCapitalsAfterFirst, edit.range.lowerBound != phrases.first?.first?.lowerBound {
                        isCertain = false
                    }
                }
                edits += wordEdits
            }
        }
        guard !edits.isEmpty else { return (label, true) }

        // Edits come in label order and never overlap.
        var result = ""
        var cursor = label.startIndex
        for edit in edits {
            result += label[cursor..<edit.range.lowerBound]
            result += edit.replacement
            cursor = edit.range.upperBound
        }
        result += label[cursor...]
        return (result, isCertain)
    }

    /// A fast, exact test for the common case: ASCII words separated by
    /// spaces (and perhaps a closing "…"), each starting with a capital or a
    /// digit, none of them a minor word. No step of `titleCased` changes
    /// such a label — it only uppercases a lowercase first letter, or lowers
    /// a minor word — so the per-character analysis is skipped.
    static func isPlainlyTitleCase(_ label: String) -> Bool {
        var label = label
        return label.withUTF8(isPlainlyTitleCase(bytes:))
    }

    /// `isPlainlyTitleCase` on the label's UTF-8. Byte by byte: the
    /// `Substring.UTF8View` walk and a lowercased `String` per short word
    /// cost 2,300 instructions a label.
    static func isPlainlyTitleCase(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var end = bytes.count
        if bytes.endsWithEllipsisCharacter { end -= 3 }
        guard end > 0 else { return false }
        var wordStart = 0
        for index in 0..<end {
            let byte = bytes[index]
            if byte == 0x20 {
                guard wordIsPlain(bytes, wordStart..<index) else { return false }
                wordStart = index + 1
            } else if !byte.isASCIIAlphanumeric {
                return false
            }
        }
        return wordIsPlain(bytes, wordStart..<end)
    }

    /// Whether a word of ASCII letters and digits starts with a capital or
    /// a digit and is not a minor word (an empty word is plain).
    private static func wordIsPlain(_ bytes: UnsafeBufferPointer<UInt8>, _ word: Range<Int>) -> Bool {
        guard let first = word.first.map({ bytes[$0] }) else { return true }
        let startsCapitalOrDigit = (first >= 0x41 && first <= 0x5A) || (first >= 0x30 && first <= 0x39)
        // Minor words have at most four letters.
        guard startsCapitalOrDigit, word.count <= 4 else { return startsCapitalOrDigit }
        return !minorWordCodes.contains(LabelWords.lowercasedCode(bytes, word))
    }

    /// `LabelWords.minorWords` as `LabelWords.lowercasedCode`s.
    private static let minorWordCodes: [UInt32] = LabelWords.minorWords.map { word in
        var word = word
        return word.withUTF8 { LabelWords.lowercasedCode($0, 0..<$0.count) }
    }

    /// True when `titleCased(label) == label`.
    static func isTitleCase(_ label: String) -> Bool {
        titleCased(label) == label
    }

    // MARK: - Per word

    /// Characters that mark a word as a file name, address or identifier.
    private static let literalMarkers: Set<Character> = [".", "@", "_", ":", "\\"]

    /// Characters joining the parts of a compound ("Built-In", "Show/Hide").
    private static let compoundJoiners: Set<Character> = ["-", "‐", "‑", "/"]

    private static func wordEdits(
        at position: Int, in phrase: [Range<String.Index>], of label: String
    ) -> [(range: Range<String.Index>, replacement: String)] {
        let word = phrase[position]
        guard !label[word].contains(where: literalMarkers.contains), !isName(at: position, in: phrase, of: label) else { return [] }
        let isEdge = position == 0 || position == phrase.count - 1
        let parts = compoundParts(of: word, in: label)

        var edits: [(range: Range<String.Index>, replacement: String)] = []
        for (index, part) in parts.enumerated() {
            let capitalize: Bool
            if parts.count > 1 {
                capitalize = index == 0 || index == parts.count - 1
                    || !LabelWords.minorWords.contains(label[part].lowercased())
            } else {
                capitalize = isEdge
                    || !LabelWords.minorWords.contains(label[part].lowercased())
                    || isPhrasalParticle(at: position, in: phrase, of: label)
                    || (LabelWords.articles.contains(label[part].lowercased())
                        && !LabelWords.isArticle(at: position, in: phrase, of: label))
            }
            if let edit = capitalize ? capitalizing(part, in: label) : lowercasing(part, in: label) {
                edits.append(edit)
            }
        }
        return edits
    }

    /// Lowercase names of programs and protocols that are written so.
    private static let lowercaseNames: Set<String> = [
        "bash", "brew", "cron", "curl", "git", "grep", "less", "nano", "nvim", "rsync", "ssh", "sudo", "tmux", "vim", "wget", "zsh",
    ]

    /// Units written in lowercase after a number ("12 pt", "60 fps").
    private static let units: Set<String> = [
        "bpm", "cm", "db", "dpi", "fps", "ft", "g", "gb", "ghz", "h", "hr", "hrs", "hz", "kb", "kbps", "kg", "khz", "km",
        "lb", "m", "mb", "mbps", "mhz", "min", "mm", "mph", "ms", "ppi", "pt", "pts", "px", "s", "sec", "tb",
    ]

    /// Whether the word is a name or symbol title style leaves as written:
    /// it has a digit, is a lowercase word without a vowel or a known
    /// lowercase program name, a unit right after a number, or a single
    /// capital letter after the first word.
    private static func isName(at position: Int, in phrase: [Range<String.Index>], of label: String) -> Bool {
        let word = label[phrase[position]]
        if word.contains(where: \.isNumber) { return true }
        if word.count == 1, word.first?.isUppercase == true, LabelWords.isNamedLetter(at: position, in: phrase, of: label) { return true }
        guard word.allSatisfy({ $0.isLowercase }) else { return false }
        if lowercaseNames.contains(String(word)) { return true }
        if (2...5).contains(word.count), !word.contains(where: { "aeiouy".contains($0) }), word.allSatisfy(\.isASCII) { return true }
        if position > 0, units.contains(String(word)), label[phrase[position - 1]].first?.isNumber == true { return true }
        return false
    }

    /// The word split at compound joiners; a word without joiners is one part.
    private static func compoundParts(of word: Range<String.Index>, in label: String) -> [Range<String.Index>] {
        var parts: [Range<String.Index>] = []
        var start = word.lowerBound
        var index = word.lowerBound
        while index < word.upperBound {
            if compoundJoiners.contains(label[index]) {
                parts.append(start..<index)
                start = label.index(after: index)
            }
            index = label.index(after: index)
        }
        parts.append(start..<word.upperBound)
        return parts
    }

    /// Whether the part is cased like an ordinary word, so title style may
    /// change it: it starts with a Latin letter and has no capital after that.
    private static func isOrdinaryWord(_ part: Substring) -> Bool {
        guard let first = part.first, isLatinLetter(first) else { return false }
        return !part.dropFirst().contains(where: \.isUppercase)
    }

    private static func capitalizing(
        _ part: Range<String.Index>, in label: String
    ) -> (range: Range<String.Index>, replacement: String)? {
        let text = label[part]
        guard isOrdinaryWord(text), let first = text.first, first.isLowercase else { return nil }
        let upper = first.uppercased()
        // Letters like "ß" uppercase to two characters; leave those alone
        // rather than change the label's length.
        guard upper.count == 1 else { return nil }
        return (part.lowerBound..<text.index(after: text.startIndex), upper)
    }

    private static func lowercasing(
        _ part: Range<String.Index>, in label: String
    ) -> (range: Range<String.Index>, replacement: String)? {
        let text = label[part]
        // Only a minor word spelled with letters alone is lowered; "AND" has a
        // capital after its first letter, so it is treated as deliberate.
        guard isOrdinaryWord(text), text.allSatisfy(\.isLetter) else { return nil }
        let lower = text.lowercased()
        return lower == text ? nil : (part, lower)
    }

    /// Latin letters: ASCII, Latin-1 Supplement, Latin Extended-A/B and
    /// Latin Extended Additional.
    private static func isLatinLetter(_ character: Character) -> Bool {
        guard character.isLetter, let scalar = character.unicodeScalars.first else { return false }
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF: return true
        default: return false
        }
    }

    // MARK: - Phrasal verbs

    /// Verbs whose particle is capitalized in title style ("Back Up", "Log In",
    /// "Zoom Out"), with the particles that are minor words. Particles that are
    /// never lowered anyway ("Shut Down", "Go Back") need no entry.
    private static let phrasalVerbs: [String: Set<String>] = [
        "back": ["up"],
        "boot": ["up"],
        "bring": ["up", "in"],
        "carry": ["over", "out", "on"],
        "cash": ["out", "in"],
        "cheer": ["up"],
        "clear": ["out", "up"],
        "dial": ["in"],
        "drop": ["in", "out", "off"],
        "find": ["out"],
        "lock": ["in", "up"],
        "round": ["up"],
        "send": ["out", "off"],
        "show": ["off"],
        "sort": ["out"],
        "tune": ["in", "up"],
        "catch": ["up"],
        "check": ["in", "out", "up"],
        "chime": ["in"],
        "clean": ["up"],
        "fade": ["in", "out"],
        "fill": ["in", "out"],
        "follow": ["up"],
        "free": ["up"],
        "hang": ["up"],
        "log": ["in", "out", "on", "off"],
        "look": ["up"],
        "move": ["up"],
        "opt": ["in", "out"],
        "page": ["up"],
        "pick": ["up"],
        "plug": ["in"],
        "power": ["on", "off", "up"],
        "scroll": ["up"],
        "set": ["up"],
        "shut": ["off"],
        "sign": ["in", "out", "up", "on", "off"],
        "speed": ["up"],
        "stand": ["by"],
        "start": ["up", "over"],
        "step": ["in", "into", "out", "over"],
        "switch": ["on", "off"],
        "tidy": ["up"],
        "top": ["up"],
        "turn": ["on", "off", "up"],
        "wake": ["up"],
        "warm": ["up"],
        "zoom": ["in", "out"],
    ]

    /// Verbs whose on/off particle may follow a one-word object, as in
    /// "Turn Grid On for All Documents".
    private static let separableVerbs: Set<String> = ["turn", "switch", "power"]

    /// Particles that are adverbs, not prepositions, right after the verb
    /// that starts a command ("Print Out", "Round Up", "Hand Over"): these
    /// never begin a prepositional phrase there.
    private static let adverbParticles: Set<String> = ["up", "out", "off", "over"]

    /// Whether the word at `position` is the particle of a phrasal verb right
    /// before it (also as "-ing"/"-ed": "Signing In…", "Logged In"), or the
    /// on/off of a separable verb two words before it.
    private static func isPhrasalParticle(
        at position: Int, in phrase: [Range<String.Index>], of label: String
    ) -> Bool {
        let particle = label[phrase[position]].lowercased()
        if position == 1, adverbParticles.contains(particle) { return true }
        if position >= 1 {
            for verb in baseForms(of: label[phrase[position - 1]].lowercased()) {
                if phrasalVerbs[verb]?.contains(particle) == true { return true }
            }
        }
        if position >= 2, particle == "on" || particle == "off" {
            let verb = label[phrase[position - 2]].lowercased()
            if separableVerbs.contains(verb) { return true }
        }
        return false
    }

    /// The word and the verb stems it could be an "-ing" or "-ed" form of:
    /// "signing" → "sign", "logging" → "log", "waking" → "wake".
    private static func baseForms(of word: String) -> [String] {
        var forms = [word]
        for suffix in ["ing", "ed"] where word.hasSuffix(suffix) && word.count > suffix.count + 1 {
            let stem = String(word.dropLast(suffix.count))
            forms.append(stem)
            forms.append(stem + "e")
            if let last = stem.last, stem.dropLast().last == last {
                forms.append(String(stem.dropLast()))
            }
        }
        return forms
    }
}
