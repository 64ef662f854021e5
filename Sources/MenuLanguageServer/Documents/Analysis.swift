import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics
import MenuRules
import MenuFormatter
import MenuCompiler

/// Everything the compiler knows about the open documents at one moment:
/// one compilation of every open buffer (and what they import), with open
/// buffers read before the disk. Handlers read it; nothing mutates it.
struct Analysis {
    let compilation: Compilation
    let generation: Int
    /// The file each open document became.
    private let filesByURI: [String: FileID]
    /// The URI of every file in the workspace: the client's own URI for open
    /// documents, a `file:` URI for files read from disk.
    private let urisByFile: [FileID: String]
    private let checkedByFile: [FileID: CheckedFile]
    private let diagnosticsByFile: [FileID: [Diagnostic]]
    let symbols: SymbolIndex
    /// Tokens of files, lexed on first use: completion, semantic tokens and
    /// folding all need them, often many times between two edits.
    private let lexed = LexedFiles()

    var workspace: Workspace { compilation.workspace }

    /// Compiles every open document. `directory` is where relative paths of
    /// untitled buffers are resolved (the workspace root).
    init(documents: [TextDocument], generation: Int, directory: String) {
        var overlays: [String: [UInt8]] = [:]
        for document in documents {
            if let path = document.path { overlays[path] = document.bytes }
        }
        let unloaded = Workspace(overlays: overlays, currentDirectory: directory)
        let inputs: [Compiler.Input] = documents.map { document in
            if let path = document.path { return .path(path) }
            return .bytes(document.bytes, displayPath: Analysis.displayName(of: document.uri))
        }
        var options = CompileOptions()
        // One worker: a few open buffers compile faster than threads start.
        options.workers = 1
        let compilation = Compiler.compile(inputs, options: options, workspace: unloaded)
        let workspace = compilation.workspace
        self.compilation = compilation
        self.generation = generation

        // Inputs come back in order; a path input that failed to load (an
        // unreadable overlay path cannot fail, but be safe) is skipped.
        var filesByURI: [String: FileID] = [:]
        var urisByFile: [FileID: String] = [:]
        for document in documents {
            let file: FileID?
            if let path = document.path {
                file = workspace.files.first { $0.absolutePath == path }?.id
            } else {
                file = workspace.files.first { $0.absolutePath.isEmpty && $0.displayPath == Analysis.displayName(of: document.uri) }?.id
            }
            if let file {
                filesByURI[document.uri] = file
                urisByFile[file] = document.uri
            }
        }
        for source in workspace.files where urisByFile[source.id] == nil && !source.absolutePath.isEmpty {
            urisByFile[source.id] = DocumentURI.uri(forPath: source.absolutePath)
        }
        self.filesByURI = filesByURI
        self.urisByFile = urisByFile
        var checked: [FileID: CheckedFile] = [:]
        for file in compilation.files { checked[file.source.id] = file }
        self.checkedByFile = checked
        self.diagnosticsByFile = Dictionary(grouping: compilation.diagnostics, by: \.span.file)
        self.symbols = SymbolIndex(workspace: workspace)
    }

    /// Buffers without a path are shown (and told apart) by their URI.
    private static func displayName(of uri: String) -> String { uri }

    func file(for uri: String) -> FileID? { filesByURI[uri] }
    func uri(for file: FileID) -> String? { urisByFile[file] }
    func source(_ file: FileID) -> SourceFile { workspace.file(file) }
    func syntax(_ file: FileID) -> SyntaxFile { workspace.syntax(file) }
    func checked(_ file: FileID) -> CheckedFile? { checkedByFile[file] }
    func diagnostics(in file: FileID) -> [Diagnostic] { diagnosticsByFile[file] ?? [] }
    func tokens(_ file: FileID) -> LexedFile { lexed.get(source(file)) }

    /// A protocol location for a span, when its file has a URI.
    func location(of span: Span) -> LSPLocation? {
        guard let uri = uri(for: span.file) else { return nil }
        return LSPLocation(uri: uri, range: source(span.file).lspRange(of: span))
    }

    /// The document a request is about, or an error answer for the client.
    func document(_ uri: String) throws -> DocumentContext {
        guard let file = file(for: uri) else {
            throw ResponseError.invalidParams("\(uri) is not an open document")
        }
        return DocumentContext(analysis: self, file: file, uri: uri)
    }
}

/// A file's tokens with its ordinary comments (which are not tokens).
struct LexedFile {
    var tokens: [Token]
    var comments: [Span]

    init(_ file: SourceFile) {
        let lexed = Lexer.tokenize(file, recordComments: true)
        tokens = lexed.tokens
        comments = lexed.comments
    }
}

/// The memo behind `Analysis.tokens(_:)`. A class so an analysis (a value)
/// can fill it in on first use; the server touches it from one thread only.
private final class LexedFiles {
    private var byFile: [FileID: LexedFile] = [:]

    func get(_ source: SourceFile) -> LexedFile {
        if let known = byFile[source.id] { return known }
        let lexed = LexedFile(source)
        byFile[source.id] = lexed
        return lexed
    }
}

/// One open document inside an analysis: what most handlers work with.
struct DocumentContext {
    let analysis: Analysis
    let file: FileID
    let uri: String

    var source: SourceFile { analysis.source(file) }
    var syntax: SyntaxFile { analysis.syntax(file) }
    var checked: CheckedFile? { analysis.checked(file) }
    var symbols: SymbolIndex { analysis.symbols }
    var lexed: LexedFile { analysis.tokens(file) }

    /// The byte offset of a protocol position in this document.
    func offset(of position: LSPPosition) -> Int { source.offset(of: position) }
    func range(of span: Span) -> LSPRange { source.lspRange(of: span) }
}
