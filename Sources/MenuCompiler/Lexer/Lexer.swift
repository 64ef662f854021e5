/// Turns the bytes of one source file into tokens, on demand.
///
/// Works on UTF-8 bytes directly: the ASCII structure of the language is
/// recognised byte by byte and only strings and comments ever see other
/// bytes, which are validated as UTF-8 where they occur. The lexer never
/// fails: anything it cannot make sense of becomes a diagnostic plus an
/// `invalid` token, and lexing continues.
public struct Lexer {
    public let file: SourceFile
    private let bytes: [UInt8]
    private var offset: Int
    public private(set) var diagnostics: [Diagnostic] = []
    /// Spans of ordinary (non-doc) comments, kept for the formatter.
    public private(set) var comments: [Span] = []
    private let recordComments: Bool

    public init(file: SourceFile, recordComments: Bool = false) {
        self.file = file
        self.bytes = file.bytes
        self.recordComments = recordComments
        // A byte-order mark is allowed and ignored.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            offset = 3
        } else {
            offset = 0
        }
    }

    private func span(_ start: Int, _ end: Int) -> Span { Span(file: file.id, start: start, end: end) }

    private mutating func report(_ message: String, _ start: Int, _ end: Int, label: String = "", help: String? = nil, notes: [String] = []) {
        diagnostics.append(.error(.syntax, message, at: span(start, end), label: label, notes: notes, help: help))
    }

    /// Lexes every token of the file (used by tests and the benchmark).
    public mutating func allTokens() -> [Token] {
        var tokens: [Token] = []
        while true {
            let token = next()
            tokens.append(token)
            if token.kind == .endOfFile { return tokens }
        }
    }

    public mutating func next() -> Token {
        let bytes = self.bytes
        return bytes.withUnsafeBufferPointer { buffer in nextToken(buffer) }
    }

    private mutating func nextToken(_ buffer: UnsafeBufferPointer<UInt8>) -> Token {
        let count = buffer.count
        var sawNewline = false
        var newlineStart = 0
        // Skip blank space and comments; a run of line breaks becomes one token.
        while offset < count {
            let byte = buffer[offset]
            switch byte {
            case 0x20, 0x09, 0x0B, 0x0C:
                offset += 1
            case 0x0A, 0x0D:
                if !sawNewline { sawNewline = true; newlineStart = offset }
                offset += 1
            case 0x2F where offset + 1 < count && buffer[offset + 1] == 0x2F:
                let isDoc = offset + 2 < count && buffer[offset + 2] == 0x2F && !(offset + 3 < count && buffer[offset + 3] == 0x2F)
                if isDoc {
                    // A doc comment is a token of its own; a pending line
                    // break is emitted first so the parser sees the order.
                    if sawNewline { return Token(kind: .newline, start: newlineStart, end: offset) }
                    let start = offset + 3
                    offset = start
                    scanToEndOfLine(buffer)
                    return Token(kind: .docComment, start: start, end: offset)
                }
                let start = offset
                scanToEndOfLine(buffer)
                if recordComments { comments.append(span(start, offset)) }
            case 0x2F where offset + 1 < count && buffer[offset + 1] == 0x2A:
                let start = offset
                let containedNewline = scanBlockComment(buffer)
                if containedNewline, !sawNewline { sawNewline = true; newlineStart = start }
                if recordComments { comments.append(span(start, offset)) }
            default:
                if sawNewline { return Token(kind: .newline, start: newlineStart, end: offset) }
                return scanToken(buffer, byte)
            }
        }
        if sawNewline { return Token(kind: .newline, start: newlineStart, end: offset) }
        return Token(kind: .endOfFile, start: count, end: count)
    }

    /// Moves to the next line break (not past it), validating what it skips.
    private mutating func scanToEndOfLine(_ buffer: UnsafeBufferPointer<UInt8>) {
        let count = buffer.count
        while offset < count {
            let byte = buffer[offset]
            if byte == 0x0A || byte == 0x0D { return }
            if byte < 0x80 {
                if byte == 0 { report("NUL byte in source", offset, offset + 1, label: "NUL", help: "remove the NUL byte; .menu files are UTF-8 text") }
                offset += 1
            } else {
                offset += validateUTF8(buffer, at: offset)
            }
        }
    }

    /// Skips a `/* … */` comment with nesting. Returns whether it spanned lines.
    private mutating func scanBlockComment(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = buffer.count
        var openers = [offset]
        var containedNewline = false
        offset += 2
        while offset < count {
            let byte = buffer[offset]
            if byte == 0x2A, offset + 1 < count, buffer[offset + 1] == 0x2F {
                openers.removeLast()
                offset += 2
                if openers.isEmpty { return containedNewline }
            } else if byte == 0x2F, offset + 1 < count, buffer[offset + 1] == 0x2A {
                openers.append(offset)
                offset += 2
            } else if byte < 0x80 {
                if byte == 0x0A { containedNewline = true }
                if byte == 0 { report("NUL byte in source", offset, offset + 1, label: "NUL", help: "remove the NUL byte; .menu files are UTF-8 text") }
                offset += 1
            } else {
                offset += validateUTF8(buffer, at: offset)
            }
        }
        let innermost = openers.last ?? 0
        let outermost = openers.first ?? 0
        var notes: [String] = []
        if openers.count > 1 {
            notes.append("block comments nest: \(openers.count) are still open, the innermost at line \(file.position(of: innermost).line)")
        }
        report("unterminated block comment", outermost, outermost + 2, label: "comment starts here and never ends",
               help: "close it with '*/' (each '/*' inside needs its own '*/')", notes: notes)
        return containedNewline
    }

    private mutating func scanToken(_ buffer: UnsafeBufferPointer<UInt8>, _ byte: UInt8) -> Token {
        let start = offset
        let kind: TokenKind
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
            offset += 1
            while offset < buffer.count, Lexer.isIdentifierByte(buffer[offset]) { offset += 1 }
            return Token(kind: .identifier, start: start, end: offset)
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            return scanNumber(buffer)
        case UInt8(ascii: "\""):
            return scanString(buffer)
        case UInt8(ascii: "{"): kind = .leftBrace
        case UInt8(ascii: "}"): kind = .rightBrace
        case UInt8(ascii: "("): kind = .leftParen
        case UInt8(ascii: ")"): kind = .rightParen
        case UInt8(ascii: "["): kind = .leftBracket
        case UInt8(ascii: "]"): kind = .rightBracket
        case UInt8(ascii: ":"): kind = .colon
        case UInt8(ascii: ";"): kind = .semicolon
        case UInt8(ascii: ","): kind = .comma
        case UInt8(ascii: "@"): kind = .at
        case UInt8(ascii: "-"): kind = .minus
        default:
            return scanInvalid(buffer, byte)
        }
        offset += 1
        return Token(kind: kind, start: start, end: offset)
    }

    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }

    private mutating func scanNumber(_ buffer: UnsafeBufferPointer<UInt8>) -> Token {
        let start = offset
        while offset < buffer.count, buffer[offset] &- 0x30 < 10 { offset += 1 }
        // Fractions and dotted versions (`10.5`, `10.15.1`); the parser decides
        // which form a given position accepts.
        while offset + 1 < buffer.count, buffer[offset] == UInt8(ascii: "."), buffer[offset + 1] &- 0x30 < 10 {
            offset += 1
            while offset < buffer.count, buffer[offset] &- 0x30 < 10 { offset += 1 }
        }
        return Token(kind: .number, start: start, end: offset)
    }

    private mutating func scanString(_ buffer: UnsafeBufferPointer<UInt8>) -> Token {
        let start = offset
        let count = buffer.count
        var hasEscapes = false
        offset += 1
        while offset < count {
            let byte = buffer[offset]
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                return Token(kind: .string, start: start, end: offset, hasEscapes: hasEscapes)
            case UInt8(ascii: "\\"):
                hasEscapes = true
                scanEscape(buffer)
            case 0x0A, 0x0D:
                return unterminatedString(start, hasEscapes: hasEscapes)
            case 0:
                report("NUL byte in string literal", offset, offset + 1, label: "NUL", help: "write the character you mean, or use a \\u{…} escape")
                offset += 1
            case 0x01..<0x80:
                offset += 1
            default:
                offset += validateUTF8(buffer, at: offset)
            }
        }
        return unterminatedString(start, hasEscapes: hasEscapes)
    }

    private mutating func unterminatedString(_ start: Int, hasEscapes: Bool) -> Token {
        report("unterminated string literal", start, offset, label: "this string has no closing quote",
               help: "add a closing '\"' before the end of the line (strings cannot span lines; write \\n for a line break)")
        return Token(kind: .string, start: start, end: offset, hasEscapes: hasEscapes)
    }

    /// Validates one escape sequence starting at the backslash.
    private mutating func scanEscape(_ buffer: UnsafeBufferPointer<UInt8>) {
        let start = offset
        let count = buffer.count
        offset += 1
        guard offset < count else { return }
        switch buffer[offset] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "n"), UInt8(ascii: "t"):
            offset += 1
        case UInt8(ascii: "u"):
            offset += 1
            guard offset < count, buffer[offset] == UInt8(ascii: "{") else {
                report("expected '{' after '\\u' in a Unicode escape", start, offset, label: "write \\u{1F600}")
                return
            }
            offset += 1
            let digitsStart = offset
            while offset < count, Lexer.hexValue(buffer[offset]) != nil { offset += 1 }
            let digits = offset - digitsStart
            guard offset < count, buffer[offset] == UInt8(ascii: "}") else {
                report("expected '}' to close the Unicode escape", start, offset, label: "unclosed \\u{…}", help: "a Unicode escape is \\u{ followed by 1 to 8 hexadecimal digits and }")
                return
            }
            offset += 1
            guard (1...8).contains(digits) else {
                report("a Unicode escape needs 1 to 8 hexadecimal digits, found \(digits)", start, offset)
                return
            }
            var value: UInt32 = 0
            for index in digitsStart..<(digitsStart + digits) { value = value &* 16 &+ UInt32(Lexer.hexValue(buffer[index]) ?? 0) }
            if (0xD800...0xDFFF).contains(value) {
                report("\\u{\(String(value, radix: 16, uppercase: true))} is a lone UTF-16 surrogate, not a Unicode scalar", start, offset,
                       label: "not a character", help: "write the character's scalar value (for example \\u{1F600}), not UTF-16 halves")
            } else if value > 0x10FFFF {
                report("\\u{\(String(value, radix: 16, uppercase: true))} is beyond the last Unicode scalar U+10FFFF", start, offset, label: "not a character")
            } else if value == 0 {
                report("\\u{0} would put a NUL character in a label", start, offset, label: "NUL")
            }
        case 0x0A, 0x0D:
            report("a backslash at the end of a line is not an escape", start, offset, help: "strings cannot span lines; write \\n for a line break")
        default:
            let width = buffer[offset] < 0x80 ? 1 : SourceFile.sequenceWidth(leadByte: buffer[offset])
            let end = min(count, offset + width)
            let shown = file.text(offset..<end)
            report("unknown escape sequence '\\\(shown)'", start, end, label: "not an escape",
                   help: "the escapes are \\\" \\\\ \\n \\t and \\u{…}; write \\\\ for a backslash")
            offset = end
        }
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Stray bytes outside strings and comments: report once per run.
    private mutating func scanInvalid(_ buffer: UnsafeBufferPointer<UInt8>, _ byte: UInt8) -> Token {
        let start = offset
        if byte == 0 {
            while offset < buffer.count, buffer[offset] == 0 { offset += 1 }
            report("NUL byte in source", start, offset, label: "NUL", help: "remove the NUL byte; .menu files are UTF-8 text")
            return Token(kind: .invalid, start: start, end: offset)
        }
        if byte >= 0x80 {
            let width = validateUTF8(buffer, at: offset, reportErrors: true)
            offset += width
            if width > 0, diagnostics.last?.span.start != start {
                let character = file.text(start..<offset)
                report("unexpected character '\(character)'", start, offset, label: "not allowed here",
                       help: "identifiers use ASCII letters, digits and '_'; put other text inside a string")
            }
            return Token(kind: .invalid, start: start, end: offset)
        }
        offset += 1
        let character = byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "\\u{\(String(byte, radix: 16, uppercase: true))}"
        report("unexpected character '\(character)'", start, offset, label: "not part of the language",
               help: byte == UInt8(ascii: "'") ? "strings use double quotes: \"…\"" : nil)
        return Token(kind: .invalid, start: start, end: offset)
    }

    /// Checks the UTF-8 sequence at `index`; returns how many bytes to skip
    /// (at least 1) and reports a malformed run once.
    private mutating func validateUTF8(_ buffer: UnsafeBufferPointer<UInt8>, at index: Int, reportErrors: Bool = true) -> Int {
        if let width = Lexer.validSequenceLength(buffer, at: index) { return width }
        guard reportErrors else { return 1 }
        // One message for the whole run of bytes that decode to nothing.
        var end = index + 1
        while end < buffer.count, buffer[end] >= 0x80, Lexer.validSequenceLength(buffer, at: end) == nil { end += 1 }
        let hex = buffer[index..<min(end, index + 4)].map { "0x" + String($0, radix: 16, uppercase: true) }.joined(separator: " ")
        report("invalid UTF-8 (\(hex)\(end - index > 4 ? " …" : ""))", index, end, label: "not UTF-8", help: "save the file as UTF-8")
        return end - index
    }

    /// Length of the well-formed UTF-8 sequence at `index`, or nil (overlong
    /// forms, surrogates and values past U+10FFFF are not well-formed).
    static func validSequenceLength(_ buffer: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let lead = buffer[index]
        let width: Int
        var scalar: UInt32
        let minimum: UInt32
        switch lead {
        case 0x00..<0x80: return 1
        case 0xC2...0xDF: width = 2; scalar = UInt32(lead & 0x1F); minimum = 0x80
        case 0xE0...0xEF: width = 3; scalar = UInt32(lead & 0x0F); minimum = 0x800
        case 0xF0...0xF4: width = 4; scalar = UInt32(lead & 0x07); minimum = 0x10000
        default: return nil
        }
        guard index + width <= buffer.count else { return nil }
        for next in (index + 1)..<(index + width) {
            let byte = buffer[next]
            guard byte & 0xC0 == 0x80 else { return nil }
            scalar = scalar << 6 | UInt32(byte & 0x3F)
        }
        guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else { return nil }
        return width
    }
}

