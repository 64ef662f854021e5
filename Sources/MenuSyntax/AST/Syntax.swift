import MenuModel
@_spi(MenuPipeline) import MenuSupport

/// The syntax tree as tools see it: what the file says, before any name is
/// resolved. Every node keeps its spans so later stages can point back at
/// the text.
///
/// The tree itself is stored flat (`SyntaxTree`); `ElementSyntax` is a
/// handle into it, and the smaller values (`Name`, `PropertySyntax`,
/// `BodySyntax`, …) are built when asked for. The resolver reads the flat
/// tree directly.

/// An identifier or keyword as written.
public struct Name: Hashable, Sendable {
    public var text: String
    public var span: Span

    public init(text: String, span: Span) {
        self.text = text
        self.span = span
    }
}

/// A string literal: its decoded value and the span of the quoted text.
public struct StringLiteral: Hashable, Sendable {
    public var value: String
    public var span: Span
}

/// The text of consecutive `///` lines, joined with newlines.
public struct DocComment: Hashable, Sendable {
    public var text: String
    public var span: Span
}

public struct SyntaxFile: Sendable {
    public let tree: SyntaxTree
    public var file: SourceFile { tree.file }
    public var doc: DocComment?
    public var platforms: PlatformsDirective?
    public var imports: [ImportDirective]
    /// `language de`: the language the file's labels are in, when written.
    public var language: LanguageDirective? = nil
    /// The top-level elements, made when asked for (the tree keeps their
    /// indices; a file can hold millions).
    public var elements: [ElementSyntax] { tree.topLevel.map { ElementSyntax(tree: tree, index: Int($0)) } }
    /// The top-level element at `position` alone (`elements` makes every one).
    public func element(at position: Int) -> ElementSyntax? {
        tree.topLevel.indices.contains(position) ? ElementSyntax(tree: tree, index: Int(tree.topLevel[position])) : nil
    }
    /// Ordinary comments, when the parser was asked to keep them.
    public var comments: [Span]
}

public struct PlatformsDirective: Sendable {
    public struct Entry: Sendable {
        public var name: Name
        public var version: Name?
    }
    public var keyword: Span
    public var entries: [Entry]
    public var span: Span
}

/// `language de`, `language pt-BR`: a BCP 47 language tag.
public struct LanguageDirective: Sendable {
    public var keyword: Span
    /// The tag as written.
    public var tag: Name
    public var span: Span
}

public struct ImportDirective: Sendable {
    public var path: StringLiteral
    public var span: Span
}

/// `@allow(rule-a, rule-b)`.
public struct AllowAttribute: Hashable, Sendable {
    public var ruleIDs: [Name]
    public var span: Span
}

/// An element of the syntax tree: a handle (the tree and an index).
public struct ElementSyntax: Sendable {
    public let tree: SyntaxTree
    /// Position among all of the file's elements, in source order.
    public let index: Int

    package init(tree: SyntaxTree, index: Int) {
        self.tree = tree
        self.index = index
    }

    var node: ElementNode { tree.elements[index] }

    public var kind: ElementKind { node.kind }
    public var keyword: Span { tree.span(node.keyword) }
    public var span: Span { tree.span(tree.span(ofElement: index)) }

    public var attributes: [AllowAttribute] {
        let run = tree.attributeRun(ofElement: index)
        return tree.allowAttributes(first: run.first, count: run.count)
    }

    public var doc: DocComment? { tree.doc(ofElement: index) }

    public var name: Name? {
        let node = node
        return node.hasName ? Name(text: tree.text(node.name), span: tree.span(node.name)) : nil
    }

    public var label: StringLiteral? {
        let node = node
        return node.hasLabel ? StringLiteral(value: tree.stringValue(node.label), span: tree.span(node.label.token)) : nil
    }

    public var body: BodySyntax? {
        let node = node
        guard let body = tree.body(of: node) else { return nil }
        return BodySyntax(open: tree.span(body.open), close: node.hasClose ? tree.span(body.close) : nil,
                          members: tree.memberRefs(of: index).map { tree.memberSyntax($0) })
    }
}

public struct BodySyntax: Sendable {
    public var open: Span
    /// Nil when the closing brace is missing (already reported).
    public var close: Span?
    public var members: [MemberSyntax]
}

public enum MemberSyntax: Sendable {
    case property(PropertySyntax)
    case element(ElementSyntax)
    case use(UseSyntax)

    public var span: Span {
        switch self {
        case .property(let property): property.span
        case .element(let element): element.span
        case .use(let use): use.span
        }
    }
}

public struct PropertySyntax: Sendable {
    public var name: Name
    public var value: ValueSyntax
    public var span: Span
}

public struct UseSyntax: Sendable {
    public var attributes: [AllowAttribute]
    public var target: Name
    public var span: Span
}

public enum ValueSyntax: Sendable {
    case string(StringLiteral)
    case identifier(Name)
    /// The number as written (kept as text so `10.15.1` can be told apart).
    case number(String, Span)
    case bool(Bool, Span)
    case list([ValueSyntax], Span)

    public var span: Span {
        switch self {
        case .string(let literal): literal.span
        case .identifier(let name): name.span
        case .number(_, let span), .bool(_, let span), .list(_, let span): span
        }
    }

