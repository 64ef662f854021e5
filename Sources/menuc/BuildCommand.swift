import MenuCompiler
import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics
import MenuFormatter
import MenuRules
import MenuBackends
import MenuLanguageServer
import MenuImport

enum BuildCommand {
    static func run(_ raw: [String], keeping kept: KeptUntilExit, interruptions: Interruptions) throws -> ExitCode {
        let arguments = try Arguments(raw, command: Help.build)
        if arguments.has("--help") {
            Terminal.write(Help.build.helpText)
            return .success
        }
        let emits = try parseEmit(arguments.value("--emit") ?? "json")
        let session = try CompileSession(arguments, command: "build")
        let swiftOptions = try parseSwiftOptions(arguments, emits: emits, inputCount: session.entries.count + (session.readsStandardInput ? 1 : 0))
        let outDirectory = try arguments.path("--out", naming: "a folder")
        if outDirectory == nil {
            if !(session.readsStandardInput && session.entries.isEmpty) {
                throw Arguments.UsageError(message: "--out <dir> is required (only a single '-' input may write to standard output)")
            }
            if emits.count > 1 {
                throw Arguments.UsageError(message: "--emit \(emits.map(\.rawValue).joined(separator: ",")) makes \(emits.count) outputs, which need a folder: give --out <dir> (standard output takes one format)")
            }
        }
        let depfile = try arguments.path("--depfile", naming: "a file")
        if depfile != nil, outDirectory == nil {
            throw Arguments.UsageError(message: "--depfile needs --out: it lists the files written there")
        }
        if let outDirectory {
            if let kind = FileSystem.kind(atPath: outDirectory), kind != .directory {
                throw CommandFailure(message: "--out \(outDirectory) exists and is not a directory")
            }
        }
        let compilation = try session.compile()
        kept.keep(compilation)
        var timings = session.timings
        timings.append(compilation.timings)
        defer { session.printTimings(timings, workers: compilation.workers) }
        // The report goes where check sends it, unless standard output carries the output.
        let failed = session.report(compilation, to: outDirectory == nil ? STDERR_FILENO : STDOUT_FILENO)
        timings.finish("report diagnostics")
        if failed { return .inputErrors }

        guard let outDirectory else {
            if let file = compilation.files.first {
                let renderer = Renderer(compilation: compilation, swift: swiftOptions, site: MarkdownBackend.Site())
                Terminal.write(renderer.text(file, as: emits[0]))
                timings.finish("render \(emits[0].rawValue)")
            }
            return .success
        }
        var plan = OutputPlan(outDirectory: outDirectory)
        let inputs = Array(zip(session.entries, compilation.files))
        // The cross-page link table and the dependency lists are only made
        // when something reads them: on thousands of files each is a pass
        // over every file that nothing else in the build waits on.
        var site = MarkdownBackend.Site()
        if emits.contains(.markdown) {
            var pages: [FileID: String] = [:]
            for (entry, file) in inputs { pages[file.source.id] = OutputPlan.relativeOutput(for: entry, emit: .markdown) }
            site = MarkdownBackend.Site(files: compilation.files, imports: compilation.workspace.imports, pages: pages)
        }
        var renderer = Renderer(compilation: compilation, swift: swiftOptions, site: site)
        if emits.contains(.xcstrings) {
            renderer.catalogs = try Self.existingCatalogs(inputs, outDirectory: outDirectory)
        }
        let render = renderer
        // Each output renders straight into its file when the writer stages
        // it (outputs stage in parallel): an output can be ten times its
        // input, and none is held whole in memory.
        for (entry, file) in inputs {
            let dependencies = depfile == nil ? [] : DepFile.inputs(of: file.source.id, in: compilation.workspace)
            for emit in emits {
                try plan.add(OutputPlan.relativeOutput(for: entry, emit: emit), from: entry.path, dependencies: dependencies) { write in
                    render.render(file, as: emit, to: write)
                }
            }
            // Beside each page, the pictures it embeds (`notes/File.svg`).
            if emits.contains(.markdown) {
                let folder = MarkdownBackend.Site.pictureFolder(ofPage: OutputPlan.relativeOutput(for: entry, emit: .markdown))
                for figure in SVGBackend.pageFigures(of: file) {
                    try plan.add(folder + "/" + figure.fileName, from: entry.path, dependencies: dependencies) { write in
                        figure.write(to: write)
                    }
                }
            }
        }
        if emits.contains(.markdown), buildsDirectory(arguments.positional) {
            let entries = inputs.map { entry, file in
                MarkdownBackend.IndexEntry(page: OutputPlan.relativeOutput(for: entry, emit: .markdown),
                                          source: PathBytes.displayed(entry.relativePath), doc: file.doc)
            }
            let index = MarkdownBackend.index(entries)
            try plan.add("index.md", from: "the index", dependencies: inputs.map { $0.0.path }) { write in
                var text = index
                text.withUTF8 { write($0) }
            }
        }
        if let depfile {
            switch DepFile.render(plan.rules) {
            case .success(let bytes): plan.outputs.append(OutputWriter.Output(path: depfile, bytes: bytes))
            case .failure(let problem): throw CommandFailure(message: problem.message)
            }
        }
        let destinations = OutputWriter.survey(plan.outputs)
        try refuseToOverwriteSources(plan.outputs, at: destinations, depfile: depfile, of: compilation.workspace)
        timings.finish("plan outputs")
        let written = interruptions.write(plan.outputs, surveyed: destinations, command: "build", note: "no output was changed")
        timings.finish("render and write outputs")
        switch written {
        case .success(let report):
            Terminal.status(Self.summary(report, in: outDirectory), quiet: arguments.has("--quiet"))
            return .success
        case .failure(let failure):
            throw CommandFailure(message: failure.message + " (no output was changed)")
        }
    }

