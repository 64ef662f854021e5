import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics
import MenuRules
import MenuBackends
import MenuFormatter

/// The one place where diagnostics become text, in every output format.
///
/// In the formats people read (`text`, `short`, `github`), every text that
/// may hold what a file says — messages, labels, notes, help, paths,
/// source excerpts — goes through `VisibleText` as it is printed, so no
/// file can forge a line or drive the terminal. JSON and SARIF carry the
/// exact texts.
public struct DiagnosticRenderer: Sendable {
    public enum Format: String, CaseIterable, Sendable {
        case text
        case short
        case json
        case sarif
        case github
    }

    /// How the columns of `file:line:column` count (text, short, GitHub).
    /// Consumers disagree: GCC, clang and Vim's `%c` count bytes; Emacs
    /// counts characters, or screen columns as GCC's `display` does; the
    /// Language Server Protocol counts UTF-16 units.
    public enum ColumnUnit: String, CaseIterable, Sendable {
        case bytes, chars, display, utf16
    }

    /// Looks files up by id (a workspace, or a single file in tests).
    public let files: @Sendable (FileID) -> SourceFile?
    public var useColor: Bool
    public var columnUnit: ColumnUnit = .bytes

    public init(useColor: Bool = false, files: @escaping @Sendable (FileID) -> SourceFile?) {
        self.files = files
        self.useColor = useColor
    }

    public init(workspace: Workspace, useColor: Bool = false) {
        self.init(useColor: useColor) { id in id.rawValue < workspace.files.count ? workspace.file(id) : nil }
    }

    // MARK: - Short

    /// `file:line:col: severity: message [id]`, the form Xcode and editors
    /// parse, then a `file:line:col: note: label` line for each related
    /// location, as clang and GCC write them (Xcode groups a diagnostic's
    /// notes under it). A finding of note severity is a `remark:`, as
    /// clang writes one that stands alone: Xcode would attach a `note:` to
    /// the warning before it. One line each, whatever the texts hold.
    public func short(_ diagnostic: Diagnostic) -> String {
        let severity = diagnostic.severity == .note ? "remark" : diagnostic.severity.rawValue
        var text = "\(locationText(diagnostic.span)): \(severity): \(shown(diagnostic.message)) [\(shown(diagnostic.id))]"
        for related in diagnostic.secondary {
            text += "\n\(locationText(related.span)): note: \(related.label.isEmpty ? "related location" : shown(related.label))"
        }
        return text
    }

    /// `path:line:column`, the path visibly escaped.
    public func locationText(_ span: Span) -> String {
        guard let file = files(span.file) else { return "<unknown>" }
        let position = file.position(of: span.start)
        return "\(shown(file.displayPath)):\(position.line):\(column(of: span.start, in: file, byteColumn: position.column))"
    }

    /// The 1-based column of `offset` in `columnUnit`.
    func column(of offset: Int, in file: SourceFile, byteColumn: Int) -> Int {
        switch columnUnit {
        case .bytes: return byteColumn
        case .utf16: return file.position(of: offset).utf16Column
        case .chars, .display:
            let lineStart = offset - (byteColumn - 1)
            guard lineStart >= 0, offset <= file.bytes.count else { return byteColumn }
            let before = String(decoding: file.bytes[lineStart..<offset], as: UTF8.self)
            guard columnUnit == .display else { return before.unicodeScalars.count + 1 }
            // Screen columns as GCC and Emacs count them: a tab moves to the next multiple of 8.
            var width = 0
            for (index, piece) in before.split(separator: "\t", omittingEmptySubsequences: false).enumerated() {
                if index > 0 { width = (width / 8 + 1) * 8 }
                width += DisplayWidth.of(String(piece))
            }
            return width + 1
        }
    }

    /// A text as it may be printed (see `VisibleText`).
    private func shown(_ text: String) -> String { VisibleText.escaped(text) }

    // MARK: - Text

    private enum Style: String {
        case error = "\u{1B}[1;31m"
        case warning = "\u{1B}[1;33m"
        case note = "\u{1B}[1;36m"
        case bold = "\u{1B}[1m"
        case gutter = "\u{1B}[1;34m"
        case secondary = "\u{1B}[1;34m "
        case reset = "\u{1B}[0m"
    }

    private func paint(_ text: String, _ style: Style) -> String {
        guard useColor else { return text }
        let code = style == .secondary ? Style.gutter.rawValue : style.rawValue
        return code + text + Style.reset.rawValue
    }

    private func style(for severity: Severity) -> Style {
        switch severity {
        case .error: .error
        case .warning: .warning
        case .note: .note
        }
    }

