@_spi(MenuPipeline) import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// Word-level analysis of menu item and button labels, shared by the label
/// rules (`label-article`, `label-starts-with-verb`, `suggest-submenu`) and by
/// `TitleCase`.
///
/// Everything here is a pure function of its input. Word lists are `static let`
/// sets so a lookup costs one hash per word; no regular expressions are used
/// because these functions run once per label in every file.
enum LabelWords {

    // MARK: - Word lists

    /// Articles ("a", "an", "the"). The HIG asks for "a condensed style that
    /// doesn't include articles".
    static let articles: Set<String> = ["a", "an", "the"]

    /// Coordinating conjunctions, which title style keeps lowercase.
    static let conjunctions: Set<String> = ["and", "but", "for", "nor", "or", "so", "yet"]

    /// Prepositions of four or fewer letters, which title style keeps lowercase.
    /// Deliberately absent: "down", "near", "past" and "like", which in menu
    /// labels are far more often adverbs, adjectives or verbs ("Scroll Down",
    /// "Past Events", "Like") than prepositions.
    static let shortPrepositions: Set<String> = [
        "as", "at", "by", "for", "from", "in", "into", "of", "off", "on", "onto",
        "out", "over", "per", "than", "till", "to", "up", "upon", "via", "with",
    ]

    /// Words that title style lowercases unless they are first or last.
    static let minorWords: Set<String> = articles.union(conjunctions).union(shortPrepositions)

    /// A word of at most four ASCII letters and digits, lowercased and
    /// packed into an integer (first byte lowest): two such words are equal
    /// ignoring case exactly when their codes are equal, as no byte is zero.
    static func lowercasedCode(_ bytes: UnsafeBufferPointer<UInt8>, _ word: Range<Int>) -> UInt32 {
        precondition(word.count <= 4, "a code holds at most four bytes")
        var code: UInt32 = 0
        // Letters and digits all have 0x20 set once lowercased.
        for index in word.reversed() { code = code << 8 | UInt32(bytes[index] | 0x20) }
        return code
    }

