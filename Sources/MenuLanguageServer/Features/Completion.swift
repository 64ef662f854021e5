import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics
import MenuRules
import MenuFormatter
import MenuCompiler
import MenuBackends

/// `textDocument/completion`: element kinds valid at the cursor, property
/// names valid for the enclosing element, a property's values, declared
/// names after `use` / `menu:` / `default:` / `opens:`, platforms, and rule
/// ids inside `@allow(…)`.
enum CompletionFeature {
    /// Protocol completion item kinds used here.
    enum ItemKind: Int {
        case function = 3
        case `class` = 7
        case module = 9
        case property = 10
        case value = 12
        case keyword = 14
        case enumMember = 20
        case constant = 21
    }

    struct Item: Equatable {
        var label: String
        var kind: ItemKind
        var detail: String?
        var documentation: String?
        var insertText: String
        /// Groups items: lower sorts first.
        var group: Int

        init(_ label: String, _ kind: ItemKind, detail: String? = nil, documentation: String? = nil, insert: String? = nil, group: Int = 0) {
            self.label = label
            self.kind = kind
            self.detail = detail
            self.documentation = documentation
            self.insertText = insert ?? label
            self.group = group
        }
    }

    static func completion(_ document: DocumentContext, at position: LSPPosition, markdown: Bool) -> JSON {
        let offset = document.offset(of: position)
        let context = CompletionContext.at(offset, in: document.syntax, lexed: document.lexed)
        let range = document.source.lspRange(context.replace)
        let items = self.items(for: context, in: document).enumerated().map { index, item -> JSON in
            JSON.object(dropping: [
                "label": .string(item.label),
                "kind": .int(item.kind.rawValue),
                "detail": item.detail.map(JSON.string),
                "documentation": item.documentation.map { MarkupText(markdown: $0, isMarkdown: markdown).json },
                "sortText": .string("\(item.group)-\(index.zeroPadded(to: 4))"),
                "textEdit": LSPTextEdit(range: range, newText: item.insertText).json,
            ])
        }
        return ["isIncomplete": false, "items": .array(items)]
    }

    static func items(for context: CompletionContext, in document: DocumentContext) -> [Item] {
        switch context.kind {
        case .none:
            return []
        case .statementStart(let directivesAllowed):
            return statementItems(in: context.innermost, directivesAllowed: directivesAllowed, replacing: context.replace)
        case .propertyValue(let name):
            guard let owner = context.innermost, let spec = PropertyCatalog.spec(name, for: owner.kind, in: owner.context) else { return [] }
            return valueItems(for: spec, owner: owner, in: document)
        case .useTarget:
            let own = context.enclosing.first.flatMap { $0.syntax.name?.text }
            return declarationItems(of: .menu, in: document).filter { $0.label != own }
        case .platform(let listed):
            return Platform.Name.allCases.map(\.rawValue).filter { !listed.contains($0) }.map {
                Item($0, .constant, detail: "platform", documentation: LanguageDocs.platform($0))
            }
        case .attributeName:
            return [Item("allow", .keyword, detail: "@allow(rule-id, …)", documentation: LanguageDocs.allow, insert: "allow(")]
        case .ruleID(let listed):
            return RuleRegistry.all.map(\.descriptor).filter { !listed.contains($0.id) }.map { descriptor in
                Item(descriptor.id, .constant, detail: "\(descriptor.severity.rawValue) · \(descriptor.guideline.section)",
                     documentation: descriptor.summary + "\n\n" + descriptor.explanation)
            }
        }
    }

    // MARK: - Statements

