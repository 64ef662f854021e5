import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics
import MenuBackends

/// One file taken through the pipeline a stage at a time, so that each
/// stage can be timed and profiled apart — what the benchmark harness
/// (`Benchmarks/`, a package of its own over this public API) prints as
/// its per-phase rows.
///
/// `Compiler.compile` runs the stages together: the parser pulls tokens
/// from the lexer as it goes, and the resolver and the rules run in the
/// same call. Here each call does exactly the work its stage does inside
/// `Compiler.compile` or `menuc build`, on the calling thread, and returns
/// a count of what it made, so that an optimizer cannot drop the work.
/// The check itself is `Compiler.compile` (with `CompileOptions.workers`
/// set to 1 for one core).
public struct CompilerStages: Sendable {
    /// The outputs `menuc build --emit` writes from a checked file.
    public enum Output: String, CaseIterable, Sendable {
        case json, swift, markdown
        /// The SVG picture of every declaration, as `--emit markdown` writes them beside its page.
        case pictures
    }

    /// The file, made once: its line starts are not part of any stage's time.
    private let source: SourceFile

    public init(bytes: [UInt8], displayPath: String) {
        source = SourceFile(id: FileID(0), displayPath: displayPath, absolutePath: "", bytes: bytes)
    }

    /// Lexes the whole file; returns the number of tokens (the end of the
    /// file not counted).
    public func lex() -> Int {
        Lexer.countTokens(source)
    }

    /// Lexes and parses the file as a check does; returns the number of
    /// top-level declarations. The syntax tree is freed before it returns,
    /// as a compilation frees it once resolved.
    public func parse() -> Int {
        Parser.parse(source).syntax.tree.topLevel.count
    }

    /// Streams one output of the compilation's input at `index` to `sink`,
    /// a buffer at a time, with the options `menuc build` uses by default;
    /// returns the number of bytes. (Collecting the output in memory would
    /// also time the page faults of a buffer many times the input, which a
    /// build never makes.)
    @discardableResult
    public static func emit(_ output: Output, of compilation: Compilation, fileAt index: Int = 0,
                            to sink: (UnsafeBufferPointer<UInt8>) -> Void = { _ in }) -> Int {
        guard compilation.files.indices.contains(index) else { return 0 }
        let file = compilation.files[index]
        let files = { (id: FileID) in compilation.workspace.file(id) }
        var total = 0
        let counting = { (piece: UnsafeBufferPointer<UInt8>) in
            total += piece.count
            sink(piece)
        }
        switch output {
        case .json: JSONBackend.render(file, files: files, to: counting)
        case .swift: SwiftBackend.render(file, files: files, to: counting)
        case .markdown: MarkdownBackend.render(file, files: files, to: counting)
        case .pictures:
            for figure in SVGBackend.pageFigures(of: file) { figure.write(to: counting) }
        }
        return total
    }
}