    /// Curated UI command verbs, lowercased: words that read as a command when
    /// they start a menu item or button label. Words that are far more often
    /// nouns in labels ("date", "title", "name", "size", "color", "font",
    /// "style", "kind", "file", "label", "list", "message", "page", "text",
    /// "help") are deliberately left out, even though they can be verbs.
    static let verbs: Set<String> = [
        "accept", "activate", "add", "adjust", "agree", "align", "allow", "analyze",
        "annotate", "answer", "apply", "approve", "archive", "arrange", "ask", "assign",
        "attach", "authenticate", "authorize", "back", "begin", "block", "blur",
        "bookmark", "bounce", "bring", "browse", "build", "burn", "buy", "calibrate",
        "call", "cancel", "capitalize", "capture", "catch", "center", "change", "check",
        "choose", "clean", "clear", "click", "clone", "close", "collapse", "combine",
        "comment", "commit", "compare", "compile", "complete", "compose", "compress",
        "configure", "confirm", "connect", "continue", "convert", "copy", "correct",
        "create", "crop", "customize", "cut", "cycle", "deactivate", "debug", "decline",
        "decompress", "decrease", "decrypt", "delete", "deny", "deselect", "detach",
        "dictate", "disable", "disagree", "disallow", "discard", "disconnect", "dismiss",
        "distribute", "do", "don't", "donate", "download", "drag", "draw",
        "drop", "duplicate", "edit", "eject", "email", "embed", "empty", "enable",
        "encrypt", "end", "enhance", "enlarge", "enter", "erase", "exclude", "execute",
        "exit", "expand", "explore", "export", "extend", "extract", "fade",
        "fast-forward", "favorite", "fetch", "fill", "filter", "find", "finish", "fit",
        "fix", "flag", "flatten", "flip", "fold", "follow", "force", "forget",
        "format", "forward", "freeze", "get", "give", "go", "grant", "group",
        "hang", "hide", "highlight", "hold", "ignore", "import", "include", "increase",
        "indent", "insert", "inspect", "install", "invert", "invite", "join", "jump",
        "justify", "keep", "launch", "learn", "leave", "lift", "like", "limit",
        "listen", "load", "locate", "lock", "log", "look", "loop", "loosen", "lower",
        "make", "manage", "mark", "maximize", "merge", "minimize", "mirror",
        "modify", "mount", "move", "mute", "navigate", "notify", "nudge", "offload",
        "open", "opt", "optimize", "order", "organize", "outdent", "overwrite", "pair",
        "pan", "paste", "pause", "pay", "pick", "pin", "place", "play", "plug", "post",
        "power", "preview", "print", "proceed", "proofread", "protect", "publish",
        "pull", "purchase", "push", "put", "quit", "raise", "rate", "read",
        "rearrange", "rebase", "reboot", "rebuild", "record", "recover", "redeem",
        "redirect", "redo", "reduce", "refresh", "regenerate", "rehearse", "reinstall",
        "reject", "relaunch", "reload", "remember", "remind", "remove", "rename",
        "render", "reopen", "reorder", "repair", "repeat", "replace", "reply", "report",
        "request", "rescan", "reset", "resize", "resolve", "restart", "restore",
        "resume", "retry", "return", "reveal", "revert", "review", "revoke", "rewind",
        "rewrite", "rotate", "run", "save", "scale", "scan", "schedule", "scroll",
        "search", "see", "select", "send", "set", "share", "sharpen", "shift", "show",
        "shrink", "shuffle", "shut", "sign", "skip", "sleep", "snooze", "sort", "speak",
        "split", "star", "start", "step", "stop", "straighten", "stream",
        "stretch", "submit", "subscribe", "summarize", "swap", "switch", "sync",
        "synchronize", "tag", "take", "tap", "test", "tidy", "tighten", "tile", "toggle",
        "track", "transcribe", "transfer", "transform", "translate", "transpose", "trim",
        "try", "turn", "unarchive", "unblock", "undo", "unfavorite", "unflag", "unfold",
        "unfollow", "unfreeze", "ungroup", "unhide", "uninstall", "unlink", "unlock",
        "unmark", "unmount", "unmute", "unpair", "unpin", "unsend", "unshare", "unstar",
        "unsubscribe", "unzip", "update", "upgrade", "upload", "use", "verify", "view",
        "visit", "wake", "watch", "wipe", "wrap", "write", "zip", "zoom",
    ]

    /// Words that start menu labels and are not verbs: positions and order
    /// ("Left Half", "Next Display"), qualifiers ("Smart Quotes", "Main
    /// Window"), determiners, and nouns that are never commands. A word
    /// missing here is taken for a verb, so a domain verb ("Reindex",
    /// "Stash") is never reported; a word here that can be a verb would be,
    /// so only words that can't are listed.
    static let nonVerbs: Set<String> = [
        "all", "another", "any", "automatic", "binary", "bottom", "both", "current", "each", "every", "few",
        "first", "hexadecimal", "inline", "last", "left", "lowest", "main", "middle", "my", "next",
        "no", "our", "plain", "previous", "quick", "recent", "right", "secure", "several", "single", "smart",
        "some", "that", "their", "these", "this", "those", "top", "topmost", "upper", "your",
        "console", "inspector", "palette", "sidebar", "toolbar", "version", "fullscreen", "unordered", "ordered",
        "big", "huge", "large", "little", "medium", "small", "tiny", "weather",
        // Far more often nouns in labels than verbs (and so not among `verbs`).
        "date", "file", "font", "kind", "label", "list", "message", "name", "page", "size", "style", "text", "title",
    ]

    /// Endings of nouns and adjectives that no verb has ("Notifications",
    /// "Darkness", "Visibility", "Settings"), and "-ing", which no command
    /// starts with ("Shopping Cart"): a first word ending so (in more than two
    /// letters besides: "Bring" is a verb) is no verb.
    private static let nonVerbEndings = ["tion", "tions", "sion", "sions", "ness", "ity", "ities", "ship", "ing", "ings", "ism", "ous", "ical", "ful", "less"]

