/// The checked model: names resolved, `use` spliced, shortcuts normalized,
/// defaults made explicit. Rules and every backend read only this.

/// A resolved property value.
public enum Value: Hashable, Sendable {
    case string(String)
    case bool(Bool)
    /// The number as written, normalized (`44`, `10.5`).
    case number(String)
    /// An enumeration case or a free identifier (`filled`, an action name).
    case symbol(String)
    /// The identifier of another element (a menu, option or view).
    case reference(String)
    case shortcut(Shortcut)
    case list([Value])

    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    public var numberValue: Double? {
        if case .number(let text) = self { return Double(text) }
        return nil
    }

    /// The name carried by a symbol or reference.
    public var name: String? {
        switch self {
        case .symbol(let name), .reference(let name): name
        default: nil
        }
    }

    public var shortcutValue: Shortcut? {
        if case .shortcut(let shortcut) = self { return shortcut }
        return nil
    }
}

public struct Property: Hashable, Sendable {
    public var name: String
    public var value: Value
    /// Where it was written; nil for a default the compiler filled in.
    public var nameSpan: Span?
    public var valueSpan: Span?
    /// The whole `name: value` text, for fix-its that remove it.
    public var span: Span?

    public var isExplicit: Bool { span != nil }
}

/// How an element came to be where it is, when it was spliced in.
public struct Origin: Hashable, Sendable {
    public enum Via: String, Hashable, Sendable {
        case use
        case menu
    }
    public var via: Via
    /// The declared menu whose items (or which itself) were spliced.
    public var menu: String
    /// The `use X` or `menu: X` that spliced it.
    public var site: Span
}

/// How an element's identifier was obtained.
public enum IdentifierSource: String, Hashable, Sendable {
    case explicit
    /// Derived from the label (`"Open Recent…"` → `openRecent`).
    case label
    /// Neither written nor derivable: kind name plus ordinal.
    case synthetic
}

/// An element of the checked model.
///
/// A value type whose fields live in one shared, copy-on-write box: rules
/// and the resolver copy elements freely (ancestor stacks, splices), and a
/// copy costs one reference count instead of one per field.
public struct Element: Hashable, Sendable {
    private final class Storage: @unchecked Sendable {
        // Mutated only through `Element`'s setters after a uniqueness check,
        // so two accesses never overlap: the dynamic exclusivity checks a
        // class property gets by default (a measurable share of every rule
        // walk) are switched off.
        @exclusivity(unchecked) var kind: ElementKind
        @exclusivity(unchecked) var context: ElementContext
        @exclusivity(unchecked) var id: String
        @exclusivity(unchecked) var idSource: IdentifierSource
        @exclusivity(unchecked) var label: String?
        @exclusivity(unchecked) var properties: [Property]
        @exclusivity(unchecked) var children: [Element]
        @exclusivity(unchecked) var span: Span
        @exclusivity(unchecked) var keywordSpan: Span
        @exclusivity(unchecked) var nameSpan: Span?
        @exclusivity(unchecked) var labelSpan: Span?
        @exclusivity(unchecked) var doc: String?
        @exclusivity(unchecked) var origin: Origin?
        @exclusivity(unchecked) var allows: [AllowAttribute]
        @exclusivity(unchecked) var path: String

        init(kind: ElementKind, context: ElementContext, id: String, idSource: IdentifierSource, label: String?, properties: [Property], children: [Element], span: Span, keywordSpan: Span, nameSpan: Span?, labelSpan: Span?, doc: String?, origin: Origin?, allows: [AllowAttribute], path: String) {
            self.kind = kind
            self.context = context
            self.id = id
            self.idSource = idSource
            self.label = label
            self.properties = properties
            self.children = children
            self.span = span
            self.keywordSpan = keywordSpan
            self.nameSpan = nameSpan
            self.labelSpan = labelSpan
            self.doc = doc
            self.origin = origin
            self.allows = allows
            self.path = path
        }

        func copy() -> Storage {
            Storage(kind: kind, context: context, id: id, idSource: idSource, label: label, properties: properties, children: children, span: span, keywordSpan: keywordSpan, nameSpan: nameSpan, labelSpan: labelSpan, doc: doc, origin: origin, allows: allows, path: path)
        }
    }

    private var storage: Storage

    public init(kind: ElementKind, context: ElementContext, id: String, idSource: IdentifierSource, label: String?, properties: [Property], children: [Element], span: Span, keywordSpan: Span, nameSpan: Span?, labelSpan: Span?, doc: String?, origin: Origin?, allows: [AllowAttribute], path: String) {
        storage = Storage(kind: kind, context: context, id: id, idSource: idSource, label: label, properties: properties, children: children, span: span, keywordSpan: keywordSpan, nameSpan: nameSpan, labelSpan: labelSpan, doc: doc, origin: origin, allows: allows, path: path)
    }

    /// In-place mutation (`element.children.append(x)`) goes through
    /// `_modify` so the field is not copied out and back.
    private mutating func unique() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    public var kind: ElementKind {
        get { storage.kind }
        _modify { yield &unique().kind }
    }

