import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics
import MenuRules
import MenuBackends
import MenuFormatter

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
    /// Parallel workers; nil uses every core.
    public var workers: Int?
    /// List every finding, for reports that programs read (JSON, SARIF,
    /// GitHub annotations) and for baselines: none may go missing there.
    /// Off, each file shows people its first `DiagnosticLimits.shownPerFile`
    /// and one `not-shown` diagnostic that counts the rest, and the rules
    /// count what they would not show instead of keeping it. Either way, a
    /// file's language errors past `DiagnosticLimits.errorsPerFile` are counted by
    /// one `too-many-errors` error (see `UnlistedErrors`).
    public var listsEveryFinding: Bool
    /// Hand the memory the resolver freed back to the system before the
    /// rules run, and what the rules freed before the report is made, when
    /// the inputs are large (`freesMemoryBetweenStagesFrom` bytes or more).
    /// Set by a process that compiles once and exits (the `menuc`
    /// command): the allocator's policy is the process's (see
    /// `AllocatorPolicy`), and a language server re-checking on every
    /// edit keeps its memory for the next check.
    public var freesMemoryBetweenStages: Bool

    public init(root: String? = nil, runRules: Bool = true, configuration: RuleConfiguration? = nil, ruleOverrides: [String: RuleSeverity] = [:]) {
        self.root = root
        self.runRules = runRules
        self.configuration = configuration
        self.ruleOverrides = ruleOverrides
        self.workers = nil
        self.listsEveryFinding = false
        self.freesMemoryBetweenStages = false
    }
}

/// What one compilation produced.
public struct Compilation: Sendable {
    public let workspace: Workspace
    /// The checked inputs, in the order given.
    public let files: [CheckedFile]
    /// How many files were checked: the inputs and everything they import.
    public let checkedFileCount: Int
    /// Every diagnostic of the inputs and what they import, sorted by file
    /// and position, without repeats: each file's first errors and every
    /// finding, or with `listsEveryFinding` off, what people are shown.
    public let diagnostics: [Diagnostic]
    /// Inputs that could not be read at all (a usage or I/O problem).
    public let loadFailures: [Workspace.LoadError]
    /// Configuration files that could not be used (a usage problem).
    public let configurationFailures: [ProjectConfiguration.Failure]
    /// How long each stage took (`--timings`).
    public let timings: PhaseTimings
    /// The parallel workers it used.
    public let workers: Int

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    public func errors(in file: FileID) -> Bool {
        diagnostics.contains { $0.severity == .error && $0.span.file == file }
    }

    public var renderer: DiagnosticRenderer { DiagnosticRenderer(workspace: workspace) }
}

public enum Compiler {
    public static let version = MenucVersion.current

    public enum Input: Sendable {
        case path(String)
        case text(String, displayPath: String)
        case bytes([UInt8], displayPath: String)
    }

    /// The size from which one file checked alone has its rules run in
    /// parallel. Below it, waking a second thread costs what it saves: on
    /// 300 KB and 1 MB the rules took as long on two cores as on one (3 and
    /// 5 ms), on 3 MB 9 against 11 ms, on 10 MB 25 against 45 ms.
    static let parallelRulesMinimumBytes = 2_000_000

    /// Inputs from this size have the resolver's freed working tables
    /// handed back to the system before the rules run, and the rules'
    /// before the report (with `CompileOptions.freesMemoryBetweenStages`).
    /// The rules of a file checked on another thread allocate from that
    /// thread's own heap, which cannot reuse what the main one holds free,
    /// and the report's from the main one, which cannot reuse the rules':
    /// a 50 MB file imported by another passed the 8× bound with the
    /// resolver's tables kept, and 50 MB of one-line declarations with the
    /// rules' kept. Below this size, faulting the pages in again would cost
    /// more time than the memory is worth.
    static let freesMemoryBetweenStagesFrom = 16_000_000

    /// Hands freed memory back to the system between stages, when asked
    /// to and the inputs are large (see `freesMemoryBetweenStagesFrom`).
    private static func freeMemoryBetweenStages(_ options: CompileOptions, _ workspace: Workspace) {
        guard options.freesMemoryBetweenStages, workspace.files.reduce(0, { $0 + $1.bytes.count }) >= freesMemoryBetweenStagesFrom else { return }
        AllocatorPolicy.returnFreeMemory()
    }

