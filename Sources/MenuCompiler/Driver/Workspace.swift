#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics
import MenuRules
import MenuBackends
import MenuFormatter

/// Loads source files and their imports, each exactly once, and parses them.
///
/// Reads go through `overlays` first, so a language server can check the
/// buffers an editor has open before they are saved.
///
/// A value: loading changes the copy being loaded, and a compilation's
/// workspace, once loaded, is read by the resolvers and rules of several
/// files at once without locks.
public struct Workspace: Sendable {
    public private(set) var files: [SourceFile] = []
    package private(set) var parsed: [Parser.Result] = []
    /// Imports of each file, in source order, with their resolved targets.
    public private(set) var imports: [[ResolvedImport]] = []
    /// Diagnostics from loading (import failures), by the importing file:
    /// each file's first `DiagnosticLimits.errorsPerFile` by position.
    public var loadDiagnostics: [Diagnostic] { loadErrors.kept }
    /// Per file, the import failures counted past those and not kept (a
    /// file can hold millions of failing imports).
    public var unlistedLoadErrors: [FileID: UnlistedErrors] { loadErrors.unlisted }
    private var loadErrors = DiagnosticKeeper()
    private var idsByPath: [String: FileID] = [:]
    private var rootsByFile: [FileID: String] = [:]
    /// Each input's import paths made absolute (nil: not computed, or a path
    /// that is empty or absolute, which `resolveImport` reports), found
    /// beside the parse in parallel: each is a realpath(3) call, and a build
    /// of thousands of files would otherwise make them one at a time.
    private var importTargets: [FileID: [String?]] = [:]
    private static let importsResolvedWhileParsing = 4096
    /// `projectRoot(containing:)` by a file's directory.
    private var rootsByDirectory = PerDirectory<String>()
    private var importsLoaded: Set<FileID> = []

    /// Unsaved editor buffers by absolute path.
    public let overlays: [String: [UInt8]]
    /// The project root given on the command line, if any.
    public let explicitRoot: String?
    public let currentDirectory: String
    public let keepComments: Bool

    public init(root: String? = nil, overlays: [String: [UInt8]] = [:], currentDirectory: String = FileManager.default.currentDirectoryPath, keepComments: Bool = false) {
        self.explicitRoot = root.map { Workspace.standardize($0, relativeTo: currentDirectory) }
        self.overlays = overlays
        self.currentDirectory = currentDirectory
        self.keepComments = keepComments
    }

    /// What is loaded, as the resolvers read it: a snapshot that later
    /// loading doesn't change.
    public var loadedSources: LoadedSources {
        LoadedSources(files: files, syntax: parsed.map(\.syntax), imports: imports)
    }

    public func file(_ id: FileID) -> SourceFile { files[id.rawValue] }
    public func syntax(_ id: FileID) -> SyntaxFile { parsed[id.rawValue].syntax }

    public enum LoadError: Error, Equatable, Sendable {
        case notFound(String)
        case isDirectory(String)
        case unreadable(String, reason: String)

        public var message: String {
            switch self {
            case .notFound(let path): "no such file: \(PathBytes.displayed(path))"
            case .isDirectory(let path): "\(PathBytes.displayed(path)) is a directory"
            case .unreadable(let path, let reason): "cannot read \(PathBytes.displayed(path)): \(reason)"
            }
        }
    }

