/// One element of a compiled `.menu` file — a menu, item, button, view, … —
/// with its resolved properties and children.
///
/// Every kind shares this one shape, exactly as the JSON backend writes it.
/// Typed, read-only views give each kind's properties their Swift types:
/// ``button``, ``toggle``, ``popup``, ``pulldown``, ``item``, ``menu``,
/// ``view`` and ``option``.
public struct MenuElement: Sendable, Hashable {
    /// What kind of element it is.
    public var kind: Kind
    /// Whether it sits among menu elements or among controls.
    public var context: Context
    /// Its identifier, unique among its siblings.
    public var id: String
    /// How the identifier was obtained.
    public var idSource: IdentifierSource
    /// Identifiers from the top-level declaration down to this element,
    /// joined by `/` (`menubar/File/newNote`), leaving out the transparent
    /// groups above it (see ``isTransparent``); unique in a document.
    public var path: String
    /// The visible text (a view's or menu's title); nil when none was written.
    public var label: String?
    /// The element's doc comment, if any.
    public var doc: String?
    /// Every property, written or filled in as a default, by name.
    public var properties: [String: PropertyValue]
    /// Guideline rules silenced here with `@allow`.
    public var allow: [String]
    /// Where the element's keyword is written.
    public var location: SourceLocation?
    /// Where it was spliced from, when `use` or `menu:` put it here.
    public var origin: Origin?
    /// The child elements, in source order.
    public var children: [MenuElement]

    /// Creates an element; generated code calls this.
    public init(kind: Kind, context: Context, id: String, idSource: IdentifierSource, path: String,
                label: String? = nil, doc: String? = nil, properties: [String: PropertyValue] = [:],
                allow: [String] = [], location: SourceLocation? = nil, origin: Origin? = nil,
                children: [MenuElement] = []) {
        self.kind = kind
        self.context = context
        self.id = id
        self.idSource = idSource
        self.path = path
        self.label = label
        self.doc = doc
        self.properties = properties
        self.allow = allow
        self.location = location
        self.origin = origin
        self.children = children
    }

    /// Creates an element as generated code writes it: kind, context and
    /// identifier source as one text of their raw values
    /// (`"item menu explicit"`), the properties as the JSON object the JSON
    /// backend writes for them (`#"{"enabled": true}"#`), the location as
    /// `"file:line:column"`. An app's compiler type-checks string literals in a
    /// fraction of the time of enumeration cases and a dictionary literal
    /// of ``PropertyValue`` cases; they are decoded once, when the element
    /// is first used.
    public init(_ shape: String, id: String, path: String, label: String? = nil, doc: String? = nil,
                properties: String = "", allow: [String] = [], location: String? = nil,
                origin: Origin? = nil, children: [MenuElement] = []) {
        let (kind, context, idSource) = MenuElement.decodeShape(shape)
        self.init(kind: kind, context: context, id: id, idSource: idSource, path: path, label: label, doc: doc,
                  properties: MenuElement.decodeProperties(properties), allow: allow,
                  location: location.flatMap(MenuElement.decodeLocation), origin: origin,
                  children: children)
    }

    /// The value of the property `name`, if the element has it.
    public subscript(property name: String) -> PropertyValue? { properties[name] }

    // MARK: - Properties most kinds share

    /// The action the app performs (`action:`), if any.
    public var action: String? { properties["action"]?.stringValue }

    /// The action the element triggers: its `action:`, or for an item or a
    /// button that has none, its identifier (the derived action) when that
    /// was written or derived from the label. Generated code lists every
    /// one in its `Action` enum.
    public var performedAction: String? {
        if let action { return action }
        guard kind == .item || kind == .button, idSource != .synthetic else { return nil }
        return id
    }

    /// ``performedAction`` as the generated `Action` enum of the element's
    /// file (`item.action(Notes.Action.self)`); nil when it triggers none
    /// or `type` doesn't list it (an element of another file).
    public func action<Action: RawRepresentable>(_ type: Action.Type) -> Action? where Action.RawValue == String {
        performedAction.flatMap(Action.init(rawValue:))
    }

    /// Whether the element only groups others without a name of its own: a
    /// section, toolbar or row with a synthetic identifier. Paths and
    /// generated handles look through it, so adding or removing one never
    /// changes another element's path.
    public var isTransparent: Bool {
        idSource == .synthetic && (kind == .section || kind == .toolbar || kind == .row)
    }

    /// The SF Symbols name shown with or instead of the label (`symbol:`).
    public var symbol: String? { properties["symbol"]?.stringValue }

    /// Whether people can use it now (`enabled:`; true unless set to false).
    public var isEnabled: Bool { properties["enabled"]?.boolValue ?? true }

    /// The keyboard shortcut of an item or changeable-title toggle.
    public var shortcut: KeyboardShortcut? { properties["shortcut"]?.shortcutValue }

    /// The question asked before the action runs (`confirm:`).
    public var confirmation: String? { properties["confirm"]?.stringValue }

    /// The declared menu whose items this element shows (`menu:`).
    public var menuReference: String? { properties["menu"]?.stringValue }

    /// Whether this is something people choose in a menu: an item or a
    /// changeable-title toggle.
    public var isMenuItem: Bool {
        kind == .item || (kind == .toggle && context == .menu)
    }

    /// The text to show for the element: for a changeable-title toggle, the
    /// label of its current state; otherwise its label.
    public var displayLabel: String? {
        if kind == .toggle, let toggle { return toggle.currentLabel }
        return label
    }
}
