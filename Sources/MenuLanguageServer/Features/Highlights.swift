import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics
import MenuRules
import MenuFormatter
import MenuCompiler

/// `textDocument/documentHighlight`: the name at the cursor where this
/// document writes it — its declaration as a write, the names referring to
/// it as reads. The same finder as references and rename, kept to the
/// document (it runs on every move of the cursor, so it reads no other file).
enum HighlightsFeature {
    /// Protocol `DocumentHighlightKind`s.
    static let read = 2
    static let write = 3

    static func highlights(_ document: DocumentContext, at position: LSPPosition) -> JSON {
        let search = ReferenceSearch(document: document)
        guard case .success(let found) = NameOccurrences.find(document, at: document.offset(of: position), in: search) else { return [] }
        var highlights: [JSON] = []
        if found.definition.uri == document.uri {
            highlights.append(["range": found.definition.range.json, "kind": .int(write)])
        }
        for reference in found.references where reference.uri == document.uri {
            highlights.append(["range": reference.range.json, "kind": .int(read)])
        }
        return .array(highlights)
    }
}
