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
/// Only certain fix-its from guideline rules (and unused-allow) are applied:
/// they are mechanical. A fix-it that guesses (`FixIt.isCertain` false: a
/// recased word that may be a name, an article a noun may need) is a
/// suggestion, listed on standard error and left for a person, as are the
/// "did you mean" replacements of language errors.
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
                    .filter(\.isCertain)
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
        reportSuggestions(in: compilation)
        return compilation
    }

    /// Lists the guideline fix-its --fix did not apply because they are not
    /// certain: `file:line:col: not applied: message [rule]`, one a line.
    private static func reportSuggestions(in compilation: Compilation) {
        var lines = ""
        var count = 0
        for diagnostic in compilation.diagnostics where LanguageErrorID(rawValue: diagnostic.id) == nil {
            for fixIt in diagnostic.fixIts where !fixIt.isCertain {
                let file = compilation.workspace.file(diagnostic.span.file)
                let position = file.position(of: diagnostic.span.start)
                let path = VisibleText.escaped(file.displayPath)
                lines += "\(path):\(position.line):\(position.column): not applied: \(VisibleText.escaped(fixIt.message)) [\(diagnostic.id)]\n"
                count += 1
            }
        }
        guard count > 0 else { return }
        Terminal.error(lines + "\(count) suggested fix\(count == 1 ? " was" : "es were") not applied: each may change a name or need rewording; review \(count == 1 ? "it" : "them")\n")
    }
}
