/// Builds text line by line with indentation, for every backend that writes
/// code or documents (Swift, Markdown). Lines never end in blank space and
/// every line ends in a newline, so output is stable and diff-friendly.
///
/// The writer does no escaping: callers pass text already escaped for the
/// target language (`SwiftEscaping`, `MarkdownEscaping`).
public struct CodeWriter: Sendable {
    /// One level of indentation (four spaces for Swift, two for Markdown lists).
    public let indentUnit: String
    private var lines: [String] = []
    private var level = 0

    /// Creates an empty writer.
    public init(indentUnit: String = "    ") {
        self.indentUnit = indentUnit
    }

    /// Appends a line at the current indentation. Text with line breaks is
    /// written as several lines, each indented; an empty line has no indentation.
    public mutating func line(_ text: String = "") {
        for piece in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            let trimmed = piece.trimmingTrailingSpaces()
            lines.append(trimmed.isEmpty ? "" : String(repeating: indentUnit, count: level) + trimmed)
        }
    }

    /// Appends an empty line unless the text is empty or already ends in one,
    /// so sections are separated by exactly one blank line.
    public mutating func blankLine() {
        if let last = lines.last, !last.isEmpty { lines.append("") }
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
    public var text: String {
        lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }
}

extension Substring {
    fileprivate func trimmingTrailingSpaces() -> String {
        var end = endIndex
        while end > startIndex, self[index(before: end)] == " " || self[index(before: end)] == "\t" {
            end = index(before: end)
        }
        return String(self[startIndex..<end])
    }
}
