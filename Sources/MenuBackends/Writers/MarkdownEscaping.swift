import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// Turns arbitrary text into Markdown that renders as exactly that text —
/// never as formatting, links, table cells or raw HTML.
///
/// Labels in `.menu` files can hold anything (`<script>`, `| pipe |`,
/// `*stars*`); a documentation page built from them must show them as
/// written. Invisible and reordering characters (bidirectional overrides,
/// zero-width characters) are shown as `\u{…}`, as in generated Swift, so a
/// page can't display something other than what the file says.
package enum MarkdownEscaping {
    /// Inline text (a label, a title, a table cell): every character with a
    /// Markdown meaning is backslash-escaped, `<`, `>` and `&` become
    /// entities, and line breaks become spaces.
    package static func text(_ text: String) -> String {
        isPlainText(text) ? text : escapedText(text)
    }

    /// `text` for any text, scalar by scalar.
    static func escapedText(_ text: String) -> String {
        var result = ""
        var atStart = true
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            defer { atStart = false }
            if SwiftEscaping.isLineBreak(scalar) || scalar == "\t" {
                result += " "
                continue
            }
            if InvisibleCharacters.isInvisible(scalar, previous: index > 0 ? scalars[index - 1] : nil, next: index + 1 < scalars.count ? scalars[index + 1] : nil) {
                result += InvisibleCharacters.unicodeEscape(scalar)  // `\u` is no Markdown escape: shown as written
                continue
            }
            switch scalar {
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "&": result += "&amp;"
            case "\\", "`", "*", "_", "[", "]", "|", "#", "~":
                result += "\\" + String(scalar)
            case " " where atStart:
                result += "&#32;"  // leading spaces could indent the text into a code block
            case "-", "+", "=":
                // At the start of a line these make lists, rules and headings.
                result += atStart ? "\\" + String(scalar) : String(scalar)
            case "." where orderedListMarkerEnds(at: index, in: scalars), ")" where orderedListMarkerEnds(at: index, in: scalars):
                result += "\\" + String(scalar)
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether `scalars[index]` ends a leading run of digits (`1.`), which
    /// would start an ordered list.
    private static func orderedListMarkerEnds(at index: Int, in scalars: [Unicode.Scalar]) -> Bool {
        index > 0 && scalars[..<index].allSatisfy { ("0"..."9").contains($0) }
    }

    /// A code span showing `text` literally (identifiers, symbol names):
    /// the fence is longer than any run of backticks inside, line breaks
    /// become spaces, `|` is escaped so tables keep their cells, and
    /// invisible characters are shown as `\u{…}`.
    package static func code(_ text: String) -> String {
        isPlainCode(text) ? "`" + text + "`" : fencedCode(text)
    }

    /// `code` outside a table, where `\|` would show its backslash.
    package static func code(_ text: String, inTable: Bool) -> String {
        isPlainCode(text) ? "`" + text + "`" : fencedCode(text, escapingPipes: inTable)
    }

    /// A fenced code block showing `text` (its lines) literally: the fence
    /// is longer than any run of backticks inside, so no line can close it,
    /// and invisible characters are shown as `\u{…}`.
    package static func codeBlock(_ text: String, language: String) -> String {
        var lines: [String] = []
        var longestRun = 0
        for line in SwiftEscaping.splitLines(text) {
            let scalars = Array(line.unicodeScalars)
            var shown = ""
            var run = 0
            for (index, scalar) in scalars.enumerated() {
                run = scalar == "`" ? run + 1 : 0
                longestRun = max(longestRun, run)
                if InvisibleCharacters.isInvisible(scalar, previous: index > 0 ? scalars[index - 1] : nil, next: index + 1 < scalars.count ? scalars[index + 1] : nil) {
                    shown += InvisibleCharacters.unicodeEscape(scalar)
                } else {
                    shown.unicodeScalars.append(scalar)
                }
            }
            lines.append(shown)
        }
        let fence = String(repeating: "`", count: max(3, longestRun + 1))
        return ([fence + language] + lines + [fence]).joined(separator: "\n")
    }

    /// `docLines` as one text, for a hover or a completion's documentation.
    package static func doc(_ text: String) -> String {
        docLines(text).joined(separator: "\n")
    }

    /// `code` for any text, scalar by scalar.
    static func fencedCode(_ text: String, escapingPipes: Bool = true) -> String {
        var content = ""
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            if SwiftEscaping.isLineBreak(scalar) || scalar == "\t" {
                content += " "
            } else if InvisibleCharacters.isInvisible(scalar, previous: index > 0 ? scalars[index - 1] : nil, next: index + 1 < scalars.count ? scalars[index + 1] : nil) {
                content += InvisibleCharacters.unicodeEscape(scalar)
            } else if scalar == "|", escapingPipes {
                content += "\\|"
            } else {
                content.unicodeScalars.append(scalar)
            }
        }
        if content.isEmpty { return "` `" }
        var longestRun = 0
        var run = 0
        for character in content {
            run = character == "`" ? run + 1 : 0
            longestRun = max(longestRun, run)
        }
        let fence = String(repeating: "`", count: longestRun + 1)
        // A space on each side keeps a leading or trailing backtick out of the fence.
        let padded = content.first == "`" || content.last == "`" || content.first == " " && content.last == " " ? " \(content) " : content
        return fence + padded + fence
    }

    /// Lines of a doc comment as Markdown: CommonMark, sanitised so it can't
    /// reach outside itself or out of the page (see `MarkdownDocComment`).
    package static func docLines(_ text: String) -> [String] {
        // One line of printable ASCII that starts with a letter or digit and
        // holds nothing that could start code, a link, HTML or a fence: the
        // common doc comment, unchanged.
        if let first = text.utf8.first, first.isASCIIAlphanumericOrSpace, first != 0x20,
           text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && !isDocSpecial($0) }) {
            return [text]
        }
        return MarkdownDocComment.lines(text)
    }

    /// `<`, `` ` ``, `[`, `]`, `~` (compared, not looked up in a set: hashing
    /// each byte of every doc comment cost more than the rest of the check).
    private static func isDocSpecial(_ byte: UInt8) -> Bool {
        byte == 0x3C || byte == 0x60 || byte == 0x5B || byte == 0x5D || byte == 0x7E
    }

    /// A link destination: the path percent-encoded except for unreserved
    /// characters and `/`, so spaces, parentheses and `<` can't end it.
    /// A file name's bytes that are not UTF-8 (`PathBytes`) are encoded as
    /// the bytes they are, so the link opens the file.
    package static func linkDestination(_ path: String, fragment: String? = nil) -> String {
        var result = ""
        for byte in PathBytes.bytes(path) {
            let scalar = Unicode.Scalar(byte)
            if ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || "-._~/".unicodeScalars.contains(scalar) {
                result.unicodeScalars.append(scalar)
            } else {
                result += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        if let fragment { result += "#" + linkDestination(fragment).replacingSlashes() }
        return result
    }

    // MARK: - Fast paths

    /// Letters, digits and inner spaces (and "…"): nothing in it means
    /// anything to Markdown, so `text` returns it unchanged. Most labels.
    static func isPlainText(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { isPlainText($0) }
    }

    /// `isPlainText` on UTF-8.
    static func isPlainText(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = utf8.first, first != 0x20 else { return false }
        var pendingEllipsis = 0
        for byte in utf8 {
            if pendingEllipsis > 0 {
                guard byte == (pendingEllipsis == 2 ? 0x80 : 0xA6) else { return false }
                pendingEllipsis -= 1
                continue
            }
            if byte.isASCIIAlphanumericOrSpace { continue }
            guard byte == 0xE2 else { return false }
            pendingEllipsis = 2  // the start of "…" (E2 80 A6)
        }
        return pendingEllipsis == 0
    }

    /// Printable ASCII without '`' or '|' that needs no padding: `code`
    /// writes it between single backticks. Most symbols and actions.
    static func isPlainCode(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { isPlainCode($0) }
    }

    /// `isPlainCode` on UTF-8.
    static func isPlainCode(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = utf8.first, let last = utf8.last, !(first == 0x20 && last == 0x20) else { return false }
        // One bit per byte value (printable ASCII but '`' and '|'), a test
        // per byte: through `allSatisfy` and four comparisons it was a
        // tenth of the Markdown backend (every action is a code span).
        let below64: UInt64 = 0xFFFF_FFFF_0000_0000
        let from64: UInt64 = 0x6FFF_FFFE_FFFF_FFFF
        for byte in utf8 {
            let bits = byte < 64 ? below64 : byte < 128 ? from64 : 0
            if (bits >> UInt64(byte & 63)) & 1 == 0 { return false }
        }
        return true
    }
}

extension MarkdownEscaping {
    /// `text` of UTF-8, handed to `body` without making a string when it is plain.
    static func withText<Result>(_ utf8: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if isPlainText(utf8) { return body(utf8) }
        var escaped = escapedText(String(decoding: utf8, as: UTF8.self))
        return escaped.withUTF8(body)
    }

    /// `code` of UTF-8, handed to `emit` in pieces without making a string when it is plain.
    static func code(_ utf8: UnsafeBufferPointer<UInt8>, _ emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        if isPlainCode(utf8) {
            let backtick: StaticString = "`"
            let fence = UnsafeBufferPointer(start: backtick.utf8Start, count: 1)
            emit(fence)
            emit(utf8)
            emit(fence)
        } else {
            var fenced = fencedCode(String(decoding: utf8, as: UTF8.self))
            fenced.withUTF8(emit)
        }
    }
}

extension CodeWriter {
    /// `MarkdownEscaping.text` of UTF-8, written without making a string when it is plain.
    mutating func writeMarkdownText(_ utf8: UnsafeBufferPointer<UInt8>) {
        MarkdownEscaping.withText(utf8) { write($0) }
    }

    /// `MarkdownEscaping.code` of UTF-8, written without making a string when it is plain.
    mutating func writeMarkdownCode(_ utf8: UnsafeBufferPointer<UInt8>) {
        MarkdownEscaping.code(utf8) { write($0) }
    }
}

extension OutputBuffer {
    /// `MarkdownEscaping.text` of UTF-8.
    func appendMarkdownText(_ utf8: UnsafeBufferPointer<UInt8>) {
        MarkdownEscaping.withText(utf8) { append($0) }
    }

    /// `MarkdownEscaping.code` of UTF-8.
    func appendMarkdownCode(_ utf8: UnsafeBufferPointer<UInt8>) {
        MarkdownEscaping.code(utf8) { append($0) }
    }
}

extension String {
    fileprivate func replacingSlashes() -> String {
        split(separator: "/", omittingEmptySubsequences: false).joined(separator: "%2F")
    }
}
