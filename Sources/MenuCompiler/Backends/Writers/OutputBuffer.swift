#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    private var capacity: Int
    /// Where full buffers go when the output is streamed (to a file): then
    /// the buffer holds at most about `capacity` bytes, whatever the output's size.
    private let flush: ((UnsafeBufferPointer<UInt8>) -> Void)?

    /// How much a streamed buffer holds before handing its contents on.
    static let streamingCapacity = 1 << 20

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

    /// Bytes of another buffer (a cache of escaped texts).
    func append(_ other: OutputBuffer, _ range: Range<Int>) {
        append(UnsafeBufferPointer(start: other.base + range.lowerBound, count: range.count))
    }

    func appendSpaces(_ count: Int) {
        guard count > 0 else { return }
        reserve(count)
        (base + self.count).initialize(repeating: 0x20, count: count)
        self.count += count
    }

    /// A decimal integer, without making a string.
    func appendDecimal(_ value: Int) {
        if value < 0 {
            append(UInt8(ascii: "-"))
            appendDecimal(UInt(value.magnitude))
        } else {
            appendDecimal(UInt(value))
        }
    }

    private func appendDecimal(_ value: UInt) {
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var remaining = value
        var used = 0
        withUnsafeMutableBytes(of: &digits) { digits in
            repeat {
                digits[19 - used] = UInt8(ascii: "0") + UInt8(remaining % 10)
                remaining /= 10
                used += 1
            } while remaining > 0
            guard let start = digits.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
            append(UnsafeBufferPointer(start: start + 20 - used, count: used))
        }
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