    /// A header, the location, the source excerpt with the span underlined,
    /// then notes, help, fix-its and the guideline citation.
    public func text(_ diagnostic: Diagnostic) -> String {
        var lines: [String] = []
        let severityStyle = style(for: diagnostic.severity)
        lines.append(paint("\(diagnostic.severity.rawValue)[\(shown(diagnostic.id))]", severityStyle) + paint(": \(shown(diagnostic.message))", .bold))
        // Group spans per file, primary file first.
        let primaryFile = diagnostic.span.file
        var spansByFile: [(FileID, [(LabeledSpan, Bool)])] = [(primaryFile, [(diagnostic.primary, true)])]
        for secondary in diagnostic.secondary {
            if let index = spansByFile.firstIndex(where: { $0.0 == secondary.span.file }) {
                spansByFile[index].1.append((secondary, false))
            } else {
                spansByFile.append((secondary.span.file, [(secondary, false)]))
            }
        }
        let allLines = spansByFile.flatMap { entry in entry.1.compactMap { files(entry.0)?.position(of: $0.0.span.start).line } }
        let gutterWidth = String(allLines.max() ?? 1).count
        let pad = String(repeating: " ", count: gutterWidth)
        for (fileIndex, (fileID, spans)) in spansByFile.enumerated() {
            guard let file = files(fileID) else { continue }
            let arrow = fileIndex == 0 ? "-->" : ":::"
            let anchor = fileIndex == 0 ? diagnostic.span : spans[0].0.span
            lines.append("\(pad)\(paint(arrow, .gutter)) \(locationText(anchor))")
            lines.append("\(pad) \(paint("|", .gutter))")
            lines.append(contentsOf: excerpt(file: file, spans: spans, gutterWidth: gutterWidth, severity: diagnostic.severity))
        }
        for note in diagnostic.notes {
            lines.append("\(pad) \(paint("=", .gutter)) \(paint("note", .bold)): \(shown(note))")
        }
        if let help = diagnostic.help {
            lines.append("\(pad) \(paint("=", .gutter)) \(paint("help", .bold)): \(shown(help))")
        }
        for fixIt in diagnostic.fixIts {
            lines.append("\(pad) \(paint("=", .gutter)) \(paint("fix", .bold)): \(shown(fixIt.message))")
        }
        if let guideline = diagnostic.guideline {
            lines.append("\(pad) \(paint("=", .gutter)) \(paint("guideline", .bold)): \(shown(guideline.text))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Source lines holding the spans, each followed by its underline row(s).
    private func excerpt(file: SourceFile, spans: [(LabeledSpan, Bool)], gutterWidth: Int, severity: Severity) -> [String] {
        var byLine: [Int: [(LabeledSpan, Bool)]] = [:]
        for entry in spans {
            byLine[file.lineIndex(of: entry.0.span.start), default: []].append(entry)
        }
        var output: [String] = []
        var previous: Int?
        for line in byLine.keys.sorted() {
            if let previous, line > previous + 1 {
                output.append(String(repeating: " ", count: gutterWidth) + " " + paint("…", .gutter))
            }
            previous = line
            // Primary first, then secondaries left to right, one row each.
            let entries = (byLine[line] ?? []).sorted { ($0.1 ? 0 : 1, $0.0.span.start) < ($1.1 ? 0 : 1, $1.0.span.start) }
            let (range, elidedBefore, elidedAfter) = window(file.lineRange(line), around: entries.map(\.0.span), in: file)
            let number = String(line + 1)
            let displayed = (elidedBefore ? "…" : "") + displayText(file, range.lowerBound, range.upperBound) + (elidedAfter ? "…" : "")
            output.append(paint(String(repeating: " ", count: gutterWidth - number.count) + number + " |", .gutter) + (displayed.isEmpty ? "" : " " + displayed))
            let shift = elidedBefore ? 1 : 0
            for (labeled, isPrimary) in entries where labeled.span.start >= range.lowerBound && labeled.span.start <= range.upperBound {
                let startColumn = shift + DisplayWidth.of(displayText(file, range.lowerBound, min(labeled.span.start, range.upperBound)))
                let spanEnd = min(labeled.span.end, range.upperBound)
                let width = max(1, DisplayWidth.of(displayText(file, min(labeled.span.start, range.upperBound), spanEnd)))
                let marker = String(repeating: isPrimary ? "^" : "-", count: width)
                let continued = labeled.span.end > range.upperBound && labeled.span.end > labeled.span.start ? "…" : ""
                let labelText = labeled.label.isEmpty ? "" : " " + shown(labeled.label)
                let painted = paint(marker + continued + labelText, isPrimary ? style(for: severity) : .secondary)
                output.append(String(repeating: " ", count: gutterWidth) + " " + paint("|", .gutter) + " " + String(repeating: " ", count: startColumn) + painted)
            }
        }
        return output
    }

    /// Long lines (minified files, a 50 MB single line) are shown as a
    /// window around the spans, so an excerpt stays readable and cheap.
    static let maximumExcerptBytes = 240

    private func window(_ line: Range<Int>, around spans: [Span], in file: SourceFile) -> (Range<Int>, Bool, Bool) {
        guard line.count > DiagnosticRenderer.maximumExcerptBytes, let first = spans.first else { return (line, false, false) }
        let context = DiagnosticRenderer.maximumExcerptBytes / 3
        let inLine = spans.filter { $0.start >= line.lowerBound && $0.start <= line.upperBound }
        var low = inLine.map(\.start).min() ?? first.start
        var high = inLine.map { min($0.end, $0.start + context) }.max() ?? first.end
        if high - low > DiagnosticRenderer.maximumExcerptBytes { low = first.start; high = min(first.end, first.start + context) }
        var start = max(line.lowerBound, low - context)
        var end = min(line.upperBound, high + context)
        // Never cut a UTF-8 sequence in half.
        while start > line.lowerBound, file.bytes[start] & 0xC0 == 0x80 { start -= 1 }
        while end < line.upperBound, file.bytes[end] & 0xC0 == 0x80 { end += 1 }
        return (start..<end, start > line.lowerBound, end < line.upperBound)
    }

    /// Text of a byte range as shown in an excerpt: tabs as four spaces and
    /// every other character `VisibleText` escapes as its escape. Carets are
    /// placed by the width of what is shown, so they line up with it.
    private func displayText(_ file: SourceFile, _ start: Int, _ end: Int) -> String {
        guard end > start else { return "" }
        let text = file.text(start..<end)
        guard text.contains("\t") else { return shown(text) }
        return text.split(separator: "\t", omittingEmptySubsequences: false).map { shown(String($0)) }.joined(separator: "    ")
    }

    /// "2 errors, 1 warning" (or "no problems"), counting the problems a
    /// `too-many-errors` or `not-shown` diagnostic stands for, not it.
    public static func summary(_ diagnostics: [Diagnostic]) -> String {
        var counts = DiagnosticCounts()
        for diagnostic in diagnostics { DisplayLimit.add(diagnostic, to: &counts) }
        func count(_ value: Int, _ noun: String) -> String? {
            value == 0 ? nil : "\(value) \(noun)\(value == 1 ? "" : "s")"
        }
        let parts = [count(counts.errors, "error"), count(counts.warnings, "warning"), count(counts.notes, "note")].compactMap { $0 }
        return parts.isEmpty ? "no problems found" : parts.joined(separator: ", ")
    }

    /// The counts, and where: "2 errors in 1 of 40 files" when a check
    /// of 40 files (an input and what it imports) found them in one.
    public static func summary(_ diagnostics: [Diagnostic], checkedFiles: Int) -> String {
        func files(_ count: Int) -> String { "\(count) file\(count == 1 ? "" : "s")" }
        let counts = summary(diagnostics)
        guard !diagnostics.isEmpty else { return "\(counts) in \(files(checkedFiles))" }
        var affected = Set<FileID>()
        for diagnostic in diagnostics { affected.insert(diagnostic.span.file) }
        return affected.count >= checkedFiles ? "\(counts) in \(files(affected.count))" : "\(counts) in \(affected.count) of \(files(checkedFiles))"
    }

    // MARK: - JSON

    public func json(_ diagnostics: [Diagnostic]) -> String {
        var bytes: [UInt8] = []
        writeJSON(diagnostics) { bytes.append(contentsOf: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The array of `json(_:)` handed to `sink` in pieces, a diagnostic at
    /// a time: a report of hundreds of thousands of findings is never one
    /// tree or one string.
    public func writeJSON(_ diagnostics: [Diagnostic], to sink: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        var document = JSONDocumentStream(to: sink)
        document.array { document in
            for diagnostic in diagnostics {
                document.element()
                document.value(jsonValue(diagnostic))
            }
        }
        document.finish()
    }

    package func jsonValue(_ diagnostic: Diagnostic) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("id", .string(diagnostic.id)),
            ("severity", .string(diagnostic.severity.rawValue)),
            ("message", .string(diagnostic.message)),
            ("file", .string(files(diagnostic.span.file)?.displayPath ?? "")),
            ("range", range(diagnostic.span)),
            ("label", .string(diagnostic.primary.label)),
            ("secondary", .array(diagnostic.secondary.map { secondary in
                .object([("file", .string(files(secondary.span.file)?.displayPath ?? "")), ("range", range(secondary.span)), ("label", .string(secondary.label))])
            })),
            ("notes", .array(diagnostic.notes.map(JSONValue.string))),
            ("help", diagnostic.help.map(JSONValue.string) ?? .null),
            ("fixIts", .array(diagnostic.fixIts.map { fixIt in
                .object([("message", .string(fixIt.message)), ("edits", .array(fixIt.edits.map { edit in
                    .object([("file", .string(files(edit.span.file)?.displayPath ?? "")), ("range", range(edit.span)), ("replacement", .string(edit.replacement))])
                }))])
            })),
        ]
        if let guideline = diagnostic.guideline {
            members.append(("guideline", .object([("section", .string(guideline.section)), ("url", .string(guideline.url))])))
        } else {
            members.append(("guideline", .null))
        }
        members.append(("elementPath", diagnostic.elementPath.map(JSONValue.string) ?? .null))
        return .object(members)
    }

    package func range(_ span: Span) -> JSONValue {
        guard let file = files(span.file) else { return .null }
        return .object([("start", position(file, span.start)), ("end", position(file, span.end))])
    }

    private func position(_ file: SourceFile, _ offset: Int) -> JSONValue {
        let position = file.position(of: offset)
        return .object([
            ("offset", .int(offset)), ("line", .int(position.line)), ("column", .int(position.column)), ("utf16Column", .int(position.utf16Column)),
        ])
    }
}
