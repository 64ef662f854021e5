import MenuCompiler
import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics
import MenuBackends

/// `menuc preview`: one HTML page per file with every declaration drawn
/// (see `PreviewPage`), written like any output — atomically, only when
/// changed, never through a link out of the output folder. Findings don't
/// stop it: they are what the page shows on the elements.
enum PreviewCommand {
    static let defaultFolder = "menuc-preview"

    static func run(_ raw: [String], interruptions: Interruptions) throws -> ExitCode {
        let arguments = try Arguments(raw, command: Help.preview)
        if arguments.has("--help") {
            Terminal.write(Help.preview.helpText)
            return .success
        }
        if arguments.positional.contains("-") {
            throw Arguments.UsageError(message: "preview reads files and folders, not standard input")
        }
        let outDirectory = try arguments.path("--out", naming: "a folder") ?? defaultFolder
        if let kind = FileSystem.kind(atPath: outDirectory), kind != .directory {
            throw CommandFailure(message: "--out \(outDirectory) exists and is not a directory")
        }
        let session = try CompileSession(arguments, command: "preview")
        let compilation = try session.compile()
        var outputs: [OutputWriter.Output] = []
        var pages: [String] = []
        for (entry, file) in zip(session.entries, compilation.files) {
            let findings = PreviewPage.findings(of: file, in: compilation.diagnostics)
            let page = PathNames.appending(PathNames.deletingExtension(of: entry.relativePath) + ".html", to: outDirectory)
            pages.append(page)
            outputs.append(OutputWriter.Output(path: page, folder: outDirectory) { write in
                var text = PreviewPage.render(file, findings: findings)
                text.withUTF8 { write($0) }
            })
        }
        let destinations = OutputWriter.survey(outputs)
        try BuildCommand.refuseToOverwriteSources(outputs, at: destinations, depfile: nil, of: compilation.workspace)
        switch interruptions.write(outputs, surveyed: destinations, command: "preview", note: "no page was changed") {
        case .success(let report):
            Terminal.status(BuildCommand.summary(report, in: outDirectory), quiet: arguments.has("--quiet"))
        case .failure(let failure):
            throw CommandFailure(message: failure.message + " (no page was changed)")
        }
        if arguments.has("--open"), let first = pages.first {
            try open(first)
        }
        return .success
    }

    /// Shows `page` in the browser: `open` on macOS, `xdg-open` elsewhere.
    private static func open(_ page: String) throws {
        #if canImport(Darwin)
        let opener = "open"
        #else
        let opener = "xdg-open"
        #endif
        var pid = pid_t()
        // A relative path that starts with "-" (`--out -notes`) would be read as an option.
        let arguments = [opener, page.hasPrefix("/") ? page : "./" + page]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let status = posix_spawnp(&pid, opener, nil, nil, &argv, environ)
        guard status == 0 else {
            throw CommandFailure(message: "could not start \(opener) to open \(PathBytes.displayed(page)): \(String(cString: strerror(status)))")
        }
    }
}
