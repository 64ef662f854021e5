// libFuzzer entry point: every input runs through the whole pipeline —
// parse, resolve, every rule, every diagnostic format, every backend
// (JSON, Swift, Markdown), the formatter and fix-it application. Built by
// run.sh together with the MenuCompiler sources.

@_cdecl("LLVMFuzzerTestOneInput")
public func menucFuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var options = CompileOptions(configuration: RuleConfiguration())
    options.workers = 1
    let compilation = MenuCompiler.compile([.bytes(bytes, displayPath: "fuzz.menu")], options: options)
    let renderer = compilation.renderer
    for diagnostic in compilation.diagnostics {
        _ = renderer.text(diagnostic)
        _ = renderer.short(diagnostic)
        precondition(diagnostic.span.start <= diagnostic.span.end, "inverted span")
        precondition(diagnostic.span.end <= compilation.workspace.file(diagnostic.span.file).bytes.count, "span past the end of the file")
    }
    _ = renderer.json(compilation.diagnostics)
    if !compilation.hasErrors, let file = compilation.files.first {
        let files = { (id: FileID) in compilation.workspace.file(id) }
        _ = JSONBackend.render(file, files: files)
        _ = SwiftBackend.render(file, files: files)
        _ = MarkdownBackend.render(file, files: files)
    }
    // The formatter reads the same syntax tree: it must either refuse a file
    // with syntax errors or produce one that parses, never change meaning.
    if let source = compilation.files.first?.source {
        switch MenuFormatter.format(source) {
        case .success(let formatted):
            let again = MenuCompiler.compile([.text(formatted, displayPath: "formatted.menu")], options: CompileOptions(runRules: false))
            precondition(!again.diagnostics.contains { $0.id == "syntax" }, "formatted output does not parse")
        case .failure(let failure):
            precondition(!failure.diagnostics.contains { $0.id == "format" }, "the formatter would change the file's meaning")
        }
    }
    // Fix-its must apply cleanly to the text they were made for.
    if let source = compilation.files.first?.source {
        _ = FixApplier.apply(compilation.diagnostics.flatMap(\.fixIts), to: source.bytes, file: source.id)
    }
    return 0
}
