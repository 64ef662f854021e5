/// Encodes any `Encodable` value as JSON, keeping object keys in the order
/// they were encoded — the order `menuc build --emit json` writes.
///
/// Foundation's `JSONEncoder` reorders keys (or sorts them); with this
/// encoder a ``MenuDocument`` is written byte for byte as the JSON backend
/// writes it: two-space indentation, `"key": value`, `[]` and `{}` for empty
/// containers, a trailing newline, and whole numbers without a fraction.
/// It needs nothing from Foundation.
public struct OrderedJSONEncoder: Sendable {
    /// Creates an encoder.
    public init() {}

    /// The JSON text of `value`, pretty-printed, ending in a newline.
    public func encodeToString<Value: Encodable>(_ value: Value) throws -> String {
        let root = JSONNode()
        try root.store(value, codingPath: [])
        var output: [UInt8] = []
        output.reserveCapacity(4096)
        root.write(to: &output, indent: 0)
        output.append(0x0A)
        return String(decoding: output, as: UTF8.self)
    }

    /// The JSON text of `value` as UTF-8 bytes.
    public func encode<Value: Encodable>(_ value: Value) throws -> [UInt8] {
        Array(try encodeToString(value).utf8)
    }
}

/// A JSON value under construction. A class, because containers handed out
/// by the encoder keep writing into it after they are returned.
final class JSONNode {
    enum Content {
        /// Nothing encoded yet; written as `{}` like Foundation does.
        case empty
        /// A finished scalar, as JSON text.
        case scalar(String)
        case array([JSONNode])
        case object(keys: [String], values: [String: JSONNode])
    }

    var content: Content = .empty

    /// Encodes `value` into this node: scalars directly, anything else
    /// through its `encode(to:)`.
    func store<Value: Encodable>(_ value: Value, codingPath: [any CodingKey]) throws {
        switch value {
        case let text as String: content = .scalar(JSONNode.quoted(text))
        case let flag as Bool: content = .scalar(flag ? "true" : "false")
        case let number as Int: content = .scalar(String(number))
        case let number as Int8: content = .scalar(String(number))
        case let number as Int16: content = .scalar(String(number))
        case let number as Int32: content = .scalar(String(number))
        case let number as Int64: content = .scalar(String(number))
        case let number as UInt: content = .scalar(String(number))
        case let number as UInt8: content = .scalar(String(number))
        case let number as UInt16: content = .scalar(String(number))
        case let number as UInt32: content = .scalar(String(number))
        case let number as UInt64: content = .scalar(String(number))
        case let number as Double: content = .scalar(try JSONNode.format(number, codingPath: codingPath))
        case let number as Float: content = .scalar(try JSONNode.format(Double(number), codingPath: codingPath))
        default: try value.encode(to: NodeEncoder(node: self, codingPath: codingPath))
        }
    }

    /// Makes this node an object (keeping members already stored).
    func becomeObject() {
        if case .object = content { return }
        content = .object(keys: [], values: [:])
    }

    /// Makes this node an array (keeping elements already stored).
    func becomeArray() {
        if case .array = content { return }
        content = .array([])
    }

    /// The member node for `key`, created at the end when new.
    func member(_ key: String) -> JSONNode {
        becomeObject()
        guard case .object(var keys, var values) = content else { return JSONNode() }
        if let existing = values[key] { return existing }
        let node = JSONNode()
        content = .empty  // drop the reference so the arrays are mutated in place
        keys.append(key)
        values[key] = node
        content = .object(keys: keys, values: values)
        return node
    }

    /// A new element node at the end of this array.
    func appendElement() -> JSONNode {
        becomeArray()
        guard case .array(var elements) = content else { return JSONNode() }
        let node = JSONNode()
        content = .empty
        elements.append(node)
        content = .array(elements)
        return node
    }

    var count: Int {
        switch content {
        case .array(let elements): elements.count
        case .object(let keys, _): keys.count
        case .empty, .scalar: 0
        }
    }

    // MARK: - Writing

    func write(to output: inout [UInt8], indent: Int) {
        switch content {
        case .empty:
            output.append(contentsOf: "{}".utf8)
        case .scalar(let text):
            output.append(contentsOf: text.utf8)
        case .array(let elements):
            guard !elements.isEmpty else { output.append(contentsOf: "[]".utf8); return }
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                JSONNode.newline(&output, indent + 2)
                element.write(to: &output, indent: indent + 2)
            }
            JSONNode.newline(&output, indent)
            output.append(UInt8(ascii: "]"))
        case .object(let keys, let values):
            guard !keys.isEmpty else { output.append(contentsOf: "{}".utf8); return }
            output.append(UInt8(ascii: "{"))
            for (index, key) in keys.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                JSONNode.newline(&output, indent + 2)
                output.append(contentsOf: JSONNode.quoted(key).utf8)
                output.append(contentsOf: ": ".utf8)
                values[key]?.write(to: &output, indent: indent + 2)
            }
            JSONNode.newline(&output, indent)
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func newline(_ output: inout [UInt8], _ indent: Int) {
        output.append(0x0A)
        output.append(contentsOf: repeatElement(0x20, count: indent))
    }

    /// Whole numbers without a fraction (`44`), others in Swift's shortest
    /// round-tripping form (`10.5`), as the compiler normalizes them.
    static func format(_ number: Double, codingPath: [any CodingKey]) throws -> String {
        guard number.isFinite else {
            throw EncodingError.invalidValue(number, EncodingError.Context(codingPath: codingPath, debugDescription: "JSON has no \(number)"))
        }
        if number.rounded() == number, abs(number) < 1e15 { return String(Int64(number)) }
        return String(number)
    }

    /// A JSON string literal: quotes, backslashes and control characters
    /// escaped, and U+2028/U+2029 too so the text is also safe JavaScript.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16, uppercase: false)
                    result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
