import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics
import MenuRules
import MenuFormatter
import MenuCompiler

/// What `initialize` answers: the features the server really implements,
/// and nothing else.
enum ServerCapabilities {
    /// Characters after which editors ask for completions without being told:
    /// values after `:`, `allow` after `@`, rule ids after `(` and `,`, names after a space (`use `).
    static let completionTriggers: [JSON] = [":", "@", "(", ",", " "]

    static func initializeResult(formatting: Bool, codeActionLiterals: Bool, prepareRename: Bool = false) -> JSON {
        var capabilities: [String: JSON] = [
            "positionEncoding": "utf-16",
            "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false]],
            "hoverProvider": true,
            "completionProvider": ["triggerCharacters": .array(completionTriggers), "resolveProvider": false],
            "definitionProvider": true,
            "referencesProvider": true,
            "documentSymbolProvider": true,
            "codeActionProvider": codeActionLiterals
                ? ["codeActionKinds": [.string(CodeActionsFeature.quickFix), .string(CodeActionsFeature.fixAll)]]
                : true,
            "semanticTokensProvider": ["legend": SemanticTokensFeature.legend, "full": true, "range": false],
            "foldingRangeProvider": true,
            "documentHighlightProvider": true,
            "workspaceSymbolProvider": true,
            // Rename options may be sent only to a client that said it prepares renames.
            "renameProvider": prepareRename ? ["prepareProvider": true] : true,
            "codeLensProvider": ["resolveProvider": false],
            "executeCommandProvider": ["commands": [.string(PreviewLensFeature.command), .string(ApplyFixCommand.command)]],
            // Folders added and removed later move the roots imports are resolved in.
            "workspace": ["workspaceFolders": ["supported": true, "changeNotifications": true]],
        ]
        if formatting {
            capabilities["documentFormattingProvider"] = true
            capabilities["documentRangeFormattingProvider"] = true
        }
        return [
            "capabilities": .object(capabilities),
            "serverInfo": ["name": "menuc", "version": .string(MenucVersion.current)],
        ]
    }

    /// The workspace folders of `initialize` as paths: `workspaceFolders`,
    /// else `rootUri`, else the deprecated `rootPath`.
    static func workspaceRoots(_ params: JSON) -> [String] {
        if let folders = params["workspaceFolders"]?.array {
            let paths = folders.compactMap { $0["uri"]?.string.flatMap(DocumentURI.path(of:)) }
            if !paths.isEmpty { return paths.map { Workspace.standardize($0, relativeTo: "/") } }
        }
        if let uri = params["rootUri"]?.string, let path = DocumentURI.path(of: uri) {
            return [Workspace.standardize(path, relativeTo: "/")]
        }
        if let path = params["rootPath"]?.string, path.hasPrefix("/") {
            return [Workspace.standardize(path, relativeTo: "/")]
        }
        return []
    }
}
