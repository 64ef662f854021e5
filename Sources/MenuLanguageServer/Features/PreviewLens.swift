import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics
import MenuRules
import MenuFormatter
import MenuCompiler

/// A "Preview" code lens on each top-level declaration, running the
/// `menuc.preview` command with the document's URI and the declaration's
/// identifier; `workspace/executeCommand` runs it.
enum PreviewLensFeature {
    static let command = "menuc.preview"

    static func lenses(_ document: DocumentContext) -> JSON {
        let elements = document.syntax.elements
        let ids = IdentifierAssignment.assign(elements, taken: [])
        return .array(zip(elements, ids).map { element, assigned in
            let header = element.keyword.union(element.name?.span ?? element.keyword).union(element.label?.span ?? element.keyword)
            return [
                "range": document.range(of: header).json,
                "command": ["title": "Preview", "command": .string(command), "arguments": [.string(document.uri), .string(assigned.id)]],
            ]
        })
    }

    /// `workspace/executeCommand` for `menuc.preview`: arguments `[uri, declaration id]`.
    static func execute(arguments: JSON?, analysis: Analysis) throws -> PreviewOutcome {
        guard let values = arguments?.array, values.count == 2, let uri = values[0].string, let id = values[1].string else {
            throw ResponseError.invalidParams("\(command) takes two arguments: a document URI and a declaration's identifier")
        }
        let document = try analysis.document(uri)
        guard let declaration = document.checked?.declarations.first(where: { $0.id == id }) else {
            throw ResponseError.invalidParams("\(NameOccurrences.shown(uri)) declares nothing named '\(NameOccurrences.shown(id))'")
        }
        return preview(declaration, in: document)
    }

    /// What the command gave the editor.
    enum PreviewOutcome {
        /// A page that shows the declaration, written at this path.
        case written(path: String)
        /// Why there is no preview.
        case unavailable(String)

        var json: JSON {
            switch self {
            case .written(let path): ["available": true, "path": .string(path), "uri": .string(DocumentURI.uri(forPath: path))]
            case .unavailable(let message): ["available": false, "message": .string(message)]
            }
        }

        /// What the editor shows the person who asked.
        var message: String {
            switch self {
            case .written(let path): "menuc: the preview is at \(path)"
            case .unavailable(let message): "menuc: \(message)"
            }
        }
    }

    /// The one place a preview is made: when the compiler can draw a
    /// declaration, this writes its page and answers `.written`.
    static func preview(_ declaration: Element, in document: DocumentContext) -> PreviewOutcome {
        .unavailable("preview not available: this menuc cannot draw \(declaration.kind.rawValue) '\(NameOccurrences.shown(declaration.id))' yet")
    }
}