    /// One import group's checked files, diagnostics and uncounted errors.
    /// The resolver ends here: its working tables (scopes, names, the
    /// syntax-to-model map) are a fifth of the peak of a file of millions of
    /// declarations, and nothing after resolving reads them.
    private static func resolve(_ group: [FileID], in sources: LoadedSources) -> ([CheckedFile], [Diagnostic], [FileID: UnlistedErrors]) {
        let resolver = Resolver(workspace: sources)
        let files = resolver.check(group)
        return (files, resolver.diagnostics, resolver.unlisted)
    }

    /// Parses, resolves and checks the inputs and everything they import.
    ///
    /// Files are parsed in parallel; files connected by imports are
    /// resolved together (each imported file once), and unconnected groups
    /// and every file's rules run in parallel. Results do not depend on
    /// the number of workers.
    ///
    /// `existing` is where loading starts (an editor's overlays, a current
    /// directory); the files loaded are in the result's `workspace`.
    public static func compile(_ inputs: [Input], options: CompileOptions = CompileOptions(), workspace existing: Workspace? = nil) -> Compilation {
        var timings = PhaseTimings()
        var workspace = existing ?? Workspace(root: options.root)
        let workers = options.workers ?? Parallel.processorCount
        var inputIDs: [FileID] = []
        var failures: [Workspace.LoadError] = []
        var paths: [String] = []
        for case .path(let path) in inputs { paths.append(path) }
        var loaded = workspace.addFiles(paths: paths, workers: workers).makeIterator()
        for input in inputs {
            switch input {
            case .path:
                switch loaded.next() {
                case .success(let id)?: inputIDs.append(id)
                case .failure(let error)?: failures.append(error)
                case nil: break
                }
            case .text(let text, let displayPath):
                inputIDs.append(workspace.addText(text, displayPath: displayPath))
            case .bytes(let bytes, let displayPath):
                inputIDs.append(workspace.addBytes(bytes, displayPath: displayPath))
            }
        }
        timings.finish("read and parse inputs")
        for id in inputIDs { workspace.loadImports(of: id) }
        timings.finish("load imports")

        // Every loaded file is checked, imports included, so their problems are reported too.
        let groups = importGroups(workspace)
        let sources = workspace.loadedSources
        let resolved = Parallel.map(groups.count, workers: workers) { index -> ([CheckedFile], [Diagnostic], [FileID: UnlistedErrors]) in
            let (files, found, unlisted) = resolve(groups[index], in: sources)
            var diagnostics = found
            // Paths and generated names look through synthetic sections: two
            // elements they would name alike are an error in every output.
            // Only where the model is complete, so one mistake is reported once.
            let withErrors = Set(diagnostics.lazy.filter { $0.severity == .error }.map(\.span.file))
            for file in files where !withErrors.contains(file.source.id) && unlisted[file.source.id] == nil {
                diagnostics += SwiftNames.clashes(in: file)
            }
            return (files, diagnostics, unlisted)
        }
        timings.finish("resolve")
        freeMemoryBetweenStages(options, workspace)
        var checked: [FileID: CheckedFile] = [:]
        for file in resolved.flatMap(\.0) { checked[file.source.id] = file }
        var unlisted: [FileID: UnlistedErrors] = [:]
        for (index, parse) in workspace.parsed.enumerated() where parse.unlistedErrors != nil { unlisted[FileID(index)] = parse.unlistedErrors }
        // Each file is in one group, so no two resolvers count for the same file.
        for (_, _, counts) in resolved { for (file, count) in counts { unlisted[file].add(count) } }
        for (file, count) in workspace.unlistedLoadErrors { unlisted[file].add(count) }
        var diagnostics = limitErrors(workspace.loadDiagnostics + workspace.parsed.flatMap(\.listedErrors) + resolved.flatMap(\.1), unlisted: unlisted)

        var configurations = ConfigurationCache()
        var configurationFailures: [ProjectConfiguration.Failure] = []
        // Findings the rules counted and did not keep, by file.
        var suppressed: [FileID: DiagnosticCounts] = [:]
        if options.runRules {
            let files = (0..<workspace.files.count).compactMap { checked[FileID($0)] }
            // Configurations are found before going parallel (the cache is not shared).
            let settings: [RuleConfiguration] = files.map { file in
                var configuration = options.configuration ?? configurations.configuration(for: file.source.absolutePath)
                // Merging nothing would still copy the table, once per file.
                if !options.ruleOverrides.isEmpty {
                    configuration.severities.merge(options.ruleOverrides) { _, override in override }
                }
                return configuration
            }
            configurationFailures = configurations.failures
            timings.finish("configure rules")
            // Each file's language errors: its rules skip the declarations they are in.
            var errorsOfFile: [FileID: [Diagnostic]] = [:]
            for diagnostic in diagnostics where diagnostic.severity == .error { errorsOfFile[diagnostic.span.file, default: []].append(diagnostic) }
            let errorsByFile = errorsOfFile
            // One large file alone: its rules run in parallel instead.
            let ruleWorkers = files.count == 1 && files[0].source.bytes.count >= parallelRulesMinimumBytes ? workers : 1
            // Each rule keeps one more finding per file than is shown, so
            // that the summary of the rest can point at the first of them.
            let keep = options.listsEveryFinding ? Int.max : DiagnosticLimits.shownPerFile + 1
            var findings = Parallel.map(files.count, workers: workers) { index in
                RuleEngine(configuration: settings[index])
                    .findings(files[index], languageErrors: errorsByFile[files[index].source.id] ?? [],
                              workers: ruleWorkers, keep: keep)
            }
            timings.finish("guideline rules")
            freeMemoryBetweenStages(options, workspace)
            // Each file's findings are moved, not copied, where they can
            // be: a file of hundreds of thousands of findings lists them all
            // for the formats that list every one.
            for (index, file) in files.enumerated() {
                if diagnostics.isEmpty {
                    swap(&diagnostics, &findings[index].diagnostics)
                } else {
                    diagnostics += findings[index].diagnostics
                    findings[index].diagnostics = []
                }
                let suppressedHere = findings[index].suppressed
                if suppressedHere.total > 0 { suppressed[file.source.id, default: DiagnosticCounts()].add(suppressedHere) }
            }
        }
        var sorted = sortAndDeduplicate(consume diagnostics, workspace: workspace)
        if !options.listsEveryFinding { sorted = DisplayLimit.apply(sorted, alsoCounted: suppressed) }
        timings.finish("sort diagnostics")
        return Compilation(
            workspace: workspace,
            files: inputIDs.compactMap { checked[$0] },
            checkedFileCount: checked.count,
            diagnostics: sorted,
            loadFailures: failures,
            configurationFailures: configurationFailures,
            timings: timings,
            workers: workers
        )
    }

