#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A byte range inside one source file. Offsets are UTF-8 byte offsets,
/// half-open (`start..<end`); every stage reports positions this way so the
/// renderer alone decides how to show them (line/column, UTF-16, excerpts).
public struct Span: Hashable, Sendable, Comparable {
    // Stored in 32 bits each: every element, property and syntax node holds
    // several spans, and 12 bytes instead of 24 is a large share of the
    // compiler's memory. Files are limited to `SourceFile.maximumSize`, so
    // offsets always fit; file indices are far below 2³².
    private var fileIndex: UInt32
    private var lower: UInt32
    private var upper: UInt32

    public var file: FileID {
        get { FileID(Int(fileIndex)) }
        set { fileIndex = UInt32(clamping: newValue.rawValue) }
    }

    public var start: Int {
        get { Int(lower) }
        set { lower = UInt32(clamping: newValue) }
    }

    public var end: Int {
        get { Int(upper) }
        set { upper = UInt32(clamping: newValue) }
    }

    public init(file: FileID, start: Int, end: Int) {
        self.fileIndex = UInt32(clamping: file.rawValue)
        self.lower = UInt32(clamping: start)
        self.upper = UInt32(clamping: max(start, end))
    }

    public var length: Int { end - start }

    /// The smallest span covering both (same file assumed).
    public func union(_ other: Span) -> Span {
        Span(file: file, start: min(start, other.start), end: max(end, other.end))
    }

    public static func < (lhs: Span, rhs: Span) -> Bool {
        (lhs.fileIndex, lhs.lower, lhs.upper) < (rhs.fileIndex, rhs.lower, rhs.upper)
    }
}

/// Identifies a file inside one `SourceManager`.
public struct FileID: Hashable, Sendable {
    public let rawValue: Int
    public init(_ rawValue: Int) { self.rawValue = rawValue }
}

/// A 1-based position, with columns counted both in UTF-8 bytes and in
/// UTF-16 code units (what editors and the LSP use).
public struct SourcePosition: Hashable, Sendable {
    public var line: Int
    public var column: Int
    public var utf16Column: Int
}

/// One source file's bytes and the line table built over them.
public final class SourceFile: Sendable {
    /// The largest file menuc reads (4 GiB - 1): offsets are stored in 32 bits.
    public static let maximumSize = Int(UInt32.max) - 1

    public let id: FileID
    /// The path as the user should see it (relative where possible).
    public let displayPath: String
    /// Absolute, standardized path; empty for stdin and in-memory sources.
    public let absolutePath: String
    public let bytes: [UInt8]
    /// Byte offset at which each line starts.
    public let lineStarts: [Int]

    public init(id: FileID, displayPath: String, absolutePath: String, bytes: [UInt8]) {
        self.id = id
        self.displayPath = displayPath
        self.absolutePath = absolutePath
        self.bytes = bytes
        self.lineStarts = SourceFile.computeLineStarts(bytes)
    }

    public convenience init(id: FileID, displayPath: String, text: String) {
        self.init(id: id, displayPath: displayPath, absolutePath: "", bytes: Array(text.utf8))
    }

    private static func computeLineStarts(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        starts.reserveCapacity(bytes.count / 32 + 1)
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            // memchr scans many bytes per step; a byte loop was a tenth of checking.
            var offset = 0
            while offset < buffer.count, let found = memchr(base + offset, 0x0A, buffer.count - offset) {
                let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                starts.append(index + 1)
                offset = index + 1
            }
        }
        return starts
    }

    /// 0-based line index holding `offset`.
    public func lineIndex(of offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    public func position(of offset: Int) -> SourcePosition {
        let clamped = min(max(0, offset), bytes.count)
        let line = lineIndex(of: clamped)
        let start = lineStarts[line]
        return SourcePosition(
            line: line + 1,
            column: clamped - start + 1,
            utf16Column: utf16Length(from: start, to: clamped) + 1
        )
    }

    /// Byte range of line `index` (0-based) without its line terminator.
    public func lineRange(_ index: Int) -> Range<Int> {
        let start = lineStarts[index]
        var end = index + 1 < lineStarts.count ? lineStarts[index + 1] - 1 : bytes.count
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        return start..<max(start, end)
    }

    public func text(_ range: Range<Int>) -> String {
        let lower = min(max(0, range.lowerBound), bytes.count)
        let upper = min(max(lower, range.upperBound), bytes.count)
        return String(decoding: bytes[lower..<upper], as: UTF8.self)
    }

    public func text(of span: Span) -> String { text(span.start..<span.end) }

    /// UTF-16 code units encoded by the bytes in `from..<to`, treating
    /// invalid bytes as one unit each (as the replacement character).
    public func utf16Length(from: Int, to: Int) -> Int {
        var count = 0
        var index = from
        while index < to {
            let width = SourceFile.sequenceWidth(leadByte: bytes[index])
            count += width == 4 ? 2 : 1
            index += width
        }
        return count
    }

    /// Byte offset of a 0-based line and UTF-16 column, clamped to the line.
    public func offset(line: Int, utf16Column: Int) -> Int {
        guard line < lineStarts.count else { return bytes.count }
        let range = lineRange(line)
        var index = range.lowerBound
        var units = 0
        while index < range.upperBound, units < utf16Column {
            let width = SourceFile.sequenceWidth(leadByte: bytes[index])
            units += width == 4 ? 2 : 1
            index += width
        }
        return min(index, range.upperBound)
    }

    /// Length of the UTF-8 sequence a lead byte announces; 1 for stray bytes.
    static func sequenceWidth(leadByte byte: UInt8) -> Int {
        if byte < 0x80 { return 1 }
        if byte >> 5 == 0b110 { return 2 }
        if byte >> 4 == 0b1110 { return 3 }
        if byte >> 3 == 0b11110 { return 4 }
        return 1
    }
}
