import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// A JSON document with object keys in a fixed order, so output is
/// byte-identical across runs. Every JSON the compiler writes (the JSON
/// backend, diagnostics, SARIF) goes through `render`.
package indirect enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    /// A number already formatted (keeps `10.5` as written).
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    /// Pretty-printed with two-space indentation and a trailing newline
    /// (the layout `JSONStreamWriter` owns).
    package func render() -> String {
        var writer = JSONStreamWriter()
        write(to: &writer)
        return writer.finish()
    }

    fileprivate func write(to json: inout JSONStreamWriter) {
        switch self {
        case .null: json.null()
        case .bool(let value): json.bool(value)
        case .int(let value): json.int(value)
        case .number(let text): json.number(text)
        case .string(let text): json.string(text)
        case .array(let values):
            json.array { json in
                for value in values { json.element(); value.write(to: &json) }
            }
        case .object(let members):
            json.object { json in
                for (key, value) in members { json.key(text: key); value.write(to: &json) }
            }
        }
    }

    /// Without any blank space (one line; for line-oriented formats).
    package func renderCompact() -> String {
        var output: [UInt8] = []
        writeCompact(to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    private func writeCompact(to output: inout [UInt8]) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .int(let value): output.append(contentsOf: String(value).utf8)
        case .number(let text): output.append(contentsOf: text.utf8)
        case .string(let text): JSONValue.writeString(text, to: &output)
        case .array(let values):
            output.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                value.writeCompact(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                JSONValue.writeString(key, to: &output)
                output.append(UInt8(ascii: ":"))
                value.writeCompact(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// JSON string escaping: quotes, backslashes and control characters are
    /// escaped; U+2028/U+2029 too, so the output is also safe JavaScript.
    /// Works on UTF-8 bytes: everything else is copied as it is.
    static func writeString(_ text: String, to output: inout [UInt8]) {
        escapeString(text) { output.append(contentsOf: $0) }
    }

    static func writeString(_ text: String, to buffer: OutputBuffer) {
        escapeString(text) { buffer.append($0) }
    }

    /// The one JSON string escaper: passes the quoted, escaped text to `emit`
    /// in pieces (runs of bytes that need no escape, and escapes).
    static func escapeString(_ text: String, _ emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        withUnsafeBytes(of: UInt8(ascii: "\"")) { emit($0.assumingMemoryBound(to: UInt8.self)) }
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            var index = 0
            func flush(upTo end: Int) {
                if runStart < end { emit(UnsafeBufferPointer(rebasing: bytes[runStart..<end])) }
            }
            while index < bytes.count {
                let byte = bytes[index]
                // Printable ASCII other than '"' and '\\': nearly every byte.
                if byte >= 0x20, byte < 0x7F, byte != 0x22, byte != 0x5C {
                    index += 1
                    continue
                }
                let escape: [UInt8]?
                var length = 1
                switch byte {
                case 0x22: escape = [0x5C, 0x22]
                case 0x5C: escape = [0x5C, 0x5C]
                case 0x0A: escape = [0x5C, UInt8(ascii: "n")]
                case 0x0D: escape = [0x5C, UInt8(ascii: "r")]
                case 0x09: escape = [0x5C, UInt8(ascii: "t")]
                case 0x00..<0x20, 0x7F: escape = Array(String(format4: UInt32(byte)).utf8)
                case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    // U+2028 LINE SEPARATOR, U+2029 PARAGRAPH SEPARATOR
                    escape = Array(String(format4: bytes[index + 2] == 0xA8 ? 0x2028 : 0x2029).utf8)
                    length = 3
                default: escape = nil
                }
                if let escape {
                    flush(upTo: index)
                    escape.withUnsafeBufferPointer(emit)
                    runStart = index + length
                }
                index += length
            }
            flush(upTo: bytes.count)
        }
        withUnsafeBytes(of: UInt8(ascii: "\"")) { emit($0.assumingMemoryBound(to: UInt8.self)) }
    }
}

extension String {
    /// `\uXXXX` for a BMP scalar value.
    init(format4 value: UInt32) {
        let hex = String(value, radix: 16, uppercase: false)
        let padding = String(repeating: "0", count: Swift.max(0, 4 - hex.count))
        self = "\\u" + padding + hex
    }
}

/// A JSON document handed to a sink as it is written, in the layout of
/// `JSONValue.render()`: for documents too large to hold as one tree or one
/// string. A check's report lists every finding, and a file of
/// hundreds of thousands of them makes a report of hundreds of megabytes;
/// written a finding at a time, only one finding's tree is held.
package struct JSONDocumentStream {
    private var writer: JSONStreamWriter

    package init(to sink: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        writer = JSONStreamWriter(streamingTo: sink)
    }

    /// A whole value: the document itself, a member's value after `key`,
    /// or an array's element after `element`.
    package mutating func value(_ value: JSONValue) {
        value.write(to: &writer)
    }

    /// Starts an object member; write its value next.
    package mutating func key(_ name: String) {
        writer.key(text: name)
    }

    /// Starts an array element; write its value next.
    package mutating func element() {
        writer.element()
    }

    package mutating func object(_ body: (inout JSONDocumentStream) -> Void) {
        let container = writer.beginObject()
        body(&self)
        writer.endObject(container)
    }

    package mutating func array(_ body: (inout JSONDocumentStream) -> Void) {
        let container = writer.beginArray()
        body(&self)
        writer.endArray(container)
    }

    /// Ends the document's last line and hands the rest to the sink.
    package mutating func finish() {
        writer.finishStreaming()
    }
}
