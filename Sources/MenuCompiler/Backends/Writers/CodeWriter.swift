/// Builds text line by line with indentation, for every backend that writes
/// code or documents (Swift, Markdown). Lines never end in blank space and
/// every line ends in a newline, so output is stable and diff-friendly.
///
/// The writer does no escaping: callers pass text already escaped for the
/// target language (`SwiftEscaping`, `MarkdownEscaping`).
public struct CodeWriter: Sendable {
    /// One level of indentation (four spaces for Swift, two for Markdown lists).
    public let indentUnit: String
    /// Every line written so far, each followed by a newline.
    private var output = ""
    private var lastLineIsEmpty = false
    private var level = 0

    /// Creates an empty writer.
    public init(indentUnit: String = "    ") {
        self.indentUnit = indentUnit
    }

    /// Appends a line at the current indentation. Text with line breaks is
    /// written as several lines, each indented; an empty line has no indentation.
    public mutating func line(_ text: String = "") {
        // Most lines are a single line with nothing to trim: append as is.
        if let last = text.utf8.last, last != 0x20, last != 0x09, !text.utf8.contains(0x0A) {
            append(Substring(text))
            return
        }
        for piece in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            append(piece.trimmingTrailingSpaces())
        }
    }

    private mutating func append(_ trimmed: Substring) {
        if !trimmed.isEmpty {
            for _ in 0..<level { output += indentUnit }
            output += trimmed
        }
        output += "\n"
        lastLineIsEmpty = trimmed.isEmpty
    }

    /// Appends an empty line unless the text is empty or already ends in one,
    /// so sections are separated by exactly one blank line.
    public mutating func blankLine() {
        if !output.isEmpty, !lastLineIsEmpty { append("") }
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
    public var text: String { output }
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