    /// Whether a label's first word is known not to be a verb: a number,
    /// a word of `nonVerbs`, or a word with a noun or adjective ending. A
    /// curated verb never is. Anything else is taken for a verb.
    static func isKnownNonVerb(_ word: String) -> Bool {
        guard let first = word.first else { return false }
        if first.isNumber { return true }
        let normalized = normalizedWord(word)
        if verbs.contains(normalized) { return false }
        if nonVerbs.contains(normalized) { return true }
        return nonVerbEndings.contains { normalized.count > $0.count + 2 && normalized.hasSuffix($0) }
    }

    /// Labels (normalized: lowercased, single-spaced, trailing "…", "..." and ":"
    /// removed, curly apostrophes straightened) that Apple's own menus and
    /// dialogs use without a leading verb. They are standard, so
    /// `label-starts-with-verb` leaves them alone.
    static let standardLabels: Set<String> = [
        // Apple, App and File menus
        "preferences", "settings", "system settings", "app store", "services", "page setup",
        "open recent", "recent items",
        // Edit menu
        "undo", "redo", "spelling and grammar", "substitutions", "transformations",
        "speech", "emoji & symbols", "autofill", "writing tools", "quick look",
        // Format ▸ Font / Text
        "bold", "italic", "underline", "outline", "shadow", "strikethrough", "plain",
        "bigger", "smaller", "superscript", "subscript", "baseline", "ligatures", "kern",
        "writing direction", "align left", "align right", "center", "justify",
        "left to right", "right to left", "spelling", "show/hide",
        // View and Window menus
        "actual size", "zoom in", "zoom out", "zoom to fit", "full screen",
        "enter full screen", "exit full screen", "minimize", "zoom", "fill",
        "bring all to front",
        // Menu-bar menu titles
        "file", "edit", "view", "insert", "format", "arrange", "tools", "go", "history",
        "bookmarks", "window", "help", "font", "text", "find",
        // Dialog and navigation buttons
        "ok", "done", "cancel", "yes", "no", "later", "not now", "next", "previous",
        "back", "forward", "more", "other", "custom", "default", "none", "info",
        "don't save", "don't allow", "always allow",
    ]

    /// Standard label beginnings, followed by a space: "New Window", "About
    /// Notes", "Quick Look “Report”", "What's New in Notes". A bare "New" or
    /// "About" also counts.
    static let standardPrefixes: [String] = ["new", "about", "quick look", "what's new"]

    // MARK: - Words

    /// Words of a label (split on whitespace; surrounding punctuation such as
    /// …, quotes, parentheses, trailing ':' stripped; inner hyphens/apostrophes
    /// kept), with their ranges inside the label.
    ///
    /// Em and en dashes separate words too ("Save—Now" is two words). Pieces
    /// with no letter or digit ("&", "…", "→", "🔥") are not words.
    static func words(in label: String) -> [(text: Substring, range: Range<String.Index>)] {
        phrases(in: label).flatMap { phrase in phrase.map { (text: label[$0], range: $0) } }
    }

    /// The label's words grouped into subphrases: a colon after a word or a
    /// dash (— or –) between words starts a new subphrase, whose first word
    /// title style capitalizes. Each word is the range of its core, without
    /// the surrounding punctuation.
    static func phrases(in label: String) -> [[Range<String.Index>]] {
        asciiPhrases(in: label) ?? unicodePhrases(in: label)
    }

    /// `phrases(in:)` by `Character`, for any label.
    static func unicodePhrases(in label: String) -> [[Range<String.Index>]] {
        var phrases: [[Range<String.Index>]] = []
        var current: [Range<String.Index>] = []
        func endPhrase() {
            if !current.isEmpty { phrases.append(current) }
            current = []
        }

        var index = label.startIndex
        while index < label.endIndex {
            let character = label[index]
            if character.isWhitespace {
                index = label.index(after: index)
                continue
            }
            if phraseDashes.contains(character) {
                endPhrase()
                index = label.index(after: index)
                continue
            }
            var end = index
            while end < label.endIndex, !label[end].isWhitespace, !phraseDashes.contains(label[end]) {
                end = label.index(after: end)
            }
            if let (core, endsWithColon) = core(of: index..<end, in: label) {
                current.append(core)
                if endsWithColon { endPhrase() }
            }
            index = end
        }
        endPhrase()
        return phrases
    }

