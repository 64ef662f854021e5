import Foundation
import MenuCompiler

enum BuildCommand {
    static func run(_ raw: [String]) throws -> ExitCode {
        let arguments = try Arguments(raw, valueOptions: CompileSession.commonValueOptions.union(["--emit", "--out"]),
                                      flagOptions: CompileSession.commonFlagOptions)
        if arguments.has("--help") {
            Terminal.write(Help.build)
            return .success
        }
        let emits = try parseEmit(arguments.value("--emit") ?? "json")
        let session = try CompileSession(arguments)
        let outDirectory = arguments.value("--out")
        if outDirectory == nil, !(session.readsStandardInput && session.entries.isEmpty && emits.count == 1) {
            throw Arguments.UsageError(message: "--out <dir> is required (only a single '-' input may write to standard output)")
        }
        if let outDirectory {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: outDirectory, isDirectory: &isDirectory), !isDirectory.boolValue {
                throw CommandFailure(message: "--out \(outDirectory) exists and is not a directory")
            }
        }
        let compilation = try session.compile()
        let failed = session.report(compilation, to: .standardError, fileDescriptor: STDERR_FILENO)
        if failed { return .inputErrors }

        let files: (FileID) -> SourceFile? = { compilation.workspace.file($0) }
        guard let outDirectory else {
            if let file = compilation.files.first { Terminal.write(render(file, as: emits[0], files: files)) }
            return .success
        }
        var outputs: [OutputWriter.Output] = []
        var claimed: [String: String] = [:]
        for (entry, file) in zip(session.entries, compilation.files) {
            for emit in emits {
                let relative = (entry.relativePath as NSString).deletingPathExtension + "." + emit.fileExtension
                let path = (outDirectory as NSString).appendingPathComponent(relative)
                if let other = claimed[path] {
                    throw CommandFailure(message: "\(entry.path) and \(other) would both be written to \(path)")
                }
                claimed[path] = entry.path
                outputs.append(OutputWriter.Output(path: path, contents: render(file, as: emit, files: files)))
            }
        }
        switch OutputWriter().write(outputs) {
        case .success:
            return .success
        case .failure(let failure):
            throw CommandFailure(message: failure.message + " (no output was changed)")
        }
    }

    enum Emit: String, CaseIterable {
        case json

        var fileExtension: String {
            switch self {
            case .json: "json"
            }
        }
    }

    static func parseEmit(_ text: String) throws -> [Emit] {
        var result: [Emit] = []
        for name in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            guard let emit = Emit(rawValue: name) else {
                throw Arguments.UsageError(message: "unknown --emit format '\(name)'; use \(Emit.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            if !result.contains(emit) { result.append(emit) }
        }
        if result.isEmpty { throw Arguments.UsageError(message: "--emit needs at least one format") }
        return result
    }

    static func render(_ file: CheckedFile, as emit: Emit, files: (FileID) -> SourceFile?) -> String {
        switch emit {
        case .json: JSONBackend.render(file, files: files)
        }
    }
}
