import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics
import MenuRules
import MenuFormatter
import MenuCompiler

/// `textDocument/prepareRename` and `textDocument/rename`: a declaration's
/// or an element's identifier, changed where it is written and wherever
/// `NameOccurrences` finds it named (the same finder as find references).
///
/// A rename is refused, with the reason, when the new name is not an
/// identifier, when it would make another name refer to the renamed
/// declaration (`opens: window` finding a view renamed `window`), and when
/// the renamed files, compiled again, have a language error they did not
/// have — two siblings with one identifier, two declarations one file
/// sees, Swift names that clash: the compiler decides what clashes, so the
/// rename cannot disagree with `menuc check` — or would renumber an element
/// without an identifier of its own. A reference the finder missed would
/// show there too, as an unknown name, rather than be left behind.
enum RenameFeature {
    /// Longer new names are refused before anything else is done with them.
    static let maximumNameBytes = 1_000

    static func prepare(_ document: DocumentContext, at position: LSPPosition, project: ProjectIndex) throws -> JSON {
        let found = try occurrences(document, at: position, project: project)
        return ["range": found.cursor.range.json, "placeholder": .string(found.name)]
    }

    struct Context {
        var documents: [TextDocument]
        var directory: String
        var documentChanges: Bool
    }

    static func rename(_ document: DocumentContext, at position: LSPPosition, newName json: JSON?, project: ProjectIndex, context: Context) throws -> JSON {
        guard let newName = json?.string else { throw ResponseError.invalidParams("rename needs 'newName', a string") }
        try validate(newName)
        let found = try occurrences(document, at: position, project: project)
        let edits = textEdits(found, to: newName)
        if newName != found.name {
            if case .declaration(let target) = found.subject {
                try checkDeclarationName(newName, for: target, currently: found.name, in: project)
            }
            if let problem = CompileCheck.problem(after: edits, project: project, documents: context.documents, directory: context.directory) {
                throw ResponseError.requestFailed("renaming '\(found.name)' to '\(NameOccurrences.shown(newName))' would \(problem)")
            }
        }
        return workspaceEdit(newName == found.name ? [:] : edits, documents: context.documents, documentChanges: context.documentChanges)
    }

    private static func occurrences(_ document: DocumentContext, at position: LSPPosition, project: ProjectIndex) throws -> NameOccurrences {
        guard let search = ReferenceSearch(project: project, document: document) else {
            throw ResponseError.requestFailed("\(document.uri) is not part of the project")
        }
        switch NameOccurrences.find(document, at: document.offset(of: position), in: search) {
        case .success(let found):
            guard found.source != .synthetic else {
                throw ResponseError.requestFailed("this \(found.kind.rawValue) has no identifier of its own ('\(found.name)' is made up from its kind, and giving it one would change the paths and generated names below it): write one by hand")
            }
            return found
        case .failure(let notFound):
            throw ResponseError.requestFailed(notFound.message)
        }
    }

    /// An identifier of the language (`[A-Za-z_][A-Za-z0-9_]*`), of a sane length.
    static func validate(_ name: String) throws {
        guard name.utf8.count <= maximumNameBytes else {
            throw ResponseError.requestFailed("the new name is \(name.utf8.count) bytes long; an identifier of at most \(maximumNameBytes) is expected")
        }
        guard IdentifierDerivation.isIdentifier(name) else {
            throw ResponseError.requestFailed("'\(NameOccurrences.shown(name))' is not an identifier: it must start with an ASCII letter or '_' and hold only ASCII letters, digits and '_'")
        }
    }

    /// What only a declaration's new name can break: a name that reads as
    /// a value in a property, one another declaration already has where the
    /// renamed one is seen, and a name already written that would start to
    /// mean the renamed declaration.
    static func checkDeclarationName(_ newName: String, for target: DeclarationRef, currently name: String, in project: ProjectIndex) throws {
        let symbols = project.symbols
        if newName == "true" || newName == "false" {
            throw ResponseError.requestFailed("'\(newName)' reads as a boolean after 'menu:' and 'opens:', so no declaration can be named so")
        }
        let files = project.workspace.files.indices.map(FileID.init)
        for file in files where SymbolIndex.visibleFiles(of: file, in: project.workspace).contains(target.file) {
            if let other = symbols.resolve(newName, from: file), other != target {
                let place = symbols.focusSpan(of: other).map { project.describe($0) } ?? "another file"
                throw ResponseError.requestFailed("'\(newName)' is already declared at \(place), which \(project.describe(file: file)) sees with '\(name)'")
            }
            for reference in symbols.references(in: file) where reference.name.text == newName {
                throw ResponseError.requestFailed("'\(newName)' at \(project.describe(reference.name.span)) would then name the renamed declaration")
            }
        }
    }

    /// The written identifier and every reference, replaced; a derived
    /// identifier gets written after the keyword.
    static func textEdits(_ found: NameOccurrences, to newName: String) -> [String: [LSPTextEdit]] {
        var edits: [String: [LSPTextEdit]] = [:]
        if let written = found.written {
            edits[written.uri, default: []].append(LSPTextEdit(range: written.range, newText: newName))
        } else {
            edits[found.afterKeyword.uri, default: []].append(LSPTextEdit(range: found.afterKeyword.range, newText: " " + newName))
        }
        for reference in found.references {
            edits[reference.uri, default: []].append(LSPTextEdit(range: reference.range, newText: newName))
        }
        return edits.mapValues { $0.sorted { $0.range.start < $1.range.start } }
    }

