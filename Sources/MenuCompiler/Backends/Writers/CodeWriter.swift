/// Builds text line by line with indentation, for every backend that writes
/// code or documents (Swift, Markdown). Lines never end in blank space and
/// every line ends in a newline, so output is stable and diff-friendly.
///
/// The writer does no escaping: callers pass text already escaped for the
/// target language (`SwiftEscaping`, `MarkdownEscaping`).
public struct CodeWriter: Sendable {
    /// One level of indentation (four spaces for Swift, two for Markdown lists).
    public let indentUnit: String
    /// Every line written so far, each followed by a newline, as UTF-8.
    private var output: [UInt8] = []
    private var lastLineIsEmpty = false
    private var level = 0

    /// Creates an empty writer.
    public init(indentUnit: String = "    ") {
        self.indentUnit = indentUnit
    }

    /// Appends a line at the current indentation. Text with line breaks is
    /// written as several lines, each indented; an empty line has no indentation.
    public mutating func line(_ text: String = "") {
        // Most lines are a single line with nothing to trim: copy the bytes.
        var text = text
        let done = text.withUTF8 { bytes -> Bool in
            guard let last = bytes.last, last != 0x20, last != 0x09, !bytes.contains(0x0A) else { return false }
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
        if !trimmed.isEmpty {
            for _ in 0..<level { output.append(contentsOf: indentUnit.utf8) }
            output.append(contentsOf: trimmed)
        }
        output.append(0x0A)
        lastLineIsEmpty = trimmed.isEmpty
    }

    /// Appends an empty line unless the text is empty or already ends in one,
    /// so sections are separated by exactly one blank line.
    public mutating func blankLine() {
        if !output.isEmpty, !lastLineIsEmpty { line() }
    }

    /// Writes `body` one level deeper.
    public mutating func indented(_ body: (inout CodeWriter) -> Void) {
        level += 1
        body(&self)
        level -= 1
    }

    /// Writes `opening`, then `body` one level deeper, then `closing`
    /// (`enum Notes {` … `}`).
    public mutating func block(_ opening: String, closing: String = "}", _ body: (inout CodeWriter) -> Void) {
        line(opening)
        indented(body)
        line(closing)
    }

    /// The text written so far, every line ending in a newline.
    public var text: String { String(decoding: output, as: UTF8.self) }
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
