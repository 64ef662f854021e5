import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics
import MenuRules
import MenuFormatter
import MenuCompiler

/// `textDocument/documentSymbol`: the outline of declarations and their
/// items, from the syntax tree so it works while the file is broken.
/// Each element is named by its label (what people read) with its kind and
/// identifier as detail; identifiers are assigned as the resolver does.
enum SymbolsFeature {
    /// Protocol symbol kinds.
    static func symbolKind(_ kind: ElementKind) -> Int {
        switch kind {
        case .menubar: 2  // Module
        case .menu, .submenu: 3  // Namespace
        case .view: 5  // Class
        case .contextmenu, .pulldown: 19  // Object
        case .button, .item: 12  // Function
        case .toggle: 17  // Boolean
        case .popup: 10  // Enum
        case .option: 22  // EnumMember
        case .toolbar, .row: 23  // Struct
        case .section: 18  // Array
        }
    }

    struct Symbol {
        var name: String
        var detail: String
        var kind: Int
        var range: Span
        var selection: Span
        var children: [Symbol]
    }

    static func symbols(_ document: DocumentContext, hierarchical: Bool) -> JSON {
        let tree = outline(document.syntax)
        if hierarchical { return .array(tree.map { hierarchicalJSON($0, document) }) }
        var flat: [JSON] = []
        func add(_ symbol: Symbol, container: String?) {
            flat.append(JSON.object(dropping: [
                "name": .string(symbol.name),
                "kind": .int(symbol.kind),
                "location": LSPLocation(uri: document.uri, range: document.range(of: symbol.range)).json,
                "containerName": container.map(JSON.string),
            ]))
            for child in symbol.children { add(child, container: symbol.name) }
        }
        for symbol in tree { add(symbol, container: nil) }
        return .array(flat)
    }

    private static func hierarchicalJSON(_ symbol: Symbol, _ document: DocumentContext) -> JSON {
        [
            "name": .string(symbol.name),
            "detail": .string(symbol.detail),
            "kind": .int(symbol.kind),
            "range": document.range(of: symbol.range).json,
            "selectionRange": document.range(of: symbol.selection).json,
            "children": .array(symbol.children.map { hierarchicalJSON($0, document) }),
        ]
    }

    static func outline(_ syntax: SyntaxFile) -> [Symbol] {
        symbols(for: syntax.elements)
    }

    private static func symbols(for elements: [ElementSyntax]) -> [Symbol] {
        let ids = IdentifierAssignment.assign(elements, taken: [])
        return zip(elements, ids).map { element, assigned in
            let children = (element.body?.members ?? []).compactMap { member -> ElementSyntax? in
                if case .element(let child) = member { return child }
                return nil
            }
            let label = element.label?.value
            // A symbol name must not be empty; an empty label falls back to the id.
            let name = label.flatMap { $0.isEmpty ? nil : $0 } ?? assigned.id
            let selection = element.name?.span ?? element.label?.span ?? element.keyword
            // The selection must lie inside the range; clamp in case recovery made odd spans.
            let range = element.span.union(selection)
            return Symbol(name: name, detail: "\(element.kind.rawValue) \(assigned.id)", kind: symbolKind(element.kind),
                          range: range, selection: selection, children: symbols(for: children))
        }
    }
}
