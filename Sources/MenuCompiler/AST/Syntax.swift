/// The syntax tree: what the file says, before any name is resolved.
/// Every node keeps its spans so later stages can point back at the text.

/// An identifier or keyword as written.
public struct Name: Hashable, Sendable {
    public var text: String
    public var span: Span
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
    public var file: SourceFile
    public var doc: DocComment?
    public var platforms: PlatformsDirective?
    public var imports: [ImportDirective]
    public var elements: [ElementSyntax]
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

public struct ImportDirective: Sendable {
    public var path: StringLiteral
    public var span: Span
}

/// `@allow(rule-a, rule-b)`.
public struct AllowAttribute: Hashable, Sendable {
    public var ruleIDs: [Name]
    public var span: Span
}

public struct ElementSyntax: Sendable {
    public var attributes: [AllowAttribute]
    public var doc: DocComment?
    public var kind: ElementKind
    public var keyword: Span
    public var name: Name?
    public var label: StringLiteral?
    public var body: BodySyntax?
    public var span: Span
}

public struct BodySyntax: Sendable {
    public var open: Span
    /// Nil when the closing brace is missing (already reported).
    public var close: Span?
    public var members: [MemberSyntax]
}

public enum MemberSyntax: Sendable {
    case property(PropertySyntax)
    /// Boxed: an element's syntax is over three times a property's, and
    /// unboxed every member of a body would take the larger size.
    indirect case element(ElementSyntax)
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

public indirect enum ValueSyntax: Sendable {
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

/// The element kinds of the language.
public enum ElementKind: String, Sendable, CaseIterable, Codable {
    case menubar, menu, view, contextmenu
    case button, toggle, popup, pulldown
    case option, toolbar, row
    case item, section, submenu

    public var isControl: Bool {
        switch self {
        case .button, .toggle, .popup, .pulldown: true
        default: false
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

/// Apple platforms named in `platforms`.
public struct Platform: Hashable, Sendable {
    public enum Name: String, Sendable, CaseIterable, Codable {
        case iOS, iPadOS, macOS, tvOS, watchOS, visionOS

        public var isTouch: Bool { self == .iOS || self == .iPadOS }
    }
    public var name: Name
    /// Version as written (`17`, `10.15.1`), nil when not given.
    public var version: String?

    public init(name: Name, version: String?) {
        self.name = name
        self.version = version
    }

    /// Major version number, when known.
    public var majorVersion: Int? {
        guard let version else { return nil }
        return Int(version.split(separator: ".").first ?? "")
    }

    public static let defaults: [Platform] = [
        Platform(name: .iOS, version: nil), Platform(name: .iPadOS, version: nil), Platform(name: .macOS, version: nil),
    ]
}
