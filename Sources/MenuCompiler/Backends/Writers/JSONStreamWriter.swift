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
    private(set) var bytes: [UInt8] = []
    private var indent = 0
    /// One entry per open container: whether it has a member yet.
    private var hasMembers: [Bool] = []

    init(capacity: Int = 4096) {
        bytes.reserveCapacity(capacity)
    }

    /// The finished document (ends the last line).
    mutating func finish() -> String {
        bytes.append(0x0A)
        return String(decoding: bytes, as: UTF8.self)
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

    /// Starts an object member; write its value next.
    mutating func key(_ name: String) {
        startMember()
        JSONValue.writeString(name, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        bytes.append(0x20)
    }

    /// Starts an array element; write its value next.
    mutating func element() {
        startMember()
    }

    // MARK: Scalars

    mutating func string(_ text: String) { JSONValue.writeString(text, to: &bytes) }
    mutating func string(_ text: String?) { if let text { string(text) } else { null() } }
    mutating func int(_ value: Int) { bytes.append(contentsOf: String(value).utf8) }
    /// A number already formatted (`10.5` as written).
    mutating func number(_ text: String) { bytes.append(contentsOf: text.utf8) }
    mutating func bool(_ value: Bool) { bytes.append(contentsOf: (value ? "true" : "false").utf8) }
    mutating func null() { bytes.append(contentsOf: "null".utf8) }

    // MARK: Layout

    private mutating func open(_ bracket: UInt8) {
        bytes.append(bracket)
        hasMembers.append(false)
        indent += 2
    }

    private mutating func close(_ bracket: UInt8) {
        indent -= 2
        if hasMembers.removeLast() { newline() }
        bytes.append(bracket)
    }

    private mutating func startMember() {
        if hasMembers[hasMembers.count - 1] { bytes.append(UInt8(ascii: ",")) }
        hasMembers[hasMembers.count - 1] = true
        newline()
    }

    private mutating func newline() {
        bytes.append(0x0A)
        for _ in 0..<indent { bytes.append(0x20) }
    }
}