    /// Loads input files (not yet their imports). Files are read and
    /// parsed in parallel: each is a few system calls, and a build can name
    /// thousands of files. Their paths are resolved first, each directory
    /// once (see `PathNames.Standardizer`).
    /// `workers` nil uses every core.
    public mutating func addFiles(paths: [String], workers: Int? = nil) -> [Result<FileID, LoadError>] {
        let workers = workers ?? Parallel.processorCount
        var standardizer = PathNames.Standardizer()
        let absolutes = paths.map { path in
            standardizer.standardized(path.hasPrefix("/") ? path : PathNames.appending(path, to: currentDirectory))
        }
        // The first mention of each file not loaded yet is read; repeats share its result.
        var firstMention: [String: Int] = [:]
        var toRead: [Int] = []
        for (index, absolute) in absolutes.enumerated() where idsByPath[absolute] == nil && firstMention[absolute] == nil {
            firstMention[absolute] = index
            toRead.append(index)
        }
        // Reading only reads `overlays`, which nothing changes meanwhile.
        let reads = Parallel.map(toRead.count, workers: workers) { [self, toRead] in readSource(absolutes[toRead[$0]], shownAs: paths[toRead[$0]]) }
        var readResults: [Int: Result<FileID, LoadError>] = [:]
        var loaded: [(id: FileID, displayPath: String, absolutePath: String, bytes: [UInt8])] = []
        for (index, read) in zip(toRead, reads) {
            switch read {
            case .failure(let error):
                readResults[index] = .failure(error)
            case .success(let bytes):
                // Ids are given in input order, before the parallel parse.
                let id = FileID(files.count + loaded.count)
                loaded.append((id, displayPath(for: absolutes[index]), absolutes[index], bytes))
                readResults[index] = .success(id)
            }
        }
        let keepComments = keepComments
        // A `SourceFile` finds its lines when it is made, so it is made in parallel too.
        let parses = Parallel.map(loaded.count, workers: workers) { [loaded] index in
            let file = loaded[index]
            let source = SourceFile(id: file.id, displayPath: file.displayPath, absolutePath: file.absolutePath, bytes: file.bytes)
            let parse = Parser.parse(source, keepComments: keepComments, skipsUnlistedMisplaced: true)
            // Import paths are made absolute here, in parallel, for the usual
            // file of a few imports. A file of millions would keep them all
            // at once (70 bytes an import): its paths are made one at a time
            // as its imports are loaded.
            guard parse.syntax.imports.count <= Workspace.importsResolvedWhileParsing else { return (source, parse, [String?]()) }
            let directory = PathNames.deletingLastComponent(of: file.absolutePath)
            let targets = parse.syntax.imports.map { directive -> String? in
                let path = directive.path.value
                return path.isEmpty || path.hasPrefix("/") ? nil : Workspace.standardize(path, relativeTo: directory)
            }
            return (source, parse, targets)
        }
        for (source, parse, targets) in parses {
            if !targets.isEmpty { importTargets[source.id] = targets }
            files.append(source)
            parsed.append(parse)
            imports.append([])
            idsByPath[source.absolutePath] = source.id
            rootsByFile[source.id] = explicitRoot ?? projectRoot(containing: source.absolutePath)
        }
        return absolutes.map { absolute in
            if let first = firstMention[absolute], let result = readResults[first] { return result }
            if let existing = idsByPath[absolute] { return .success(existing) }
            return .failure(.notFound(absolute))
        }
    }

    /// Loads an input file (not yet its imports).
    public mutating func addFile(path: String) -> Result<FileID, LoadError> {
        let absolute = Workspace.standardize(path, relativeTo: currentDirectory)
        if let existing = idsByPath[absolute] { return .success(existing) }
        switch readSource(absolute, shownAs: path) {
        case .failure(let error): return .failure(error)
        case .success(let bytes):
            let id = register(bytes: bytes, displayPath: displayPath(for: absolute), absolutePath: absolute)
            rootsByFile[id] = explicitRoot ?? projectRoot(containing: absolute)
            return .success(id)
        }
    }

    /// Adds text that has no file (standard input, tests).
    public mutating func addText(_ text: String, displayPath: String = "<stdin>") -> FileID {
        addBytes(Array(text.utf8), displayPath: displayPath)
    }

    public mutating func addBytes(_ bytes: [UInt8], displayPath: String = "<stdin>") -> FileID {
        let id = register(bytes: bytes, displayPath: displayPath, absolutePath: "")
        rootsByFile[id] = explicitRoot ?? currentDirectory
        return id
    }

    private mutating func register(bytes: [UInt8], displayPath: String, absolutePath: String) -> FileID {
        let id = FileID(files.count)
        let source = SourceFile(id: id, displayPath: displayPath, absolutePath: absolutePath, bytes: bytes)
        files.append(source)
        parsed.append(Parser.parse(source, keepComments: keepComments, skipsUnlistedMisplaced: true))
        imports.append([])
        if !absolutePath.isEmpty { idsByPath[absolutePath] = id }
        return id
    }

