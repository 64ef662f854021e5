import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

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
    /// Whether the innermost open container has a member yet. The flags of
    /// the containers around it are kept by whoever opened them (the
    /// `Container` that `beginObject`/`beginArray` return), not in an array.
    private var hasMembers = false

    init(capacity: Int = 4096) {
        buffer = OutputBuffer(capacity: capacity)
    }

    /// A writer that hands its output to `sink` in pieces as it goes.
    init(streamingTo sink: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        buffer = OutputBuffer(capacity: OutputBuffer.streamingCapacity, flush: sink)
    }

    /// A writer that appends to `buffer` as if inside containers `indent`
    /// spaces deep (for pieces rendered once and copied, such as a shortcut object).
    init(appendingTo buffer: OutputBuffer, indent: Int) {
        self.buffer = buffer
        self.indent = indent
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

    /// How many spaces deep the next member goes.
    var memberIndent: Int { indent }

    // MARK: Containers

    /// An open container; hand it back to `endObject` or `endArray`.
    struct Container {
        fileprivate let outerHasMembers: Bool
    }

    mutating func object(_ body: (inout JSONStreamWriter) -> Void) {
        let container = beginObject()
        body(&self)
        endObject(container)
    }

    mutating func array(_ body: (inout JSONStreamWriter) -> Void) {
        let container = beginArray()
        body(&self)
        endArray(container)
    }

    /// Opens an object (for callers that write members without a closure).
    @inline(__always)
    mutating func beginObject() -> Container { open(UInt8(ascii: "{")) }

    @inline(__always)
    mutating func endObject(_ container: Container) { close(UInt8(ascii: "}"), container) }

    @inline(__always)
    mutating func beginArray() -> Container { open(UInt8(ascii: "[")) }

    @inline(__always)
    mutating func endArray(_ container: Container) { close(UInt8(ascii: "]"), container) }

    /// Starts an object member whose key is computed; write its value next.
    /// (Literal keys take `key(_: StaticString)`, which needs no escaping.)
    mutating func key(text name: String) {
        startMember()
        JSONValue.writeString(name, to: buffer)
        buffer.append(": ")
    }

    /// A key that needs no escaping (the backends' fixed keys). The line
    /// break, indentation and key go in as one write: a document has
    /// dozens of members per element.
    @inline(__always)
    mutating func key(_ name: StaticString) {
        member(room: 4 + name.utf8CodeUnitCount) { cursor in
            cursor.put(UInt8(ascii: "\""))
            cursor.put(name)
            cursor.put("\": ")
        }
    }

    /// A key already quoted and followed by `": "`, kept in `cache` (property names).
    @inline(__always)
    mutating func key(_ cache: OutputBuffer, _ range: Range<Int>) {
        member(room: range.count) { $0.put(cache.bytes(range)) }
    }

    /// Members laid out by the caller: their commas, line breaks,
    /// indentation (at `memberIndent`), keys and values, in one write of at
    /// most `room` bytes (checked in every build: a miscount must stop the
    /// build, not write past the buffer). What follows is written as after
    /// a member. The JSON backend writes an element's members from pieces
    /// made once per depth: a member a write cost more than its bytes.
    @inline(__always)
    mutating func members(room: Int, _ put: (inout ByteCursor) -> Void) {
        hasMembers = true
        buffer.write(atMost: room) { cursor in
            let start = cursor.position
            put(&cursor)
            precondition(start.distance(to: cursor.position) <= room, "members put more than the room they asked for")
        }
    }

    /// A comma after the previous member, a line break, the indentation,
    /// then what `put` writes (at most `room` bytes, checked in every
    /// build) — in one write. A member whose key and value are both known
    /// (a property's key and its cached value) goes in whole.
    @inline(__always)
    mutating func member(room: Int, _ put: (inout ByteCursor) -> Void) {
        let comma = hasMembers
        let indent = self.indent
        hasMembers = true
        buffer.write(atMost: 2 + room + ByteCursor.room(forSpaces: indent)) { cursor in
            if comma { cursor.put(UInt8(ascii: ",")) }
            cursor.put(0x0A)
            cursor.putSpaces(indent)
            let start = cursor.position
            put(&cursor)
            precondition(start.distance(to: cursor.position) <= room, "a member put more than the room it asked for")
        }
    }

    /// Starts an array element; write its value next.
    @inline(__always)
    mutating func element() {
        startMember()
    }

    // MARK: Scalars

    mutating func string(_ text: String) { JSONValue.writeString(text, to: buffer) }
    mutating func string(_ text: String?) { if let text { string(text) } else { null() } }
    /// A value already written as JSON (a string quoted and escaped, a
    /// literal), kept in `cache`.
    @inline(__always)
    mutating func escaped(_ cache: OutputBuffer, _ range: Range<Int>) { buffer.append(cache, range) }
    mutating func int(_ value: Int) { buffer.write(atMost: ByteCursor.decimalRoom) { $0.putDecimal(value) } }
    /// A number already formatted (`10.5` as written).
    mutating func number(_ text: String) { buffer.appendString(text) }
    mutating func bool(_ value: Bool) { value ? buffer.append("true" as StaticString) : buffer.append("false" as StaticString) }
    mutating func null() { buffer.append("null") }

    // MARK: Layout

    @inline(__always)
    private mutating func open(_ bracket: UInt8) -> Container {
        buffer.append(bracket)
        let container = Container(outerHasMembers: hasMembers)
        hasMembers = false
        indent += 2
        return container
    }

    @inline(__always)
    private mutating func close(_ bracket: UInt8, _ container: Container) {
        indent -= 2
        if hasMembers { buffer.appendLineBreak(comma: false, indent: indent) }
        buffer.append(bracket)
        hasMembers = container.outerHasMembers
    }

    /// A comma after the previous member, then a new line at the container's indentation.
    @inline(__always)
    private mutating func startMember() {
        buffer.appendLineBreak(comma: hasMembers, indent: indent)
        hasMembers = true
    }
}
