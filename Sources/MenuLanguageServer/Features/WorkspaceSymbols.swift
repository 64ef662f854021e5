import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics
import MenuRules
import MenuFormatter
import MenuCompiler

/// `workspace/symbol`: the declarations and named elements of every file
/// of the project, whose identifier holds the query's letters in order
/// (case aside) or whose label contains the query.
///
/// Best matches first — the identifier itself, then one starting with the
/// query, containing it, holding its letters in order, then a label
/// containing it — and within each, by identifier, file and position, so
/// the same project and query always give the same list, at most
/// `maximumResults` long.
enum WorkspaceSymbolsFeature {
    static let maximumResults = 200

    struct Match {
        var rank: Int
        var name: String
        var container: String?
        var kind: ElementKind
        var uri: String
        var range: LSPRange
    }

    static func symbols(query: String, project: ProjectIndex) -> JSON {
        let matches = self.matches(query: query, project: project)
        return .array(matches.map { match in
            JSON.object(dropping: [
                "name": .string(match.name),
                "kind": .int(SymbolsFeature.symbolKind(match.kind)),
                "location": LSPLocation(uri: match.uri, range: match.range).json,
                "containerName": match.container.map(JSON.string),
            ])
        })
    }

    static func matches(query: String, project: ProjectIndex) -> [Match] {
        let needle = Array(query.lowercased().utf8)
        var found: [Match] = []
        for index in project.workspace.files.indices {
            let file = FileID(index)
            guard let uri = project.uri(for: file) else { continue }
            let source = project.workspace.file(file)
            walk(project.workspace.syntax(file).elements, container: []) { element, id, container in
                guard let rank = rank(of: needle, id: id, label: element.label?.value) else { return }
                let span = element.name?.span ?? element.label?.span ?? element.keyword
                found.append(Match(rank: rank, name: id, container: container.isEmpty ? nil : container.joined(separator: "/"),
                                   kind: element.kind, uri: uri, range: source.lspRange(of: span)))
            }
        }
        found.sort { ($0.rank, $0.name, $0.uri, $0.range.start) < ($1.rank, $1.name, $1.uri, $1.range.start) }
        return Array(found.prefix(maximumResults))
    }

    /// Every element with an identifier of its own (written or derived),
    /// with the identifiers above it; synthetic sections, toolbars and rows
    /// are looked through, as paths do. Depth is bounded by the parser.
    private static func walk(_ elements: [ElementSyntax], container: [String], _ visit: (ElementSyntax, String, [String]) -> Void) {
        var pending: [(ElementSyntax, AssignedID, [String])] = []
        func push(_ elements: [ElementSyntax], _ container: [String]) {
            for (element, assigned) in zip(elements, IdentifierAssignment.assign(elements, taken: [])).reversed() {
                pending.append((element, assigned, container))
            }
        }
        push(elements, container)
        while let (element, assigned, container) = pending.popLast() {
            let id = assigned.id
            let synthetic = assigned.source == .synthetic
            if !synthetic { visit(element, id, container) }
            let children = (element.body?.members ?? []).compactMap { member -> ElementSyntax? in
                if case .element(let child) = member { return child }
                return nil
            }
            push(children, synthetic && [.section, .toolbar, .row].contains(element.kind) ? container : container + [id])
        }
    }

    /// 0 the identifier is the query, 1 starts with it, 2 contains it,
    /// 3 holds its letters in order, 4 the label contains it; nil no match.
    /// A query longer than both is rejected at once, however long it is.
    static func rank(of needle: [UInt8], id: String, label: String?) -> Int? {
        if needle.isEmpty { return 0 }
        let name = Array(id.lowercased().utf8)
        if needle.count <= name.count {
            if name == needle { return 0 }
            if name.starts(with: needle) { return 1 }
            if contains(name, needle) { return 2 }
            var position = 0
            for byte in name where position < needle.count && byte == needle[position] { position += 1 }
            if position == needle.count { return 3 }
        }
        if let label, needle.count <= label.utf8.count, contains(Array(label.lowercased().utf8), needle) { return 4 }
        return nil
    }

    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return true
        }
        return false
    }
}