    /// Loads every file that `start` imports, transitively, each once.
    /// Iterative, so a chain of a thousand imports cannot exhaust the stack.
    public mutating func loadImports(of start: FileID) {
        // Depth-first with an explicit stack; `onPath` finds cycles, and
        // `positionOnPath` finds them without scanning the path (which is
        // as long as the chain: a scan per import made chains quadratic).
        var stack: [(file: FileID, next: Int)] = [(start, 0)]
        var onPath: [FileID] = [start]
        var positionOnPath: [FileID: Int] = [start: 0]
        func leave() {
            stack.removeLast()
            positionOnPath[onPath.removeLast()] = nil
        }
        while let top = stack.last {
            let syntax = parsed[top.file.rawValue].syntax
            if top.next == 0, importsLoaded.contains(top.file) {
                leave()
                continue
            }
            guard top.next < syntax.imports.count else {
                importsLoaded.insert(top.file)
                // Its imports are resolved: their paths are not asked again.
                importTargets[top.file] = nil
                leave()
                continue
            }
            // A file can hold millions of imports: their list is made at its size.
            if top.next == 0 { imports[top.file.rawValue].reserveCapacity(syntax.imports.count) }
            stack[stack.count - 1].next += 1
            let directive = syntax.imports[top.next]
            guard let target = resolveImport(directive, number: top.next, from: top.file) else {
                imports[top.file.rawValue].append(ResolvedImport(path: directive.path.value, span: directive.path.span, file: nil))
                continue
            }
            imports[top.file.rawValue].append(ResolvedImport(path: directive.path.value, span: directive.path.span, file: target))
            if let cycleStart = positionOnPath[target] {
                let cycle = (onPath[cycleStart...] + [target]).map { files[$0.rawValue].displayPath }
                if !loadErrors.countsWithoutKeeping(at: directive.path.span) {
                    loadErrors.add(.error(.importFailed, CycleText.describe("import cycle", cycle, of: "files"), at: directive.path.span,
                                          label: "imports a file that imports this one",
                                          help: "move what both files need into a third file that both import"))
                }
                continue
            }
            if !importsLoaded.contains(target) {
                stack.append((target, 0))
                positionOnPath[target] = onPath.count
                onPath.append(target)
            }
        }
    }

    private mutating func resolveImport(_ directive: ImportDirective, number: Int, from importer: FileID) -> FileID? {
        let importerFile = files[importer.rawValue]
        let path = directive.path.value
        // The help is worked out only for an error that is listed: a file of
        // a million failing imports lists a hundred.
        func fail(_ message: String, label: String, help: () -> String? = { nil }) -> FileID? {
            if !loadErrors.countsWithoutKeeping(at: directive.path.span) {
                let advice = help()
                loadErrors.add(.error(.importFailed, message, at: directive.path.span, label: label, help: advice))
            }
            return nil
        }
        guard !path.isEmpty else { return fail("the import path is empty", label: "empty path") }
        guard !path.hasPrefix("/") else {
            return fail("import paths are relative to the importing file, not absolute", label: "absolute path",
                        help: { "write the path relative to \(importerFile.displayPath)" })
        }
        let base = importerFile.absolutePath.isEmpty ? currentDirectory : PathNames.deletingLastComponent(of: importerFile.absolutePath)
        let absolute = importTargets[importer]?[number] ?? Workspace.standardize(path, relativeTo: base)
        let root = rootsByFile[importer] ?? currentDirectory
        guard Workspace.isInside(absolute, root: root) else {
            return fail("'\(path)' is outside the project root \(root)", label: "escapes the project root",
                        help: { "keep imported files inside the project, or pass --root to widen it" })
        }
        if let existing = idsByPath[absolute] { return existing }
        switch readSource(absolute, shownAs: path, isImport: true) {
        case .failure(let error):
            let reason: String
            switch error {
            case .notFound: reason = "no such file (looked for \(displayPath(for: absolute)))"
            case .isDirectory: reason = "it is a directory"
            case .unreadable(_, let why): reason = why
            }
            return fail("cannot import '\(path)': \(reason)", label: "import failed") {
                guard case .notFound = error, let suggestion = nearbyFileSuggestion(for: absolute) else { return nil }
                return "did you mean \"\(suggestion)\"?"
            }
        case .success(let bytes):
            let id = register(bytes: bytes, displayPath: displayPath(for: absolute), absolutePath: absolute)
            rootsByFile[id] = root
            return id
        }
    }