    /// What a build wrote and where, for people (one line).
    static func summary(_ report: OutputWriter.Report, in directory: String) -> String {
        func files(_ count: Int) -> String { "\(count) file\(count == 1 ? "" : "s")" }
        let folder = Terminal.shown(PathBytes.displayed(directory))
        if report.written.isEmpty { return "\(folder) is up to date (\(files(report.unchanged.count)) unchanged)\n" }
        let unchanged = report.unchanged.isEmpty ? "" : ", \(report.unchanged.count) unchanged"
        return "wrote \(files(report.written.count)) to \(folder)\(unchanged)\n"
    }

    /// An input named `x.json` built with `--out .` (or a `.md` or `.swift`
    /// one, or an imported file, or one an output's link leads to) would be
    /// replaced by an output: refused before anything is written, since that
    /// would lose the source. `survey` resolved where each output goes.
    static func refuseToOverwriteSources(_ outputs: [OutputWriter.Output], at destinations: [OutputWriter.Destination],
                                         depfile: String?, of workspace: Workspace) throws {
        let sources = Set(workspace.files.map(\.absolutePath))
        for (output, destination) in zip(outputs, destinations) where sources.contains(destination.target) {
            let option = output.path == depfile ? "--depfile" : "--out"
            throw CommandFailure(message: "\(PathBytes.displayed(output.path)) is a source file of this build and would be written over; choose another \(option) (no output was changed)")
        }
    }

    /// The String Catalogs already written for these inputs, read so that
    /// the new ones merge into them and keep every translation. One that is
    /// not a catalog stops the build before anything is written.
    static func existingCatalogs(_ inputs: [(InputCollector.Entry, CheckedFile)], outDirectory: String) throws -> [FileID: [UInt8]] {
        var catalogs: [FileID: [UInt8]] = [:]
        for (entry, file) in inputs {
            let path = PathNames.appending(OutputPlan.relativeOutput(for: entry, emit: .xcstrings), to: outDirectory)
            guard FileSystem.kind(atPath: path) != nil else { continue }
            switch FileSystem.contents(atPath: path) {
            case .success(let bytes):
                do {
                    _ = try StringCatalogBackend.render(file, mergingInto: bytes)
                } catch {
                    throw CommandFailure(message: "\(PathBytes.displayed(path)) can't be merged into: \(error) (no output was changed)")
                }
                catalogs[file.source.id] = bytes
            case .failure(let failure):
                throw CommandFailure(message: "\(PathBytes.displayed(path)): \(failure.reason) (no output was changed)")
            }
        }
        return catalogs
    }

    enum Emit: String, CaseIterable {
        case json, swift, markdown, xcstrings

        var fileExtension: String {
            switch self {
            case .json: "json"
            case .swift: "swift"
            case .markdown: "md"
            case .xcstrings: "xcstrings"
            }
        }
    }

