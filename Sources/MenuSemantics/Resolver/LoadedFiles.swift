import MenuSyntax

/// The files a resolver reads: each loaded file, its syntax tree and its
/// resolved imports, by `FileID`. The driver's workspace loads them (from
/// disk, an editor's buffers, standard input); the resolver only reads,
/// which is what lets several resolvers run at once.
public protocol LoadedFiles: AnyObject, Sendable {
    func file(_ id: FileID) -> SourceFile
    func syntax(_ id: FileID) -> SyntaxFile
    /// Each file's imports, in source order, by `FileID`.
    var imports: [[ResolvedImport]] { get }
}