extension Lexer {
    /// The value of a string token, escapes decoded and quotes removed.
    public static func decodeString(_ token: Token, in file: SourceFile) -> String {
        let bytes = file.bytes
        let contentStart = token.start + 1
        var contentEnd = token.end
        if contentEnd > contentStart, bytes[contentEnd - 1] == UInt8(ascii: "\"") { contentEnd -= 1 }
        guard contentEnd > contentStart else { return "" }
        if !token.hasEscapes {
            return String(decoding: bytes[contentStart..<contentEnd], as: UTF8.self)
        }
        var output: [UInt8] = []
        output.reserveCapacity(contentEnd - contentStart)
        var index = contentStart
        while index < contentEnd {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\\"), index + 1 < contentEnd else {
                output.append(byte)
                index += 1
                continue
            }
            let escaped = bytes[index + 1]
            switch escaped {
            case UInt8(ascii: "n"): output.append(0x0A); index += 2
            case UInt8(ascii: "t"): output.append(0x09); index += 2
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(escaped); index += 2
            case UInt8(ascii: "u"):
                var cursor = index + 2
                var value: UInt32 = 0
                var digits = 0
                if cursor < contentEnd, bytes[cursor] == UInt8(ascii: "{") {
                    cursor += 1
                    while cursor < contentEnd, let digit = hexValue(bytes[cursor]) {
                        value = value &* 16 &+ UInt32(digit)
                        digits += 1
                        cursor += 1
                    }
                    if cursor < contentEnd, bytes[cursor] == UInt8(ascii: "}") { cursor += 1 }
                }
                // Invalid escapes were reported by the lexer; decode them as U+FFFD.
                let scalar = (1...8).contains(digits) && value != 0 ? Unicode.Scalar(value) : nil
                output.append(contentsOf: Array(String(Character(scalar ?? "\u{FFFD}")).utf8))
                index = cursor
            default:
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
