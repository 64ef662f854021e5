import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics
import MenuRules
import MenuFormatter
import MenuCompiler
import MenuBackends

/// `textDocument/hover`: what the thing under the cursor means.
///
/// - an element: its resolved meaning — kind in context, identifier and how
///   it was obtained, label, shortcut glyphs, every property with the
///   defaults the compiler fills in, its doc comment;
/// - a property name or value: the property's documentation, type, allowed
///   values and default, and the value's resolved form;
/// - a rule id in `@allow(…)`: the rule's explanation and guideline;
/// - a reference (`use X`, `menu: X`, `opens: X`, `default: X`): what it names.
///
/// Hovers are Markdown, and everything in them that comes from a file goes
/// through `MarkdownEscaping`: labels and paths as code or escaped text
/// (a label can't close a code block or add a link or an image), doc
/// comments as sanitised CommonMark, as on generated pages.
enum HoverFeature {
    struct Result {
        var text: String
        var span: Span
    }

    static func hover(_ document: DocumentContext, at position: LSPPosition, markdown: Bool) -> JSON {
        let offset = document.offset(of: position)
        guard let result = hover(document, at: offset) else { return .null }
        return [
            "contents": MarkupText(markdown: result.text, isMarkdown: markdown).json,
            "range": document.range(of: result.span).json,
        ]
    }

    /// The hover text (Markdown) at a byte offset, if anything is there.
    static func hover(_ document: DocumentContext, at offset: Int) -> Result? {
        let navigator = SyntaxNavigator(syntax: document.syntax)
        guard let node = navigator.node(at: offset) else { return nil }
        switch node {
        case .elementHeader(let frame, let part, _):
            let span: Span
            switch part {
            case .keyword: span = frame.syntax.keyword
            case .name: span = frame.syntax.name?.span ?? frame.syntax.keyword
            case .label: span = frame.syntax.label?.span ?? frame.syntax.keyword
            }
            return Result(text: elementText(frame, in: document), span: span)
        case .allowKeyword(let attribute):
            return Result(text: LanguageDocs.allow, span: attribute.span)
        case .allowRule(let rule):
            return Result(text: ruleText(rule.text), span: rule.span)
        case .propertyName(let property, let owner):
            return Result(text: propertyText(property, owner: owner, in: document), span: property.name.span)
        case .propertyValue(let property, let owner):
            return Result(text: valueText(property, owner: owner, in: document), span: property.value.span)
        case .useKeyword(let use):
            return Result(text: "**use** — " + LanguageDocs.use, span: Span(file: use.span.file, start: use.span.start, end: use.target.span.start))
        case .useTarget(let use):
            return Result(text: declarationText(named: use.target.text, in: document), span: use.target.span)
        case .platform(let entry):
            let version = entry.version.map { " \($0.text)" } ?? ""
            let text = LanguageDocs.platform(entry.name.text).map { "**\(MarkdownEscaping.text(entry.name.text + version))** — \($0)" }
                ?? "\(code(entry.name.text)) is not a platform; platforms are \(Platform.Name.allCases.map(\.rawValue).joined(separator: ", "))."
            return Result(text: text, span: entry.name.span)
        case .importPath(let directive):
            return Result(text: importText(directive, in: document), span: directive.path.span)
        }
    }

    // MARK: - Elements

    static func elementText(_ frame: ElementFrame, in document: DocumentContext) -> String {
        let syntax = frame.syntax
        var lines: [String] = []
        var header = syntax.kind.rawValue
        if let name = syntax.name { header += " \(name.text)" }
        if let label = syntax.label { header += " " + SwiftEscaping.stringLiteral(label.value) }
        lines.append(MarkdownEscaping.codeBlock(header, language: "menu"))
        lines.append("**\(LanguageDocs.title(of: frame.kind, in: frame.context))** — \(LanguageDocs.summary(of: frame.kind, in: frame.context))")
        guard let element = document.checked?.element(withKeyword: syntax.keyword) else {
            if let doc = syntax.doc { lines.append(MarkdownEscaping.doc(doc.text)) }
            return lines.joined(separator: "\n\n")
        }
        var facts: [String] = []
        let how: String
        switch element.idSource {
        case .explicit: how = "written"
        case .label: how = "derived from the label"
        case .synthetic: how = "synthetic: no identifier or usable label"
        }
        facts.append("- identifier: \(code(element.id)) (\(how))")
        if element.path != element.id { facts.append("- path: \(code(element.path))") }
        if let shortcut = element["shortcut"]?.shortcutValue {
            facts.append("- shortcut: **\(MarkdownEscaping.text(shortcut.display))** (\(code(shortcut.canonical)))")
        }
        if !element.properties.isEmpty {
            facts.append("- properties:")
            for property in element.properties {
                let value = LanguageDocs.describe(property.value)
                facts.append("  - \(code("\(property.name): \(value)"))" + (property.isExplicit ? "" : " — default"))
            }
        }
        let spliced = element.children.filter { $0.origin != nil }
        if let origin = spliced.first?.origin {
            facts.append("- \(spliced.count) element\(spliced.count == 1 ? "" : "s") spliced from \(code(origin.menu))")
        }
        if !element.children.isEmpty, element.kind.holdsMenuElements || element.kind == .popup {
            let count = element.menuEntryCount
            facts.append("- \(count) entr\(count == 1 ? "y" : "ies")")
        }
        lines.append(facts.joined(separator: "\n"))
        if let doc = element.doc { lines.append(MarkdownEscaping.doc(doc)) }
        return lines.joined(separator: "\n\n")
    }

