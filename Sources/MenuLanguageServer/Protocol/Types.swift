#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics
import MenuRules
import MenuFormatter
import MenuCompiler

/// A protocol position: 0-based line and UTF-16 code-unit offset in the
/// line, as LSP requires unless another encoding is negotiated (menuc
/// offers only UTF-16, the one every client supports).
package struct LSPPosition: Hashable, Sendable, Comparable, JSONRepresentable {
    package var line: Int
    package var character: Int

    package init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    init(json: JSON?) throws {
        guard let line = json?["line"]?.int, let character = json?["character"]?.int, line >= 0, character >= 0 else {
            throw ResponseError.invalidParams("a position needs non-negative 'line' and 'character'")
        }
        self.init(line: line, character: character)
    }

    package var json: JSON { ["line": .int(line), "character": .int(character)] }

    package static func < (lhs: LSPPosition, rhs: LSPPosition) -> Bool {
        (lhs.line, lhs.character) < (rhs.line, rhs.character)
    }
}

package struct LSPRange: Hashable, Sendable, JSONRepresentable {
    package var start: LSPPosition
    package var end: LSPPosition

    package init(start: LSPPosition, end: LSPPosition) {
        self.start = start
        self.end = end
    }

    init(json: JSON?) throws {
        try self.init(start: LSPPosition(json: json?["start"]), end: LSPPosition(json: json?["end"]))
    }

    package var json: JSON { ["start": start.json, "end": end.json] }
}

package struct LSPLocation: Hashable, Sendable, JSONRepresentable {
    package var uri: String
    package var range: LSPRange

    package var json: JSON { ["uri": .string(uri), "range": range.json] }
}

/// An edit in protocol coordinates.
package struct LSPTextEdit: Hashable, Sendable, JSONRepresentable {
    package var range: LSPRange
    package var newText: String

    package var json: JSON { ["range": range.json, "newText": .string(newText)] }
}

/// A JSON-RPC error answer. Handlers throw these; anything else they throw
/// becomes an internal error, so one failing request never stops the server.
package struct ResponseError: Error, Equatable, Sendable {
    package var code: Int
    package var message: String

    package init(code: Int, message: String) {
        self.code = code
        self.message = message
    }

    package static let parseErrorCode = -32700
    package static let invalidRequestCode = -32600
    package static let methodNotFoundCode = -32601
    package static let invalidParamsCode = -32602
    package static let internalErrorCode = -32603
    package static let serverNotInitializedCode = -32002
    package static let requestFailedCode = -32803

    static func invalidParams(_ message: String) -> ResponseError { ResponseError(code: invalidParamsCode, message: message) }
    static func requestFailed(_ message: String) -> ResponseError { ResponseError(code: requestFailedCode, message: message) }

    var json: JSON { ["code": .int(code), "message": .string(message)] }
}

// MARK: - Positions in source files

extension SourceFile {
    /// The protocol position of a byte offset.
    package func lspPosition(of offset: Int) -> LSPPosition {
        let position = position(of: offset)
        return LSPPosition(line: position.line - 1, character: position.utf16Column - 1)
    }

    /// The byte offset of a protocol position. A character past the end of
    /// its line means the end of the line and a line past the end of the
    /// file means the end of the file, as the protocol asks.
    package func offset(of position: LSPPosition) -> Int {
        offset(line: position.line, utf16Column: position.character)
    }

    package func lspRange(of span: Span) -> LSPRange {
        LSPRange(start: lspPosition(of: span.start), end: lspPosition(of: span.end))
    }

    package func lspRange(_ range: Range<Int>) -> LSPRange {
        LSPRange(start: lspPosition(of: range.lowerBound), end: lspPosition(of: range.upperBound))
    }

    /// Byte range of a protocol range, ordered even if the client sent it reversed.
    package func byteRange(of range: LSPRange) -> Range<Int> {
        let a = offset(of: range.start)
        let b = offset(of: range.end)
        return min(a, b)..<max(a, b)
    }
}

// MARK: - Document URIs

/// Converts between `file:` URIs and paths. Other schemes (`untitled:`)
/// have no path; such buffers are compiled from memory.
package enum DocumentURI {
    package static func path(of uri: String) -> String? {
        guard uri.hasPrefix("file:"), let url = URL(string: uri), url.isFileURL else { return nil }
        let path = url.path
        return path.isEmpty ? nil : path
    }

    package static func uri(forPath path: String) -> String {
        URL(fileURLWithPath: path, isDirectory: false).absoluteString
    }
}