    /// Files grouped so that every import stays inside its group (the
    /// connected components of the import graph), in file order.
    static func importGroups(_ workspace: Workspace) -> [[FileID]] {
        let count = workspace.files.count
        var parent = Array(0..<count)
        func find(_ index: Int) -> Int {
            var root = index
            while parent[root] != root { root = parent[root] }
            var node = index
            while parent[node] != root { (node, parent[node]) = (parent[node], root) }
            return root
        }
        for index in 0..<count {
            for imported in workspace.imports[index] {
                guard let target = imported.file else { continue }
                let (a, b) = (find(index), find(target.rawValue))
                if a != b { parent[max(a, b)] = min(a, b) }
            }
        }
        var groups: [Int: [FileID]] = [:]
        for index in 0..<count { groups[find(index), default: []].append(FileID(index)) }
        return groups.keys.sorted().compactMap { groups[$0] }
    }

    /// The language errors of every file, each file's first
    /// `DiagnosticLimits.errorsPerFile` and one `too-many-errors` for the rest (with
    /// the `unlisted` the stages counted themselves).
    static func limitErrors(_ errors: [Diagnostic], unlisted: [FileID: UnlistedErrors]) -> [Diagnostic] {
        var byFile: [FileID: [Diagnostic]] = [:]
        for error in errors { byFile[error.span.file, default: []].append(error) }
        guard byFile.contains(where: { $0.value.count > DiagnosticLimits.errorsPerFile }) || !unlisted.isEmpty else { return errors }
        var limited: [Diagnostic] = []
        for file in Set(byFile.keys).union(unlisted.keys).sorted(by: { $0.rawValue < $1.rawValue }) {
            let (listed, rest) = ErrorLog.merge([byFile[file] ?? []], unlisted: [unlisted[file]])
            limited += listed
            if let rest { limited.append(rest.diagnostic) }
        }
        return limited
    }

