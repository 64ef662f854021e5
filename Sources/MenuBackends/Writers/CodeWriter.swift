import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// Builds text line by line with indentation, for every backend that writes
/// code or documents (Swift, Markdown). Lines never end in blank space and
/// every line ends in a newline, so output is stable and diff-friendly.
///
/// The writer does no escaping: callers pass text already escaped for the
/// target language (`SwiftEscaping`, `MarkdownEscaping`).
package struct CodeWriter: Sendable {
    /// One level of indentation (four spaces for Swift, two for Markdown lists).
    package let indentUnit: String
    /// Every line written so far, each followed by a newline, as UTF-8. A
    /// class, copied before writing when shared, so the writer stays a value.
    /// Set by each initializer, not by a default, which every streaming
    /// writer would make and throw away (one per picture of a build).
    private var buffer: OutputBuffer
    private var lastLineIsEmpty = false
    /// Whether any line was written (the buffer may have been handed on since).
    private var hasLines = false
    private var level = 0
    /// The unit's width when it is all spaces (then indentation is one run of them).
    private let spacesPerLevel: Int?

    /// Creates an empty writer.
    package init(indentUnit: String = "    ") {
        self.init(indentUnit: indentUnit, buffer: OutputBuffer(capacity: 1 << 16))
    }

    /// A writer that hands its output to `sink` in pieces as it goes
    /// (`text` and `bytes` then hold only what was not handed on yet).
    /// `capacity`: what the buffer holds before handing it on.
    init(indentUnit: String = "    ", capacity: Int = OutputBuffer.streamingCapacity,
         streamingTo sink: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        self.init(indentUnit: indentUnit, buffer: OutputBuffer(capacity: capacity, flush: sink))
    }

    private init(indentUnit: String, buffer: OutputBuffer) {
        self.indentUnit = indentUnit
        spacesPerLevel = indentUnit.utf8.allSatisfy { $0 == 0x20 } ? indentUnit.utf8.count : nil
        self.buffer = buffer
    }

    /// Hands what is left to the sink (streaming writers).
    func flushRemaining() { buffer.flushRemaining() }

    private mutating func unique() {
        if !isKnownUniquelyReferenced(&buffer) { buffer = buffer.copy() }
    }

    /// Appends a line at the current indentation. Text with line breaks is
    /// written as several lines, each indented; an empty line has no indentation.
    package mutating func line(_ text: String = "") {
        // Most lines are a single line with nothing to trim, or empty (a
        // blank line: through `split` it cost 2,400 instructions): copy the bytes.
        var text = text
        let done = text.withUTF8 { bytes -> Bool in
            if let last = bytes.last, last == 0x20 || last == 0x09 || bytes.contains(0x0A) { return false }
            append(bytes)
            return true
        }
        if done { return }
        for piece in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            var trimmed = String(piece.trimmingTrailingSpaces())
            trimmed.withUTF8 { append($0) }
        }
    }

    private mutating func append(_ trimmed: UnsafeBufferPointer<UInt8>) {
        unique()
        if !trimmed.isEmpty {
            writeIndentation()
            buffer.append(trimmed)
        }
        buffer.append(0x0A)
        lastLineIsEmpty = trimmed.isEmpty
        hasLines = true
    }

    private func writeIndentation() {
        if let spacesPerLevel {
            buffer.appendSpaces(level * spacesPerLevel)
        } else {
            for _ in 0..<level { buffer.appendString(indentUnit) }
        }
    }

    /// Appends an empty line unless the text is empty or already ends in one,
    /// so sections are separated by exactly one blank line.
    package mutating func blankLine() {
        if hasLines, !lastLineIsEmpty { line() }
    }

    /// Writes `body` one level deeper.
    package mutating func indented(_ body: (inout CodeWriter) -> Void) {
        level += 1
        body(&self)
        level -= 1
    }

    /// Writes `opening`, then `body` one level deeper, then `closing`
    /// (`enum Notes {` … `}`).
    package mutating func block(_ opening: String, closing: String = "}", _ body: (inout CodeWriter) -> Void) {
        line(opening)
        indented(body)
        line(closing)
    }

    /// The text written so far, every line ending in a newline.
    package var text: String { String(decoding: buffer.bytes, as: UTF8.self) }

    /// The text written so far, as UTF-8.
    var bytes: [UInt8] { buffer.bytes }

    // MARK: Lines from pieces

    // The backends write most lines from pieces (keywords, cached literals,
    // numbers) without making a string for the line. The caller guarantees
    // what `line(_:)` would otherwise ensure: no line break inside, no blank
    // space at the end, and something between begin and end.

    /// Bytes written so far, streamed or not: a caller writing a piece
    /// compares it before and after to learn whether the piece was empty.
    var writtenCount: Int { buffer.flushedCount + buffer.count }

    /// Starts a line at the current indentation.
    mutating func beginLine() {
        unique()
        writeIndentation()
    }

    @inline(__always)
    mutating func write(_ text: StaticString) { buffer.append(text) }
    @inline(__always)
    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) { buffer.append(bytes) }
    @inline(__always)
    mutating func write(string text: String) { buffer.appendString(text) }

    /// One level deeper from here (until `leave`): `indented` without a
    /// closure, for a backend's per-element code.
    mutating func enter() { level += 1 }

    /// Back out of `enter`.
    mutating func leave() { level -= 1 }

    /// One line: the indentation, then in a single write what `put` puts
    /// (at most `room` bytes, see `OutputBuffer.writeLine`) and a line
    /// break. `put` must keep to what `beginLine` … `endLine` asks of a
    /// line. A Markdown table row is twenty pieces: a capacity check and
    /// count update for each cost more than copying them.
    mutating func line(room: Int, _ put: (inout ByteCursor) -> Void) {
        unique()
        if let spacesPerLevel {
            buffer.writeLine(indentedBy: level * spacesPerLevel, room: room, put)
        } else {
            // The indentation is a tab: written on its own.
            writeIndentation()
            buffer.writeLine(indentedBy: 0, room: room, put)
        }
        lastLineIsEmpty = false
        hasLines = true
    }

    /// Up to `maximum` bytes through a cursor, inside a line begun with
    /// `beginLine` (a piece of many small parts, such as escaped text).
    mutating func write(atMost maximum: Int, _ put: (inout ByteCursor) -> Void) {
        buffer.write(atMost: maximum, put)
    }

    /// Ends a line begun with `beginLine`.
    mutating func endLine() {
        buffer.append(0x0A)
        lastLineIsEmpty = false
        hasLines = true
    }
}

extension Substring {
    fileprivate func trimmingTrailingSpaces() -> Substring {
        var end = endIndex
        while end > startIndex, self[index(before: end)] == " " || self[index(before: end)] == "\t" {
            end = index(before: end)
        }
        return self[startIndex..<end]
    }
}
