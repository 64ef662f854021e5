import MenuCompiler
import MenuSupport
import MenuSyntax
import MenuFormatter
import MenuRules
import MenuBackends
import MenuLanguageServer
import MenuImport

/// `menuc check --fix`: applies the guideline rules' fix-its and re-checks,
/// until nothing more applies, then writes each changed file atomically.
///
/// Only fix-its from guideline rules (and unused-allow) are applied: they
/// are mechanical. The "did you mean" replacements of language errors are
/// suggestions a person should confirm, so --fix leaves them alone.
enum FixCommand {
    /// Rounds of fix-and-recheck; fixes that overlap wait for the next round.
    static let maximumRounds = 8

    static func apply(session: CompileSession, compilation initial: Compilation, interruptions: Interruptions) throws -> Compilation {
        if session.readsStandardInput { throw CommandFailure(message: "--fix rewrites files; it cannot fix standard input") }
        var compilation = initial
        var texts: [String: [UInt8]] = [:]
        for _ in 0..<maximumRounds {
            var changed = false
            for file in compilation.files where !file.source.absolutePath.isEmpty {
                let fixIts = compilation.diagnostics
                    .filter { $0.span.file == file.source.id && LanguageErrorID(rawValue: $0.id) == nil }
                    .flatMap(\.fixIts)
                guard !fixIts.isEmpty else { continue }
                let result = FixApplier.apply(fixIts, to: file.source.bytes, file: file.source.id)
                if result.applied > 0, result.bytes != file.source.bytes {
                    texts[file.source.absolutePath] = result.bytes
                    changed = true
                }
            }
            guard changed else { break }
            // Re-check the fixed text in memory; files are written once at the end.
            compilation = Compiler.compile(session.entries.map { .path($0.path) }, options: session.options,
                                           workspace: Workspace(root: session.root, overlays: texts))
        }
        // Each file is written where it was named or found, not where its
        // links lead: the writer follows a link only inside the file's own
        // folder, so a link planted in a checked folder cannot have --fix
        // rewrite a file elsewhere.
        let currentDirectory = compilation.workspace.currentDirectory
        var namedPaths: [String: String] = [:]
        for entry in session.entries { namedPaths[Workspace.standardize(entry.path, relativeTo: currentDirectory)] = entry.path }
        let outputs = texts.keys.sorted().compactMap { path -> OutputWriter.Output? in
            guard let bytes = texts[path] else { return nil }
            return OutputWriter.Output(path: namedPaths[path] ?? path, contents: String(decoding: bytes, as: UTF8.self))
        }
        if case .failure(let failure) = interruptions.write(outputs, command: "check", note: "no file was changed") {
            throw CommandFailure(message: failure.message + " (no file was changed)")
        }
        if !outputs.isEmpty {
            Terminal.error("fixed \(outputs.count) file\(outputs.count == 1 ? "" : "s")\n")
        }
        return compilation
    }
}
