import MenuCompiler
import MenuSupport
import MenuSyntax
import MenuFormatter
import MenuRules
import MenuBackends
import MenuLanguageServer
import MenuImport

/// What `check` and `build` share: collecting inputs, compiling, and
/// printing diagnostics in the chosen format.
struct CompileSession {
    var format: DiagnosticRenderer.Format
    var root: String?
    var warningsAsErrors: Bool
    var colorChoice: String?
    var columnUnit: DiagnosticRenderer.ColumnUnit
    /// -q: nothing said about files written.
    var quiet: Bool
    var entries: [InputCollector.Entry] = []
    var readsStandardInput = false
    /// From --config; nil finds each file's nearest menuc.json.
    var configuration: ProjectConfiguration?
    var ruleOverrides: [String: RuleSeverity] = [:]
    /// --baseline: report only findings it does not hold.
    var baseline: Baseline?
    /// --timings: print how long each phase took to standard error.
    var showsTimings: Bool
    /// Whether every finding is listed (see `CompileOptions.listsEveryFinding`):
    /// for the formats programs read, and for baselines, which must
    /// neither hide a finding nor match one that was never listed.
    /// `--fix` applies the fix-its of every finding.
    var listsEveryFinding: Bool
    /// The phases so far (collecting inputs); commands append theirs.
    var timings = PhaseTimings()

