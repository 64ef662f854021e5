import MenuSupport

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
/// Where each line of a file starts, as byte offsets. Stored in 32 bits,
/// as offsets are (see `SourceFile.maximumSize`): a file of short lines
/// has one every few bytes, and kept as `Int`s they took more memory than
/// the file itself.
package struct LineStarts: RandomAccessCollection, Sendable {
    package let offsets: [UInt32]

    package var startIndex: Int { 0 }
    package var endIndex: Int { offsets.count }

    package subscript(position: Int) -> Int { Int(offsets[position]) }
}

public struct SourcePosition: Hashable, Sendable {
    public var line: Int
    public var column: Int
    public var utf16Column: Int
}

/// One source file's bytes and the line table built over them.
public final class SourceFile: Sendable {
    /// The largest file menuc reads (4 GiB - 1): offsets are stored in 32 bits.
    public static let maximumSize = FileSystem.maximumReadSize

    public let id: FileID
    /// The path as the user should see it (relative where possible).
    public let displayPath: String
    /// Absolute, standardized path; empty for stdin and in-memory sources.
    public let absolutePath: String
    public let bytes: [UInt8]
    /// How many lines the file has.
    public let lineCount: Int
    /// The line table, made when a position is first asked for: a check
    /// that lists no problem never asks, and in a file of millions of
    /// one-line declarations the table is 4 bytes a line at the peak of
    /// checking it.
    private let lineTable = LineTable()

    public init(id: FileID, displayPath: String, absolutePath: String, bytes: [UInt8]) {
        self.id = id
        self.displayPath = displayPath
        self.absolutePath = absolutePath
        self.bytes = bytes
        var lineCount = 0
        SourceFile.forEachLineStart(in: bytes) { _ in lineCount += 1 }
        self.lineCount = lineCount
    }

    /// Byte offset at which each line starts.
    package var lineStarts: LineStarts { lines.starts }

    /// Where the UTF-16 count of each long line stands every
    /// `columnMarkStride` bytes, by line index: a column counted from its
    /// line's start costs the line's length, and a language server asking
    /// the position of each of a million tokens on one 7 MB line never
    /// answered. Empty unless a line is longer than the stride.
    private var columnMarks: [Int: [ColumnMark]] { lines.marks }

    private var lines: LineTable.Lines {
        lineTable.lines {
            let starts = SourceFile.computeLineStarts(bytes, count: lineCount)
            return LineTable.Lines(starts: starts, marks: SourceFile.columnMarks(in: bytes, lineStarts: starts))
        }
    }

    /// The file's line starts and column marks, made once, by whichever
    /// thread first asks.
    private final class LineTable: @unchecked Sendable {
        struct Lines {
            var starts: LineStarts
            var marks: [Int: [ColumnMark]]
        }

        private let lock = Lock()
        private var made: Lines?

        func lines(_ make: () -> Lines) -> Lines {
            lock.withLock {
                if let made { return made }
                let lines = make()
                made = lines
                return lines
            }
        }
    }

    public convenience init(id: FileID, displayPath: String, text: String) {
        self.init(id: id, displayPath: displayPath, absolutePath: "", bytes: Array(text.utf8))
    }

    private static func computeLineStarts(_ bytes: [UInt8], count: Int) -> LineStarts {
        var starts: [UInt32] = []
        starts.reserveCapacity(count)
        forEachLineStart(in: bytes) { starts.append(UInt32(truncatingIfNeeded: $0)) }
        return LineStarts(offsets: starts)
    }