    /// How the value's type is named in messages.
    public var typeDescription: String {
        switch self {
        case .string: "a string"
        case .identifier(let name): "the identifier '\(name.text)'"
        case .number(let text, _): "the number \(text)"
        case .bool(let value, _): "the boolean \(value)"
        case .list: "a list"
        }
    }
}

extension SyntaxTree {
    package func allowAttributes(first: UInt32, count: UInt32) -> [AllowAttribute] {
        guard count > 0 else { return [] }
        return (Int(first)..<Int(first + count)).map { allowAttribute($0) }
    }

    /// The `@allow` attribute at `index` among the file's attributes.
    package func allowAttribute(_ index: Int) -> AllowAttribute {
        let node = attributes[index]
        let ids = ruleIDs[Int(node.firstRuleID)..<Int(node.firstRuleID + node.ruleIDCount)].map { Name(text: text($0), span: span($0)) }
        return AllowAttribute(ruleIDs: ids, span: span(node.span))
    }

    func memberSyntax(_ member: MemberRef) -> MemberSyntax {
        switch member.kind {
        case .element:
            return .element(ElementSyntax(tree: self, index: Int(member.index)))
        case .property:
            return .property(propertySyntax(Int(member.index)))
        case .use:
            let node = uses[Int(member.index)]
            return .use(UseSyntax(attributes: allowAttributes(first: node.firstAttribute, count: node.attributeCount),
                                  target: Name(text: text(node.target), span: span(node.target)), span: span(node.span)))
        }
    }

    func propertySyntax(_ index: Int) -> PropertySyntax {
        let node = properties[index]
        return PropertySyntax(name: Name(text: text(node.name), span: span(node.name)), value: valueSyntax(Int(node.value)), span: span(node.span))
    }

    package func valueSyntax(_ index: Int) -> ValueSyntax {
        let node = values[index]
        switch node.kind {
        case .string: return .string(StringLiteral(value: stringValue(node.string), span: span(node.string.token)))
        case .identifier: return .identifier(Name(text: text(node.range), span: span(node.range)))
        case .number: return .number(text(node.range), span(node.range))
        case .bool: return .bool(node.flag, span(node.range))
        case .list:
            let items = node.items(in: values).map { valueSyntax($0) }
            return .list(items, span(node.range))
        }
    }
}

/// The element kinds of the language: the model library's, so what the
/// compiler checks and what apps read are one type.
public typealias ElementKind = MenuElement.Kind

extension ElementKind {
    /// Whether an element of this kind may appear at the top level of a
    /// file (a declaration). The parser asks it of every top-level element,
    /// so it builds no text.
    package var mayBeDeclared: Bool {
        switch self {
        case .menu, .menubar, .view, .contextmenu, .button, .toggle, .popup, .pulldown: true
        case .option, .toolbar, .row, .item, .section, .submenu: false
        }
    }

    /// The kind whose keyword these bytes spell, if any — matched on bytes,
    /// by length first: the parser asks for every statement, and the
    /// resolver for every written identifier that might look synthetic.
    package init?(keywordBytes bytes: UnsafeBufferPointer<UInt8>) {
        func spells(_ word: StaticString) -> Bool { bytes.spells(word) }
        let kind: ElementKind?
        switch bytes.count {
        case 3: kind = spells("row") ? .row : nil
        case 4: kind = spells("item") ? .item : spells("menu") ? .menu : spells("view") ? .view : nil
        case 5: kind = spells("popup") ? .popup : nil
        case 6: kind = spells("button") ? .button : spells("toggle") ? .toggle : spells("option") ? .option : nil
        case 7: kind = spells("section") ? .section : spells("submenu") ? .submenu : spells("toolbar") ? .toolbar : spells("menubar") ? .menubar : nil
        case 8: kind = spells("pulldown") ? .pulldown : nil
        case 11: kind = spells("contextmenu") ? .contextmenu : nil
        default: kind = nil
        }
        guard let kind else { return nil }
        self = kind
    }

    /// The length of the keyword in bytes (the syntax tree stores only
    /// where a keyword starts).
    var keywordLength: UInt32 {
        switch self {
        case .row: 3
        case .item, .menu, .view: 4
        case .popup: 5
        case .button, .toggle, .option: 6
        case .section, .submenu, .toolbar, .menubar: 7
        case .pulldown: 8
        case .contextmenu: 11
        }
    }

    /// Kinds that hold menu elements (items, toggles, sections, submenus, `use`).
    public var holdsMenuElements: Bool {
        switch self {
        case .menu, .pulldown, .contextmenu, .submenu: true
        default: false
        }
    }
}

/// Apple platforms named in `platforms`: the model library's type.
public typealias Platform = MenuDocument.Platform

extension Platform.Name {
    public var isTouch: Bool { self == .iOS || self == .iPadOS }
}

extension Platform {
    /// Major version number, when known.
    public var majorVersion: Int? {
        guard let version else { return nil }
        return Int(version.split(separator: ".").first ?? "")
    }

    public static let defaults: [Platform] = [
        Platform(name: .iOS, version: nil), Platform(name: .iPadOS, version: nil), Platform(name: .macOS, version: nil),
    ]
}
