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

/// `textDocument/definition` and `textDocument/references` for the names
/// that connect files: declared menus and views (`use X`, `menu: X`,
/// `opens: X`), pop-up options (`default: X`) and imported files.
enum NavigationFeature {
    // MARK: - Definition

    static func definition(_ document: DocumentContext, at position: LSPPosition) -> JSON {
        let offset = document.offset(of: position)
        return definitionLocation(document, at: offset)?.json ?? .null
    }

    static func definitionLocation(_ document: DocumentContext, at offset: Int) -> LSPLocation? {
        let symbols = document.symbols
        if let reference = symbols.reference(at: offset, in: document.file) {
            guard let target = reference.target, let span = symbols.focusSpan(of: target) else { return nil }
            return document.analysis.location(of: span)
        }
        if let declaration = symbols.declaration(at: offset, in: document.file), let span = symbols.focusSpan(of: declaration) {
            return document.analysis.location(of: span)
        }
        switch SyntaxNavigator(syntax: document.syntax).node(at: offset) {
        case .propertyValue(let property, let owner)? where property.name.text == "default":
            guard case .identifier(let name) = property.value,
                  let option = options(of: owner, in: document).first(where: { $0.id == name.text }) else { return nil }
            return document.analysis.location(of: option.idSpan)
        case .importPath(let directive)?:
            let resolved = document.analysis.workspace.imports[document.file.rawValue].first { $0.span == directive.path.span }
            guard let target = resolved?.file, let uri = document.analysis.uri(for: target) else { return nil }
            let start = LSPPosition(line: 0, character: 0)
            return LSPLocation(uri: uri, range: LSPRange(start: start, end: start))
        default:
            return nil
        }
    }

    private static func options(of popup: ElementFrame, in document: DocumentContext) -> [Element] {
        guard let element = document.checked?.element(withKeyword: popup.syntax.keyword) else { return [] }
        return Resolver.options(in: element.children)
    }

    // MARK: - References

    /// References to the name at the cursor (`NameOccurrences`): a
    /// declaration's across the open documents, what they import, and every
    /// `.menu` file under the workspace folders; an option's in its pop-up.
    static func references(_ document: DocumentContext, at position: LSPPosition, includeDeclaration: Bool,
                           project: ProjectIndex) -> JSON {
        guard let search = ReferenceSearch(project: project, document: document),
              case .success(let found) = NameOccurrences.find(document, at: document.offset(of: position), in: search) else { return [] }
        return ((includeDeclaration ? [found.definition] : []) + found.references).json
    }
}

/// Every `.menu` file of the workspace folders plus the open documents,
/// parsed with their imports: what "find references" searches. Built per
/// request (files on disk change without telling the server).
struct ProjectIndex {
    let workspace: Workspace
    let symbols: SymbolIndex
    private let urisByFile: [FileID: String]
    private let filesByURI: [String: FileID]

    /// At most this many files are read from the workspace folders, so a
    /// folder opened by mistake (a home directory) cannot stall the server.
    static let maximumFiles = 2000

    init(documents: [TextDocument], roots: [String], directory: String) {
        var overlays: [String: [UInt8]] = [:]
        for document in documents {
            if let path = document.path { overlays[path] = document.bytes }
        }
        var workspace = Workspace(overlays: overlays, currentDirectory: directory)
        var paths = documents.compactMap(\.path)
        var seen = Set(paths)
        for path in ProjectIndex.menuFiles(under: roots) where seen.insert(path).inserted { paths.append(path) }
        _ = workspace.addFiles(paths: paths, workers: Parallel.processorCount)
        var filesByURI: [String: FileID] = [:]
        var urisByFile: [FileID: String] = [:]
        for document in documents where document.path == nil {
            let id = workspace.addBytes(document.bytes, displayPath: document.uri)
            filesByURI[document.uri] = id
            urisByFile[id] = document.uri
        }
        let loaded = workspace.files.count
        for index in 0..<loaded { workspace.loadImports(of: FileID(index)) }
        for document in documents {
            guard let path = document.path, let source = workspace.files.first(where: { $0.absolutePath == path }) else { continue }
            filesByURI[document.uri] = source.id
            urisByFile[source.id] = document.uri
        }
        for source in workspace.files where urisByFile[source.id] == nil && !source.absolutePath.isEmpty {
            urisByFile[source.id] = DocumentURI.uri(forPath: source.absolutePath)
        }
        self.workspace = workspace
        self.symbols = SymbolIndex(workspace: workspace)
        self.urisByFile = urisByFile
        for (file, uri) in urisByFile where filesByURI[uri] == nil { filesByURI[uri] = file }
        self.filesByURI = filesByURI
    }

    func file(matching document: DocumentContext) -> FileID? { filesByURI[document.uri] }

    func uri(for file: FileID) -> String? { urisByFile[file] }

    /// The file a URI names: an open document or a file read from disk.
    func file(uri: String) -> FileID? { filesByURI[uri] }

    /// `path:line:column` of a span, for messages.
    func describe(_ span: Span) -> String {
        let position = workspace.file(span.file).position(of: span.start)
        return "\(describe(file: span.file)):\(position.line):\(position.column)"
    }

    func describe(file: FileID) -> String { workspace.file(file).displayPath }

    func location(of span: Span) -> LSPLocation? {
        guard let uri = urisByFile[span.file] else { return nil }
        return LSPLocation(uri: uri, range: workspace.file(span.file).lspRange(of: span))
    }

    /// `.menu` files below the roots, skipping hidden directories (`.git`,
    /// `.build`), in sorted order, at most `maximumFiles`. Only regular
    /// files (or links to one) are taken: a named pipe called `x.menu`
    /// would block the server on reading it. Links to directories are not
    /// followed, as `menuc check` does not follow them: a loop cannot trap
    /// the walk, and a link cannot lead it out of the workspace.
    static func menuFiles(under roots: [String]) -> [String] {
        var result: [String] = []
        for root in roots {
            var pending = [root]
            var visitedDirectories = 0
            while let directory = pending.popLast(), result.count < maximumFiles, visitedDirectories < 20 * maximumFiles {
                visitedDirectories += 1
                guard case .success(let entries) = FileSystem.entries(ofDirectory: directory) else { continue }
                for entry in entries.sorted(by: { $0.name > $1.name }) where !entry.name.hasPrefix(".") {
                    let path = PathNames.appending(entry.name, to: directory)
                    guard var kind = entry.kind ?? FileSystem.linkKind(atPath: path) else { continue }
                    if kind == .directory {
                        pending.append(path)
                        continue
                    }
                    guard entry.name.hasSuffix(".menu") else { continue }
                    if kind == .symbolicLink, let target = FileSystem.kind(atPath: path) { kind = target }
                    if kind == .regularFile { result.append(Workspace.standardize(path, relativeTo: "/")) }
                }
            }
        }
        return Array(result.sorted().prefix(maximumFiles))
    }
}
