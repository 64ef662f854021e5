import MenuSupport
import MenuSyntax

/// `menuc fmt`: the canonical layout of a `.menu` file.
///
/// The layout, in full (README.md says the same for users):
///
/// - Indentation is 2 spaces per level; lines end with `\n`; the file ends
///   with one line break; no byte-order mark; no trailing blank space
///   outside comments.
/// - One statement per line: directives, properties, elements and `use`.
///   `@allow(…)` attributes stand on their own lines above what they apply to.
/// - A body opens on its element's line: `kind id "Label" {`, members one
///   level deeper, `}` on a line of its own.
/// - A body holding only properties, and no comments, is written on one
///   line, `kind id "Label" { name: value; name: value }`, when that line
///   fits in `lineWidth` display columns (100); otherwise one property per line.
///   An empty body is `{}`.
/// - Spacing: one space between words, after `:` and `,`, around `{`;
///   none inside `(…)` and `[…]`, none before `:` and `,`.
/// - Blank lines: one between top-level declarations (and after the
///   directives); elsewhere a blank line the author left is kept (several
///   become one); none right after `{` or `[`, none before `}` or `]`.
/// - Order is never changed: source order is meaning.
/// - Strings, numbers, identifiers and rule ids are written exactly as in the
///   source (escapes stay escapes).
/// - Every comment is kept, in order: one on the line of the code before it
///   stays there; any other stands on its own line at the indentation of
///   what follows; one inside a statement stays inside it. A list holding
///   comments is written one value per line. Doc comments (`///`) always
///   start their own line.
///
/// A file with syntax errors is never formatted: its diagnostics are
/// returned instead. The result is checked before it is returned: it must
/// parse, and hold the same tokens and comments in the same order.
package enum MenuFormatter {
    package struct Options: Sendable, Equatable {
        /// Widest line (in display columns) that a one-line body may make.
        package var lineWidth: Int
        /// Spaces per indentation level.
        package var indentWidth: Int

        package init(lineWidth: Int = 100, indentWidth: Int = 2) {
            self.lineWidth = lineWidth
            self.indentWidth = indentWidth
        }
    }

    /// Why a file was not formatted: its syntax errors (or, should the
    /// formatter ever get a file wrong, the diagnostic that says so).
    package struct Failure: Error, Sendable, Equatable {
        package var diagnostics: [Diagnostic]
    }

    /// The formatted text of `file`, or the syntax errors that prevent it.
    package static func format(_ file: SourceFile, options: Options = Options()) -> Result<String, Failure> {
        let parsed = Parser.parse(file)
        let errors = parsed.diagnostics.filter { $0.severity == .error }
        guard errors.isEmpty else { return .failure(Failure(diagnostics: errors)) }
        let source = FormatSource(file: file)
        var printer = FormatPrinter(source: source, options: options)
        printer.printFile(parsed.syntax)
        let text = printer.text
        if let problem = FormatVerifier.problem(original: source, formatted: text) {
            let at = Span(file: file.id, start: 0, end: 0)
            return .failure(Failure(diagnostics: [Diagnostic(id: "format", severity: .error, message: "the formatter would change this file's meaning (\(problem)); it was left as it is",
                                        primary: LabeledSpan(at, ""), help: "please report this as a bug in menuc fmt, with the file")]))
        }
        return .success(text)
    }

    /// Formats text (for tests and editors); the display path names it in diagnostics.
    package static func format(_ text: String, displayPath: String = "<stdin>", options: Options = Options()) -> Result<String, Failure> {
        format(SourceFile(id: FileID(0), displayPath: displayPath, text: text), options: options)
    }
}

/// The formatter's safety net: the output must parse without errors and
/// differ from the input only in layout.
enum FormatVerifier {
    /// What differs, or nil when the formatted text is faithful.
    static func problem(original: FormatSource, formatted: String) -> String? {
        let file = SourceFile(id: original.file.id, displayPath: original.file.displayPath, text: formatted)
        if Parser.parse(file).diagnostics.contains(where: { $0.severity == .error }) { return "its output does not parse" }
        let reformatted = FormatSource(file: file)
        if significantTokens(original) != significantTokens(reformatted) { return "the tokens differ" }
        let comments = { (source: FormatSource) in source.comments.map { [String(describing: $0.kind), $0.text] } }
        if comments(original) != comments(reformatted) { return "the comments differ" }
        return nil
    }

    /// Token texts without the separators, which the layout decides.
    private static func significantTokens(_ source: FormatSource) -> [String] {
        source.tokens.filter { $0.kind != .semicolon }.map { source.text($0) }
    }
}