    public var context: ElementContext {
        get { storage.context }
        _modify { yield &unique().context }
    }

    public var id: String {
        get { storage.id }
        _modify { yield &unique().id }
    }

    public var idSource: IdentifierSource {
        get { storage.idSource }
        _modify { yield &unique().idSource }
    }

    public var label: String? {
        get { storage.label }
        _modify { yield &unique().label }
    }

    /// Properties sorted by name; explicit ones and filled-in defaults.
    public var properties: [Property] {
        get { storage.properties }
        _modify { yield &unique().properties }
    }

    public var children: [Element] {
        get { storage.children }
        _modify { yield &unique().children }
    }

    /// The whole element's text.
    public var span: Span {
        get { storage.span }
        _modify { yield &unique().span }
    }

    public var keywordSpan: Span {
        get { storage.keywordSpan }
        _modify { yield &unique().keywordSpan }
    }

    public var nameSpan: Span? {
        get { storage.nameSpan }
        _modify { yield &unique().nameSpan }
    }

    public var labelSpan: Span? {
        get { storage.labelSpan }
        _modify { yield &unique().labelSpan }
    }

    public var doc: String? {
        get { storage.doc }
        _modify { yield &unique().doc }
    }

    public var origin: Origin? {
        get { storage.origin }
        _modify { yield &unique().origin }
    }

    /// `@allow` attributes written on this element.
    public var allows: [AllowAttribute] {
        get { storage.allows }
        _modify { yield &unique().allows }
    }

    /// Ids from the top-level declaration down to this element, joined by '/'.
    public var path: String {
        get { storage.path }
        _modify { yield &unique().path }
    }

    public static func == (lhs: Element, rhs: Element) -> Bool {
        if lhs.storage === rhs.storage { return true }
        return lhs.kind == rhs.kind && lhs.context == rhs.context && lhs.id == rhs.id && lhs.idSource == rhs.idSource && lhs.label == rhs.label && lhs.properties == rhs.properties && lhs.children == rhs.children && lhs.span == rhs.span && lhs.keywordSpan == rhs.keywordSpan && lhs.nameSpan == rhs.nameSpan && lhs.labelSpan == rhs.labelSpan && lhs.doc == rhs.doc && lhs.origin == rhs.origin && lhs.allows == rhs.allows && lhs.path == rhs.path
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(context)
        hasher.combine(id)
        hasher.combine(idSource)
        hasher.combine(label)
        hasher.combine(properties)
        hasher.combine(span)
        hasher.combine(keywordSpan)
        hasher.combine(nameSpan)
        hasher.combine(labelSpan)
        hasher.combine(doc)
        hasher.combine(origin)
        hasher.combine(allows)
        hasher.combine(path)
        hasher.combine(children.count)
    }

    public func property(_ name: String) -> Property? {
        properties.first { $0.name == name }
    }

    public subscript(name: String) -> Value? { property(name)?.value }

    /// The property's value when it was written in the source (not defaulted).
    public func explicit(_ name: String) -> Value? {
        guard let property = property(name), property.isExplicit else { return nil }
        return property.value
    }

    public func string(_ name: String) -> String? { self[name]?.stringValue }
    public func bool(_ name: String) -> Bool? { self[name]?.boolValue }
    public func symbol(_ name: String) -> String? { self[name]?.name }
    public func number(_ name: String) -> Double? { self[name]?.numberValue }

    /// The span to point at when talking about this element: its label if
    /// it has one, else its identifier, else its keyword.
    public var focusSpan: Span { labelSpan ?? nameSpan ?? keywordSpan }

    /// Where its identifier comes from: the written name, else the label.
    public var idSpan: Span { nameSpan ?? labelSpan ?? keywordSpan }

    /// How to name it in messages: `item 'Copy'`.
    public var displayName: String {
        if let label, !label.isEmpty { return "\(kind.rawValue) '\(label)'" }
        return "\(kind.rawValue) '\(id)'"
    }

    /// Items, toggles and submenus reachable through sections (not into submenus).
    public var menuEntries: [Element] {
        var result: [Element] = []
        for child in children {
            if child.kind == .section { result.append(contentsOf: child.menuEntries) } else { result.append(child) }
        }
        return result
    }
}

/// One checked source file.
public struct CheckedFile: Sendable {
    public var source: SourceFile
    public var doc: String?
    public var platforms: [Platform]
    /// False when no `platforms` directive was written (defaults apply).
    public var platformsWritten: Bool
    /// Imported files, as written and as resolved.
    public var imports: [ResolvedImport]
    public var declarations: [Element]
    /// The parse tree, for tools that need the exact text (fix-its, formatter).
    public var syntax: SyntaxFile
    /// Label analysis shared by the rules (each distinct label analysed once).
    public let labels = LabelTable()

    public func includes(_ platform: Platform.Name) -> Bool {
        platforms.contains { $0.name == platform }
    }
}

public struct ResolvedImport: Sendable {
    public var path: String
    public var span: Span
    /// The imported file, when it could be loaded.
    public var file: FileID?
}
