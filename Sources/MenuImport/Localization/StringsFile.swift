import MenuSupport
import MenuSyntax
import MenuFormatter
import MenuCompiler

/// A `.strings` file: `"key" = "value";` entries with `/* */` and `//`
/// comments, as Xcode writes them for a XIB (`"abc-12-xyz.title" =
/// "Öffnen";`) or keyed by the English text (`"Open" = "Öffnen";`).
///
/// Xcode writes these files in UTF-16 (with a byte-order mark) or UTF-8;
/// both are read, and a UTF-16 file without a mark is recognized by its
/// zero bytes. Invalid text is an error with its line, never replaced.
enum StringsFile {
    struct Entry: Sendable, Equatable {
        var key: String
        var value: String
        /// nil when the file says no line (a catalog key not found as written).
        var line: Int?
    }

    struct Failure: Error, Sendable, Equatable {
        var line: Int
        var message: String
    }

    enum Encoding: String, Sendable {
        case utf8 = "UTF-8"
        case utf16LittleEndian = "UTF-16LE"
        case utf16BigEndian = "UTF-16BE"
    }

    /// The most a strings file may hold.
    static let maximumBytes = 16 << 20

    static func read(_ bytes: [UInt8]) -> Result<(entries: [Entry], encoding: Encoding), Failure> {
        guard bytes.count <= maximumBytes else {
            return .failure(Failure(line: 1, message: "the file is larger than \(maximumBytes >> 20) MiB"))
        }
        switch decode(bytes) {
        case .failure(let failure): return .failure(failure)
        case .success(let (scalars, encoding)):
            var parser = Parser(scalars: scalars)
            return parser.entries().map { ($0, encoding) }
        }
    }

