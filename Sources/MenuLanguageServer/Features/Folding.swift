import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics
import MenuRules
import MenuFormatter
import MenuCompiler

/// `textDocument/foldingRange`: element bodies, runs of imports, doc
/// comments and block comments that span lines.
enum FoldingFeature {
    struct Fold: Equatable {
        var startLine: Int
        var endLine: Int
        var kind: String?
    }

    static func ranges(_ document: DocumentContext) -> JSON {
        .array(folds(document.syntax, lexed: document.lexed).map { fold in
            JSON.object(dropping: [
                "startLine": .int(fold.startLine),
                "endLine": .int(fold.endLine),
                "kind": fold.kind.map(JSON.string),
            ])
        })
    }

    static func folds(_ syntax: SyntaxFile, lexed: LexedFile? = nil) -> [Fold] {
        let file = syntax.file
        var result: [Fold] = []
        for entry in SyntaxNavigator(syntax: syntax).allElements() {
            let element = entry.frame.syntax
            if let doc = element.doc { addFold(file.lineIndex(of: doc.span.start), file.lineIndex(of: doc.span.end), "comment", to: &result) }
            guard let body = element.body else { continue }
            let open = file.lineIndex(of: body.open.start)
            // Keep the closing brace visible: fold up to the line before it.
            let end = body.close.map { file.lineIndex(of: $0.start) - 1 } ?? file.lineIndex(of: body.members.last?.span.end ?? body.open.end)
            addFold(open, end, nil, to: &result)
        }
        if let doc = syntax.doc { addFold(file.lineIndex(of: doc.span.start), file.lineIndex(of: doc.span.end), "comment", to: &result) }
        if let first = syntax.imports.first, let last = syntax.imports.last {
            addFold(file.lineIndex(of: first.span.start), file.lineIndex(of: last.span.end), "imports", to: &result)
        }
        var lineComments: [Int] = []
        for comment in (lexed ?? LexedFile(file)).comments {
            let startLine = file.lineIndex(of: comment.start)
            let isLine = file.bytes.count > comment.start + 1 && file.bytes[comment.start + 1] == UInt8(ascii: "/")
            if isLine {
                lineComments.append(startLine)
            } else {
                addFold(startLine, file.lineIndex(of: max(comment.start, comment.end - 1)), "comment", to: &result)
            }
        }
        // Consecutive `//` lines fold together.
        var runStart: Int?
        var previous = -2
        for line in lineComments + [Int.max] {
            if line != previous + 1 {
                if let start = runStart { addFold(start, previous, "comment", to: &result) }
                runStart = line
            }
            previous = line
        }
        return result.sorted { ($0.startLine, $0.endLine) < ($1.startLine, $1.endLine) }
    }

    private static func addFold(_ start: Int, _ end: Int, _ kind: String?, to folds: inout [Fold]) {
        guard end > start else { return }
        let fold = Fold(startLine: start, endLine: end, kind: kind)
        if !folds.contains(fold) { folds.append(fold) }
    }
}
