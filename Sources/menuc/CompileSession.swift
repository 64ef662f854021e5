import Foundation
import MenuCompiler

/// What `check` and `build` share: collecting inputs, compiling, and
/// printing diagnostics in the chosen format.
struct CompileSession {
    static let commonValueOptions: Set<String> = ["--format", "--root", "--color"]
    static let commonFlagOptions: Set<String> = ["--warnings-as-errors", "--help"]

    var format: DiagnosticRenderer.Format
    var root: String?
    var warningsAsErrors: Bool
    var colorChoice: String?
    var entries: [InputCollector.Entry] = []
    var readsStandardInput = false

    init(_ arguments: Arguments) throws {
        let formatName = arguments.value("--format") ?? "text"
        guard let format = DiagnosticRenderer.Format(rawValue: formatName) else {
            throw Arguments.UsageError(message: "unknown format '\(formatName)'; use \(DiagnosticRenderer.Format.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        self.format = format
        root = arguments.value("--root")
        warningsAsErrors = arguments.has("--warnings-as-errors")
        colorChoice = arguments.value("--color")
        if let colorChoice, !["auto", "always", "never"].contains(colorChoice) {
            throw Arguments.UsageError(message: "--color takes auto, always or never")
        }
        if let root {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw CommandFailure(message: "--root \(root) is not a directory")
            }
        }
        let paths = arguments.positional
        guard !paths.isEmpty else { throw Arguments.UsageError(message: "no input files (give files, directories, or - for standard input)") }
        readsStandardInput = paths.contains("-")
        switch InputCollector.collect(paths.filter { $0 != "-" }) {
        case .success(let found): entries = found
        case .failure(let failure): throw CommandFailure(message: failure.message)
        }
        if entries.isEmpty, !readsStandardInput {
            throw CommandFailure(message: "no .menu files found in \(paths.joined(separator: ", "))")
        }
    }

    func compile() throws -> Compilation {
        var inputs = entries.map { MenuCompiler.Input.path($0.path) }
        if readsStandardInput {
            inputs.append(.bytes(Terminal.readStandardInput(), displayPath: "<stdin>"))
        }
        let compilation = MenuCompiler.compile(inputs, options: CompileOptions(root: root))
        if let failure = compilation.loadFailures.first {
            throw CommandFailure(message: failure.message)
        }
        return compilation
    }

    /// Prints the diagnostics; returns whether they fail the command.
    func report(_ compilation: Compilation, to handle: FileHandle, fileDescriptor: Int32) -> Bool {
        let diagnostics = compilation.diagnostics
        var renderer = compilation.renderer
        renderer.useColor = Terminal.wantsColor(colorChoice, handle: fileDescriptor)
        switch format {
        case .json:
            Terminal.write(renderer.json(diagnostics), to: handle)
        case .short:
            Terminal.write(diagnostics.map { renderer.short($0) + "\n" }.joined(), to: handle)
        case .text:
            var text = diagnostics.map { renderer.text($0) }.joined(separator: "\n")
            if !diagnostics.isEmpty { text += "\n" }
            let files = compilation.files.count
            text += "\(DiagnosticRenderer.summary(diagnostics)) in \(files) file\(files == 1 ? "" : "s")\n"
            Terminal.write(text, to: handle)
        }
        return fails(diagnostics)
    }

    func fails(_ diagnostics: [Diagnostic]) -> Bool {
        diagnostics.contains { $0.severity == .error || (warningsAsErrors && $0.severity == .warning) }
    }
}

enum CheckCommand {
    static func run(_ raw: [String]) throws -> ExitCode {
        let arguments = try Arguments(raw, valueOptions: CompileSession.commonValueOptions, flagOptions: CompileSession.commonFlagOptions)
        if arguments.has("--help") {
            Terminal.write(Help.check)
            return .success
        }
        let session = try CompileSession(arguments)
        let compilation = try session.compile()
        let failed = session.report(compilation, to: .standardOutput, fileDescriptor: STDOUT_FILENO)
        return failed ? .inputErrors : .success
    }
}
