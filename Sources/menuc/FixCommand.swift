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
    static let standardInputName = "<stdin>"

    /// The re-checked compilation, and with `-` the fixed standard input
    /// (the caller prints it to standard output, as `fmt -` does).
    struct Outcome {
        var compilation: Compilation
        var standardInput: [UInt8]?
    }

    static func apply(session: CompileSession, compilation initial: Compilation, interruptions: Interruptions) throws -> Outcome {
        var compilation = initial
        var texts: [String: [UInt8]] = [:]
        var standardInput = session.readsStandardInput
            ? compilation.files.first { isStandardInput($0.source) }?.source.bytes : nil
        for _ in 0..<maximumRounds {
            var changed = false
            for file in compilation.files where !file.source.absolutePath.isEmpty || isStandardInput(file.source) {
                let fixIts = compilation.diagnostics
                    .filter { $0.span.file == file.source.id && LanguageErrorID(rawValue: $0.id) == nil }
                    .flatMap(\.fixIts)
                    .filter(\.isCertain)
                guard !fixIts.isEmpty else { continue }
                let result = FixApplier.apply(fixIts, to: file.source.bytes, file: file.source.id)
                guard result.applied > 0, result.bytes != file.source.bytes else { continue }
                if isStandardInput(file.source) { standardInput = result.bytes } else { texts[file.source.absolutePath] = result.bytes }
                changed = true
            }
            guard changed else { break }
            // Re-check the fixed text in memory; files are written once at the end.
            let workspace = Workspace(root: session.root, overlays: texts)
            var inputs = session.entries.map { Compiler.Input.path($0.path) }
            if let standardInput { inputs.append(.bytes(standardInput, displayPath: standardInputName)) }
            compilation = Compiler.compile(inputs, options: session.options, workspace: workspace)
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
            Terminal.status("fixed \(outputs.count) file\(outputs.count == 1 ? "" : "s")\n", quiet: session.quiet)
        }
        Terminal.status(notApplied(compilation), quiet: session.quiet)
        return Outcome(compilation: compilation, standardInput: standardInput)
    }

    static func isStandardInput(_ source: SourceFile) -> Bool {
        source.absolutePath.isEmpty && source.displayPath == standardInputName
    }

    /// One line for each fix-it still offered after the last round, with
    /// why --fix left it: a person should confirm a language error's
    /// suggestion and a rule's uncertain one (a recased word that may be a
    /// name), and a fix-it that overlaps another or edits another file is
    /// not applied blind.
    static func notApplied(_ compilation: Compilation) -> String {
        let renderer = compilation.renderer
        var lines = ""
        for diagnostic in compilation.diagnostics {
            for fixIt in diagnostic.fixIts {
                let reason: String
                if LanguageErrorID(rawValue: diagnostic.id) != nil {
                    reason = "a language error's suggestion; confirm it by hand"
                } else if !fixIt.isCertain {
                    reason = "a suggestion: it may change a name or need rewording; review it"
                } else if fixIt.edits.contains(where: { $0.span.file != diagnostic.span.file }) {
                    reason = "it edits another file"
                } else {
                    reason = "it overlaps another fix-it"
                }
                lines += "\(renderer.locationText(diagnostic.span)): fix-it not applied (\(reason)): \(Terminal.shown(fixIt.message)) [\(diagnostic.id)]\n"
            }
        }
        return lines
    }
}