    /// Calls `body` with where each line starts, the first (0) included.
    private static func forEachLineStart(in bytes: [UInt8], _ body: (Int) -> Void) {
        body(0)
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            // A carriage return without a line feed after it ends a line too,
            // as the lexer and the Language Server Protocol count lines. Only
            // a file holding one pays for the byte loop.
            if memchr(base, 0x0D, buffer.count) != nil {
                for index in 0..<buffer.count where buffer[index] == 0x0A || (buffer[index] == 0x0D && (index + 1 == buffer.count || buffer[index + 1] != 0x0A)) {
                    body(index + 1)
                }
                return
            }
            // memchr scans many bytes per step; a byte loop was a tenth of checking.
            var offset = 0
            while offset < buffer.count, let found = memchr(base + offset, 0x0A, buffer.count - offset) {
                let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                body(index + 1)
                offset = index + 1
            }
        }
    }

    /// Bytes between column marks on a long line: a position costs at most
    /// this much counting, and the marks take 8 bytes per stride.
    static var columnMarkStride: Int { 256 }

    /// Where the count of a long line's UTF-16 units stands: `offset` is
    /// where the walk of `utf16Length` from the line's start steps, so
    /// counting on from it gives what counting from the start gives.
    struct ColumnMark: Sendable {
        var offset: UInt32
        var column: UInt32
    }

    /// The marks of every line longer than the stride. Mark `k` of a line
    /// is the first step of its walk at or past `columnMarkStride × (k + 1)`
    /// bytes into it.
    private static func columnMarks(in bytes: [UInt8], lineStarts: LineStarts) -> [Int: [ColumnMark]] {
        // Every file pays this look at each line's length: a plain loop
        // over the starts, the marks made only where a line is long.
        var longLines: [(line: Int, bytes: Range<Int>)] = []
        var (line, previous) = (0, 0)
        for start in lineStarts.dropFirst() {
            if start - previous > columnMarkStride { longLines.append((line, previous..<start)) }
            (line, previous) = (line + 1, start)
        }
        if bytes.count - previous > columnMarkStride { longLines.append((line, previous..<bytes.count)) }
        var marksByLine: [Int: [ColumnMark]] = [:]
        for long in longLines { marksByLine[long.line] = columnMarks(of: long.bytes, in: bytes) }
        return marksByLine
    }

    private static func columnMarks(of line: Range<Int>, in bytes: [UInt8]) -> [ColumnMark] {
        var marks: [ColumnMark] = []
        marks.reserveCapacity(line.count / columnMarkStride)
        var (index, column, next) = (line.lowerBound, 0, line.lowerBound + columnMarkStride)
        while index < line.upperBound {
            if index >= next {
                marks.append(ColumnMark(offset: UInt32(index), column: UInt32(column)))
                next += columnMarkStride
            }
            let width = sequenceWidth(leadByte: bytes[index])
            column += width == 4 ? 2 : 1
            index += width
        }
        return marks
    }

    /// The last mark of `line` at or before byte `offset`, if any.
    private func columnMark(onLine line: Int, atOrBefore offset: Int) -> ColumnMark? {
        let lines = self.lines
        guard !lines.marks.isEmpty, let marks = lines.marks[line] else { return nil }
        // Mark k lies within a few bytes past stride × (k + 1): the one
        // numbered by the offset, or the one before it.
        var k = min((offset - lines.starts[line]) / SourceFile.columnMarkStride, marks.count) - 1
        if k >= 0, Int(marks[k].offset) > offset { k -= 1 }
        return k >= 0 ? marks[k] : nil
    }

    /// The UTF-16 column (0-based) of `offset` on `line`.
    package func utf16Column(of offset: Int, onLine line: Int) -> Int {
        guard let mark = columnMark(onLine: line, atOrBefore: offset) else { return utf16Length(from: lineStarts[line], to: offset) }
        return Int(mark.column) + utf16Length(from: Int(mark.offset), to: offset)
    }

    /// 0-based line index holding `offset`.
    public func lineIndex(of offset: Int) -> Int {
        let starts = lineStarts
        var low = 0
        var high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= offset { low = mid } else { high = mid - 1 }
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
            utf16Column: utf16Column(of: clamped, onLine: line) + 1
        )
    }

    /// Byte range of line `index` (0-based) without its line terminator.
    public func lineRange(_ index: Int) -> Range<Int> {
        let starts = lineStarts
        let start = starts[index]
        var end = index + 1 < starts.count ? starts[index + 1] - 1 : bytes.count
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
        guard line < lineCount else { return bytes.count }
        let range = lineRange(line)
        var index = range.lowerBound
        var units = 0
        // On a long line, start from the last mark before the column.
        if !columnMarks.isEmpty, let marks = columnMarks[line] {
            var (low, high) = (0, marks.count)
            while low < high {
                let middle = (low + high) / 2
                if Int(marks[middle].column) <= utf16Column { low = middle + 1 } else { high = middle }
            }
            if low > 0, Int(marks[low - 1].offset) <= range.upperBound {
                (index, units) = (Int(marks[low - 1].offset), Int(marks[low - 1].column))
            }
        }
        while index < range.upperBound, units < utf16Column {
            let width = SourceFile.sequenceWidth(leadByte: bytes[index])
            units += width == 4 ? 2 : 1
            index += width
        }
        return min(index, range.upperBound)
    }

    /// Length of the UTF-8 sequence a lead byte announces; 1 for stray bytes.
    package static func sequenceWidth(leadByte byte: UInt8) -> Int {
        if byte < 0x80 { return 1 }
        if byte >> 5 == 0b110 { return 2 }
        if byte >> 4 == 0b1110 { return 3 }
        if byte >> 3 == 0b11110 { return 4 }
        return 1
    }
}
