import MenuCompiler
import MenuSupport
import MenuSyntax
import MenuFormatter
import MenuRules
import MenuBackends
import MenuLanguageServer
import MenuImport

/// `menuc fmt`: rewrites files in the canonical layout (see `MenuFormatter`).
///
/// Files are rewritten atomically through `OutputWriter`, and only when the
/// layout changes. `--check` writes nothing: it prints a unified diff for
/// each file that is not formatted and exits 1. `-` formats standard input
/// to standard output. A file with syntax errors is never rewritten: its
/// diagnostics are printed and the command exits 1.
enum FormatCommand {
    static func run(_ raw: [String], interruptions: Interruptions) throws -> ExitCode {
        let arguments = try Arguments(raw, command: Help.format)
        if arguments.has("--help") {
            Terminal.write(Help.format.helpText)
            return .success
        }
        let formatName = arguments.value("--format") ?? "text"
        guard let diagnosticFormat = DiagnosticRenderer.Format(rawValue: formatName) else {
            throw Arguments.UsageError(message: "unknown format '\(formatName)'; use \(DiagnosticRenderer.Format.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let colorChoice = try CompileSession.colorChoice(arguments)
        let columnUnit = try CompileSession.columnUnit(arguments)
        let checkOnly = arguments.has("--check")
        let inputs = try collectInputs(arguments)

        var files: [SourceFile] = []
        for (index, input) in inputs.enumerated() {
            let bytes: [UInt8]
            switch input {
            case .standardInput:
                bytes = try Terminal.readStandardInput()
            case .file(let path):
                switch FileSystem.contents(atPath: path) {
                case .success(let contents): bytes = contents
                case .failure(let failure): throw CommandFailure(message: "cannot read \(PathBytes.displayed(path)): \(failure.reason)")
                }
            }
            files.append(SourceFile(id: FileID(index), displayPath: input.displayPath, absolutePath: "", bytes: bytes))
        }

        var diagnostics: [Diagnostic] = []
        var outputs: [OutputWriter.Output] = []
        var unformatted: [String] = []
        for (input, file) in zip(inputs, files) {
            let formatted: String
            switch MenuFormatter.format(file) {
            case .success(let text): formatted = text
            case .failure(let failure):
                diagnostics += failure.diagnostics
                continue
            }
            let changed = Array(formatted.utf8) != file.bytes
            if checkOnly {
                guard changed else { continue }
                unformatted.append(file.displayPath)
                let original = String(decoding: file.bytes, as: UTF8.self)
                Terminal.write(UnifiedDiff.render(old: original, new: formatted, oldName: file.displayPath, newName: file.displayPath))
                continue
            }
            switch input {
            case .standardInput: Terminal.write(formatted)
            case .file(let path): if changed { outputs.append(OutputWriter.Output(path: path, contents: formatted)) }
            }
        }

        // The report goes to standard output unless that carries formatted text or diffs.
        let carriesProduct = checkOnly || inputs.contains { if case .standardInput = $0 { true } else { false } }
        report(diagnostics, files: files, format: diagnosticFormat, colorChoice: colorChoice, columnUnit: columnUnit,
               to: carriesProduct ? STDERR_FILENO : STDOUT_FILENO)
        if case .failure(let failure) = interruptions.write(outputs, command: "fmt", note: "no file was changed") {
            throw CommandFailure(message: failure.message + " (no file was changed)")
        }
        if !outputs.isEmpty {
            Terminal.status("reformatted \(outputs.count) file\(outputs.count == 1 ? "" : "s")\n", quiet: arguments.has("--quiet"))
        }
        if checkOnly, !unformatted.isEmpty {
            let count = unformatted.count
            Terminal.error("\(count) file\(count == 1 ? "" : "s") would be reformatted: \(unformatted.map(Terminal.shown).joined(separator: ", "))\n")
        }
        return diagnostics.isEmpty && unformatted.isEmpty ? .success : .inputErrors
    }

    enum Input {
        case file(String)
        case standardInput

        var displayPath: String {
            switch self {
            case .file(let path): PathBytes.displayed(path)
            case .standardInput: "<stdin>"
            }
        }
    }

    /// Files and directories as `check` finds them (honouring the
    /// exclusions of the governing `menuc.json`), then standard input.
    static func collectInputs(_ arguments: Arguments) throws -> [Input] {
        let paths = arguments.positional
        guard !paths.isEmpty else { throw Arguments.UsageError(message: "no input files (give files, directories, or - for standard input)") }
        var explicit: ProjectConfiguration?
        if let configPath = arguments.value("--config") {
            switch ProjectConfiguration.load(path: configPath, knownRuleIDs: RuleDocumentation.configurableIDs) {
            case .success(let loaded): explicit = loaded
            case .failure(let failure): throw CommandFailure(message: failure.description)
            }
        }
        let exclusions: (String) -> InputCollector.Exclusions? = { directory in
            let configuration: ProjectConfiguration
            if let explicit {
                configuration = explicit
            } else {
                guard let path = ProjectConfiguration.find(from: PathNames.appending("_", to: directory)),
                      case .success(let found) = ProjectConfiguration.load(path: path, knownRuleIDs: RuleDocumentation.configurableIDs) else { return nil }
                configuration = found
            }
            guard let base = configuration.directory else { return nil }
            return InputCollector.Exclusions(base: base, patterns: configuration.rules.excludedPaths)
        }
        let entries: [InputCollector.Entry]
        switch InputCollector.collect(paths.filter { $0 != "-" }, exclusions: exclusions) {
        case .success(let found):
            entries = found.entries
            for skipped in found.skipped { Terminal.error("menuc fmt: warning: \(skipped.message)\n") }
        case .failure(let failure): throw CommandFailure(message: failure.message)
        }
        var inputs = entries.map { Input.file($0.path) }
        if paths.contains("-") { inputs.append(.standardInput) }
        if inputs.isEmpty { throw CommandFailure(message: "no .menu files found in \(paths.joined(separator: ", "))") }
        return inputs
    }

    /// Syntax errors go to standard error, so standard output holds only
    /// formatted text (with `-`) or diffs (with `--check`).
    static func report(_ diagnostics: [Diagnostic], files: [SourceFile], format: DiagnosticRenderer.Format, colorChoice: String?,
                       columnUnit: DiagnosticRenderer.ColumnUnit, to descriptor: Int32) {
        guard !diagnostics.isEmpty else { return }
        var renderer = DiagnosticRenderer { id in id.rawValue < files.count ? files[id.rawValue] : nil }
        renderer.useColor = Terminal.wantsColor(colorChoice, handle: descriptor)
        renderer.columnUnit = columnUnit
        let emit = { (text: String) in Terminal.write(text, to: descriptor) }
        switch format {
        case .json:
            emit(renderer.json(diagnostics))
        case .sarif:
            emit(renderer.sarif(diagnostics))
        case .short:
            emit(diagnostics.map { renderer.short($0) + "\n" }.joined())
        case .github:
            emit(diagnostics.map { renderer.github($0) + "\n" }.joined())
        case .text:
            let failed = Set(diagnostics.map(\.span.file)).count
            emit(diagnostics.map { renderer.text($0) }.joined(separator: "\n") + "\n"
                           + "\(DiagnosticRenderer.summary(diagnostics)) in \(failed) file\(failed == 1 ? "" : "s"); \(failed == 1 ? "it was" : "they were") not formatted\n")
        }
    }
}
