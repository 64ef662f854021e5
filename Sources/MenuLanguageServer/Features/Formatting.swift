import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics
import MenuRules
import MenuFormatter
import MenuCompiler

/// Formats a whole file: the server's view of `menuc fmt`.
///
/// The server depends on this small protocol rather than on the formatter
/// itself, so `menuc lsp` advertises `documentFormattingProvider` exactly
/// when a formatter is plugged in (advertising honestly), and tests can
/// plug in their own.
package protocol DocumentFormatting: Sendable {
    /// The formatted text, or the diagnostics that prevent formatting
    /// (a file with syntax errors is left alone).
    func format(_ file: SourceFile) -> Result<String, FormattingFailure>
}

/// Why a file could not be formatted.
package struct FormattingFailure: Error, Sendable {
    package var diagnostics: [Diagnostic]

    package init(diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }
}

/// `textDocument/formatting`: one minimal edit from the current text to the
/// formatted text (the changed middle, not the whole file), so the editor
/// keeps the cursor, selections and undo history where nothing changed.
enum FormattingFeature {
    /// The editor's `FormattingOptions`: the canonical layout indents by
    /// two spaces, which becomes a tab or `tabSize` spaces per level when
    /// the editor asks for that.
    struct Options: Equatable {
        var tabSize = 2
        var insertSpaces = true

        init() {}

        init(json: JSON?) {
            if let size = json?["tabSize"]?.int, (1...16).contains(size) { tabSize = size }
            if let spaces = json?["insertSpaces"]?.bool { insertSpaces = spaces }
        }

        var indentUnit: [UInt8] { insertSpaces ? Array(repeating: 0x20, count: tabSize) : [0x09] }
    }

    static func format(_ document: DocumentContext, with formatter: any DocumentFormatting, options: Options = Options()) -> JSON {
        switch formatter.format(document.source) {
        case .success(let formatted):
            let target = adapted(Array(formatted.utf8), to: document.source.bytes, options: options)
            guard let edit = minimalEdit(from: document.source, to: target) else { return [] }
            return [edit.json]
        case .failure:
            // Not an error of the request: the file just can't be formatted yet.
            return .null
        }
    }

    /// The formatted text in the editor's indentation and the document's
    /// own line ends (those its first line ends with: CRLF, or a carriage
    /// return alone, which the protocol counts as a line end too): the edit
    /// changes the layout, not the conventions the file and the editor keep.
    static func adapted(_ formatted: [UInt8], to original: [UInt8], options: Options) -> [UInt8] {
        let lineEnd = lineEnding(of: original)
        guard lineEnd != [0x0A] || options != Options() else { return formatted }
        var output: [UInt8] = []
        output.reserveCapacity(formatted.count + formatted.count / 16)
        var atLineStart = true
        var index = 0
        while index < formatted.count {
            let byte = formatted[index]
            if atLineStart, options != Options() {
                var spaces = 0
                while index + spaces < formatted.count, formatted[index + spaces] == 0x20 { spaces += 1 }
                for _ in 0..<(spaces / 2) { output += options.indentUnit }
                if spaces % 2 == 1 { output.append(0x20) }
                index += spaces
                atLineStart = false
                continue
            }
            if byte == 0x0A {
                output += lineEnd
                atLineStart = true
            } else {
                output.append(byte)
            }
            index += 1
        }
        return output
    }

    /// The bytes that end the first line of `text` (a line feed when it has one line).
    static func lineEnding(of text: [UInt8]) -> [UInt8] {
        guard let first = text.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) else { return [0x0A] }
        if text[first] == 0x0A { return [0x0A] }
        return first + 1 < text.count && text[first + 1] == 0x0A ? [0x0D, 0x0A] : [0x0D]
    }

    /// The single edit turning `file`'s text into `target`: the differing
    /// middle between the common prefix and suffix, on character boundaries.
    /// Nil when nothing changes.
    static func minimalEdit(from file: SourceFile, to target: [UInt8]) -> LSPTextEdit? {
        let bytes = file.bytes
        guard bytes != target else { return nil }
        var prefix = 0
        let shorter = min(bytes.count, target.count)
        while prefix < shorter, bytes[prefix] == target[prefix] { prefix += 1 }
        // Back up out of a multi-byte character (continuation bytes are 10xxxxxx).
        while prefix > 0, prefix < bytes.count, bytes[prefix] & 0xC0 == 0x80 { prefix -= 1 }
        var suffix = 0
        while suffix < shorter - prefix, bytes[bytes.count - 1 - suffix] == target[target.count - 1 - suffix] { suffix += 1 }
        while suffix > 0, bytes[bytes.count - suffix] & 0xC0 == 0x80 { suffix -= 1 }
        let replacement = String(decoding: target[prefix..<(target.count - suffix)], as: UTF8.self)
        return LSPTextEdit(range: file.lspRange(prefix..<(bytes.count - suffix)), newText: replacement)
    }
}
