/// Strict JSON text (RFC 8259) to `JSON`, with the standard library only:
/// `JSONSerialization` lives in full Foundation, which menuc does not link.
///
/// Used for language-server messages, `menuc.json` and baselines. Numbers
/// without a fraction or exponent that fit an `Int` become `.int`, all
/// others `.double` (as `JSONSerialization` told them apart). Strings must
/// be valid UTF-8; escapes include surrogate pairs. A lone surrogate escape
/// (`"\ud800"`: RFC 8259's grammar allows it, and editors send one when a
/// pair is split by an edit) becomes U+FFFD, which is one UTF-16 unit like
/// the lone surrogate in the editor's text, so positions after it still
/// agree. Nesting is limited, so hostile input cannot overflow the stack.
struct JSONParser {
    /// Why the text is not JSON, and where (byte offset from 0).
    struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        var message: String
        var offset: Int

        var description: String { "\(message) at byte \(offset + 1)" }
    }

    /// Deeper nesting is rejected (`JSONSerialization` used the same limit):
    /// no message, configuration or baseline comes near it, and everything
    /// that walks a value afterwards (comparing, freeing) recurses per level.
    static let maximumDepth = 512

    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// One value, with only whitespace around it. A UTF-8 byte order mark
    /// at the start is skipped (editors on Windows write one).
    mutating func parseDocument() throws(Failure) -> JSON {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        guard position == bytes.count else { throw failure("unexpected text after the value") }
        return value
    }

    // MARK: - Values

    /// A container being read: what it holds so far, and for an object the
    /// key whose value comes next.
    private enum OpenContainer {
        case array([JSON])
        case object([String: JSON], key: String)
    }

    /// One value, containers included. Open containers wait on an explicit
    /// stack rather than on the call stack, so the depth limit is the only
    /// bound and no thread's stack size matters.
    private mutating func parseValue() throws(Failure) -> JSON {
        var open: [OpenContainer] = []
        while true {
            var value: JSON
            guard let byte = peek() else { throw failure("unexpected end of text, expected a value") }
            switch byte {
            case UInt8(ascii: "{"):
                try enterContainer(below: open.count)
                position += 1  // {
                skipWhitespace()
                if peek() == UInt8(ascii: "}") {
                    position += 1
                    value = .object([:])
                } else {
                    open.append(.object([:], key: try parseKey()))
                    continue
                }
            case UInt8(ascii: "["):
                try enterContainer(below: open.count)
                position += 1  // [
                skipWhitespace()
                if peek() == UInt8(ascii: "]") {
                    position += 1
                    value = .array([])
                } else {
                    open.append(.array([]))
                    continue
                }
            case UInt8(ascii: "\""): value = .string(try parseString())
            case UInt8(ascii: "t"): try expectWord("true"); value = .bool(true)
            case UInt8(ascii: "f"): try expectWord("false"); value = .bool(false)
            case UInt8(ascii: "n"): try expectWord("null"); value = .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = try parseNumber()
            default: throw failure("unexpected \(describe(byte)), expected a value")
            }
            // The value is complete: it goes into the innermost open
            // container, which may close with it, and so on outwards.
            closing: while let container = open.popLast() {
                skipWhitespace()
                switch container {
                case .array(var elements):
                    elements.append(value)
                    switch peek() {
                    case UInt8(ascii: ","):
                        position += 1
                        skipWhitespace()
                        open.append(.array(elements))
                        break closing
                    case UInt8(ascii: "]"):
                        position += 1
                        value = .array(elements)
                    default: throw failure(found: "expected ',' or ']' in an array")
                    }
                case .object(var members, let key):
                    members[key] = value
                    switch peek() {
                    case UInt8(ascii: ","):
                        position += 1
                        skipWhitespace()
                        let next = try parseKey()
                        open.append(.object(members, key: next))
                        break closing
                    case UInt8(ascii: "}"):
                        position += 1
                        value = .object(members)
                    default: throw failure(found: "expected ',' or '}' in an object")
                    }
                }
            }
            if open.isEmpty { return value }
        }
    }

    /// An object's key and its colon, and the blank space after it.
    private mutating func parseKey() throws(Failure) -> String {
        guard peek() == UInt8(ascii: "\"") else { throw failure(found: "expected a string key") }
        let key = try parseString()
        skipWhitespace()
        guard peek() == UInt8(ascii: ":") else { throw failure(found: "expected ':' after an object key") }
        position += 1
        skipWhitespace()
        return key
    }

    private func enterContainer(below openCount: Int) throws(Failure) {
        guard openCount < JSONParser.maximumDepth else { throw failure("nested more than \(JSONParser.maximumDepth) levels deep") }
    }

    private mutating func expectWord(_ word: StaticString) throws(Failure) {
        let start = position
        for expected in UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount) {
            guard peek() == expected else {
                position = start
                throw failure("unexpected \(describe(bytes[start])), expected a value")
            }
            position += 1
        }
    }

    // MARK: - Strings

    /// A string starting at its opening quote. Runs without escapes are
    /// copied as they are; the result is checked to be valid UTF-8.
    private mutating func parseString() throws(Failure) -> String {
        let start = position
        position += 1  // "
        var decoded: [UInt8] = []
        var runStart = position
        while true {
            guard let byte = peek() else {
                position = start
                throw failure("unterminated string")
            }
            switch byte {
            case UInt8(ascii: "\""):
                let run = bytes[runStart..<position]
                position += 1
                if decoded.isEmpty { return try string(fromUTF8: run, at: runStart) }
                decoded.append(contentsOf: run)
                return try string(fromUTF8: decoded[...], at: start)
            case UInt8(ascii: "\\"):
                decoded.append(contentsOf: bytes[runStart..<position])
                try parseEscape(into: &decoded)
                runStart = position
            case 0x00..<0x20:
                throw failure("control character U+00\(hexDigits(byte)) in a string (write it as an escape)")
            default:
                position += 1
            }
        }
    }

    /// One escape sequence, starting at its backslash, appended as UTF-8.
    private mutating func parseEscape(into output: inout [UInt8]) throws(Failure) {
        let start = position
        position += 1  // backslash
        guard let letter = peek() else { throw failure("unterminated string") }
        position += 1
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(letter)
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0C)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "u"):
            var value = try parseHexQuad()
            if (0xD800...0xDBFF).contains(value), peek() == UInt8(ascii: "\\"), peek(at: position + 1) == UInt8(ascii: "u") {
                // A high surrogate followed by an escaped low one is a pair;
                // followed by any other escape, it stands alone.
                let second = position
                position += 2
                let low = try parseHexQuad()
                if (0xDC00...0xDFFF).contains(low) {
                    value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                } else {
                    position = second
                }
            }
            // What is still a surrogate here is a lone one.
            let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
            UTF8.encode(scalar) { output.append($0) }
        default:
            position = start
            throw failure("invalid escape in a string: \(describe(letter)) after a backslash")
        }
    }

    /// The four hex digits of a `\u` escape.
    private mutating func parseHexQuad() throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek(), let digit = hexValue(byte) else { throw failure(found: "expected four hex digits after \\u") }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    private func string(fromUTF8 utf8: ArraySlice<UInt8>, at offset: Int) throws(Failure) -> String {
        // `String(decoding:)` would quietly replace bad bytes with U+FFFD.
        let invalid = transcode(utf8.makeIterator(), from: UTF8.self, to: UTF8.self, stoppingOnError: true) { _ in }
        guard !invalid else { throw Failure(message: "invalid UTF-8 in a string", offset: offset) }
        return String(decoding: utf8, as: UTF8.self)
    }

    // MARK: - Numbers

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    private mutating func parseNumber() throws(Failure) -> JSON {
        let start = position
        var isInteger = true
        if peek() == UInt8(ascii: "-") { position += 1 }
        if peek() == UInt8(ascii: "0") {
            position += 1
            if let next = peek(), isDigit(next) { throw failure("leading zeros are not allowed in numbers") }
        } else {
            try skipDigits(after: start)
        }
        if peek() == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            try skipDigits(after: start)
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { position += 1 }
            try skipDigits(after: start)
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if isInteger, let value = Int(text) { return .int(value) }
        guard let value = Double(text), value.isFinite else {
            throw Failure(message: "number \(text) is out of range", offset: start)
        }
        return .double(value)
    }

    /// One or more digits.
    private mutating func skipDigits(after start: Int) throws(Failure) {
        guard let first = peek(), isDigit(first) else { throw failure(found: "expected a digit in a number") }
        while let byte = peek(), isDigit(byte) { position += 1 }
    }

    // MARK: - Bytes

    private func peek() -> UInt8? { peek(at: position) }

    private func peek(at index: Int) -> UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private func hexDigits(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]], as: UTF8.self)
    }

    /// A byte as an error message shows it: `'x'` when printable ASCII.
    private func describe(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(hexDigits(byte))"
    }

    private func failure(_ message: String) -> Failure {
        Failure(message: message, offset: position)
    }

    /// "`what` but found …" at the current position.
    private func failure(found what: String) -> Failure {
        guard let byte = peek() else { return failure("unexpected end of text, \(what)") }
        return failure("unexpected \(describe(byte)), \(what)")
    }
}

extension JSON {
    /// Parses UTF-8 JSON text; throws `JSONParser.Failure` on anything that
    /// is not exactly one JSON value (of any type) with optional whitespace.
    package static func parse(_ bytes: [UInt8]) throws -> JSON {
        var parser = JSONParser(bytes)
        return try parser.parseDocument()
    }
}
