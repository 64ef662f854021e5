import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics
import MenuRules
import MenuFormatter
import MenuCompiler

/// A top-level declaration: the file that declares it and its index among
/// that file's elements.
struct DeclarationRef: Hashable, Sendable {
    var file: FileID
    var index: Int
}

/// A name in the source that refers to a top-level declaration.
struct SymbolReference: Sendable {
    enum Kind: Sendable {
        case use
        case menuProperty
        case opensProperty
    }
    var name: Name
    var kind: Kind
    /// What the name resolves to from its file; nil when it names nothing.
    var target: DeclarationRef?
}

/// Top-level names and the references to them, for every file of a
/// workspace. Scopes follow the resolver's rules: a file sees its own
/// declarations first, then those of what it imports (transitively, in
/// import order), and the first declaration of a name wins.
struct SymbolIndex {
    let workspace: Workspace
    private let ids: [[AssignedID]]
    private let scopes: [[String: DeclarationRef]]

    init(workspace: Workspace) {
        self.workspace = workspace
        let count = workspace.files.count
        let ids = (0..<count).map { index in
            IdentifierAssignment.assign(workspace.syntax(FileID(index)).elements, taken: [])
        }
        self.ids = ids
        self.scopes = (0..<count).map { index in
            var scope: [String: DeclarationRef] = [:]
            for file in SymbolIndex.visibleFiles(of: FileID(index), in: workspace) {
                for (position, assigned) in ids[file.rawValue].enumerated() where scope[assigned.id] == nil {
                    scope[assigned.id] = DeclarationRef(file: file, index: position)
                }
            }
            return scope
        }
    }

    /// The file itself, then everything it imports, breadth first.
    static func visibleFiles(of file: FileID, in workspace: Workspace) -> [FileID] {
        var order: [FileID] = [file]
        var seen: Set<FileID> = [file]
        var index = 0
        while index < order.count {
            for imported in workspace.imports[order[index].rawValue] {
                if let target = imported.file, seen.insert(target).inserted { order.append(target) }
            }
            index += 1
        }
        return order
    }

    func syntax(of declaration: DeclarationRef) -> ElementSyntax? {
        workspace.syntax(declaration.file).element(at: declaration.index)
    }

    func id(of declaration: DeclarationRef) -> String? {
        assigned(declaration)?.id
    }

    /// The declaration's identifier and whether it is written, derived or synthetic.
    func assigned(_ declaration: DeclarationRef) -> AssignedID? {
        let fileIDs = ids[declaration.file.rawValue]
        return fileIDs.indices.contains(declaration.index) ? fileIDs[declaration.index] : nil
    }

    /// Where a declaration's identifier is written (its name, else its label, else its keyword).
    func focusSpan(of declaration: DeclarationRef) -> Span? {
        syntax(of: declaration).map { $0.name?.span ?? $0.label?.span ?? $0.keyword }
    }

    func resolve(_ name: String, from file: FileID) -> DeclarationRef? {
        guard scopes.indices.contains(file.rawValue) else { return nil }
        return scopes[file.rawValue][name]
    }

    /// Every name visible from a file with its declaration, sorted by name.
    func visibleDeclarations(from file: FileID) -> [(name: String, declaration: DeclarationRef)] {
        guard scopes.indices.contains(file.rawValue) else { return [] }
        return scopes[file.rawValue].sorted { $0.key < $1.key }.map { (name: $0.key, declaration: $0.value) }
    }

    /// Visible declarations of one kind (menus for `use`, views for `opens:`).
    func visibleDeclarations(from file: FileID, kind: ElementKind) -> [(name: String, declaration: DeclarationRef)] {
        visibleDeclarations(from: file).filter { syntax(of: $0.declaration)?.kind == kind }
    }

    /// The top-level declaration whose header (keyword, name or label) is at `offset`.
    func declaration(at offset: Int, in file: FileID) -> DeclarationRef? {
        for (index, element) in workspace.syntax(file).elements.enumerated() {
            let header = [element.keyword, element.name?.span, element.label?.span].compactMap { $0 }
            if header.contains(where: { $0.start <= offset && offset <= $0.end }) {
                return DeclarationRef(file: file, index: index)
            }
        }
        return nil
    }

    /// Every `use X`, `menu: X` and `opens: X` of a file, in source order.
    func references(in file: FileID) -> [SymbolReference] {
        var result: [SymbolReference] = []
        var pending: [ElementSyntax] = workspace.syntax(file).elements.reversed()
        while let element = pending.popLast() {
            for member in element.body?.members ?? [] {
                switch member {
                case .use(let use):
                    result.append(SymbolReference(name: use.target, kind: .use, target: resolve(use.target.text, from: file)))
                case .property(let property):
                    guard case .identifier(let name) = property.value else { continue }
                    switch property.name.text {
                    case "menu":
                        result.append(SymbolReference(name: name, kind: .menuProperty, target: resolve(name.text, from: file)))
                    case "opens":
                        result.append(SymbolReference(name: name, kind: .opensProperty, target: resolve(name.text, from: file)))
                    default:
                        continue
                    }
                case .element:
                    continue
                }
            }
            // Children after this element's own members: source order overall.
            let children = (element.body?.members ?? []).compactMap { member -> ElementSyntax? in
                if case .element(let child) = member { return child }
                return nil
            }
            pending.append(contentsOf: children.reversed())
        }
        return result.sorted { $0.name.span.start < $1.name.span.start }
    }

    /// The reference whose name is at `offset`, if any.
    func reference(at offset: Int, in file: FileID) -> SymbolReference? {
        references(in: file).first { $0.name.span.start <= offset && offset <= $0.name.span.end }
    }
}
