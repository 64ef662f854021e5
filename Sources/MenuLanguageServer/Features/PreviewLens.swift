import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics
import MenuRules
import MenuBackends
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
    /// Writes the document's preview page — its text as the editor has it,
    /// saved or not, with its findings — into `folder` and returns the
    /// page's `file:` URI with the declaration's section as its fragment.
    static func execute(arguments: JSON?, analysis: Analysis, folder: PreviewFolder) throws -> Preview {
        guard let values = arguments?.array, values.count == 2, let uri = values[0].string, let id = values[1].string else {
            throw ResponseError.invalidParams("\(command) takes two arguments: a document URI and a declaration's identifier")
        }
        let document = try analysis.document(uri)
        guard let file = document.checked, file.declarations.contains(where: { $0.id == id }) else {
            throw ResponseError.invalidParams("\(NameOccurrences.shown(uri)) declares nothing named '\(NameOccurrences.shown(id))'")
        }
        let page = PreviewPage.render(file, diagnostics: analysis.diagnostics(in: document.file))
        switch folder.write(page, for: uri) {
        case .success(let path):
            let anchor = PreviewPage.anchor(of: id, in: file)
            return Preview(path: path, uri: DocumentURI.uri(forPath: path) + (anchor.map { "#" + $0 } ?? ""), declaration: id)
        case .failure(let failure):
            throw ResponseError.requestFailed("no preview: \(failure.message)")
        }
    }

    /// A page written for the command.
    struct Preview {
        var path: String
        /// The page's `file:` URI, with the declaration's section as fragment.
        var uri: String
        var declaration: String

        /// What the editor shows when it cannot open the page itself.
        var message: String {
            "menuc: the preview of '\(NameOccurrences.shown(declaration))' is at \(uri)"
        }
    }
}