    private func nearbyFileSuggestion(for absolute: String) -> String? {
        let directory = PathNames.deletingLastComponent(of: absolute)
        let name = PathNames.lastComponent(of: absolute)
        guard case .success(let entries) = FileSystem.entries(ofDirectory: directory) else { return nil }
        return Suggest.closest(to: name, in: entries.map(\.name).filter { $0.hasSuffix(".menu") }.sorted())
    }

    /// The bytes of a source file (an editor's overlay first). Only a
    /// regular file is read (`FileSystem.contents`): a named pipe, a device
    /// or a socket — as an input, an import, or behind a link — is refused
    /// unread, and so is a file too large for a `Span`'s 32-bit offsets.
    /// `isImport` leaves out the hint about standard input, which only a
    /// command line can use.
    private func readSource(_ absolute: String, shownAs path: String, isImport: Bool = false) -> Result<[UInt8], LoadError> {
        if let overlay = overlays[absolute] { return .success(overlay) }
        let failure: FileSystem.Failure
        switch FileSystem.contents(atPath: absolute) {
        case .success(let bytes): return .success(bytes)
        case .failure(let reason): failure = reason
        }
        switch failure.found {
        case .directory?:
            return .failure(.isDirectory(path))
        case .some:
            // /dev/zero never ends, a terminal or a pipe waits: none holds menus.
            return .failure(.unreadable(path, reason: failure.reason + (isImport ? "" : " (use - to read standard input)")))
        case nil:
            break
        }
        if failure.isTooLarge {
            if let size = failure.size { return .failure(.unreadable(path, reason: "it is \(size / 1_048_576) MiB; \(Workspace.sizeLimit)")) }
            // A file that grew past the limit while it was read.
            return .failure(.unreadable(path, reason: "it goes on past \(SourceFile.maximumSize / 1_048_576) MiB; \(Workspace.sizeLimit)"))
        }
        if failure.isMissing || failure.isLinkLoop {
            // A dangling or looping symlink exists as a link but not as a file.
            if FileSystem.linkKind(atPath: absolute) == .symbolicLink {
                return .failure(.unreadable(path, reason: "the symbolic link cannot be followed (it dangles or loops)"))
            }
            if failure.isMissing { return .failure(.notFound(path)) }
        }
        // "No such file" only when there is none: a directory on the way
        // that may not be entered says so.
        return .failure(.unreadable(path, reason: failure.reason))
    }

    private static let sizeLimit = "menuc reads files of up to \(SourceFile.maximumSize / 1_048_576) MiB"

    /// The path people see: relative to the current directory when inside
    /// it, and each byte of a name that is not UTF-8 shown as `\xFF`.
    private func displayPath(for absolute: String) -> String {
        // From the file system root, relative paths would only hide the leading '/'.
        if currentDirectory == "/" { return PathBytes.displayed(absolute) }
        let prefix = currentDirectory.hasSuffix("/") ? currentDirectory : currentDirectory + "/"
        return PathBytes.displayed(absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : absolute)
    }

    /// Absolute, with `.` and `..` removed and symlinks resolved where they
    /// exist. `base` must be absolute.
    public static func standardize(_ path: String, relativeTo base: String) -> String {
        PathNames.standardized(path.hasPrefix("/") ? path : PathNames.appending(path, to: base))
    }

    /// Whether `path` is `root` or below it. Compared byte for byte: `String`
    /// comparison treats `é` and `e` + U+0301 as equal, which name two
    /// different folders on disk.
    static func isInside(_ path: String, root: String) -> Bool {
        PathNames.isInside(path, root: root)
    }

    private mutating func projectRoot(containing absolutePath: String) -> String {
        rootsByDirectory.value(forFileAt: absolutePath) { Workspace.projectRoot(containing: absolutePath) }
    }

    /// The nearest ancestor directory holding `menuc.json`, `Package.swift`
    /// or `.git`; otherwise the file's own directory.
    public static func projectRoot(containing absolutePath: String) -> String {
        let fileDirectory = PathNames.deletingLastComponent(of: absolutePath)
        var directory = fileDirectory
        let markers = ["menuc.json", "Package.swift", ".git"]
        while true {
            for marker in markers where FileSystem.kind(atPath: PathNames.appending(marker, to: directory)) != nil {
                return directory
            }
            let parent = PathNames.deletingLastComponent(of: directory)
            if parent == directory || parent.isEmpty { return fileDirectory }
            directory = parent
        }
    }
}
