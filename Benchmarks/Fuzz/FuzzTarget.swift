// libFuzzer entry point: every input runs through the whole pipeline —
// parse, resolve, every rule, every diagnostic format, every backend
// (JSON, Swift, Markdown, the SVG pictures in every look), the preview
// page, the formatter and fix-it application. Built by run.sh together
// with the MenuCompiler sources.

@_cdecl("LLVMFuzzerTestOneInput")
public func menucFuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let parts = FuzzFiles.split(bytes)
    if parts.count > 1 {
        FuzzFiles.compile(parts)
        return 0
    }
    var options = CompileOptions(configuration: RuleConfiguration())
    options.workers = 1
    let compilation = Compiler.compile([.bytes(bytes, displayPath: "fuzz.menu")], options: options)
    let renderer = compilation.renderer
    for diagnostic in compilation.diagnostics {
        _ = renderer.text(diagnostic)
        _ = renderer.short(diagnostic)
        precondition(diagnostic.span.start <= diagnostic.span.end, "inverted span")
        precondition(diagnostic.span.end <= compilation.workspace.file(diagnostic.span.file).bytes.count, "span past the end of the file")
    }
    _ = renderer.json(compilation.diagnostics)
    _ = renderer.sarif(compilation.diagnostics)
    _ = Baseline(compilation.diagnostics, files: { compilation.workspace.file($0) }).render()
    if !compilation.hasErrors, let file = compilation.files.first {
        let files = { (id: FileID) in compilation.workspace.file(id) }
        _ = JSONBackend.render(file, files: files)
        _ = SwiftBackend.render(file, files: files)
        _ = MarkdownBackend.render(file, files: files)
    }
    // Pictures and the preview page are made of files with findings too: showing them is the page's point.
    if let file = compilation.files.first { FuzzPictures.draw(file, diagnostics: compilation.diagnostics) }
    // The formatter reads the same syntax tree: it must either refuse a file
    // with syntax errors or produce one that parses, never change meaning.
    if let source = compilation.files.first?.source {
        switch MenuFormatter.format(source) {
        case .success(let formatted):
            let again = Compiler.compile([.text(formatted, displayPath: "formatted.menu")], options: CompileOptions(runRules: false))
            precondition(!again.diagnostics.contains { $0.id == "syntax" }, "formatted output does not parse")
            // Idempotent: `menuc fmt --check` passes right after `menuc fmt`.
            switch MenuFormatter.format(formatted, displayPath: "formatted.menu") {
            case .success(let twice): precondition(twice == formatted, "formatting the formatted file changes it again")
            case .failure: preconditionFailure("the formatter refuses its own output")
            }
        case .failure(let failure):
            precondition(!failure.diagnostics.contains { $0.id == "format" }, "the formatter would change the file's meaning")
        }
    }
    // Fix-its must apply cleanly to the text they were made for, and turn a
    // file that parses into one that still parses (`menuc check --fix`).
    if let source = compilation.files.first?.source {
        let fixed = FixApplier.apply(compilation.diagnostics.flatMap(\.fixIts), to: source.bytes, file: source.id)
        // (Past a file's first 100 errors, a syntax error may be among those `too-many-errors` counts.)
        if fixed.applied > 0, !compilation.diagnostics.contains(where: { $0.id == "syntax" || $0.id == "too-many-errors" }) {
            let after = Compiler.compile([.bytes(fixed.bytes, displayPath: "fixed.menu")], options: CompileOptions(runRules: false))
            precondition(!after.diagnostics.contains { $0.id == "syntax" }, "fix-its made a file that parsed into one that does not")
        }
    }
    return 0
}

/// Inputs holding a line `%%` are several files, f0.menu, f1.menu, …
/// (at most eight) in one folder that is never on disk (the workspace's
/// overlays): imports between them, their cycles, clashes and references
/// run through the resolver's import groups, and every file is an input.
enum FuzzFiles {
    static let folder = "/menuc-fuzz-files"
    static let separator: [UInt8] = Array("\n%%\n".utf8)

