import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// Turns arbitrary text into Swift source that can't be misread: string
/// literals that carry the exact text, identifiers that are never keywords,
/// and comments that can't end early or hide what follows.
///
/// Escaping here is a security boundary: labels and doc comments come from
/// `.menu` files, and a generated file is compiled into an app.
package enum SwiftEscaping {
    // MARK: - String literals

    /// A double-quoted Swift string literal whose value is exactly `text`.
    ///
    /// `"` and `\` are escaped (so `\(`, `"""` and `#` are inert), common
    /// control characters get their short escapes (`\n`, `\t`, `\0`, …), and
    /// every other invisible or reordering character — other controls,
    /// bidirectional overrides and isolates, zero-width and format
    /// characters, line and paragraph separators, private-use and unassigned
    /// code points — becomes `\u{…}`, so the source shows what it contains.
    /// Emoji (including joined sequences) stay as they are.
    package static func stringLiteral(_ text: String) -> String {
        var text = text
        if text.withUTF8(needsNoEscape) { return "\"" + text + "\"" }
        var result = "\""
        let scalars = Array(text.unicodeScalars)
        var previousWasEscaped = true  // a combining mark can't attach to the opening quote
        for (index, scalar) in scalars.enumerated() {
            // Printable ASCII is neither invisible nor combining: the cheap case.
            if scalar.value >= 0x20, scalar.value < 0x7F, scalar != "\"", scalar != "\\" {
                previousWasEscaped = false
                result.unicodeScalars.append(scalar)
                continue
            }
            let escaped: String?
            switch scalar {
            case "\"": escaped = "\\\""
            case "\\": escaped = "\\\\"
            case "\n": escaped = "\\n"
            case "\r": escaped = "\\r"
            case "\t": escaped = "\\t"
            case "\0": escaped = "\\0"
            default:
                if InvisibleCharacters.isInvisible(scalar, previous: index > 0 ? scalars[index - 1] : nil, next: index + 1 < scalars.count ? scalars[index + 1] : nil)
                    || (previousWasEscaped && InvisibleCharacters.isCombining(scalar)) {
                    escaped = InvisibleCharacters.unicodeEscape(scalar)
                } else {
                    escaped = nil
                }
            }
            if let escaped {
                previousWasEscaped = true
                result += escaped
            } else {
                previousWasEscaped = false
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// Whether UTF-8 goes between double quotes as it is: printable ASCII
    /// other than `"` and `\` (the common case).
    static func needsNoEscape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes where byte < 0x20 || byte >= 0x7F || byte == 0x22 || byte == 0x5C { return false }
        return true
    }

    // MARK: - Comments

    /// Text safe inside a `//` or `///` comment line: line breaks become
    /// spaces and invisible or reordering characters become `\u{…}`, so a
    /// comment can't end early, hide text, or flip the code after it.
    package static func commentText(_ text: String) -> String {
        // Printable ASCII is never invisible and has no tab: the common case, unchanged.
        var text = text
        if text.withUTF8(isPrintableASCII) { return text }
        var result = ""
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            if scalar == "\t" {
                result += " "
            } else if InvisibleCharacters.isInvisible(scalar, previous: index > 0 ? scalars[index - 1] : nil, next: index + 1 < scalars.count ? scalars[index + 1] : nil) {
                result += isLineBreak(scalar) ? " " : InvisibleCharacters.unicodeEscape(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether UTF-8 is all printable ASCII: nothing in it to sanitize in a comment.
    static func isPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes where byte < 0x20 || byte >= 0x7F { return false }
        return true
    }

    /// `///` lines for a doc comment, one per line of `text`, each sanitized
    /// with ``commentText(_:)``.
    package static func docComment(_ text: String) -> [String] {
        // One line of printable ASCII (most doc comments) has nothing to split or sanitize.
        var text = text
        if !text.isEmpty, text.withUTF8(isPrintableASCII) { return ["/// " + text] }
        return splitLines(text).map { line in
            let safe = commentText(line)
            return safe.isEmpty ? "///" : "/// " + safe
        }
    }

    /// Splits at every line break Swift or an editor might honour.
    static func splitLines(_ text: String) -> [String] {
        var lines: [String] = [""]
        var previousWasReturn = false
        for scalar in text.unicodeScalars {
            if scalar == "\n", previousWasReturn { previousWasReturn = false; continue }
            previousWasReturn = scalar == "\r"
            if isLineBreak(scalar) {
                lines.append("")
            } else {
                lines[lines.count - 1].unicodeScalars.append(scalar)
            }
        }
        return lines
    }

    /// Line feed, carriage return, vertical tab, form feed, next line, and
    /// the line and paragraph separators.
    static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    // MARK: - Identifiers

    /// Words that must be written in backticks to be used as names. Backticks
    /// are harmless on other words, so the list errs on the long side.
    package static let keywords: Set<String> = [
        // Declarations
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var",
        // Statements
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
        "in", "repeat", "return", "switch", "throw", "where", "while",
        // Expressions and types
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
        // Contextual words that read as modifiers in a declaration's position
        "package", "actor", "macro",
    ]

    /// Names that even backticks can't make usable as members (`X.self`,
    /// `X.Type` and `X.init` mean something else) and `_`, which is no name.
    static let unusableMemberNames: Set<String> = ["self", "Self", "Type", "Protocol", "init", "deinit", "subscript", "_"]

    /// `name` as written in Swift: in backticks when it is a keyword.
    /// `name` must already be a valid identifier.
    package static func identifier(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// `keywords`, for asking about bytes without making a string.
    static let keywordBytes = ASCIIWordSet(keywords)

    /// Whether `text` is a plain Swift identifier (ASCII letters, digits and
    /// `_`, not starting with a digit).
    package static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, !text.isEmpty else { return false }
        guard first == "_" || ("a"..."z").contains(first) || ("A"..."Z").contains(first) else { return false }
        return text.unicodeScalars.allSatisfy { $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    }

    /// `EditNote` → `editNote`, `PDFExport` → `pdfExport`, `URL` → `url`:
    /// the leading capitals lowered, keeping the last one of a run that
    /// starts the next word.
    package static func lowerCamelCase(_ name: String) -> String {
        // Identifiers are ASCII: lower the leading capitals byte by byte.
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            var bytes = Array(name.utf8)
            let isUpper = { (byte: UInt8) in byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
            var index = 0
            while index < bytes.count, isUpper(bytes[index]) { index += 1 }
            guard index > 0 else { return name }
            if index > 1, index < bytes.count, bytes[index] >= UInt8(ascii: "a"), bytes[index] <= UInt8(ascii: "z") { index -= 1 }
            for position in 0..<index { bytes[position] += 0x20 }
            return String(decoding: bytes, as: UTF8.self)
        }
        let characters = Array(name)
        var index = 0
        while index < characters.count, characters[index].isUppercase { index += 1 }
        guard index > 0 else { return name }
        // In `PDFExport` the `E` starts the next word: keep it.
        if index > 1, index < characters.count, characters[index].isLowercase { index -= 1 }
        return String(characters[..<index]).lowercased() + String(characters[index...])
    }

    /// A type name from a file name: `notes.menu` → `Notes`,
    /// `hostile-labels.menu` → `HostileLabels`, `3d.menu` → `_3d`. Words are
    /// split at anything but ASCII letters and digits; nil when nothing is left.
    package static func upperCamelCase(fileName: String) -> String? {
        var stem = Substring(fileName)
        if let dot = stem.lastIndex(of: "."), dot != stem.startIndex { stem = stem[..<dot] }
        let folded = LatinFolding.folded(String(stem))
        let words = folded.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        guard !words.isEmpty else { return nil }
        let joined = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return joined.first?.isNumber == true ? "_" + joined : joined
    }
}

/// A set of short ASCII words that answers for bytes without making a
/// string (keywords, reserved names): the words of each length, compared
/// by their `BytePrefix`.
struct ASCIIWordSet: Sendable {
    /// Each word as its `BytePrefix`, by length (no word is longer than a prefix).
    private let wordsByLength: [[BytePrefix]]
    /// The first bytes of the words of each length, a bit each (four words
    /// of 64 bits per length): most texts asked about share no first byte
    /// with a word of their length, and are answered without a prefix.
    private let firstBytes: [UInt64]

    init(_ words: Set<String>) {
        var byLength = Array(repeating: [BytePrefix](), count: BytePrefix.length + 1)
        var firsts = [UInt64](repeating: 0, count: (BytePrefix.length + 1) * 4)
        for word in words.sorted() {
            let bytes = Array(word.utf8)
            precondition(bytes.count <= BytePrefix.length, "a word longer than a byte prefix")
            byLength[bytes.count].append(bytes.withUnsafeBufferPointer(BytePrefix.init))
            if let first = bytes.first { firsts[Self.slot(length: bytes.count, first: first)] |= Self.bit(first) }
        }
        wordsByLength = byLength
        firstBytes = firsts
    }

    private static func slot(length: Int, first: UInt8) -> Int { length * 4 + Int(first >> 6) }

    private static func bit(_ first: UInt8) -> UInt64 { 1 << UInt64(first & 63) }

    /// Compares two integers per word of the same length: comparing byte
    /// arrays cost about 120 instructions a lookup, and the Swift backend
    /// asks twice for every action and once for every declaration.
    func contains(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count <= BytePrefix.length else { return false }
        guard let first = bytes.first else { return !wordsByLength[0].isEmpty }
        guard firstBytes[Self.slot(length: bytes.count, first: first)] & Self.bit(first) != 0 else { return false }
        return wordsByLength[bytes.count].contains(BytePrefix(bytes))
    }
}

/// Up to the first sixteen bytes of a text as two big-endian integers,
/// zero-padded: for texts of the same length equal prefixes mean equal
/// bytes, and comparing the integers orders texts as their bytes do, up to
/// a tie (when the prefixes are equal).
struct BytePrefix: Equatable {
    static let length = 16
    var high: UInt64 = 0
    var low: UInt64 = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        // Byte by byte: a copy of the prefix (a generic slice and `memcpy`)
        // cost several times as much for the short texts asked about.
        for (position, byte) in bytes.prefix(BytePrefix.length).enumerated() {
            if position < 8 {
                high |= UInt64(byte) << UInt64(56 - 8 * position)
            } else {
                low |= UInt64(byte) << UInt64(56 - 8 * (position - 8))
            }
        }
    }
}
