/// A JSON value as JSON-RPC carries it, and as `menuc.json` and baselines
/// are read. Parsing (`JSONParser`) is strict, so malformed input is
/// rejected; writing sorts object keys, so every message the server writes
/// is byte-for-byte deterministic.
package enum JSON: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    // MARK: - Reading

    package subscript(key: String) -> JSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    package var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    package var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// Integers, and doubles that hold an integer (`3.0`), which some
    /// clients send for positions.
    package var int: Int? {
        switch self {
        case .int(let value): return value
        case .double(let value) where value.rounded() == value && abs(value) < 9e15: return Int(value)
        default: return nil
        }
    }

    package var array: [JSON]? {
        if case .array(let values) = self { return values }
        return nil
    }

    package var object: [String: JSON]? {
        if case .object(let members) = self { return members }
        return nil
    }

    package var isNull: Bool { self == .null }

    // MARK: - Text

    // Parsing: `JSON.parse(_:)` in JSONParser.swift.

    /// Compact UTF-8 text with sorted keys. Written by hand rather than with
    /// `JSONEncoder`: the server encodes every answer (thousands of
    /// completion items a minute while typing) and this is several times faster.
    package func encoded() -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        write(to: &output)
        return output
    }

    private func write(to output: inout [UInt8]) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .int(let value): output.append(contentsOf: String(value).utf8)
        // JSON has no infinities or NaN; the server never makes them, but stay valid.
        case .double(let value): output.append(contentsOf: (value.isFinite ? String(value) : "null").utf8)
        case .string(let value): JSON.writeString(value, to: &output)
        case .array(let values):
            output.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                value.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                JSON.writeString(key, to: &output)
                output.append(UInt8(ascii: ":"))
                members[key]?.write(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// A JSON string: quotes, backslashes and control characters escaped,
    /// everything else (`…`, `⌘`, emoji) as UTF-8.
    private static func writeString(_ string: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        // Most strings need no escaping: copy them in one go.
        let copied = string.utf8.withContiguousStorageIfAvailable { buffer -> Bool in
            for byte in buffer where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return false }
            output.append(contentsOf: buffer)
            return true
        }
        if copied == true {
            output.append(UInt8(ascii: "\""))
            return
        }
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): output.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: output.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: output.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: output.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x00..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                output.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
            default:
                output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    package var text: String { String(decoding: encoded(), as: UTF8.self) }
}

extension JSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral {
    package init(stringLiteral value: String) { self = .string(value) }
    package init(integerLiteral value: Int) { self = .int(value) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(arrayLiteral elements: JSON...) { self = .array(elements) }
    package init(nilLiteral: ()) { self = .null }

    package init(dictionaryLiteral elements: (String, JSON)...) {
        var members: [String: JSON] = [:]
        for (key, value) in elements { members[key] = value }
        self = .object(members)
    }
}

extension JSON {
    /// An object without the members whose value is nil: optional protocol
    /// fields are left out rather than sent as `null`.
    package static func object(dropping members: [String: JSON?]) -> JSON {
        .object(members.compactMapValues { $0 })
    }
}

/// Something the server sends as JSON.
package protocol JSONRepresentable {
    var json: JSON { get }
}

extension Array where Element: JSONRepresentable {
    package var json: JSON { .array(map(\.json)) }
}
