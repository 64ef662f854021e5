@_spi(MenuPipeline) import MenuSupport

/// Turns the bytes of one source file into tokens, on demand.
///
/// Works on UTF-8 bytes directly: the ASCII structure of the language is
/// recognised byte by byte and only strings and comments ever see other
/// bytes, which are validated as UTF-8 where they occur. The lexer never
/// fails: anything it cannot make sense of becomes a diagnostic plus an
/// `invalid` token, and lexing continues.
///
/// It reads the file through a raw buffer pointer, so a lexer only lives
/// inside `SourceFile.bytes.withUnsafeBufferPointer` — the parser runs
/// whole inside one (see `Parser.parse`), and `tokenize` does the same for
/// tools that want every token. Re-entering the array once per token cost
/// two thirds of the lexer's time.
package struct Lexer {
    package let file: SourceFile
    private let buffer: UnsafeBufferPointer<UInt8>
    private var offset: Int
    /// Its errors: the first listed, the rest counted (see `ErrorLog`).
    /// Shared by copies of a lexer, which only ever has one owner.
    let errors = ErrorLog()
    /// Spans of ordinary (non-doc) comments, kept for the formatter.
    package private(set) var comments: [Span] = []
    private let recordComments: Bool

    /// A lexer over `buffer`, which must be `file.bytes` and outlive it.
    init(file: SourceFile, buffer: UnsafeBufferPointer<UInt8>, recordComments: Bool = false) {
        self.file = file
        self.buffer = buffer
        self.recordComments = recordComments
        // A byte-order mark is allowed and ignored.
        if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF {
            offset = 3
        } else {
            offset = 0
        }
    }

    /// Every token of a file (ending with `endOfFile`), its comments and its lexical errors.
    package struct Tokens: Sendable {
        package var tokens: [Token]
        /// Ordinary comments, when asked for.
        package var comments: [Span]
        package var diagnostics: [Diagnostic]
    }

    /// Lexes the whole file: for the formatter, the language server, tests and the benchmark.
    package static func tokenize(_ file: SourceFile, recordComments: Bool = false) -> Tokens {
        file.bytes.withUnsafeBufferPointer { buffer in
            var lexer = Lexer(file: file, buffer: buffer, recordComments: recordComments)
            var tokens: [Token] = []
            // About one token per five bytes in real files; one regrowth at most.
            tokens.reserveCapacity(buffer.count / 4 + 16)
            while true {
                let token = lexer.next()
                tokens.append(token)
                if token.kind == .endOfFile { break }
            }
            return Tokens(tokens: tokens, comments: lexer.comments, diagnostics: lexer.diagnostics)
        }
    }

    /// The file's tokens (without `endOfFile`) counted as the parser lexes
    /// them, a batch at a time into a small buffer: what lexing costs inside
    /// a parse, which `tokenize`'s array of every token (16 bytes a token,
    /// fresh memory the size of the file and more) does not show.
    package static func countTokens(_ file: SourceFile) -> Int {
        file.bytes.withUnsafeBufferPointer { buffer in
            withUnsafeTemporaryAllocation(of: Token.self, capacity: Parser.lexedAheadCapacity) { batch in
                var lexer = Lexer(file: file, buffer: buffer)
                var count = 0
                while true {
                    let written = lexer.lex(into: batch)
                    count += written
                    if written == 0 || batch[written - 1].kind == .endOfFile { return count - 1 }
                }
            }
        }
    }

    /// The errors found so far, with one `too-many-errors` for those past the limit.
    package var diagnostics: [Diagnostic] { errors.listed + (errors.unlisted.map { [$0.diagnostic] } ?? []) }

    private func span(_ start: Int, _ end: Int) -> Span { Span(file: file.id, start: start, end: end) }

    /// Reports a syntax error; its texts are only made while errors are listed.
    private func report(_ message: @autoclosure () -> String, _ start: Int, _ end: Int, label: @autoclosure () -> String = "",
                        help: @autoclosure () -> String? = nil, notes: @autoclosure () -> [String] = []) {
        let at = span(start, end)
        errors.add(at: at) { .error(.syntax, message(), at: at, label: label(), notes: notes(), help: help()) }
    }

    /// Lexes into `tokens` until it is full or holds the `endOfFile` token
    /// (then `endOfFile` again on every call); returns how many it wrote,
    /// at least one when `tokens` is not empty. The parser takes its tokens
    /// this way: `next` is inlined here, so the scanner's state stays in
    /// registers for a whole batch.
    mutating func lex(into tokens: UnsafeMutableBufferPointer<Token>) -> Int {
        var written = 0
        while written < tokens.count {
            let token = next()
            tokens[written] = token
            written += 1
            if token.kind == .endOfFile { break }
        }
        return written
    }

    /// The next token; `endOfFile` from then on.
    ///
    /// The blank-space loop keeps its position in a local and stores it
    /// only where it leaves or calls out (in memory, each byte cost a store
    /// and a load). Inlined into `lex(into:)`, through which the parser
    /// takes its tokens, and into `tokenize`.
    @inline(__always)
    package mutating func next() -> Token {
        let buffer = self.buffer
        let count = buffer.count
        var index = offset
        // Where a run of line breaks began, or -1 outside one.
        var newlineStart = -1
        // Skip blank space and comments; a run of line breaks becomes one token.
        while index < count {
            let byte = buffer[index]
            switch byte {
            case 0x20, 0x09, 0x0B, 0x0C:
                index += 1
            case 0x0A, 0x0D:
                if newlineStart < 0 { newlineStart = index }
                index += 1
            case 0x2F where index + 1 < count && buffer[index + 1] == 0x2F:
                let isDoc = index + 2 < count && buffer[index + 2] == 0x2F && !(index + 3 < count && buffer[index + 3] == 0x2F)
                if isDoc {
                    // A doc comment is a token of its own; a pending line
                    // break is emitted first so the parser sees the order.
                    if newlineStart >= 0 { return newline(from: newlineStart, to: index) }
                    let start = index + 3
                    offset = start
                    scanToEndOfLine()
                    return Token(kind: .docComment, start: start, end: offset)
                }
                offset = index
                scanToEndOfLine()
                if recordComments { comments.append(span(index, offset)) }
                index = offset
            case 0x2F where index + 1 < count && buffer[index + 1] == 0x2A:
                offset = index
                let containedNewline = scanBlockComment()
                if containedNewline, newlineStart < 0 { newlineStart = index }
                if recordComments { comments.append(span(index, offset)) }
                index = offset
            default:
                if newlineStart >= 0 { return newline(from: newlineStart, to: index) }
                // Identifiers and punctuation, three tokens in four, are
                // scanned here rather than in `scanToken`: the compiler
                // does not inline that, and the call cost more than the scan.
                if Lexer.startsIdentifier(byte) {
                    let end = ByteWords.identifierEnd(in: buffer, from: index + 1)
                    offset = end
                    return Token(kind: .identifier, start: index, end: end)
                }
                if let kind = Lexer.punctuation(byte) {
                    offset = index + 1
                    return Token(kind: kind, start: index, end: index + 1)
                }
                offset = index
                return scanToken(byte)
            }
        }
        if newlineStart >= 0 { return newline(from: newlineStart, to: index) }
        offset = count
        return Token(kind: .endOfFile, start: count, end: count)
    }

    /// The line-break token `start..<end`; the next token starts at `end`.
    @inline(__always)
    private mutating func newline(from start: Int, to end: Int) -> Token {
        offset = end
        return Token(kind: .newline, start: start, end: end)
    }

    /// Moves to the next line break (not past it), validating what it skips.
    private mutating func scanToEndOfLine() {
        let count = buffer.count
        while offset < count {
            let byte = buffer[offset]
            if byte == 0x0A || byte == 0x0D { return }
            if byte < 0x80 {
                if byte == 0 { report("NUL byte in source", offset, offset + 1, label: "NUL", help: "remove the NUL byte; .menu files are UTF-8 text") }
                offset += 1
            } else {
                offset += validateUTF8(at: offset)
            }
        }
    }

    /// Skips a `/* … */` comment with nesting. Returns whether it spanned lines.
    private mutating func scanBlockComment() -> Bool {
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
                offset += validateUTF8(at: offset)
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

    /// A number, a string or bytes that form no token (see `next` for the others).
    private mutating func scanToken(_ byte: UInt8) -> Token {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            return scanNumber()
        case UInt8(ascii: "\""):
            return scanString()
        default:
            return scanInvalid(byte)
        }
    }

    /// `[A-Za-z_]`: the bytes an identifier starts with.
    @inline(__always)
    static func startsIdentifier(_ byte: UInt8) -> Bool {
        // Setting bit 5 maps 'A'…'Z' onto 'a'…'z' and nothing else into that range.
        (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte == UInt8(ascii: "_")
    }

    /// The one-byte token `byte` is, if it is one.
    @inline(__always)
    static func punctuation(_ byte: UInt8) -> TokenKind? {
        switch byte {
        case UInt8(ascii: "{"): .leftBrace
        case UInt8(ascii: "}"): .rightBrace
        case UInt8(ascii: "("): .leftParen
        case UInt8(ascii: ")"): .rightParen
        case UInt8(ascii: "["): .leftBracket
        case UInt8(ascii: "]"): .rightBracket
        case UInt8(ascii: ":"): .colon
        case UInt8(ascii: ";"): .semicolon
        case UInt8(ascii: ","): .comma
        case UInt8(ascii: "@"): .at
        case UInt8(ascii: "-"): .minus
        default: nil
        }
    }

    /// `[A-Za-z0-9_]`, as two 64-bit masks: one shift and test per byte.
    @inline(__always)
    package static func isIdentifierByte(_ byte: UInt8) -> Bool {
        // Bits 48–57: '0'…'9'.
        let below64: UInt64 = 0x03FF_0000_0000_0000
        // Bits (from 64) 1–26: 'A'…'Z', 31: '_', 33–58: 'a'…'z'.
        let below128: UInt64 = 0x07FF_FFFE_87FF_FFFE
        if byte < 64 { return (below64 &>> UInt64(byte)) & 1 != 0 }
        return byte < 128 && (below128 &>> UInt64(byte &- 64)) & 1 != 0
    }

    private mutating func scanNumber() -> Token {
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

    private mutating func scanString() -> Token {
        let start = offset
        let count = buffer.count
        var hasEscapes = false
        offset += 1
        while true {
            // Printable ASCII other than '"' and '\\': most of every label.
            offset = ByteWords.plainStringEnd(in: buffer, from: offset)
            guard offset < count else { break }
            let byte = buffer[offset]
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                return Token(kind: .string, start: start, end: offset, hasEscapes: hasEscapes)
            case UInt8(ascii: "\\"):
                hasEscapes = true
                scanEscape()
            case 0x0A, 0x0D:
                return unterminatedString(start, hasEscapes: hasEscapes)
            case 0:
                report("NUL byte in string literal", offset, offset + 1, label: "NUL", help: "write the character you mean, or use a \\u{…} escape")
                offset += 1
            case 0x01..<0x80:
                offset += 1
            default:
                offset += validateUTF8(at: offset)
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
    private mutating func scanEscape() {
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
            report("unknown escape sequence '\\\(file.text(offset..<end))'", start, end, label: "not an escape",
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
    private mutating func scanInvalid(_ byte: UInt8) -> Token {
        let start = offset
        // A '+' between two words ("cmd+q") is a shortcut written without
        // its quotes: the parser reports that once, with the quotes to add.
        if byte == UInt8(ascii: "+"), start > 0, start + 1 < buffer.count,
           buffer[start - 1].isASCIIAlphanumeric, buffer[start + 1].isASCIIAlphanumeric || buffer[start + 1] == UInt8(ascii: ",") {
            offset += 1
            return Token(kind: .invalid, start: start, end: offset)
        }
        if byte == 0 {
            while offset < buffer.count, buffer[offset] == 0 { offset += 1 }
            report("NUL byte in source", start, offset, label: "NUL", help: "remove the NUL byte; .menu files are UTF-8 text")
            return Token(kind: .invalid, start: start, end: offset)
        }
        if byte >= 0x80 {
            let isCharacter = Lexer.validSequenceLength(buffer, at: start) != nil
            offset += validateUTF8(at: offset, reportErrors: true)
            if isCharacter {
                // (An invalid sequence was reported as such.)
                report("unexpected character '\(file.text(start..<offset))'", start, offset, label: "not allowed here",
                       help: "identifiers use ASCII letters, digits and '_'; put other text inside a string")
            }
            return Token(kind: .invalid, start: start, end: offset)
        }
        offset += 1
        report("unexpected character '\(byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "\\u{\(String(byte, radix: 16, uppercase: true))}")'", start, offset, label: "not part of the language",
               help: byte == UInt8(ascii: "'") ? "strings use double quotes: \"…\"" : nil)
        return Token(kind: .invalid, start: start, end: offset)
    }

    /// Checks the UTF-8 sequence at `index`; returns how many bytes to skip
    /// (at least 1) and reports a malformed run once.
    private mutating func validateUTF8(at index: Int, reportErrors: Bool = true) -> Int {
        if let width = Lexer.validSequenceLength(buffer, at: index) { return width }
        guard reportErrors else { return 1 }
        // One message for the whole run of bytes that decode to nothing.
        var end = index + 1
        while end < buffer.count, buffer[end] >= 0x80, Lexer.validSequenceLength(buffer, at: end) == nil { end += 1 }
        report("invalid UTF-8 (\(buffer[index..<min(end, index + 4)].map { "0x" + String($0, radix: 16, uppercase: true) }.joined(separator: " "))\(end - index > 4 ? " …" : ""))",
               index, end, label: "not UTF-8", help: "save the file as UTF-8")
        return end - index
    }

    /// Length of the well-formed UTF-8 sequence at `index`, or nil (overlong
    /// forms, surrogates and values past U+10FFFF are not well-formed).
    package static func validSequenceLength(_ buffer: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
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
    package static func decodeString(_ token: Token, in file: SourceFile) -> String {
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
