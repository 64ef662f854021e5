import MenuSyntax

/// The files a resolver reads: each loaded file, its syntax tree and its
/// resolved imports, by `FileID`. The driver's workspace loads them (from
/// disk, an editor's buffers, standard input) and hands the resolvers this
/// snapshot, which nothing changes afterwards: that is what lets several
/// resolvers run at once.
public struct LoadedSources: Sendable {
    private let files: [SourceFile]
    private let syntaxFiles: [SyntaxFile]
    /// Each file's imports, in source order, by `FileID`.
    public let imports: [[ResolvedImport]]

    public init(files: [SourceFile], syntax: [SyntaxFile], imports: [[ResolvedImport]]) {
        precondition(files.count == syntax.count && files.count == imports.count, "one syntax tree and import list per file")
        self.files = files
        self.syntaxFiles = syntax
        self.imports = imports
    }

    public func file(_ id: FileID) -> SourceFile { files[id.rawValue] }
    public func syntax(_ id: FileID) -> SyntaxFile { syntaxFiles[id.rawValue] }
}
