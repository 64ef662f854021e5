/// The library's front door: the CLI, the plugin, the language server and
/// the tests all compile through here.
public struct CompileOptions: Sendable {
    /// Project root for import checks; nil finds it per input.
    public var root: String?
    /// Run the guideline rules after resolving (off: language errors only).
    public var runRules: Bool
    /// Rule settings for every file; nil finds each file's nearest `menuc.json`.
    public var configuration: RuleConfiguration?
    /// `--rule ID=SEVERITY`: wins over any configuration file.
    public var ruleOverrides: [String: RuleSeverity]

    public init(root: String? = nil, runRules: Bool = true, configuration: RuleConfiguration? = nil, ruleOverrides: [String: RuleSeverity] = [:]) {
        self.root = root
        self.runRules = runRules
        self.configuration = configuration
        self.ruleOverrides = ruleOverrides
    }
}

/// What one compilation produced.
public struct Compilation {
    public let workspace: Workspace
    /// The checked inputs, in the order given.
    public let files: [CheckedFile]
    /// Every diagnostic of the inputs and what they import, sorted by file
    /// and position, without repeats.
    public let diagnostics: [Diagnostic]
    /// Inputs that could not be read at all (a usage or I/O problem).
    public let loadFailures: [Workspace.LoadError]
    /// Configuration files that could not be used (a usage problem).
    public let configurationFailures: [ProjectConfiguration.Failure]

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    public func errors(in file: FileID) -> Bool {
        diagnostics.contains { $0.severity == .error && $0.span.file == file }
    }

    public var renderer: DiagnosticRenderer { DiagnosticRenderer(workspace: workspace) }
}

public enum MenuCompiler {
    public static let version = "0.1.0"

    public enum Input: Sendable {
        case path(String)
        case text(String, displayPath: String)
        case bytes([UInt8], displayPath: String)
    }

    /// Parses, resolves and checks the inputs and everything they import.
    public static func compile(_ inputs: [Input], options: CompileOptions = CompileOptions(), workspace existing: Workspace? = nil) -> Compilation {
        let workspace = existing ?? Workspace(root: options.root)
        var inputIDs: [FileID] = []
        var failures: [Workspace.LoadError] = []
        for input in inputs {
            switch input {
            case .path(let path):
                switch workspace.addFile(path: path) {
                case .success(let id): inputIDs.append(id)
                case .failure(let error): failures.append(error)
                }
            case .text(let text, let displayPath):
                inputIDs.append(workspace.addText(text, displayPath: displayPath))
            case .bytes(let bytes, let displayPath):
                inputIDs.append(workspace.addBytes(bytes, displayPath: displayPath))
            }
        }
        for id in inputIDs { workspace.loadImports(of: id) }
        let resolver = Resolver(workspace: workspace)
        var checked: [FileID: CheckedFile] = [:]
        // Every loaded file is checked, imports included, so their problems are reported too.
        for index in workspace.files.indices {
            let id = FileID(index)
            checked[id] = resolver.check(id)
        }
        var diagnostics = workspace.loadDiagnostics + workspace.parsed.flatMap(\.diagnostics) + resolver.diagnostics
        var configurations = ConfigurationCache()
        if options.runRules {
            for index in workspace.files.indices {
                guard let file = checked[FileID(index)] else { continue }
                var configuration = options.configuration ?? configurations.configuration(for: file.source.absolutePath)
                configuration.severities.merge(options.ruleOverrides) { _, override in override }
                let fileHasErrors = diagnostics.contains { $0.severity == .error && $0.span.file == file.source.id }
                diagnostics += RuleEngine(configuration: configuration).check(file, hasLanguageErrors: fileHasErrors)
            }
        }
        return Compilation(
            workspace: workspace,
            files: inputIDs.compactMap { checked[$0] },
            diagnostics: sortAndDeduplicate(diagnostics, workspace: workspace),
            loadFailures: failures,
            configurationFailures: configurations.failures
        )
    }

    /// More than this many diagnostics in one file are summarized: past
    /// that point they are noise, and hostile input must not flood output.
    public static let maximumDiagnosticsPerFile = 200

    static func sortAndDeduplicate(_ diagnostics: [Diagnostic], workspace: Workspace) -> [Diagnostic] {
        var seen = Set<Diagnostic>()
        let unique = diagnostics.filter { seen.insert($0).inserted }
        let sorted = unique.sorted { a, b in
            let pathA = workspace.file(a.span.file).displayPath
            let pathB = workspace.file(b.span.file).displayPath
            if pathA != pathB { return pathA < pathB }
            if a.span.start != b.span.start { return a.span.start < b.span.start }
            if a.span.end != b.span.end { return a.span.end < b.span.end }
            if a.id != b.id { return a.id < b.id }
            return a.message < b.message
        }
        var perFile: [FileID: Int] = [:]
        var kept: [Diagnostic] = []
        var dropped: [FileID: [Diagnostic]] = [:]
        for diagnostic in sorted {
            let count = perFile[diagnostic.span.file, default: 0]
            perFile[diagnostic.span.file] = count + 1
            if count < maximumDiagnosticsPerFile { kept.append(diagnostic) } else { dropped[diagnostic.span.file, default: []].append(diagnostic) }
        }
        for (file, rest) in dropped.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            guard let first = rest.first else { continue }
            let worst = rest.map(\.severity).max() ?? .error
            let insertion = (kept.lastIndex { $0.span.file == file } ?? (kept.count - 1)) + 1
            kept.insert(Diagnostic(id: first.id, severity: worst, message: "\(rest.count) more problems in this file are not shown",
                                   primary: LabeledSpan(first.span, "the first of them"),
                                   help: "fix the problems above and check again; menuc shows at most \(maximumDiagnosticsPerFile) per file"),
                        at: insertion)
        }
        return kept
    }
}

/// Finds and parses each folder's `menuc.json` once.
struct ConfigurationCache {
    private var byPath: [String: RuleConfiguration] = [:]
    private(set) var failures: [ProjectConfiguration.Failure] = []

    mutating func configuration(for absoluteSourcePath: String) -> RuleConfiguration {
        guard !absoluteSourcePath.isEmpty, let path = ProjectConfiguration.find(from: absoluteSourcePath) else { return RuleConfiguration() }
        if let known = byPath[path] { return known }
        let loaded: RuleConfiguration
        switch ProjectConfiguration.load(path: path, knownRuleIDs: RuleDocumentation.configurableIDs) {
        case .success(let configuration): loaded = configuration.rules
        case .failure(let failure):
            failures.append(failure)
            loaded = RuleConfiguration()
        }
        byPath[path] = loaded
        return loaded
    }
}
