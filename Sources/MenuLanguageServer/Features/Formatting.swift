import MenuSupport
import MenuSyntax
import MenuSemantics
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
    static func format(_ document: DocumentContext, with formatter: any DocumentFormatting) -> JSON {
        switch formatter.format(document.source) {
        case .success(let formatted):
            guard let edit = minimalEdit(from: document.source, to: Array(formatted.utf8)) else { return [] }
            return [edit.json]
        case .failure:
            // Not an error of the request: the file just can't be formatted yet.
            return .null
        }
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