    /// A top-level declaration named from a reference (`use X`, `menu: X`, `opens: X`).
    static func declarationText(named name: String, in document: DocumentContext) -> String {
        guard let declaration = document.symbols.resolve(name, from: document.file),
              let syntax = document.symbols.syntax(of: declaration) else {
            return "\(code(name)) — no declaration of that name is visible here."
        }
        var header = syntax.kind.rawValue + " \(name)"
        if let label = syntax.label { header += " " + SwiftEscaping.stringLiteral(label.value) }
        var lines = [MarkdownEscaping.codeBlock(header, language: "menu")]
        let context = ElementFrame.context(of: syntax.kind, parent: nil)
        lines.append("**\(LanguageDocs.title(of: syntax.kind, in: context))** — \(LanguageDocs.summary(of: syntax.kind, in: context))")
        let place = declaration.file == document.file ? "this file" : code(document.analysis.source(declaration.file).displayPath)
        let count = (syntax.body?.members ?? []).filter { if case .property = $0 { false } else { true } }.count
        lines.append("- declared in \(place)\n- \(count) member\(count == 1 ? "" : "s")")
        if let doc = syntax.doc { lines.append(MarkdownEscaping.doc(doc.text)) }
        return lines.joined(separator: "\n\n")
    }

    // MARK: - Properties

    static func propertyText(_ property: PropertySyntax, owner: ElementFrame, in document: DocumentContext) -> String {
        let name = property.name.text
        let ownerTitle = LanguageDocs.title(of: owner.kind, in: owner.context)
        guard let spec = PropertyCatalog.spec(name, for: owner.kind, in: owner.context) else {
            let valid = PropertyCatalog.specs(for: owner.kind, in: owner.context).map { code($0.name) }
            return "\(code(name)) is not a property of \(ownerTitle). " + (valid.isEmpty ? "It takes no properties." : "It takes: \(valid.joined(separator: ", ")).")
        }
        var lines = ["**\(spec.name)** — property of \(ownerTitle)", spec.doc]
        var facts = ["- type: \(spec.type.description)"]
        if case .enumeration(let values) = spec.type {
            facts.append("- values: " + values.map { code($0) }.joined(separator: " · "))
        }
        if let defaultValue = spec.defaultValue { facts.append("- default: \(code(LanguageDocs.describe(defaultValue)))") }
        if let resolved = resolvedValue(of: property, owner: owner, in: document) {
            facts.append("- here: \(code(LanguageDocs.describe(resolved)))")
        }
        lines.append(facts.joined(separator: "\n"))
        return lines.joined(separator: "\n\n")
    }