    /// The first word of an all-ASCII label (but for a closing "…") whose
    /// first piece is letters and digits only (most labels: "Open File",
    /// "Item 12", "Export Album…"), and whether
    /// a word follows — what `words(in:)` gives as its first element and
    /// `count >= 2`, found without listing the words. Nil for any other label.
    static func plainFirstWord(in label: String) -> (word: Substring, hasMore: Bool)? {
        var copy = label
        guard let (start, end, hasMore) = copy.withUTF8(plainFirstWord(bytes:)) else { return nil }
        let utf8 = label.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: start)
        let upper = utf8.index(lower, offsetBy: end - start)
        return (label[lower..<upper], hasMore)
    }

    /// `plainFirstWord(in:)` on a label's UTF-8: where its first word starts
    /// and ends, and whether a word follows. The rules ask it of each
    /// distinct label from the model's bytes, where a string per label cost
    /// more than the answer.
    static func plainFirstWord(bytes: UnsafeBufferPointer<UInt8>) -> (start: Int, end: Int, hasMore: Bool)? {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
        var start = 0
        var end = -1
        var hasMore = false
        // A closing "…" is no word and ends the last one (most labels that
        // open a window have it: "Export Album…").
        let count = bytes.endsWithEllipsisCharacter ? bytes.count - 3 : bytes.count
        for offset in 0..<count {
            let byte = bytes[offset]
            guard byte < 0x80 else { return nil }
            if end < 0 {
                if isSpace(byte) {
                    if offset > start { end = offset } else { start = offset + 1 }
                } else if !byte.isASCIIAlphanumeric {
                    return nil
                }
            } else if byte.isASCIIAlphanumeric {
                hasMore = true
            }
        }
        if end < 0 { end = count }
        guard end > start else { return nil }
        return (start, end, hasMore)
    }

    /// `!isVerb(word) && isKnownNonVerb(word)` for the first word of a plain
    /// label (see `plainFirstWord(bytes:)`), from its bytes; nil for any
    /// other label. Its first word is ASCII letters and digits, so it
    /// lowercases byte by byte and has as many characters as bytes.
    static func plainStartsWithNonVerb(bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard let (start, end, _) = plainFirstWord(bytes: bytes) else { return nil }
        // A number is no verb (and no curated verb starts with a digit).
        if bytes[start] >= UInt8(ascii: "0"), bytes[start] <= UInt8(ascii: "9") { return true }
        let word = UnsafeBufferPointer(rebasing: bytes[start..<end])
        let normalized = String(unsafeUninitializedCapacity: word.count) { lowered in
            for (offset, byte) in word.enumerated() { lowered[offset] = byte.asciiLowercased }
            return word.count
        }
        if verbs.contains(normalized) { return false }
        if nonVerbs.contains(normalized) { return true }
        return nonVerbEndings.contains { ending in
            let suffix = ending.utf8
            guard word.count > suffix.count + 2 else { return false }
            return zip(word[(word.count - suffix.count)...], suffix).allSatisfy { ($0 | 0x20) == $1 }
        }
    }

    /// `phrases(in:)` for an all-ASCII label, or nil for any other. Most
    /// labels are ASCII, and a byte loop avoids the Unicode property lookups
    /// of `Character`; the answers are the same, because in ASCII a letter is
    /// A–Z/a–z, a number is 0–9, whitespace is tab…carriage return and space,
    /// and neither dash exists.
    static func asciiPhrases(in label: String) -> [[Range<String.Index>]]? {
        let utf8 = label.utf8
        var label = label
        return label.withUTF8 { bytes -> [[Range<String.Index>]]? in
            var count = bytes.count
            // A closing "…" is trailing punctuation, trimmed from the last
            // word (or a word of its own with no letters): the words are those
            // of the bytes before it.
            if bytes.endsWithEllipsisCharacter { count -= 3 }
            for byte in bytes[0..<count] where byte >= 0x80 { return nil }
            func index(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
            func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
            var phrases: [[Range<String.Index>]] = []
            var current: [Range<String.Index>] = []
            var start = 0
            while start < count {
                if isSpace(bytes[start]) {
                    start += 1
                    continue
                }
                var end = start
                while end < count, !isSpace(bytes[end]) { end += 1 }
                var lower = start
                var upper = end
                while lower < upper, asciiLeadingPunctuation[Int(bytes[lower])] { lower += 1 }
                var endsWithColon = false
                while lower < upper, asciiTrailingPunctuation[Int(bytes[upper - 1])] {
                    if bytes[upper - 1] == UInt8(ascii: ":") { endsWithColon = true }
                    upper -= 1
                }
                var hasLetterOrDigit = false
                for offset in lower..<upper where asciiAlphanumeric[Int(bytes[offset])] {
                    hasLetterOrDigit = true
                    break
                }
                if hasLetterOrDigit {
                    current.append(index(lower)..<index(upper))
                    if endsWithColon {
                        phrases.append(current)
                        current = []
                    }
                }
                start = end
            }
            if !current.isEmpty { phrases.append(current) }
            return phrases
        }
    }

    /// ASCII lookup tables matching `leadingPunctuation`, `trailingPunctuation`
    /// and `isLetter || isNumber`.
    private static let asciiLeadingPunctuation = asciiTable(leadingPunctuation)
    private static let asciiTrailingPunctuation = asciiTable(trailingPunctuation)
    private static let asciiAlphanumeric: [Bool] = (0..<128).map { byte in
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    private static func asciiTable(_ characters: Set<Character>) -> [Bool] {
        (0..<128).map { characters.contains(Character(Unicode.Scalar(UInt8($0)))) }
    }

    /// Dashes that separate subphrases rather than join compounds.
    private static let phraseDashes: Set<Character> = ["—", "–"]

    /// Punctuation stripped from the start of a word: opening quotes and
    /// brackets, inverted marks, and an ellipsis ("…and More").
    private static let leadingPunctuation: Set<Character> = [
        "\"", "'", "“", "‘", "«", "‹", "„", "‚", "`", "(", "[", "{", "<", "¿", "¡", "…",
    ]

    /// Punctuation stripped from the end of a word: closing quotes and
    /// brackets, sentence punctuation and the ellipsis ("Print…").
    private static let trailingPunctuation: Set<Character> = [
        "\"", "'", "”", "’", "»", "›", "`", ")", "]", "}", ">", ".", ",", ":", ";", "!",
        "?", "…",
    ]

    /// The core of one whitespace- and dash-delimited piece, and whether a
    /// colon was among the stripped trailing punctuation. Nil when the core
    /// holds no letter or digit.
    private static func core(
        of piece: Range<String.Index>, in label: String
    ) -> (Range<String.Index>, endsWithColon: Bool)? {
        var lower = piece.lowerBound
        var upper = piece.upperBound
        while lower < upper, leadingPunctuation.contains(label[lower]) {
            lower = label.index(after: lower)
        }
        var endsWithColon = false
        while lower < upper {
            let last = label.index(before: upper)
            guard trailingPunctuation.contains(label[last]) else { break }
            if label[last] == ":" { endsWithColon = true }
            upper = last
        }
        guard label[lower..<upper].contains(where: { $0.isLetter || $0.isNumber }) else { return nil }
        return (lower..<upper, endsWithColon)
    }

    // MARK: - Verbs and standard labels

    /// Whether `word` is one of the curated UI command verbs (case-insensitive;
    /// a curly apostrophe matches a straight one, so "Don’t" is found).
    static func isVerb(_ word: String) -> Bool {
        verbs.contains(normalizedWord(word))
    }

    /// Whether the label is one Apple uses without a leading verb: an exact
    /// standard label ("Undo", "Settings…", "Bold", "Actual Size", "OK"), one
    /// starting with a standard prefix ("New …", "About <App>"), or an
    /// "<App> Help" item. Case, spacing and a trailing "…" or ":" don't matter.
    static func isStandardLabel(_ label: String) -> Bool {
        if isPlainlyNotStandard(label) { return false }
        return isStandardLabelByNormalizing(label)
    }

    /// The full analysis behind `isStandardLabel` (tests compare the fast path with it).
    static func isStandardLabelByNormalizing(_ label: String) -> Bool {
        let normalized = normalizedLabel(label)
        if standardLabels.contains(normalized) { return true }
        for prefix in standardPrefixes where normalized == prefix || normalized.hasPrefix(prefix + " ") {
            return true
        }
        return normalized.hasSuffix(" help")
    }

    /// The first word of each standard label and prefix: a label starting
    /// with none of these can only be standard as an "<App> Help" item.
    private static let standardFirstWords: Set<String> = Set((Array(standardLabels) + standardPrefixes).compactMap {
        $0.split(separator: " ").first.map(String.init)
    })

    /// True for an ASCII label that is plainly not standard: its first word
    /// starts no standard label or prefix, and its last word isn't "Help".
    /// (False means "ask the full analysis".) Telling most labels apart this
    /// way saves normalizing each: a file can hold a million distinct labels.
    static func isPlainlyNotStandard(_ label: String) -> Bool {
        var label = label
        return label.withUTF8 { bytes -> Bool in
            func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
            func lowercased(_ slice: Slice<UnsafeBufferPointer<UInt8>>) -> String {
                String(decoding: slice.map(\.asciiLowercased), as: UTF8.self)
            }
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return false }
            var start = 0
            while start < bytes.count, isSpace(bytes[start]) { start += 1 }
            var firstEnd = start
            while firstEnd < bytes.count, !isSpace(bytes[firstEnd]) { firstEnd += 1 }
            // A lone word loses a trailing "." or ":".
            var trimmedEnd = firstEnd
            while trimmedEnd > start, bytes[trimmedEnd - 1] == 0x2E || bytes[trimmedEnd - 1] == 0x3A { trimmedEnd -= 1 }
            if standardFirstWords.contains(lowercased(bytes[start..<firstEnd]))
                || standardFirstWords.contains(lowercased(bytes[start..<trimmedEnd])) { return false }
            var end = bytes.count
            while end > 0, isSpace(bytes[end - 1]) || bytes[end - 1] == 0x2E || bytes[end - 1] == 0x3A { end -= 1 }
            var lastStart = end
            while lastStart > 0, !isSpace(bytes[lastStart - 1]) { lastStart -= 1 }
            return lowercased(bytes[lastStart..<end]) != "help"
        }
    }

    private static func normalizedWord(_ word: String) -> String {
        // An ASCII word has no curly apostrophe and lowercases byte by byte:
        // mapping its characters cost 4,000 instructions a word.
        if word.utf8.allSatisfy({ $0 < 0x80 }) {
            return String(decoding: word.utf8.map(\.asciiLowercased), as: UTF8.self)
        }
        return String(word.lowercased().map { $0 == "’" ? "'" : $0 })
    }

    /// Lowercased, apostrophes straightened, whitespace runs collapsed to one
    /// space, and trailing "…", "...", ":" and whitespace dropped.
    private static func normalizedLabel(_ label: String) -> String {
        var words = label.split(whereSeparator: \.isWhitespace).map { normalizedWord(String($0)) }
        while let last = words.last {
            var trimmed = Substring(last)
            while let tail = trimmed.last, tail == "…" || tail == "." || tail == ":" {
                trimmed = trimmed.dropLast()
            }
            if trimmed.isEmpty {
                words.removeLast()
            } else {
                words[words.count - 1] = String(trimmed)
                break
            }
        }
        return words.joined(separator: " ")
    }

    // MARK: - Articles

    /// The label with each article ("a", "an", "the" as whole words,
    /// case-insensitive) removed together with the whitespace after it, or nil
    /// if there is none. E.g. "Add to the Cart" -> "Add to Cart".
    ///
    /// To keep false positives rare, a word only counts as an article when it
    /// stands alone between spaces (so quoted titles like "“The Road”" are left
    /// alone) and is followed, in the same subphrase, by a word that isn't
    /// itself a minor word: an article always precedes a noun phrase, so the
    /// letter in "Plan A" or "Sort A to Z" is not one. An article that is the
    /// whole label is not removed. Letter case of the remaining words is kept.
    /// Text `KeptText` keeps (quoted titles, the app's name in "About …",
    /// the `vocabulary`) keeps its articles: "About The Unarchiver".
    static func removingArticles(_ label: String, keeping vocabulary: [String] = []) -> String? {
        mayContainArticle(label) ? removingArticlesWordByWord(label, keeping: vocabulary) : nil
    }

    /// The full, per-word analysis behind `removingArticles`.
    static func removingArticlesWordByWord(_ label: String, keeping vocabulary: [String] = []) -> String? {
        var removals: [Range<String.Index>] = []
        let kept = KeptText.ranges(in: label, vocabulary: vocabulary)
        for phrase in phrases(in: label) {
            for (position, word) in phrase.enumerated() where isArticle(at: position, in: phrase, of: label) {
                guard isStandalone(word, in: label), !KeptText.overlaps(word, kept) else { continue }
                var end = word.upperBound
                while end < label.endIndex, label[end].isWhitespace {
                    end = label.index(after: end)
                }
                removals.append(word.lowerBound..<end)
            }
        }
        guard !removals.isEmpty else { return nil }

        var result = ""
        var cursor = label.startIndex
        for removal in removals {
            result += label[cursor..<removal.lowerBound]
            cursor = removal.upperBound
        }
        result += label[cursor...]
        return result
    }

    /// Whether removing the label's articles is certain to leave a label a
    /// person accepts: "the" can always go ("Move to Trash"), "a" and "an"
    /// only right after the verb that starts a phrase ("Add Bookmark");
    /// elsewhere the noun may need it ("for an hour" is not "for hour").
    static func articleRemovalIsCertain(_ label: String, keeping vocabulary: [String] = []) -> Bool {
        let kept = KeptText.ranges(in: label, vocabulary: vocabulary)
        for phrase in phrases(in: label) {
            for (position, word) in phrase.enumerated() where isArticle(at: position, in: phrase, of: label) {
                guard isStandalone(word, in: label), !KeptText.overlaps(word, kept) else { continue }
                if label[word].lowercased() != "the", position != 1 { return false }
            }
        }
        return true
    }

    /// Whether the word at `position` is used as an article: it spells one
    /// and the next word of its subphrase exists and is not a minor word.
    /// False only when the label certainly has no article: it is ASCII and
    /// no run of letters in it is "a", "an" or "the" (an article word is such
    /// a run, whatever punctuation surrounds it). Spares the per-word
    /// analysis for nearly every label.
    static func mayContainArticle(_ label: String) -> Bool {
        var label = label
        return label.withUTF8(mayContainArticle(bytes:))
    }

    /// `mayContainArticle(_:)` on a label's UTF-8, as the rules read it from the model.
    static func mayContainArticle(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // A closing "…" ends the last run like punctuation does.
        let end = bytes.endsWithEllipsisCharacter ? bytes.count - 3 : bytes.count
        var run: (start: Int, length: Int) = (0, 0)
        func isArticleRun() -> Bool {
            // Lowercased as the run was read (only A–Z and a–z are letters after `| 0x20`).
            func byte(_ offset: Int) -> UInt8 { bytes[run.start + offset] | 0x20 }
            switch run.length {
            case 1: return byte(0) == UInt8(ascii: "a")
            case 2: return byte(0) == UInt8(ascii: "a") && byte(1) == UInt8(ascii: "n")
            case 3: return byte(0) == UInt8(ascii: "t") && byte(1) == UInt8(ascii: "h") && byte(2) == UInt8(ascii: "e")
            default: return false
            }
        }
        for offset in 0..<end {
            let raw = bytes[offset]
            if raw >= 0x80 { return true }
            let byte = raw | 0x20
            if byte >= UInt8(ascii: "a"), byte <= UInt8(ascii: "z") {
                if run.length == 0 { run.start = offset }
                run.length += 1
            } else {
                if isArticleRun() { return true }
                run.length = 0
            }
        }
        return isArticleRun()
    }

    /// A capital "A" is a name ("Deck A Tempo", "Plan A") unless it follows a verb ("Take A Screenshot").
    static func isArticle(at position: Int, in phrase: [Range<String.Index>], of label: String) -> Bool {
        let word = label[phrase[position]]
        guard articles.contains(word.lowercased()), !(word == "A" && isNamedLetter(at: position, in: phrase, of: label)) else { return false }
        let next = position + 1
        guard next < phrase.count else { return false }
        return !minorWords.contains(label[phrase[next]].lowercased())
    }

    /// Whether a single capital letter names something ("Deck A", "Plan B"):
    /// anywhere but first in its phrase or right after a curated verb.
    static func isNamedLetter(at position: Int, in phrase: [Range<String.Index>], of label: String) -> Bool {
        guard position > 0 else { return false }
        return !isVerb(String(label[phrase[position - 1]]))
    }

    /// Whether the range is delimited by whitespace or the label's ends.
    private static func isStandalone(_ range: Range<String.Index>, in label: String) -> Bool {
        if range.lowerBound > label.startIndex,
           !label[label.index(before: range.lowerBound)].isWhitespace {
            return false
        }
        if range.upperBound < label.endIndex, !label[range.upperBound].isWhitespace {
            return false
        }
        return true
    }

    // MARK: - Repeated leading terms

    /// For `suggest-submenu`: leading terms shared by more than two of a
    /// group's labels ("Sort by Date", "Sort by Subject", "Sort by Unread" →
    /// "Sort by", submenu "Sort By"). Results are ordered by their first index.
    ///
    /// A label's leading term is its first word, or its first two words when
    /// the second is a preposition of four or fewer letters. Labels are first
    /// grouped by first word (case-insensitively); within a group of three or
    /// more, labels sharing the same preposition form a two-word group when
    /// there are more than two of them, and the rest form a one-word group if
    /// more than two remain. A label counts only if it has at least one word
    /// after its term, since a submenu needs something left to list
    /// ("Copy" next to "Copy Link" is not a submenu candidate).
    static func repeatedLeadingTerms(
        _ labels: [String],
        words: (String) -> [(text: Substring, range: Range<String.Index>)] = LabelWords.words(in:)
    ) -> [(term: String, submenuTitle: String, indices: [Int])] {
        // Eight bytes a label: a menu of a million items makes a million
        // leads. The terms are read again from the labels of the groups
        // that are reported.
        struct Lead {
            let index: Int32
            /// Index into `prepositions` when the second word is a short
            /// preposition and a word follows it, else -1.
            let preposition: Int32
        }

        var prepositions: [String] = []
        var prepositionIDs: [String: Int32] = [:]
        var firstWordOrder: [String] = []
        var byFirstWord: [String: [Lead]] = [:]
        for (index, label) in labels.enumerated() {
            let words = words(label)
            guard words.count >= 2 else { continue }
            var preposition: Int32 = -1
            if words.count >= 3 {
                let second = words[1].text.lowercased()
                if shortPrepositions.contains(second) {
                    if let known = prepositionIDs[second] {
                        preposition = known
                    } else {
                        preposition = Int32(prepositions.count)
                        prepositionIDs[second] = preposition
                        prepositions.append(second)
                    }
                }
            }
            let key = words[0].text.lowercased()
            if byFirstWord[key] == nil { firstWordOrder.append(key) }
            byFirstWord[key, default: []].append(Lead(index: Int32(index), preposition: preposition))
        }

        var results: [(term: String, submenuTitle: String, indices: [Int])] = []
        func report(_ term: String, _ leads: [Lead]) {
            results.append((term, TitleCase.titleCased(term), leads.map { Int($0.index) }))
        }
        for key in firstWordOrder {
            guard let group = byFirstWord[key], group.count > 2 else { continue }
            // A two-word group takes its labels when it has more than two;
            // the rest may still share the first word.
            var counts = [Int](repeating: 0, count: prepositions.count)
            var prepositionOrder: [Int32] = []
            for lead in group where lead.preposition >= 0 {
                if counts[Int(lead.preposition)] == 0 { prepositionOrder.append(lead.preposition) }
                counts[Int(lead.preposition)] += 1
            }
            for preposition in prepositionOrder where counts[Int(preposition)] > 2 {
                let members = group.filter { $0.preposition == preposition }
                let label = labels[Int(members[0].index)]
                let leading = words(label)
                report(String(label[leading[0].range.lowerBound..<leading[1].range.upperBound]), members)
            }
            let rest = group.filter { $0.preposition < 0 || counts[Int($0.preposition)] <= 2 }
            if rest.count > 2 { report(String(words(labels[Int(rest[0].index)])[0].text), rest) }
        }
        return results.sorted { ($0.indices.first ?? 0) < ($1.indices.first ?? 0) }
    }
}
