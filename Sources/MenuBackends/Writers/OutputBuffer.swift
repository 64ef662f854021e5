import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// A growable byte buffer the backends write into.
///
/// Appends are copies into memory the buffer owns, with none of the
/// uniqueness checks an `Array` append makes: the backends write ten to
/// twenty bytes of output per byte of input, and those checks, byte-by-byte
/// indentation and a final UTF-8 validation cost more than the writing.
/// A class, used by one writer at a time: a writer that is a value
/// (`CodeWriter`) copies it before writing when it is shared.
final class OutputBuffer: @unchecked Sendable {
    private var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    /// Bytes already handed to `flush` (streamed buffers).
    private(set) var flushedCount = 0
    private var capacity: Int
    /// Where full buffers go when the output is streamed (to a file): then
    /// the buffer holds at most about `capacity` bytes, whatever the output's size.
    private let flush: ((UnsafeBufferPointer<UInt8>) -> Void)?

    /// How much a streamed buffer holds before handing its contents on:
    /// small enough to come from (and go back to) the heap, so a build of
    /// thousands of files doesn't map and fault in fresh pages for each.
    static let streamingCapacity = 1 << 16

    /// A buffer that keeps everything written (for `bytes`).
    init(capacity: Int = 4096) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
        flush = nil
    }

    /// A buffer that hands its contents to `flush` whenever it fills, and
    /// on `flushRemaining()`.
    init(capacity: Int, flush: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
        self.flush = flush
    }

    /// Hands what is left to the flush function (streamed buffers).
    func flushRemaining() {
        guard let flush, count > 0 else { return }
        flush(UnsafeBufferPointer(start: base, count: count))
        flushedCount += count
        count = 0
    }

    deinit { base.deallocate() }

    @inline(__always)
    private func reserve(_ extra: Int) {
        if count + extra > capacity { grow(count + extra) }
    }

    private func grow(_ needed: Int) {
        var needed = needed
        if let flush, count > 0 {
            // Streamed: empty the buffer into the output instead of growing it.
            let extra = needed - count
            flush(UnsafeBufferPointer(start: base, count: count))
            flushedCount += count
            count = 0
            if extra <= capacity { return }
            needed = extra
        }
        let newCapacity = max(needed, capacity * 2)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.update(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }

    @inline(__always)
    func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    @inline(__always)
    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// ASCII text known at compile time (keys, keywords, punctuation).
    @inline(__always)
    func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// A string's UTF-8 (named apart from `append(_: StaticString)` so that
    /// literals take the static, copy-free path).
    func appendString(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Bytes of another buffer (a cache of escaped texts); read after making
    /// room, so `other` may be this buffer.
    @inline(__always)
    func append(_ other: OutputBuffer, _ range: Range<Int>) {
        write(atMost: range.count) { $0.put(other.bytes(range)) }
    }

    /// Bytes written earlier (valid until the next write).
    @inline(__always)
    func bytes(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
    }

    /// Makes room for `maximum` more bytes and lets `body` put up to that
    /// many at the end through a cursor, keeping what it put: one capacity
    /// check, and `count` updated once, for a run of small pieces (a JSON
    /// member's line break, indentation and key) instead of one per piece.
    /// A check per piece cost more than the copying.
    @inline(__always)
    func write(atMost maximum: Int, _ body: (inout ByteCursor) -> Void) {
        reserve(maximum)
        var cursor = ByteCursor(position: base + count, end: base + count + maximum)
        body(&cursor)
        count = base.distance(to: cursor.position)
    }

    /// One line in a single write: `spaces` spaces, what `put` puts and a
    /// line break — one capacity check for a line of many pieces. `put`
    /// puts at most `room` bytes, checked in every build: a miscount is a
    /// bug that must stop the build, not write past the buffer (one
    /// comparison per line).
    @inline(__always)
    func writeLine(indentedBy spaces: Int, room: Int, _ put: (inout ByteCursor) -> Void) {
        write(atMost: ByteCursor.room(forSpaces: spaces) + room + 1) { cursor in
            cursor.putSpaces(spaces)
            let start = cursor.position
            put(&cursor)
            precondition(start.distance(to: cursor.position) <= room, "a line put more than the room it asked for")
            cursor.put(0x0A)
        }
    }

    /// Indentation.
    @inline(__always)
    func appendSpaces(_ count: Int) {
        guard count > 0 else { return }
        write(atMost: ByteCursor.room(forSpaces: count)) { $0.putSpaces(count) }
    }

    /// A line break, after a comma when `comma`, and the next line's
    /// indentation (how a JSON member starts).
    @inline(__always)
    func appendLineBreak(comma: Bool, indent: Int) {
        write(atMost: 2 + ByteCursor.room(forSpaces: indent)) { cursor in
            if comma { cursor.put(UInt8(ascii: ",")) }
            cursor.put(0x0A)
            cursor.putSpaces(indent)
        }
    }

    /// Drops what was written from `count` on (pieces made for one row of
    /// a page, written after the ones a page keeps). Not for streamed buffers.
    func truncate(to count: Int) {
        precondition(flush == nil && count >= 0 && count <= self.count, "truncating a streamed buffer or past its end")
        self.count = count
    }

    /// A separate buffer with the same bytes.
    func copy() -> OutputBuffer {
        let copy = OutputBuffer(capacity: capacity)
        copy.append(UnsafeBufferPointer(start: base, count: count))
        return copy
    }

    /// The bytes written so far.
    var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

}

/// Puts bytes into room an `OutputBuffer` made (`write(atMost:_:)`).
///
/// Every put checks that it stays inside that room, in every build: room is
/// counted by hand (`64 + 12 * depth`, a label's escaped length…), and a
/// miscount must stop the process with a message before a byte lands past
/// the buffer — never corrupt the heap while writing a user's labels. An
/// output is replaced only after all of it was written, so such a stop
/// changes no file. (One comparison per put; the copies dominate.)
struct ByteCursor {
    private(set) var position: UnsafeMutablePointer<UInt8>
    /// One past the last byte of the room.
    let end: UnsafeMutablePointer<UInt8>

    init(position: UnsafeMutablePointer<UInt8>, end: UnsafeMutablePointer<UInt8>) {
        self.position = position
        self.end = end
    }

    /// Stops the process unless `count` more bytes fit in the room.
    @inline(__always)
    private func checkRoom(_ count: Int) {
        precondition(count <= position.distance(to: end), "a writer put more than the room it asked for")
    }

    @inline(__always)
    mutating func put(_ byte: UInt8) {
        checkRoom(1)
        position.pointee = byte
        position += 1
    }

    @inline(__always)
    mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        checkRoom(bytes.count)
        if let source = bytes.baseAddress { position.update(from: source, count: bytes.count) }
        position += bytes.count
    }

    /// ASCII text known at compile time.
    @inline(__always)
    mutating func put(_ text: StaticString) {
        put(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// `bytes` between double quotes (text that needs no escaping).
    @inline(__always)
    mutating func putQuoted(_ bytes: UnsafeBufferPointer<UInt8>) {
        put(0x22)
        put(bytes)
        put(0x22)
    }

    /// The room `putSpaces(count)` needs: it stores 32 spaces at a time,
    /// so it may write up to 31 bytes past the indentation (into room
    /// that what comes next overwrites, or that is never counted).
    @inline(__always)
    static func room(forSpaces count: Int) -> Int { count + 32 }

    /// Indentation, 32 spaces a step: most lines of the Swift output are
    /// indented 10 to 40 spaces, and at eight a step the loop was about
    /// 4 % of that backend (the JSON backend copies most of its indentation
    /// with its keys).
    @inline(__always)
    mutating func putSpaces(_ count: Int) {
        // Whole steps of 32: the last may run up to 31 bytes past `count`.
        checkRoom((count + 31) & ~31)
        let spaces: UInt64 = 0x2020_2020_2020_2020
        var written = 0
        while written < count {
            let target = UnsafeMutableRawPointer(position + written)
            target.storeBytes(of: spaces, as: UInt64.self)
            target.storeBytes(of: spaces, toByteOffset: 8, as: UInt64.self)
            target.storeBytes(of: spaces, toByteOffset: 16, as: UInt64.self)
            target.storeBytes(of: spaces, toByteOffset: 24, as: UInt64.self)
            written += 32
        }
        position += count
    }

    /// The room `putDecimal` needs: a sign and the digits of `Int.min`.
    static let decimalRoom = 21

    /// A decimal integer, digits written in place last first (line and
    /// column numbers: two per element).
    @inline(__always)
    mutating func putDecimal(_ value: Int) {
        // Most numbers are coordinates and sizes of a picture, under a
        // thousand: their digits without counting them first (a picture's
        // lines are mostly numbers).
        if value >= 0, value < 1_000 {
            let digits = value < 10 ? 1 : value < 100 ? 2 : 3
            checkRoom(digits)
            let zero = UInt8(ascii: "0")
            switch digits {
            case 1:
                position[0] = zero &+ UInt8(truncatingIfNeeded: value)
            case 2:
                position[0] = zero &+ UInt8(truncatingIfNeeded: value / 10)
                position[1] = zero &+ UInt8(truncatingIfNeeded: value % 10)
            default:
                position[0] = zero &+ UInt8(truncatingIfNeeded: value / 100)
                position[1] = zero &+ UInt8(truncatingIfNeeded: value / 10 % 10)
                position[2] = zero &+ UInt8(truncatingIfNeeded: value % 10)
            }
            position += digits
            return
        }
        if value < 0 { put(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        var length = 1
        var rest = magnitude
        while rest >= 10 {
            rest /= 10
            length += 1
        }
        checkRoom(length)
        position += length
        var digit = position
        rest = magnitude
        repeat {
            digit -= 1
            digit.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        } while rest > 0
    }
}