    static func valueText(_ property: PropertySyntax, owner: ElementFrame, in document: DocumentContext) -> String {
        let name = property.name.text
        guard let spec = PropertyCatalog.spec(name, for: owner.kind, in: owner.context) else {
            return propertyText(property, owner: owner, in: document)
        }
        switch (spec.type, property.value) {
        case (.menuReference, .identifier(let target)), (.viewReference, .identifier(let target)):
            if spec.type == .viewReference, Resolver.genericOpenTargets.contains(target.text),
               document.symbols.resolve(target.text, from: document.file) == nil {
                return "\(code(target.text)) — opens a new \(MarkdownEscaping.text(target.text)) (a generic target, not a declared view)."
            }
            return declarationText(named: target.text, in: document)
        case (.optionReference, .identifier(let target)):
            return optionText(named: target.text, owner: owner, in: document)
        case (.enumeration(let values), .identifier(let value)):
            let listed = values.map { $0 == value.text ? "**\(code($0))**" : code($0) }.joined(separator: " · ")
            let validity = values.contains(value.text) ? "" : "\n\n\(code(value.text)) is not one of them."
            return "\(code("\(name): \(value.text)")) — \(spec.doc)\n\n- values: \(listed)\(validity)"
        case (.shortcut, .string(let literal)):
            switch Shortcut.parse(literal.value) {
            case .success(let shortcut):
                return "**\(MarkdownEscaping.text(shortcut.display))** — shortcut \(code(shortcut.canonical))\n\n"
                    + shortcut.modifiers.map { "- \($0.glyph) \($0.rawValue)" }.joined(separator: "\n")
                    + (shortcut.modifiers.isEmpty ? "" : "\n") + "- key: \(MarkdownEscaping.text(Shortcut.displayKey(shortcut.key))) (\(code(shortcut.key)))"
            case .failure(let error):
                return "Not a shortcut: \(MarkdownEscaping.text(error.message)). Write shortcuts as `\"cmd+shift+n\"` or `\"⌘⇧N\"`."
            }
        default:
            return propertyText(property, owner: owner, in: document)
        }
    }

    /// The value the resolver made of a written property, when it differs
    /// from the text (shortcuts, numbers).
    private static func resolvedValue(of property: PropertySyntax, owner: ElementFrame, in document: DocumentContext) -> Value? {
        guard let element = document.checked?.element(withKeyword: owner.syntax.keyword),
              let resolved = element.property(property.name.text), resolved.isExplicit else { return nil }
        switch resolved.value {
        case .shortcut, .number: return resolved.value
        case .string, .bool, .symbol, .reference, .list: return nil
        }
    }

    private static func optionText(named name: String, owner: ElementFrame, in document: DocumentContext) -> String {
        guard let popup = document.checked?.element(withKeyword: owner.syntax.keyword) else { return "\(code(name)) — an option of this pop-up." }
        guard let option = Resolver.options(in: popup.children).first(where: { $0.id == name }) else {
            let known = Resolver.options(in: popup.children).map { code($0.id) }
            return "\(code(name)) is not an option of this pop-up." + (known.isEmpty ? "" : " Options: \(known.joined(separator: ", ")).")
        }
        return "**option** \(code(option.id))" + (option.label.map { " " + MarkdownEscaping.text("\"\($0)\"") } ?? "") + " — selected at first."
    }

    // MARK: - Rules and imports

    static func ruleText(_ id: String) -> String {
        if let descriptor = RuleRegistry.descriptor(id) {
            var text = "**\(descriptor.id)** (\(descriptor.severity.rawValue)\(descriptor.hasFixIt ? ", fix-it" : ""))\n\n"
            text += descriptor.summary + "\n\n" + descriptor.explanation + "\n\n"
            text += "Guideline: [\(descriptor.guideline.section)](\(descriptor.guideline.url))\n\n"
            text += "> \(descriptor.quote)"
            return text
        }
        if let explanation = RuleDocumentation.explain(id) {
            return explanation.replacingFirstLine { "**\($0)**" }
        }
        let suggestion = Suggest.closest(to: id, in: RuleRegistry.all.map(\.descriptor.id))
        return "\(code(id)) is not a rule" + (suggestion.map { "; did you mean \(code($0))?" } ?? ".")
    }

    private static func importText(_ directive: ImportDirective, in document: DocumentContext) -> String {
        let resolved = document.analysis.workspace.imports[document.file.rawValue].first { $0.span == directive.path.span }
        guard let target = resolved?.file else {
            return "**import** \(code(directive.path.value)) — the file could not be imported (see the diagnostic)."
        }
        let source = document.analysis.source(target)
        let names = document.analysis.syntax(target).elements.compactMap { $0.name?.text }
        var text = "**import** \(code(directive.path.value))\n\n- file: \(code(source.absolutePath))"
        if !names.isEmpty { text += "\n- declares: " + names.map(code).joined(separator: ", ") }
        return text
    }

    /// A code span for text from a file (hovers hold no tables).
    private static func code(_ text: String) -> String {
        MarkdownEscaping.code(text, inTable: false)
    }
}

extension String {
    fileprivate func replacingFirstLine(_ transform: (String) -> String) -> String {
        guard let newline = firstIndex(of: "\n") else { return transform(self) }
        return transform(String(self[..<newline])) + self[newline...]
    }
}
