import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// Doc comments as Markdown, for generated pages and the language server's
/// hovers: **doc comments are CommonMark, sanitised** so they cannot affect
/// anything outside themselves or reach out of the page.
///
/// Kept: paragraphs, emphasis, code spans, fenced code blocks, lists, block
/// quotes, tables, and links to `http:`, `https:`, `mailto:` or relative
/// addresses. Changed, so each shows as the text that was written:
/// - raw HTML (`<` becomes `&lt;` outside code, so no tag, comment or
///   autolink can start);
/// - images (`![…](…)` shows as a link: a page must not load anything);
/// - links to any other scheme (`javascript:`, `data:`, `vbscript:`, `file:`,
///   …), or whose scheme could be hidden by an entity or a backslash;
/// - link reference definitions (`[x]: …`), which would apply to the
///   whole page;
/// - headings (`#`, and `===` / `---` underlines), which would break the
///   page's outline;
/// - a fence that could be left open: only a fence at the start of a line
///   opens a code block, and one still open at the end is closed.
///
/// The model is line-based, so it leans towards escaping when Markdown's
/// reading of a line depends on what surrounds it: a code span is kept
/// (with `<` as written) only when it starts and ends on one line, holds no
/// `|` (a table cell boundary), and comes before any link or web address in
/// its paragraph — everywhere else a backtick is escaped. Invisible and
/// reordering characters show as `\u{…}`, as in labels.
struct MarkdownDocComment {
    /// The code block open at this point, if any: its fence character and length.
    private var fence: (marker: Unicode.Scalar, length: Int)?
    /// Whether a code span may still be kept in the current paragraph.
    private var keepsCodeSpans = true

    /// `text` as Markdown lines.
    static func lines(_ text: String) -> [String] {
        var sanitizer = MarkdownDocComment()
        var lines = SwiftEscaping.splitLines(text).map { sanitizer.line(Array($0.unicodeScalars)) }
        if let fence = sanitizer.fence { lines.append(String(repeating: Character(fence.marker), count: fence.length)) }
        return lines
    }

    /// One line, given the lines before it.
    private mutating func line(_ scalars: [Unicode.Scalar]) -> String {
        if let open = fence {
            if MarkdownDocComment.closes(open, scalars) {
                fence = nil
                keepsCodeSpans = true
            }
            return MarkdownDocComment.visible(scalars[...])
        }
        if let opened = MarkdownDocComment.openingFence(scalars) {
            fence = opened
            return MarkdownDocComment.visible(scalars[...])
        }
        if scalars.allSatisfy({ $0 == " " || $0 == "\t" }) {
            keepsCodeSpans = true
            return ""
        }
        return inline(scalars, escaping: MarkdownDocComment.blockMarkers(in: scalars))
    }

    // MARK: - Blocks

    /// A code fence at the very start of a line: three or more backticks
    /// (with no backtick after them) or tildes. Only these are tracked: one
    /// indented by one to three spaces may belong to a list item, and is
    /// escaped instead (see `blockMarkers`), so no fence the model doesn't
    /// know about can stay open.
    private static func openingFence(_ scalars: [Unicode.Scalar]) -> (marker: Unicode.Scalar, length: Int)? {
        guard let marker = scalars.first, marker == "`" || marker == "~" else { return nil }
        let length = scalars.prefix { $0 == marker }.count
        guard length >= 3 else { return nil }
        if marker == "`", scalars[length...].contains("`") { return nil }
        return (marker, length)
    }

    /// Whether a line closes the block: up to three spaces, at least as many
    /// fence characters, then only blanks.
    private static func closes(_ fence: (marker: Unicode.Scalar, length: Int), _ scalars: [Unicode.Scalar]) -> Bool {
        let indent = scalars.prefix { $0 == " " }.count
        guard indent <= 3 else { return false }
        let run = scalars[indent...].prefix { $0 == fence.marker }.count
        return run >= fence.length && scalars[(indent + run)...].allSatisfy { $0 == " " || $0 == "\t" }
    }

    /// Positions whose character starts a block that must not be: a heading's
    /// first `#`, a setext underline's first `=` or `-`, and an indented
    /// tilde fence's first `~`.
    private static func blockMarkers(in scalars: [Unicode.Scalar]) -> Int? {
        // Past blanks and block-quote markers: a line of only `=` or `-`
        // would make the line above it a heading.
        var index = 0
        while index < scalars.count, scalars[index] == " " || scalars[index] == "\t" || scalars[index] == ">" { index += 1 }
        if index < scalars.count, scalars[index] == "=" || scalars[index] == "-" {
            let marker = scalars[index]
            if scalars[index...].drop(while: { $0 == marker }).allSatisfy({ $0 == " " || $0 == "\t" }) { return index }
        }
        let indent = scalars.prefix { $0 == " " }.count
        if (1...3).contains(indent), scalars[indent...].prefix(while: { $0 == "~" }).count >= 3 { return indent }
        // Past list markers too: `# title` anywhere a block can start.
        let start = contentStart(scalars)
        let hashes = scalars[start...].prefix { $0 == "#" }.count
        if hashes > 0, start + hashes == scalars.count || scalars[start + hashes] == " " || scalars[start + hashes] == "\t" {
            return start
        }
        return nil
    }