    static func split(_ bytes: [UInt8]) -> [[UInt8]] {
        var parts: [[UInt8]] = []
        var start = 0
        var index = 0
        while index + separator.count <= bytes.count, parts.count < 7 {
            if bytes[index..<(index + separator.count)].elementsEqual(separator) {
                parts.append(Array(bytes[start..<index]))
                index += separator.count
                start = index
            } else {
                index += 1
            }
        }
        parts.append(Array(bytes[start...]))
        return parts
    }

    static func compile(_ parts: [[UInt8]]) {
        var overlays: [String: [UInt8]] = [:]
        for (number, part) in parts.enumerated() { overlays["\(folder)/f\(number).menu"] = part }
        let paths = parts.indices.map { "\(folder)/f\($0).menu" }
        var options = CompileOptions(configuration: RuleConfiguration())
        options.workers = 1
        let workspace = Workspace(root: folder, overlays: overlays, currentDirectory: folder)
        let compilation = Compiler.compile(paths.map { .path($0) }, options: options, workspace: workspace)
        let renderer = compilation.renderer
        for diagnostic in compilation.diagnostics {
            _ = renderer.text(diagnostic)
            _ = renderer.github(diagnostic)
            precondition(diagnostic.span.start <= diagnostic.span.end, "inverted span")
            precondition(diagnostic.span.end <= compilation.workspace.file(diagnostic.span.file).bytes.count, "span past the end of the file")
        }
        // The same files checked again give the same diagnostics (no order from hashing).
        let again = Compiler.compile(paths.map { .path($0) }, options: options,
                                         workspace: Workspace(root: folder, overlays: overlays, currentDirectory: folder))
        precondition(again.diagnostics == compilation.diagnostics, "two checks of the same files differ")
        // As `menuc build`: outputs only when no file has errors, with the Markdown pages linked.
        guard !compilation.hasErrors else { return }
        let files = { (id: FileID) in compilation.workspace.file(id) }
        var pages: [FileID: String] = [:]
        for (number, file) in compilation.files.enumerated() { pages[file.source.id] = "f\(number).md" }
        let site = MarkdownBackend.Site(files: compilation.files, imports: compilation.workspace.imports, pages: pages)
        for file in compilation.files {
            _ = JSONBackend.render(file, files: files)
            _ = SwiftBackend.render(file, files: files)
            _ = MarkdownBackend.render(file, files: files, site: site)
            FuzzPictures.draw(file, diagnostics: compilation.diagnostics)
        }
    }
}

/// Every picture of a file in each look of its platforms, and its preview
/// page — bounded: the first `limit` pictures, and the page (which draws
/// them all) only when there are no more, so an input of thousands of
/// declarations still runs in milliseconds. Nothing made from the file's
/// text may become markup: no picture or page holds a script.
enum FuzzPictures {
    static let limit = 64

    static func draw(_ file: CheckedFile, diagnostics: [Diagnostic]) {
        let pictures = SVGBackend.pictures(of: file)
        let families = SVGBackend.families(of: file)
        for picture in pictures.prefix(limit) {
            for family in families {
                let svg = SVGBackend.render(picture, family: family)
                precondition(svg.starts(with: Array("<svg".utf8)), "a picture that is not an SVG document")
                precondition(!contains(svg, "<script"), "a script in a picture")
            }
            precondition(SVGBackend.render(picture, family: SVGBackend.family(for: picture, in: file)) ==
                         SVGBackend.render(picture, family: SVGBackend.family(for: picture, in: file)), "a picture drawn twice differs")
        }
        guard pictures.count <= limit else { return }
        let page = PreviewPage.render(file, diagnostics: diagnostics)
        precondition(page.hasPrefix("<!DOCTYPE html>\n"), "a preview page that is not HTML")
        precondition(!contains(Array(page.utf8), "<script"), "a script in a preview page")
    }

    private static func contains(_ bytes: [UInt8], _ needle: String) -> Bool {
        let pattern = Array(needle.utf8)
        guard bytes.count >= pattern.count else { return false }
        return (0...(bytes.count - pattern.count)).contains { bytes[$0..<($0 + pattern.count)].elementsEqual(pattern) }
    }
}
