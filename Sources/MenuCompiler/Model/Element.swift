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

public struct Element: Hashable, Sendable {
    public var kind: ElementKind
    public var context: ElementContext
    public var id: String
    public var idSource: IdentifierSource
    public var label: String?
    /// Properties sorted by name; explicit ones and filled-in defaults.
    public var properties: [Property]
    public var children: [Element]
    /// The whole element's text.
    public var span: Span
    public var keywordSpan: Span
    public var nameSpan: Span?
    public var labelSpan: Span?
    public var doc: String?
    public var origin: Origin?
    /// `@allow` attributes written on this element.
    public var allows: [AllowAttribute]
    /// Ids from the top-level declaration down to this element, joined by '/'.
    public var path: String

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