    static func parseEmit(_ text: String) throws -> [Emit] {
        var result: [Emit] = []
        for name in text.split(separator: ",").map({ $0.trimmingBlanks() }) {
            guard let emit = Emit(rawValue: name) else {
                throw Arguments.UsageError(message: "unknown --emit format '\(name)'; use \(Emit.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            if !result.contains(emit) { result.append(emit) }
        }
        if result.isEmpty { throw Arguments.UsageError(message: "--emit needs at least one format") }
        return result
    }

    /// `--type-name` and `--access`, which only mean something for Swift output.
    static func parseSwiftOptions(_ arguments: Arguments, emits: [Emit], inputCount: Int) throws -> SwiftBackend.Options {
        var options = SwiftBackend.Options()
        let typeName = arguments.value("--type-name")
        let access = arguments.value("--access")
        if typeName != nil || access != nil, !emits.contains(.swift) {
            throw Arguments.UsageError(message: "--type-name and --access apply to --emit swift")
        }
        if let typeName {
            if let problem = SwiftBackend.problem(withTypeName: typeName) { throw Arguments.UsageError(message: "--type-name: \(problem)") }
            guard inputCount <= 1 else {
                throw Arguments.UsageError(message: "--type-name names one file's namespace, but there are \(inputCount) inputs")
            }
            options.typeName = typeName
        }
        if let access {
            guard let level = SwiftBackend.Access(rawValue: access) else {
                throw Arguments.UsageError(message: "--access takes \(SwiftBackend.Access.allCases.map(\.rawValue).joined(separator: ", ")) (got '\(access)')")
            }
            options.access = level
        }
        return options
    }

    /// Whether any path argument is a directory (then Markdown gets an index).
    static func buildsDirectory(_ paths: [String]) -> Bool {
        paths.contains { path in path != "-" && FileSystem.isDirectory(path) }
    }

    /// Renders one checked file in each format.
    struct Renderer: Sendable {
        let compilation: Compilation
        let swift: SwiftBackend.Options
        let site: MarkdownBackend.Site
        /// The String Catalogs already at the outputs, to merge into.
        var catalogs: [FileID: [UInt8]] = [:]

        /// The output as text (for standard output).
        func text(_ file: CheckedFile, as emit: Emit) -> String {
            var bytes: [UInt8] = []
            render(file, as: emit) { bytes.append(contentsOf: $0) }
            return String(decoding: bytes, as: UTF8.self)
        }

        /// The output handed to `write` in pieces as it is rendered.
        func render(_ file: CheckedFile, as emit: Emit, to write: (UnsafeBufferPointer<UInt8>) -> Void) {
            let files: (FileID) -> SourceFile? = { compilation.workspace.file($0) }
            switch emit {
            case .json: JSONBackend.render(file, files: files, to: write)
            case .swift: SwiftBackend.render(file, files: files, options: swift, to: write)
            case .markdown: MarkdownBackend.render(file, files: files, site: site, to: write)
            case .xcstrings:
                // Checked before anything is planned: see `existingCatalogs`.
                var text = (try? StringCatalogBackend.render(file, mergingInto: catalogs[file.source.id])) ?? ""
                text.withUTF8 { write($0) }
            }
        }
    }

    /// The outputs of one build, each claimed by one input, with the
    /// dependency rules for `--depfile`.
    struct OutputPlan {
        let outDirectory: String
        var outputs: [OutputWriter.Output] = []
        var rules: [DepFile.Rule] = []
        private var claimed: [String: String] = [:]

        init(outDirectory: String) {
            self.outDirectory = outDirectory
        }

        /// The output for `entry` relative to --out: its path with the format's extension.
        static func relativeOutput(for entry: InputCollector.Entry, emit: Emit) -> String {
            PathNames.deletingExtension(of: entry.relativePath) + "." + emit.fileExtension
        }

        mutating func add(_ relative: String, from source: String, dependencies: [String],
                          produce: @escaping @Sendable (_ write: (UnsafeBufferPointer<UInt8>) -> Void) -> Void) throws {
            let path = PathNames.appending(relative, to: outDirectory)
            if let other = claimed[path] {
                throw CommandFailure(message: "\(source) and \(other) would both be written to \(path)")
            }
            claimed[path] = source
            outputs.append(OutputWriter.Output(path: path, folder: outDirectory, produce: produce))
            rules.append(DepFile.Rule(output: path, inputs: dependencies))
        }
    }
}