    /// `command` names the command in warnings (`menuc check: warning: …`).
    init(_ arguments: Arguments, command: String) throws {
        showsTimings = arguments.has("--timings")
        let formatName = arguments.value("--format") ?? "text"
        guard let format = DiagnosticRenderer.Format(rawValue: formatName) else {
            throw Arguments.UsageError(message: "unknown format '\(formatName)'; use \(DiagnosticRenderer.Format.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        self.format = format
        switch format {
        case .json, .sarif, .github: listsEveryFinding = true
        case .text, .short: listsEveryFinding = false
        }
        if arguments.value("--baseline") != nil || arguments.value("--write-baseline") != nil || arguments.has("--fix") { listsEveryFinding = true }
        root = arguments.value("--root")
        warningsAsErrors = arguments.has("--warnings-as-errors")
        colorChoice = try Self.colorChoice(arguments)
        columnUnit = try Self.columnUnit(arguments)
        quiet = arguments.has("--quiet")
        if let root {
            guard FileSystem.isDirectory(root) else {
                throw CommandFailure(message: "--root \(root) is not a directory")
            }
        }
        if let configPath = arguments.value("--config") {
            switch ProjectConfiguration.load(path: configPath, knownRuleIDs: RuleDocumentation.configurableIDs) {
            case .success(let loaded): configuration = loaded
            case .failure(let failure): throw CommandFailure(message: failure.description)
            }
        }
        ruleOverrides = try CompileSession.ruleOverrides(arguments)
        if let path = arguments.value("--baseline") {
            switch Baseline.load(path: path) {
            case .success(let loaded): baseline = loaded
            case .failure(let failure): throw CommandFailure(message: failure.description)
            }
        }
        let paths = arguments.positional
        guard !paths.isEmpty else { throw Arguments.UsageError(message: "no input files (give files, directories, or - for standard input)") }
        readsStandardInput = paths.contains("-")
        let explicitConfiguration = configuration
        let exclusions: (String) -> InputCollector.Exclusions? = { directory in
            if let explicitConfiguration, let base = explicitConfiguration.directory {
                return InputCollector.Exclusions(base: base, patterns: explicitConfiguration.rules.excludedPaths)
            }
            guard let path = ProjectConfiguration.find(from: PathNames.appending("_", to: directory)),
                  case .success(let found) = ProjectConfiguration.load(path: path, knownRuleIDs: RuleDocumentation.configurableIDs),
                  let base = found.directory else { return nil }
            return InputCollector.Exclusions(base: base, patterns: found.rules.excludedPaths)
        }
        switch InputCollector.collect(paths.filter { $0 != "-" }, exclusions: exclusions) {
        case .success(let found):
            entries = found.entries
            for skipped in found.skipped { Terminal.error("menuc \(command): warning: \(skipped.message)\n") }
        case .failure(let failure): throw CommandFailure(message: failure.message)
        }
        if entries.isEmpty, !readsStandardInput {
            throw CommandFailure(message: "no .menu files found in \(paths.joined(separator: ", "))")
        }
        timings.finish("collect inputs")
    }

    func compile() throws -> Compilation {
        var inputs = entries.map { Compiler.Input.path($0.path) }
        if readsStandardInput {
            inputs.append(.bytes(try Terminal.readStandardInput(), displayPath: "<stdin>"))
        }
        let compilation = Compiler.compile(inputs, options: options)
        if let failure = compilation.loadFailures.first {
            throw CommandFailure(message: failure.message)
        }
        if let failure = compilation.configurationFailures.first {
            throw CommandFailure(message: failure.description)
        }
        return compilation
    }

    var options: CompileOptions {
        var options = CompileOptions(root: root, configuration: configuration?.rules, ruleOverrides: ruleOverrides)
        options.listsEveryFinding = listsEveryFinding
        options.workers = JobsSetting.fromEnvironment().workers
        options.freesMemoryBetweenStages = true
        return options
    }

    static func colorChoice(_ arguments: Arguments) throws -> String? {
        let choice = arguments.value("--color")
        if let choice, !["auto", "always", "never"].contains(choice) {
            throw Arguments.UsageError(message: "--color takes auto, always or never (got '\(choice)')")
        }
        return choice
    }

    static func columnUnit(_ arguments: Arguments) throws -> DiagnosticRenderer.ColumnUnit {
        guard let name = arguments.value("--column-unit") else { return .bytes }
        guard let unit = DiagnosticRenderer.ColumnUnit(rawValue: name) else {
            let names = DiagnosticRenderer.ColumnUnit.allCases.map(\.rawValue)
            throw Arguments.UsageError(message: "--column-unit takes \(names.joined(separator: ", ")) (got '\(name)')")
        }
        return unit
    }

    /// `--rule ID=SEVERITY` options (repeatable), validated against the known rules.
    static func ruleOverrides(_ arguments: Arguments) throws -> [String: RuleSeverity] {
        var overrides: [String: RuleSeverity] = [:]
        for rule in arguments.all("--rule") {
            let parts = rule.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let severity = RuleSeverity(rawValue: parts[1]) else {
                throw Arguments.UsageError(message: "--rule takes ID=SEVERITY with SEVERITY off, note, warning or error (got '\(rule)')")
            }
            guard RuleDocumentation.configurableIDs.contains(parts[0]) else {
                let suggestion = Suggest.closest(to: parts[0], in: RuleDocumentation.configurableIDs.sorted())
                throw Arguments.UsageError(message: "--rule: no rule '\(parts[0])'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
            }
            overrides[parts[0]] = severity
        }
        return overrides
    }

    /// The diagnostics to report: all of them, or only those new since the
    /// baseline; for people, what they are shown of them.
    func reported(_ compilation: Compilation) -> [Diagnostic] {
        var diagnostics = compilation.diagnostics
        if let baseline { diagnostics = baseline.newFindings(diagnostics, files: { compilation.workspace.file($0) }) }
        switch format {
        case .json, .sarif, .github: return diagnostics
        case .text, .short: return listsEveryFinding ? DisplayLimit.apply(diagnostics) : diagnostics
        }
    }

    /// Prints the diagnostics; returns whether they fail the command.
    func report(_ compilation: Compilation, to descriptor: Int32) -> Bool {
        let diagnostics = reported(compilation)
        var renderer = compilation.renderer
        renderer.useColor = Terminal.wantsColor(colorChoice, handle: descriptor)
        renderer.columnUnit = columnUnit
        switch format {
        case .json:
            renderer.writeJSON(diagnostics) { Terminal.write(buffer: $0, to: descriptor) }
        case .sarif:
            renderer.writeSARIF(diagnostics) { Terminal.write(buffer: $0, to: descriptor) }
        case .short:
            writeEach(diagnostics, separator: "", to: descriptor) { [renderer] in renderer.short($0) + "\n" }
        case .github:
            writeEach(diagnostics, separator: "", to: descriptor) { [renderer] in renderer.github($0) + "\n" }
        case .text:
            var summary = DiagnosticRenderer.summary(diagnostics, checkedFiles: compilation.checkedFileCount)
            if baseline != nil { summary += " (new since the baseline)" }
            // Each diagnostic, a blank line between them, and the summary.
            writeEach(diagnostics, separator: "\n", to: descriptor) { [renderer] in renderer.text($0) }
            Terminal.write((diagnostics.isEmpty ? "" : "\n") + summary + "\n", to: descriptor)
        }
        return fails(diagnostics)
    }

    /// How many diagnostics are rendered before they are written: the
    /// formats that list every finding can list hundreds of thousands,
    /// whose text is never held at once.
    private static let renderedPerWrite = 4_096

    /// Each diagnostic rendered on its own, in parallel (a build of thousands
    /// of files can report thousands), written in order with `separator`
    /// between them.
    private func writeEach(_ diagnostics: [Diagnostic], separator: String, to descriptor: Int32,
                           _ render: @escaping @Sendable (Diagnostic) -> String) {
        let workers = JobsSetting.fromEnvironment().workers
        for start in stride(from: 0, to: diagnostics.count, by: Self.renderedPerWrite) {
            let batch = diagnostics[start..<min(start + Self.renderedPerWrite, diagnostics.count)]
            let pieces = Parallel.map(batch.count, workers: workers) { render(batch[batch.startIndex + $0]) }
            Terminal.write(pieces, separator: separator, leadingSeparator: start > 0, to: descriptor)
        }
    }

    /// With --timings, prints the phases to standard error (never to
    /// standard output, which may hold the output or the diagnostics).
    func printTimings(_ timings: PhaseTimings, workers: Int) {
        if showsTimings { Terminal.error(timings.rendered(workers: workers)) }
    }

    func fails(_ diagnostics: [Diagnostic]) -> Bool {
        diagnostics.contains { $0.severity == .error || (warningsAsErrors && $0.severity == .warning) }
    }
}

enum CheckCommand {
    static func run(_ raw: [String], keeping kept: KeptUntilExit, interruptions: Interruptions) throws -> ExitCode {
        let arguments = try Arguments(raw, command: Help.check)
        if arguments.has("--help") {
            Terminal.write(Help.check.helpText)
            return .success
        }
        do {
            return try check(arguments, keeping: kept, interruptions: interruptions)
        } catch let failure as CommandFailure where arguments.value("--format") == DiagnosticRenderer.Format.sarif.rawValue {
            // Code scanning reads standard output whatever happens: a run
            // that failed is still a valid log, which says so.
            Terminal.write(DiagnosticRenderer { _ in nil }.sarif([], failure: failure.message))
            throw failure
        }
    }

    static func check(_ arguments: Arguments, keeping kept: KeptUntilExit, interruptions: Interruptions) throws -> ExitCode {
        let session = try CompileSession(arguments, command: "check")
        var compilation = try session.compile()
        var timings = session.timings
        timings.append(compilation.timings)
        var fixedStandardInput: [UInt8]?
        if arguments.has("--fix") {
            let outcome = try FixCommand.apply(session: session, compilation: compilation, interruptions: interruptions)
            compilation = outcome.compilation
            fixedStandardInput = outcome.standardInput
            timings.finish("apply fixes and check again")
        }
        kept.keep(compilation)
        defer { session.printTimings(timings, workers: compilation.workers) }
        if let path = try arguments.path("--write-baseline", naming: "a file") {
            let baseline = Baseline(compilation.diagnostics, files: { compilation.workspace.file($0) })
            if case .failure(let failure) = interruptions.write([.init(path: path, produce: { baseline.write(to: $0) })], command: "check", note: "the baseline was not changed") {
                throw CommandFailure(message: failure.message)
            }
            Terminal.error("wrote \(baseline.entries.count) finding\(baseline.entries.count == 1 ? "" : "s") to \(Terminal.shown(path))\n")
            return .success
        }
        // With `--fix -` standard output carries the fixed text; the report goes to standard error.
        if let fixedStandardInput { Terminal.write(bytes: fixedStandardInput) }
        let failed = session.report(compilation, to: fixedStandardInput == nil ? STDOUT_FILENO : STDERR_FILENO)
        timings.finish("report diagnostics")
        return failed ? .inputErrors : .success
    }
}
