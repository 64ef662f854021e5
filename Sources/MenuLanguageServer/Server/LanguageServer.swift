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

/// The language server's core: a state machine that takes message bodies
/// and the time, and returns the messages to send. It owns no thread, file
/// descriptor or clock — the transport feeds it — so everything it does is
/// deterministic and can be tested without processes.
///
/// Diagnostics are debounced: a change schedules publishing for
/// `diagnosticsDelay` later, and each further change moves the deadline
/// (up to `maximumDiagnosticsWait` after the first unpublished change, so
/// continuous typing still gets feedback). The transport asks for
/// `nextDeadline` and calls `fireTimers(now:)` when it passes.
package final class LanguageServer {
    package struct Configuration: Sendable {
        /// Plugged in by `menuc lsp`; without one, formatting is not advertised.
        package var formatter: (any DocumentFormatting)?
        /// Nanoseconds of quiet after a change before diagnostics are published.
        package var diagnosticsDelay: UInt64
        /// Nanoseconds after the first unpublished change when they are published anyway.
        package var maximumDiagnosticsWait: UInt64
        /// Where untitled buffers' imports are resolved when the client names no workspace.
        package var currentDirectory: String
        /// Where the folder of preview pages is made; nil: the system's temporary folder.
        package var previewParent: String?

        package init(formatter: (any DocumentFormatting)? = nil, diagnosticsDelay: UInt64 = 150_000_000,
                    maximumDiagnosticsWait: UInt64 = 1_000_000_000,
                    currentDirectory: String = FileManager.default.currentDirectoryPath, previewParent: String? = nil) {
            self.formatter = formatter
            self.diagnosticsDelay = diagnosticsDelay
            self.maximumDiagnosticsWait = maximumDiagnosticsWait
            self.currentDirectory = currentDirectory
            self.previewParent = previewParent
        }
    }

    private enum State {
        case waitingForInitialize
        case running
        case shutDown
    }

    private let configuration: Configuration
    private var state = State.waitingForInitialize
    /// Set by the `exit` notification: 0 after `shutdown`, 1 otherwise.
    package private(set) var exitCode: Int32?
    private var capabilities = ClientCapabilities()
    private var roots: [String] = []
    private var store = DocumentStore()
    private var cachedAnalysis: Analysis?
    private var diagnosticsDue: (deadline: UInt64, firstChange: UInt64)?
    /// Documents whose diagnostics must be sent even if they look unchanged.
    private var mustPublish: Set<String> = []
    private var published: [String: JSON] = [:]
    private var reportedConfigurationFailures: Set<String> = []
    private var outbox: [JSON] = []
    /// The pages of the Preview command; removed at shutdown and exit.
    private let previews: PreviewFolder
    /// Numbers the requests the server sends the client (`workspace/applyEdit`, `window/showDocument`).
    private var sentRequests = 0

    package init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        previews = PreviewFolder(parent: configuration.previewParent)
    }

    /// The folder of preview pages, once the first was written.
    package var previewFolder: String? { previews.path }

    /// When `fireTimers(now:)` should next be called, if at all.
    package var nextDeadline: UInt64? { diagnosticsDue?.deadline }

    // MARK: - Input

    /// Handles one message body and returns what to send in answer.
    package func receive(_ body: [UInt8], now: UInt64) -> [JSON] {
        do {
            let message = try JSON.parse(body)
            handle(message, now: now)
        } catch {
            reply(to: .null, error: ResponseError(code: ResponseError.parseErrorCode, message: "not valid JSON: \(error)"))
        }
        return takeOutbox()
    }

    /// A frame that could not be read (the decoder has already moved on to
    /// the next message): answered with a parse error — its id is unknowable
    /// — and logged, since clients may not show an answer without an id.
    package func receiveMalformedFrame(_ problem: String) -> [JSON] {
        outbox.append(notification("window/logMessage", ["type": 2, "message": .string("menuc: skipped a malformed message: \(problem)")]))
        reply(to: .null, error: ResponseError(code: ResponseError.parseErrorCode, message: "malformed message: \(problem)"))
        return takeOutbox()
    }

    /// Publishes diagnostics whose debounce delay has passed.
    package func fireTimers(now: UInt64) -> [JSON] {
        if let due = diagnosticsDue, now >= due.deadline {
            diagnosticsDue = nil
            publishDiagnostics()
        }
        return takeOutbox()
    }

    private func takeOutbox() -> [JSON] {
        defer { outbox = [] }
        return outbox
    }

    private func handle(_ message: JSON, now: UInt64) {
        guard let fields = message.object else {
            reply(to: .null, error: ResponseError(code: ResponseError.invalidRequestCode, message: "a message must be a JSON object"))
            return
        }
        let id = fields["id"]
        guard let method = fields["method"]?.string else {
            // A response to a request of ours (`workspace/applyEdit`, `window/showDocument`): the
            // client has shown the person whatever went wrong; nothing waits for it.
            if fields["result"] != nil || fields["error"] != nil { return }
            reply(to: id ?? .null, error: ResponseError(code: ResponseError.invalidRequestCode, message: "a request needs a 'method'"))
            return
        }
        let params = fields["params"] ?? .null
        guard let id else {
            notify(method, params: params, now: now)
            return
        }
        switch id {
        case .int, .string:
            request(method, id: id, params: params)
        case .null, .bool, .double, .array, .object:
            reply(to: .null, error: ResponseError(code: ResponseError.invalidRequestCode, message: "a request id must be a number or a string"))
        }
    }

    // MARK: - Requests

    private func request(_ method: String, id: JSON, params: JSON) {
        switch state {
        case .waitingForInitialize where method != "initialize":
            reply(to: id, error: ResponseError(code: ResponseError.serverNotInitializedCode, message: "the server is not initialized yet"))
            return
        case .shutDown:
            reply(to: id, error: ResponseError(code: ResponseError.invalidRequestCode, message: "the server is shutting down"))
            return
        case .waitingForInitialize, .running:
            break
        }
        do {
            reply(to: id, result: try answer(method, params: RequestParams(params)))
        } catch let error as ResponseError {
            reply(to: id, error: error)
        } catch {
            // Whatever went wrong, this request fails and the server goes on.
            reply(to: id, error: ResponseError(code: ResponseError.internalErrorCode, message: "internal error in \(method): \(error)"))
        }
    }

    private func answer(_ method: String, params: RequestParams) throws -> JSON {
        switch method {
        case "initialize":
            return try initialize(params)
        case "shutdown":
            state = .shutDown
            previews.remove()
            return .null
        case "textDocument/hover":
            return HoverFeature.hover(try document(params), at: try params.position(), markdown: capabilities.hoverMarkdown)
        case "textDocument/completion":
            return CompletionFeature.completion(try document(params), at: try params.position(), markdown: capabilities.completionMarkdown)
        case "textDocument/definition":
            return NavigationFeature.definition(try document(params), at: try params.position())
        case "textDocument/references":
            let document = try document(params)
            let includeDeclaration = params.json["context"]?["includeDeclaration"]?.bool ?? false
            return NavigationFeature.references(document, at: try params.position(), includeDeclaration: includeDeclaration, project: project())
        case "textDocument/documentSymbol":
            return SymbolsFeature.symbols(try document(params), hierarchical: capabilities.hierarchicalSymbols)
        case "textDocument/semanticTokens/full":
            return SemanticTokensFeature.tokens(try document(params))
        case "textDocument/foldingRange":
            return FoldingFeature.ranges(try document(params))
        case "textDocument/codeAction":
            let only = params.json["context"]?["only"]?.array?.compactMap(\.string)
            let document = try document(params)
            return CodeActionsFeature.actions(document, version: store[document.uri]?.version ?? 0, range: try LSPRange(json: params.json["range"]),
                                              only: only, capabilities: capabilities)
        case "textDocument/formatting":
            guard let formatter = configuration.formatter else { throw methodNotFound(method) }
            return FormattingFeature.format(try document(params), with: formatter,
                                            options: FormattingFeature.Options(json: params.json["options"]))
        case "textDocument/rangeFormatting":
            guard let formatter = configuration.formatter else { throw methodNotFound(method) }
            return RangeFormattingFeature.format(try document(params), range: try LSPRange(json: params.json["range"]), with: formatter,
                                                 options: FormattingFeature.Options(json: params.json["options"]))
        case "textDocument/documentHighlight":
            return HighlightsFeature.highlights(try document(params), at: try params.position())
        case "textDocument/prepareRename":
            return try RenameFeature.prepare(try document(params), at: try params.position(), project: project())
        case "textDocument/rename":
            let context = RenameFeature.Context(documents: store.ordered, directory: baseDirectory, documentChanges: capabilities.documentChanges)
            return try RenameFeature.rename(try document(params), at: try params.position(), newName: params.json["newName"],
                                            project: project(), context: context)
        case "workspace/symbol":
            guard let query = params.json["query"]?.string else { throw ResponseError.invalidParams("workspace/symbol needs 'query', a string") }
            return WorkspaceSymbolsFeature.symbols(query: query, project: project())
        case "textDocument/codeLens":
            return PreviewLensFeature.lenses(try document(params))
        case "workspace/executeCommand":
            let command = params.json["command"]?.string
            if command == ApplyFixCommand.command {
                let request = try ApplyFixCommand.request(arguments: params.json["arguments"], documents: store.documents)
                sendRequest("workspace/applyEdit", ["label": .string(request.label), "edit": request.edit])
                return .null
            }
            guard command == PreviewLensFeature.command else {
                throw ResponseError.invalidParams("unknown command; menuc runs \(PreviewLensFeature.command) and \(ApplyFixCommand.command)")
            }
            let preview = try PreviewLensFeature.execute(arguments: params.json["arguments"], analysis: currentAnalysis(), folder: previews)
            if capabilities.showDocument {
                sendRequest("window/showDocument", ["uri": .string(preview.uri), "external": true])
            } else {
                outbox.append(notification("window/showMessage", ["type": 3, "message": .string(preview.message)]))
            }
            return .string(preview.uri)
        default:
            throw methodNotFound(method)
        }
    }

    private func methodNotFound(_ method: String) -> ResponseError {
        ResponseError(code: ResponseError.methodNotFoundCode, message: "unsupported method \(method)")
    }

    private func initialize(_ params: RequestParams) throws -> JSON {
        guard state == .waitingForInitialize else {
            throw ResponseError(code: ResponseError.invalidRequestCode, message: "initialize was already received")
        }
        guard params.json.object != nil else { throw ResponseError.invalidParams("initialize needs parameters") }
        capabilities = ClientCapabilities(json: params.json["capabilities"])
        roots = ServerCapabilities.workspaceRoots(params.json)
        state = .running
        return ServerCapabilities.initializeResult(formatting: configuration.formatter != nil, codeActionLiterals: capabilities.codeActionLiterals,
                                                   prepareRename: capabilities.prepareRename)
    }

    // MARK: - Notifications

    private func notify(_ method: String, params: JSON, now: UInt64) {
        if method == "exit" {
            exitCode = state == .shutDown ? 0 : 1
            previews.remove()
            return
        }
        // Before initialize, notifications are dropped, as the protocol says.
        guard state == .running else { return }
        do {
            try handleNotification(method, params: RequestParams(params), now: now)
        } catch {
            let reason = (error as? ResponseError)?.message ?? "\(error)"
            outbox.append(notification("window/logMessage", ["type": 1, "message": .string("menuc: \(method) failed: \(reason)")]))
        }
    }

    private func handleNotification(_ method: String, params: RequestParams, now: UInt64) throws {
        switch method {
        case "textDocument/didOpen":
            let item = params.json["textDocument"]
            guard let uri = item?["uri"]?.string, let text = item?["text"]?.string else {
                throw ResponseError.invalidParams("didOpen needs textDocument.uri and textDocument.text")
            }
            store.open(uri: uri, text: text, version: item?["version"]?.int ?? 0)
            mustPublish.insert(uri)
            // A newly opened file gets its diagnostics at once.
            scheduleDiagnostics(now: now, delay: 0)
        case "textDocument/didChange":
            let uri = try params.uri()
            guard let changes = params.json["contentChanges"]?.array else { throw ResponseError.invalidParams("didChange needs contentChanges") }
            try store.change(uri: uri, version: params.json["textDocument"]?["version"]?.int, changes: changes.map(ContentChange.init(json:)))
            mustPublish.insert(uri)
            scheduleDiagnostics(now: now, delay: configuration.diagnosticsDelay)
        case "textDocument/didClose":
            let uri = try params.uri()
            store.close(uri: uri)
            published[uri] = nil
            mustPublish.remove(uri)
            outbox.append(DiagnosticsFeature.clear(uri: uri))
            // Files that import it now read it from disk.
            if !store.documents.isEmpty { scheduleDiagnostics(now: now, delay: configuration.diagnosticsDelay) }
        case "textDocument/didSave", "workspace/didChangeWatchedFiles":
            store.invalidate()
            if !store.documents.isEmpty { scheduleDiagnostics(now: now, delay: configuration.diagnosticsDelay) }
        case "workspace/didChangeWorkspaceFolders":
            let event = params.json["event"]
            let removed = Set((event?["removed"]?.array ?? []).compactMap { $0["uri"]?.string.flatMap(DocumentURI.path(of:)) })
            let added = (event?["added"]?.array ?? []).compactMap { $0["uri"]?.string.flatMap(DocumentURI.path(of:)) }
            roots = roots.filter { !removed.contains($0) } + added
        default:
            // initialized, $/cancelRequest, $/setTrace and anything unknown: nothing to do.
            return
        }
    }

    // MARK: - Diagnostics

    private func scheduleDiagnostics(now: UInt64, delay: UInt64) {
        let first = diagnosticsDue?.firstChange ?? now
        let deadline = min(now + delay, first + configuration.maximumDiagnosticsWait)
        diagnosticsDue = (deadline, first)
    }

    private func publishDiagnostics() {
        let analysis = currentAnalysis()
        for document in store.ordered {
            guard let context = try? analysis.document(document.uri) else { continue }
            let message = DiagnosticsFeature.publish(context, version: document.version, capabilities: capabilities)
            let items = message["params"]?["diagnostics"]
            // Unchanged diagnostics of a document nobody touched are not sent again.
            if mustPublish.contains(document.uri) || published[document.uri] != items {
                outbox.append(message)
                published[document.uri] = items
            }
        }
        mustPublish = []
        for failure in analysis.compilation.configurationFailures where reportedConfigurationFailures.insert(failure.description).inserted {
            outbox.append(notification("window/showMessage", ["type": 2, "message": .string("menuc: \(failure.description)")]))
        }
    }

    // MARK: - Analysis

    private var baseDirectory: String { roots.first ?? configuration.currentDirectory }

    /// Every file of the workspace folders with the open documents: built
    /// per request, since files on disk change without telling the server.
    private func project() -> ProjectIndex {
        ProjectIndex(documents: store.ordered, roots: roots, directory: baseDirectory)
    }

    /// The compilation of the open documents, reused until any of them changes.
    private func currentAnalysis() -> Analysis {
        if let cached = cachedAnalysis, cached.generation == store.generation { return cached }
        let analysis = Analysis(documents: store.ordered, generation: store.generation, directory: baseDirectory)
        cachedAnalysis = analysis
        return analysis
    }

    private func document(_ params: RequestParams) throws -> DocumentContext {
        try currentAnalysis().document(try params.uri())
    }

    // MARK: - Output

    private func sendRequest(_ method: String, _ params: JSON) {
        sentRequests += 1
        outbox.append(["jsonrpc": "2.0", "id": .string("menuc-\(sentRequests)"), "method": .string(method), "params": params])
    }

    private func reply(to id: JSON, result: JSON) {
        outbox.append(["jsonrpc": "2.0", "id": id, "result": result])
    }

    private func reply(to id: JSON, error: ResponseError) {
        outbox.append(["jsonrpc": "2.0", "id": id, "error": error.json])
    }
}

/// Typed access to request parameters; missing or mistyped fields are
/// `invalidParams` errors for the client.
struct RequestParams {
    let json: JSON

    init(_ json: JSON) { self.json = json }

    func uri() throws -> String {
        guard let uri = json["textDocument"]?["uri"]?.string else { throw ResponseError.invalidParams("missing textDocument.uri") }
        return uri
    }

    func position() throws -> LSPPosition {
        try LSPPosition(json: json["position"])
    }
}