    /// A `WorkspaceEdit`: `documentChanges` with each open document's
    /// version when the client takes them (so a stale edit is refused), else `changes`.
    static func workspaceEdit(_ edits: [String: [LSPTextEdit]], documents: [TextDocument], documentChanges: Bool) -> JSON {
        guard documentChanges else {
            return ["changes": .object(edits.mapValues { $0.json })]
        }
        let versions = Dictionary(documents.map { ($0.uri, $0.version) }, uniquingKeysWith: { first, _ in first })
        return ["documentChanges": .array(edits.keys.sorted().map { uri in
            [
                "textDocument": ["uri": .string(uri), "version": versions[uri].map(JSON.int) ?? .null],
                "edits": (edits[uri] ?? []).json,
            ]
        })]
    }
}

/// Compiles the files a set of edits touches (and the files that import
/// them) before and after the edits, and names an error the edits bring —
/// or an element without an identifier of its own that they renumber
/// (`section2` becoming `section` when a sibling gives up that name), which
/// would change that element's path in every output without an error.
enum CompileCheck {
    /// What the edits would do wrong, as the end of a sentence ("would …"), or nil.
    static func problem(after edits: [String: [LSPTextEdit]], project: ProjectIndex, documents: [TextDocument], directory: String) -> String? {
        let workspace = project.workspace
        var changed: [FileID: [UInt8]] = [:]
        for (uri, fileEdits) in edits {
            guard let file = project.file(uri: uri) else { continue }
            changed[file] = applied(fileEdits, to: workspace.file(file))
        }
        let touched = Set(changed.keys)
        let affected = workspace.files.indices.map(FileID.init).filter { file in
            !touched.isDisjoint(with: SymbolIndex.visibleFiles(of: file, in: workspace))
        }
        var overlays: [String: [UInt8]] = [:]
        for document in documents {
            if let path = document.path { overlays[path] = document.bytes }
        }
        let before = outcome(affected, project: project, overlays: overlays, replacing: [:], directory: directory)
        var afterOverlays = overlays
        for (file, bytes) in changed where !workspace.file(file).absolutePath.isEmpty {
            afterOverlays[workspace.file(file).absolutePath] = bytes
        }
        let after = outcome(affected, project: project, overlays: afterOverlays, replacing: changed, directory: directory)
        // Errors are told apart by file and kind: messages name the renamed identifier.
        var known: [String: Int] = [:]
        for error in before.errors { known[error.key, default: 0] += 1 }
        for error in after.errors {
            if let count = known[error.key], count > 0 {
                known[error.key] = count - 1
                continue
            }
            return "give an error: \(error.description)"
        }
        for (file, old) in before.synthetic {
            // A rename moves no element, so the same elements come in the same order.
            guard let new = after.synthetic[file], new.count == old.count else { continue }
            for (was, now) in zip(old, new) where was.id != now.id {
                return "renumber the \(now.kind) without an identifier of its own at \(now.place): '\(was.id)' would become '\(now.id)'"
            }
        }
        return nil
    }

    private struct FoundError {
        var key: String
        var description: String
    }

    private struct Synthetic {
        var id: String
        var kind: String
        var place: String
    }

    private struct Outcome {
        var errors: [FoundError]
        /// Elements with synthetic identifiers, by file, in order.
        var synthetic: [String: [Synthetic]]
    }

    private static func outcome(_ files: [FileID], project: ProjectIndex, overlays: [String: [UInt8]], replacing: [FileID: [UInt8]],
                                directory: String) -> Outcome {
        let inputs: [Compiler.Input] = files.map { file in
            let source = project.workspace.file(file)
            if !source.absolutePath.isEmpty { return .path(source.absolutePath) }
            return .bytes(replacing[file] ?? source.bytes, displayPath: source.displayPath)
        }
        var options = CompileOptions(runRules: false)
        options.workers = 1
        let compilation = Compiler.compile(inputs, options: options, workspace: Workspace(overlays: overlays, currentDirectory: directory))
        func place(_ span: Span) -> String {
            let source = compilation.workspace.file(span.file)
            let position = source.position(of: span.start)
            return "\(source.displayPath):\(position.line):\(position.column)"
        }
        let errors = compilation.diagnostics.filter { $0.severity == .error }.map { diagnostic in
            FoundError(key: "\(compilation.workspace.file(diagnostic.span.file).displayPath)\u{0}\(diagnostic.id)",
                       description: "\(diagnostic.message) (\(diagnostic.id), \(place(diagnostic.span)))")
        }
        var synthetic: [String: [Synthetic]] = [:]
        for file in compilation.files {
            var found: [Synthetic] = []
            // Depth first with a stack: nesting is bounded, but not by this walk.
            var pending = Array(file.declarations.reversed())
            while let element = pending.popLast() {
                if element.idSource == .synthetic {
                    found.append(Synthetic(id: element.id, kind: element.kind.rawValue, place: place(element.origin?.site ?? element.keywordSpan)))
                }
                pending.append(contentsOf: element.children.reversed())
            }
            synthetic[file.source.displayPath] = found
        }
        return Outcome(errors: errors, synthetic: synthetic)
    }
    /// The file's bytes with the edits made (they don't overlap).
    static func applied(_ edits: [LSPTextEdit], to file: SourceFile) -> [UInt8] {
        var bytes = file.bytes
        for edit in edits.sorted(by: { $0.range.start > $1.range.start }) {
            bytes.replaceSubrange(file.byteRange(of: edit.range), with: Array(edit.newText.utf8))
        }
        return bytes
    }
}