    /// Diagnostics in the order they are shown, each once.
    ///
    /// Positions are sorted, not diagnostics, and a repeat is found among
    /// the diagnostics shown at the same place (equal ones sort together):
    /// a set of every diagnostic beside two sorted copies of them was the
    /// peak of checking a folder of thousands of broken files. The
    /// diagnostics are then put in that order where they are, not copied:
    /// the formats that list every finding can list hundreds of thousands.
    static func sortAndDeduplicate(_ diagnostics: consuming [Diagnostic], workspace: Workspace) -> [Diagnostic] {
        // Files ranked by display path once (equal paths, equal ranks), not
        // paths compared in every comparison of a sort of thousands.
        let paths = Set(diagnostics.map(\.span.file)).map { (file: $0, path: workspace.file($0).displayPath) }.sorted { $0.path < $1.path }
        var rank = [Int](repeating: 0, count: workspace.files.count)
        for (index, entry) in paths.enumerated() {
            rank[entry.file.rawValue] = index > 0 && paths[index - 1].path == entry.path ? rank[paths[index - 1].file.rawValue] : index
        }
        func showsBefore(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
            let rankA = rank[a.span.file.rawValue]
            let rankB = rank[b.span.file.rawValue]
            if rankA != rankB { return rankA < rankB }
            return DiagnosticKeeper.showsBefore(a, b)
        }
        // Ties keep the order given, so the first of equal ones is kept.
        var order = Array(diagnostics.indices)
        order.sort { a, b in
            if showsBefore(diagnostics[a], diagnostics[b]) { return true }
            if showsBefore(diagnostics[b], diagnostics[a]) { return false }
            return a < b
        }
        // The indices kept, in order, then those of repeats: where each
        // diagnostic goes.
        var isKept = [Bool](repeating: false, count: diagnostics.count)
        var keptCount = 0
        // Where the diagnostics shown at the place of the last one kept start in `order`.
        var placeStart = 0
        for position in order.indices {
            let index = order[position]
            let diagnostic = diagnostics[index]
            if keptCount > 0, !showsBefore(diagnostics[order[keptCount - 1]], diagnostic) {
                if order[placeStart..<keptCount].contains(where: { diagnostics[$0] == diagnostic }) { continue }
            } else {
                placeStart = keptCount
            }
            isKept[index] = true
            // Kept ones move to the front of `order` as they are found, to
            // places already read.
            order[keptCount] = index
            keptCount += 1
        }
        var next = keptCount
        for index in diagnostics.indices where !isKept[index] {
            order[next] = index
            next += 1
        }
        // Position p takes the diagnostic at order[p]: each cycle of that
        // permutation is followed once, a swap a step.
        for start in order.indices where order[start] != start {
            var position = start
            while order[position] != start {
                let source = order[position]
                diagnostics.swapAt(position, source)
                order[position] = position
                position = source
            }
            order[position] = position
        }
        diagnostics.removeSubrange(keptCount...)
        return diagnostics
    }
}

/// Finds and parses each folder's `menuc.json` once.
struct ConfigurationCache {
    private var byPath: [String: RuleConfiguration] = [:]
    /// The configuration file found for each source directory (nil: none).
    private var found = PerDirectory<String?>()
    private(set) var failures: [ProjectConfiguration.Failure] = []

    mutating func configuration(for absoluteSourcePath: String) -> RuleConfiguration {
        guard !absoluteSourcePath.isEmpty,
              let path = found.value(forFileAt: absoluteSourcePath, { ProjectConfiguration.find(from: absoluteSourcePath) }) else {
            return RuleConfiguration()
        }
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