    /// The file's characters, by its byte-order mark or, without one, its zero bytes.
    static func decode(_ bytes: [UInt8]) -> Result<([Unicode.Scalar], Encoding), Failure> {
        if bytes.starts(with: [0xFF, 0xFE]) { return utf16(bytes.dropFirst(2), bigEndian: false).map { ($0, .utf16LittleEndian) } }
        if bytes.starts(with: [0xFE, 0xFF]) { return utf16(bytes.dropFirst(2), bigEndian: true).map { ($0, .utf16BigEndian) } }
        if bytes.count >= 2, bytes[0] != 0, bytes[1] == 0 { return utf16(bytes[...], bigEndian: false).map { ($0, .utf16LittleEndian) } }
        if bytes.count >= 2, bytes[0] == 0, bytes[1] != 0 { return utf16(bytes[...], bigEndian: true).map { ($0, .utf16BigEndian) } }
        let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(text.count)
        var iterator = text.makeIterator()
        var decoder = UTF8()
        var line = 1
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\n" { line += 1 }
                scalars.append(scalar)
            case .emptyInput:
                return .success((scalars, .utf8))
            case .error:
                return .failure(Failure(line: line, message: "invalid UTF-8 (and no byte-order mark saying UTF-16)"))
            }
        }
    }

    private static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> Result<[Unicode.Scalar], Failure> {
        guard bytes.count % 2 == 0 else { return .failure(Failure(line: 1, message: "UTF-16 text with an odd number of bytes (the file is cut off)")) }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let (first, second) = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(units.count)
        var iterator = units.makeIterator()
        var decoder = UTF16()
        var line = 1
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\n" { line += 1 }
                scalars.append(scalar)
            case .emptyInput:
                return .success(scalars)
            case .error:
                return .failure(Failure(line: line, message: "invalid UTF-16 (a surrogate without its pair)"))
            }
        }
    }

    /// The grammar of an old-style property list of strings, without recursion.
    private struct Parser {
        let scalars: [Unicode.Scalar]
        var position = 0
        var line = 1

        init(scalars: [Unicode.Scalar]) {
            self.scalars = scalars
            if scalars.first == "\u{FEFF}" { position = 1 }
        }

        mutating func entries() -> Result<[Entry], Failure> {
            var entries: [Entry] = []
            do {
                while true {
                    try skipBlankAndComments()
                    guard position < scalars.count else { return .success(entries) }
                    let keyLine = line
                    let key = try string(what: "a key")
                    try skipBlankAndComments()
                    var value = key
                    if peek == "=" {
                        position += 1
                        try skipBlankAndComments()
                        value = try string(what: "a value after '='")
                        try skipBlankAndComments()
                    }
                    guard peek == ";" else { throw Failure(line: line, message: "expected ';' after the entry \"\(TextEscaping.visible(key))\"") }
                    position += 1
                    entries.append(Entry(key: key, value: value, line: keyLine))
                }
            } catch let failure as Failure {
                return .failure(failure)
            } catch {
                return .failure(Failure(line: line, message: "\(error)"))
            }
        }

        var peek: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

        mutating func advance() -> Unicode.Scalar? {
            guard position < scalars.count else { return nil }
            let scalar = scalars[position]
            position += 1
            if scalar == "\n" { line += 1 }
            return scalar
        }

        mutating func skipBlankAndComments() throws {
            while let scalar = peek {
                if scalar.properties.isWhitespace {
                    _ = advance()
                } else if scalar == "/", position + 1 < scalars.count, scalars[position + 1] == "*" {
                    let start = line
                    position += 2
                    while true {
                        guard let next = advance() else { throw Failure(line: start, message: "a comment that never ends ('*/' is missing)") }
                        if next == "*", peek == "/" {
                            position += 1
                            break
                        }
                    }
                } else if scalar == "/", position + 1 < scalars.count, scalars[position + 1] == "/" {
                    while let next = peek, next != "\n" { position += 1 }
                } else {
                    return
                }
            }
        }

        /// A quoted string with its escapes, or an unquoted word.
        mutating func string(what: String) throws -> String {
            guard let first = peek else { throw Failure(line: line, message: "the file ends where \(what) should be") }
            if first != "\"" {
                var word = String.UnicodeScalarView()
                while let scalar = peek, Parser.isWordScalar(scalar) {
                    word.append(scalar)
                    position += 1
                }
                guard !word.isEmpty else {
                    throw Failure(line: line, message: "expected \(what) in quotes, found '\(TextEscaping.visible(String(Character(first))))'")
                }
                return String(word)
            }
            let start = line
            position += 1
            var result = String.UnicodeScalarView()
            while true {
                guard let scalar = advance() else { throw Failure(line: start, message: "a string that never ends (its closing quote is missing)") }
                switch scalar {
                case "\"":
                    return String(result)
                case "\\":
                    guard let escaped = advance() else { throw Failure(line: start, message: "a string that never ends (its closing quote is missing)") }
                    result.append(try unescaped(escaped))
                default:
                    result.append(scalar)
                }
            }
        }

        /// What `\x` stands for; `\U1234`, `\u1234` and octal `\123` read more.
        mutating func unescaped(_ escaped: Unicode.Scalar) throws -> Unicode.Scalar {
            switch escaped {
            case "n": return "\n"
            case "t": return "\t"
            case "r": return "\r"
            case "a": return "\u{7}"
            case "b": return "\u{8}"
            case "f": return "\u{C}"
            case "v": return "\u{B}"
            case "U", "u":
                var value: UInt32 = 0
                for _ in 0..<4 {
                    guard let digit = peek.flatMap({ Parser.hexValue($0) }) else {
                        throw Failure(line: line, message: "'\\\(escaped)' needs four hexadecimal digits")
                    }
                    value = value << 4 | digit
                    position += 1
                }
                // A surrogate pair is written as two escapes.
                if (0xD800...0xDBFF).contains(value), peek == "\\", position + 1 < scalars.count, scalars[position + 1] == "U" || scalars[position + 1] == "u" {
                    let saved = position
                    position += 2
                    var low: UInt32 = 0
                    var digits = 0
                    while digits < 4, let digit = peek.flatMap({ Parser.hexValue($0) }) {
                        low = low << 4 | digit
                        position += 1
                        digits += 1
                    }
                    if digits == 4, (0xDC00...0xDFFF).contains(low), let scalar = Unicode.Scalar(0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)) {
                        return scalar
                    }
                    position = saved
                }
                guard let scalar = Unicode.Scalar(value), value != 0 else {
                    throw Failure(line: line, message: "'\\\(escaped)\(UTF8Check.hex(value))' is not a character")
                }
                return scalar
            case "0"..."7":
                var value = escaped.value - 0x30
                var digits = 1
                while digits < 3, let next = peek, ("0"..."7").contains(next) {
                    value = value * 8 + next.value - 0x30
                    position += 1
                    digits += 1
                }
                guard value != 0, let scalar = Unicode.Scalar(value) else { throw Failure(line: line, message: "'\\0' is not a character a title can hold") }
                return scalar
            default:
                // `\"`, `\\`, `\'` and any other character stand for themselves.
                return escaped
            }
        }

        static func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
            switch scalar {
            case "0"..."9": scalar.value - 0x30
            case "a"..."f": scalar.value - 0x61 + 10
            case "A"..."F": scalar.value - 0x41 + 10
            default: nil
            }
        }

        static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "_", "$", "+", "/", ":", ".", "-": true
            default: false
            }
        }
    }
}
