/// Writes pretty-printed JSON straight into a byte buffer: two-space
/// indentation, `"key": value`, empty containers as `{}` and `[]`, a
/// trailing newline. `JSONValue.render()` prints through it too, so there is
/// one layout.
///
/// The JSON backend's output is about ten times its input; building a
/// `JSONValue` tree first and then printing it cost more than checking the
/// file. Keys are written in the order the caller writes them, so output
/// stays deterministic.
struct JSONStreamWriter {
    private let buffer: OutputBuffer
    private var indent = 0
    /// One entry per open container: whether it has a member yet.
    private var hasMembers: [Bool] = []

    init(capacity: Int = 4096) {
        buffer = OutputBuffer(capacity: capacity)
    }

    /// A writer that hands its output to `sink` in pieces as it goes.
    init(streamingTo sink: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        buffer = OutputBuffer(capacity: OutputBuffer.streamingCapacity, flush: sink)
    }

    /// Ends the document and hands the rest to the sink (streaming writers).
    mutating func finishStreaming() {
        buffer.append(0x0A)
        buffer.flushRemaining()
    }

    /// The finished document (ends the last line).
    mutating func finish() -> String {
        String(decoding: finishBytes(), as: UTF8.self)
    }

    /// The finished document as UTF-8, without making a string.
    mutating func finishBytes() -> [UInt8] {
        buffer.append(0x0A)
        return buffer.bytes
    }

    // MARK: Containers

    mutating func object(_ body: (inout JSONStreamWriter) -> Void) {
        open(UInt8(ascii: "{"))
        body(&self)
        close(UInt8(ascii: "}"))
    }

    mutating func array(_ body: (inout JSONStreamWriter) -> Void) {
        open(UInt8(ascii: "["))
        body(&self)
        close(UInt8(ascii: "]"))
    }

    /// Starts an object member whose key is computed; write its value next.
    /// (Literal keys take `key(_: StaticString)`, which needs no escaping.)
    mutating func key(text name: String) {
        startMember()
        JSONValue.writeString(name, to: buffer)
        buffer.append(": ")
    }

    /// A key that needs no escaping (the backends' fixed keys).
    mutating func key(_ name: StaticString) {
        startMember()
        buffer.append(UInt8(ascii: "\""))
        buffer.append(name)
        buffer.append("\": ")
    }

    /// A property's key.
    mutating func key(_ name: PropertyName) {
        startMember()
        buffer.append(UInt8(ascii: "\""))
        buffer.appendString(name.text)
        buffer.append("\": " as StaticString)
    }

    /// A string made of ASCII letters, digits and '_' (catalog values), quoted without escaping.
    mutating func plainString(_ text: String) {
        buffer.append(UInt8(ascii: "\""))
        buffer.appendString(text)
        buffer.append(UInt8(ascii: "\""))
    }

    /// Starts an array element; write its value next.
    mutating func element() {
        startMember()
    }

    // MARK: Scalars

    mutating func string(_ text: String) { JSONValue.writeString(text, to: buffer) }
    mutating func string(_ text: String?) { if let text { string(text) } else { null() } }
    /// A string value already quoted and escaped, kept in `cache`.
    mutating func escaped(_ cache: OutputBuffer, _ range: Range<Int>) { buffer.append(cache, range) }
    /// A string of bytes that need no escaping (identifiers), quoted.
    mutating func plainString(_ bytes: UnsafeBufferPointer<UInt8>) {
        buffer.append(UInt8(ascii: "\""))
        buffer.append(bytes)
        buffer.append(UInt8(ascii: "\""))
    }
    /// Literal JSON text (a keyword such as `"menu"` with its quotes, or `true`).
    mutating func raw(_ text: StaticString) { buffer.append(text) }
    mutating func raw(_ bytes: UnsafeBufferPointer<UInt8>) { buffer.append(bytes) }
    mutating func int(_ value: Int) { buffer.appendDecimal(value) }
    /// A number already formatted (`10.5` as written).
    mutating func number(_ text: String) { buffer.appendString(text) }
    mutating func bool(_ value: Bool) { value ? buffer.append("true" as StaticString) : buffer.append("false" as StaticString) }
    mutating func null() { buffer.append("null") }

    // MARK: Layout

    private mutating func open(_ bracket: UInt8) {
        buffer.append(bracket)
        hasMembers.append(false)
        indent += 2
    }

    private mutating func close(_ bracket: UInt8) {
        indent -= 2
        if hasMembers.removeLast() { newline() }
        buffer.append(bracket)
    }

    private mutating func startMember() {
        if hasMembers[hasMembers.count - 1] { buffer.append(UInt8(ascii: ",")) }
        hasMembers[hasMembers.count - 1] = true
        newline()
    }

    private mutating func newline() {
        buffer.append(0x0A)
        buffer.appendSpaces(indent)
    }
}
