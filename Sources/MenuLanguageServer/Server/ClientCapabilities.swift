import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics
import MenuRules
import MenuFormatter
import MenuCompiler

/// What the client said it can do in `initialize`, reduced to the
/// questions the handlers ask. Missing fields mean "no", as the protocol says.
struct ClientCapabilities: Sendable {
    var hoverMarkdown = false
    var completionMarkdown = false
    var hierarchicalSymbols = false
    var relatedInformation = false
    var unnecessaryTag = false
    var codeDescription = false
    var codeActionLiterals = false
    /// The client applies edits the server sends (`workspace/applyEdit`).
    var applyEdit = false
    var versionedDiagnostics = false
    var prepareRename = false
    /// Workspace edits may be `documentChanges` (edits tied to document versions).
    var documentChanges = false
    /// The client opens what `window/showDocument` asks for (the preview, in the browser).
    var showDocument = false

    init() {}

    init(json: JSON?) {
        let text = json?["textDocument"]
        func has(_ path: [String], _ value: JSON) -> Bool {
            var node = text
            for key in path { node = node?[key] }
            return node?.array?.contains(value) ?? false
        }
        func flag(_ path: [String]) -> Bool {
            var node = text
            for key in path { node = node?[key] }
            return node?.bool ?? false
        }
        hoverMarkdown = has(["hover", "contentFormat"], "markdown")
        completionMarkdown = has(["completion", "completionItem", "documentationFormat"], "markdown")
        hierarchicalSymbols = flag(["documentSymbol", "hierarchicalDocumentSymbolSupport"])
        relatedInformation = flag(["publishDiagnostics", "relatedInformation"])
        unnecessaryTag = has(["publishDiagnostics", "tagSupport", "valueSet"], 1)
        codeDescription = flag(["publishDiagnostics", "codeDescriptionSupport"])
        versionedDiagnostics = flag(["publishDiagnostics", "versionSupport"])
        codeActionLiterals = text?["codeAction"]?["codeActionLiteralSupport"] != nil
        prepareRename = flag(["rename", "prepareSupport"])
        documentChanges = json?["workspace"]?["workspaceEdit"]?["documentChanges"]?.bool ?? false
        applyEdit = json?["workspace"]?["applyEdit"]?.bool ?? false
        showDocument = json?["window"]?["showDocument"]?["support"]?.bool ?? false
    }
}

/// Text for hovers and documentation, in the richest form the client shows:
/// the Markdown, or for a client that takes only plain text, what it reads as.
struct MarkupText {
    var markdown: String
    var isMarkdown: Bool

    var json: JSON {
        isMarkdown ? ["kind": "markdown", "value": .string(markdown)]
            : ["kind": "plaintext", "value": .string(PlainTextRendering.plainText(fromMarkdown: markdown))]
    }
}
