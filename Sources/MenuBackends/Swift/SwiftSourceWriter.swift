import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// Writes the Swift backend's output straight into a byte buffer, line by
/// line, four spaces per level of indentation: the layout of a
/// `CodeWriter` with its default unit, for which it stands in.
///
/// The Swift backend writes about 12 lines of 1 to 6 pieces per element
/// (96 MB for a 10 MB file). `CodeWriter` checks that its buffer is not
/// shared and works out the indentation for every line, and checks the
/// capacity for every piece: the indentation, line ends and checks alone
/// were a seventh of the backend's instructions. Here a line is one write
/// — indentation, the pieces, the line break — after one capacity check,
/// as `JSONStreamWriter` writes a member.
struct SwiftSourceWriter {
    private let buffer: OutputBuffer
    /// Spaces before the next line.
    private var indent = 0
    private var lastLineIsEmpty = false
    private var hasLines = false

    private static let spacesPerLevel = 4

    /// A writer that hands its output to `sink` in pieces as it goes.
    init(streamingTo sink: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        buffer = OutputBuffer(capacity: OutputBuffer.streamingCapacity, flush: sink)
    }

    /// Hands what is left to the sink.
    func flushRemaining() { buffer.flushRemaining() }

    // MARK: Lines of text

    /// A line made by the string functions (comments, declarations), as
    /// `CodeWriter.line` writes it: trailing blanks trimmed, a text with line
    /// breaks written as several lines, an empty line not indented.
    mutating func line(_ text: String = "") {
        // Most lines have nothing to trim or split: copy the bytes.
        var text = text
        let done = text.withUTF8 { bytes -> Bool in
            guard let last = bytes.last else {
                emptyLine()
                return true
            }
            guard last != 0x20, last != 0x09, !bytes.contains(0x0A) else { return false }
            line(room: bytes.count) { $0.put(bytes) }
            return true
        }
        if !done { lines(laidOutBy: text) }
    }

    private mutating func emptyLine() {
        buffer.append(0x0A)
        lastLineIsEmpty = true
        hasLines = true
    }

    /// The rest (an empty line, a doc comment line ending in a space) is
    /// laid out by `CodeWriter` itself, so that the two never differ.
    private mutating func lines(laidOutBy text: String) {
        var layout = CodeWriter()
        layout.line(text)
        for line in layout.bytes.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast() {
            if line.isEmpty {
                emptyLine()
            } else {
                line.withUnsafeBufferPointer { bytes in self.line(room: bytes.count) { $0.put(bytes) } }
            }
        }
    }

    /// An empty line unless nothing is written yet or the last line is
    /// empty, so sections are separated by exactly one blank line.
    mutating func blankLine() {
        if hasLines, !lastLineIsEmpty { line() }
    }

    /// Writes `body` one level deeper.
    mutating func indented(_ body: (inout SwiftSourceWriter) -> Void) {
        enter()
        body(&self)
        leave()
    }

    /// Writes `opening`, then `body` one level deeper, then `closing`.
    mutating func block(_ opening: String, closing: String = "}", _ body: (inout SwiftSourceWriter) -> Void) {
        line(opening)
        indented(body)
        line(closing)
    }

    /// One level deeper from here (until `leave`), for per-element code.
    @inline(__always)
    mutating func enter() { indent += SwiftSourceWriter.spacesPerLevel }

    /// Back out of `enter`.
    @inline(__always)
    mutating func leave() { indent -= SwiftSourceWriter.spacesPerLevel }

    // MARK: Lines from pieces

    /// One line in a single write: the indentation, what `put` puts (at
    /// most `room` bytes, see `OutputBuffer.writeLine`), and a line break.
    /// `put` puts something, and nothing that ends in blank space or breaks
    /// the line: what `line(_:)` would otherwise see to.
    @inline(__always)
    mutating func line(room: Int, _ put: (inout ByteCursor) -> Void) {
        buffer.writeLine(indentedBy: indent, room: room, put)
        lastLineIsEmpty = false
        hasLines = true
    }

    /// A line of text known at compile time (`],`, `children: [`).
    @inline(__always)
    mutating func line(fixed text: StaticString) {
        line(room: text.utf8CodeUnitCount) { $0.put(text) }
    }

    /// A line kept in `cache` (a default property's).
    @inline(__always)
    mutating func line(_ cache: OutputBuffer, _ range: Range<Int>) {
        line(room: range.count) { $0.put(cache.bytes(range)) }
    }
}
