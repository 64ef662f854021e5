import Foundation
@testable import MenuLanguageServer

/// The language server's features on one in-memory document, for the
/// tests of the server and of what the editor shows (`|` marks the cursor).
/// Internal, as the types it answers with are: its users import it `@testable`.
enum LanguageServerProbe {
    /// The text without its `|` marker, and the marker's byte offset.
    static func marked(_ text: String) -> (text: String, offset: Int) {
        guard let index = text.firstIndex(of: "|") else { return (text, text.utf8.count) }
        var result = text
        result.remove(at: index)
        return (result, text[..<index].utf8.count)
    }

    /// One untitled document, compiled as the server would compile it.
    static func document(_ text: String, uri: String = "untitled:test.menu") -> DocumentContext {
        let document = TextDocument(uri: uri, version: 1, bytes: Array(text.utf8), path: nil)
        let analysis = Analysis(documents: [document], generation: 0, directory: FileManager.default.temporaryDirectory.path)
        guard let context = try? analysis.document(uri) else { fatalError("the document was not analyzed") }
        return context
    }

    /// Labels of the completions at the `|` marker.
    static func completions(_ text: String) -> [String] {
        let (source, offset) = marked(text)
        let document = document(source)
        let context = CompletionContext.at(offset, in: document.syntax)
        return CompletionFeature.items(for: context, in: document).map(\.label)
    }

    static func hover(_ text: String) -> String? {
        let (source, offset) = marked(text)
        return HoverFeature.hover(document(source), at: offset)?.text
    }
}
