import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// One in-memory file taken through the stages below the driver: parsed
/// and resolved as `Compiler.compile` parses and resolves a text given
/// alone, for the tests of the resolver and of the stages that read the
/// checked model (rules, backends) without the driver above them. A text that imports files
/// needs the driver's workspace, and so a driver test.
public struct CheckedText {
    public let source: SourceFile
    /// The parser's and the resolver's diagnostics, in that order (not
    /// sorted, and without the driver's per-file limits).
    public let diagnostics: [Diagnostic]
    /// The checked file; nil only if the resolver returned none.
    public let file: CheckedFile?

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// The diagnostics in the order a reader is shown them: by position,
    /// then id and message (repeats are kept; removing them is the driver's).
    public var sortedDiagnostics: [Diagnostic] { diagnostics.sorted(by: DiagnosticKeeper.showsBefore) }

    /// `line:column: id` for each diagnostic, in the order a reader is
    /// shown them: compact and readable in failures.
    public var summary: [String] {
        sortedDiagnostics.map { diagnostic in
            let position = source.position(of: diagnostic.span.start)
            return "\(position.line):\(position.column): \(diagnostic.id)"
        }
    }

    public init(_ text: String, displayPath: String = "test.menu") {
        source = SourceFile(id: FileID(0), displayPath: displayPath, absolutePath: "", bytes: Array(text.utf8))
        let parse = Parser.parse(source, keepComments: false, skipsUnlistedMisplaced: true)
        let resolver = Resolver(workspace: LoadedSources(files: [source], syntax: [parse.syntax], imports: [[]]))
        file = resolver.check([source.id]).first
        diagnostics = parse.diagnostics + resolver.diagnostics
    }
}