    /// Where a line's content starts after blanks, `>` markers and list
    /// markers (`-`, `+`, `*`, `1.`, `1)` followed by a blank).
    private static func contentStart(_ scalars: [Unicode.Scalar]) -> Int {
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == " " || scalar == "\t" || scalar == ">" {
                index += 1
                continue
            }
            var markerEnd = index
            if scalar == "-" || scalar == "+" || scalar == "*" {
                markerEnd = index + 1
            } else {
                let digits = scalars[index...].prefix { ("0"..."9").contains($0) }.count
                if (1...9).contains(digits), index + digits < scalars.count, scalars[index + digits] == "." || scalars[index + digits] == ")" {
                    markerEnd = index + digits + 1
                }
            }
            guard markerEnd > index, markerEnd == scalars.count || scalars[markerEnd] == " " || scalars[markerEnd] == "\t" else { break }
            index = markerEnd
        }
        return index
    }

    // MARK: - Inline text

    private mutating func inline(_ scalars: [Unicode.Scalar], escaping blockMarker: Int?) -> String {
        var result = ""
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            // A backslash before punctuation is an escape: both go through,
            // and the punctuation means nothing (`\<` is a literal `<`).
            if scalar == "\\", let next, MarkdownDocComment.isASCIIPunctuation(next) {
                result.unicodeScalars.append(scalar)
                result.unicodeScalars.append(next)
                index += 2
                continue
            }
            if scalar == "`" {
                let run = scalars[index...].prefix { $0 == "`" }.count
                if keepsCodeSpans, let end = MarkdownDocComment.closingRun(of: run, in: scalars, from: index + run),
                   !scalars[(index + run)..<end].contains("|") {
                    result += String(repeating: "`", count: run) + MarkdownDocComment.visible(scalars[(index + run)..<end])
                        + String(repeating: "`", count: run)
                    index = end + run
                } else {
                    result += String(repeating: "\\`", count: run)
                    index += run
                }
                continue
            }
            if index == blockMarker {
                result += "\\" + String(scalar)
                index += 1
                continue
            }
            switch scalar {
            case "<":
                result += "&lt;"
            case "!" where next == "[":
                result += "\\!"  // an image would load its address
            case "]" where next == ":":
                result += "\\]"  // a link reference definition would apply to the page
            case "]" where next == "(":
                if MarkdownDocComment.isSafeDestination(scalars[(index + 2)...]) {
                    result += "]"
                    // A link's destination and title may hold backticks the
                    // model would pair differently: no code spans after it.
                    keepsCodeSpans = false
                } else {
                    result += "\\]"
                }
            case ":" where scalars[index...].starts(with: [":", "/", "/"]),
                 "w" where MarkdownDocComment.startsWebAddress(scalars[index...]),
                 "W" where MarkdownDocComment.startsWebAddress(scalars[index...]):
                // A renderer that links bare addresses takes what follows as
                // part of one, backticks included.
                result.unicodeScalars.append(scalar)
                keepsCodeSpans = false
            default:
                if InvisibleCharacters.isInvisible(scalar, previous: index > 0 ? scalars[index - 1] : nil, next: next) {
                    result += InvisibleCharacters.unicodeEscape(scalar)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
            index += 1
        }
        return result
    }

    /// Where the next run of exactly `length` backticks starts, on this line.
    private static func closingRun(of length: Int, in scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var index = start
        while index < scalars.count {
            guard scalars[index] == "`" else {
                index += 1
                continue
            }
            let run = scalars[index...].prefix { $0 == "`" }.count
            if run == length { return index }
            index += run
        }
        return nil
    }

    /// `www.`, in any case.
    private static func startsWebAddress(_ scalars: ArraySlice<Unicode.Scalar>) -> Bool {
        scalars.prefix(4).map { Character($0).lowercased() }.joined() == "www."
    }

    /// Whether the destination after `](` is one a page may link to: a
    /// relative address, or `http:`, `https:` or `mailto:`. Only what stands
    /// before the first `/`, `?` or `#` can be a scheme; if an entity or a
    /// backslash escape there could spell one (`javascript&#58;`), or the
    /// destination isn't on this line, it is refused.
    static func isSafeDestination(_ rest: ArraySlice<Unicode.Scalar>) -> Bool {
        let destination = rest.drop { $0 == " " || $0 == "\t" }.prefix { $0 != " " && $0 != "\t" }
        guard !destination.isEmpty else { return false }
        let schemePart = destination.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if schemePart.contains("&") || schemePart.contains("\\") { return false }
        guard let colon = schemePart.firstIndex(of: ":") else { return true }
        let scheme = String(String.UnicodeScalarView(schemePart[..<colon])).lowercased()
        return ["http", "https", "mailto"].contains(scheme)
    }

    /// A line with invisible characters shown as `\u{…}`.
    private static func visible(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var result = ""
        for index in scalars.indices {
            let scalar = scalars[index]
            let previous = index > scalars.startIndex ? scalars[index - 1] : nil
            let next = index + 1 < scalars.endIndex ? scalars[index + 1] : nil
            if InvisibleCharacters.isInvisible(scalar, previous: previous, next: next) {
                result += InvisibleCharacters.unicodeEscape(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static func isASCIIPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E: true
        default: false
        }
    }
}