    private static func statementItems(in owner: ElementFrame?, directivesAllowed: Bool, replacing: Range<Int>) -> [Item] {
        var items: [Item] = []
        if let owner {
            let written = Set(owner.properties.filter { !($0.name.span.start <= replacing.lowerBound && replacing.upperBound <= $0.name.span.end) }
                .map(\.name.text))
            for spec in PropertyCatalog.specs(for: owner.kind, in: owner.context) where !written.contains(spec.name) {
                items.append(Item(spec.name, .property, detail: spec.type.description, documentation: propertyDocumentation(spec),
                                  insert: "\(spec.name): ", group: 0))
            }
        }
        for kind in ElementKind.allCases {
            let allowed: Bool
            if let owner {
                if case .allowed = Placement.check(child: kind, parent: owner.kind, parentContext: owner.context) { allowed = true } else { allowed = false }
            } else {
                if case .allowed = Placement.check(child: kind, parent: nil, parentContext: .control) { allowed = true } else { allowed = false }
            }
            guard allowed else { continue }
            let context = ElementFrame.context(of: kind, parent: owner)
            items.append(Item(kind.rawValue, .keyword, detail: LanguageDocs.title(of: kind, in: context),
                              documentation: LanguageDocs.summary(of: kind, in: context), insert: "\(kind.rawValue) ", group: 1))
        }
        if let owner, owner.kind.holdsMenuElements || owner.kind == .menubar || (owner.kind == .section && owner.context == .menu) {
            items.append(Item("use", .keyword, detail: "use MenuName", documentation: LanguageDocs.use, insert: "use ", group: 2))
        }
        if owner == nil, directivesAllowed {
            for directive in LanguageDocs.directives {
                items.append(Item(directive.word, .keyword, detail: "directive", documentation: directive.doc, insert: "\(directive.word) ", group: 2))
            }
        }
        return items
    }

    static func propertyDocumentation(_ spec: PropertySpec) -> String {
        var text = spec.doc
        if case .enumeration(let values) = spec.type { text += "\n\nValues: " + values.joined(separator: ", ") }
        if let defaultValue = spec.defaultValue { text += "\n\nDefault: " + LanguageDocs.describe(defaultValue) }
        return text
    }

    // MARK: - Values

    private static func valueItems(for spec: PropertySpec, owner: ElementFrame, in document: DocumentContext) -> [Item] {
        switch spec.type {
        case .bool:
            return ["true", "false"].map { value in
                Item(value, .value, detail: spec.defaultValue == .bool(value == "true") ? "default" : nil)
            }
        case .enumeration(let values):
            return values.map { value in
                Item(value, .enumMember, detail: spec.defaultValue == .symbol(value) ? "\(spec.name) · default" : spec.name)
            }
        case .menuReference:
            return declarationItems(of: .menu, in: document)
        case .viewReference:
            return declarationItems(of: .view, in: document) + Resolver.genericOpenTargets.map {
                Item($0, .keyword, detail: "a new \($0)", group: 1)
            }
        case .optionReference:
            return optionIDs(of: owner, in: document).map { Item($0, .enumMember, detail: "option") }
        case .identifier:
            return actionNames(in: document).map { Item($0, .function, detail: "action used elsewhere") }
        case .string, .number, .shortcut:
            return []
        }
    }

    /// Top-level declarations of one kind visible from the document.
    private static func declarationItems(of kind: ElementKind, in document: DocumentContext) -> [Item] {
        document.symbols.visibleDeclarations(from: document.file, kind: kind).map { entry in
            let syntax = document.symbols.syntax(of: entry.declaration)
            let place = entry.declaration.file == document.file ? "" : " — \(document.analysis.source(entry.declaration.file).displayPath)"
            let label = syntax?.label.map { " \"\($0.value)\"" } ?? ""
            return Item(entry.name, kind == .menu ? .module : .class, detail: "\(kind.rawValue)\(label)\(place)",
                        documentation: syntax?.doc.map { MarkdownEscaping.doc($0.text) })
        }
    }

    /// The options of a pop-up (through its sections), resolved ids first.
    private static func optionIDs(of popup: ElementFrame, in document: DocumentContext) -> [String] {
        if let element = document.checked?.element(withKeyword: popup.syntax.keyword) {
            return Resolver.options(in: element.children).map(\.id)
        }
        var names: [String] = []
        var pending = popup.childElements
        while !pending.isEmpty {
            let element = pending.removeFirst()
            if element.kind == .option, let name = element.name?.text { names.append(name) }
            if element.kind == .section { pending.append(contentsOf: ElementFrame(syntax: element, context: .control).childElements) }
        }
        return names
    }

    /// Every `action:` name written in the files this document sees, sorted.
    private static func actionNames(in document: DocumentContext) -> [String] {
        var names = Set<String>()
        for file in SymbolIndex.visibleFiles(of: document.file, in: document.analysis.workspace) {
            for entry in SyntaxNavigator(syntax: document.analysis.syntax(file)).allElements() {
                for property in entry.frame.properties where property.name.text == "action" {
                    if case .identifier(let name) = property.value { names.insert(name.text) }
                }
            }
        }
        return names.sorted()
    }
}
