import MenuModel
import MenuSupport
@_spi(MenuPipeline) import MenuSyntax

/// Which properties each element kind takes, their value types, defaults
/// and documentation. The resolver validates against it, the language
/// server completes and explains from it, and the docs agree with it.
package enum ValueType: Sendable, Equatable {
    case string
    case bool
    case number
    /// A free identifier such as an action name.
    case identifier
    case enumeration([String])
    case shortcut
    /// A declared top-level menu.
    case menuReference
    /// An option of the enclosing pop-up.
    case optionReference
    /// A declared view, or one of the generic targets `window`, `sheet`, `view`.
    case viewReference

    package var description: String {
        switch self {
        case .string: "a string"
        case .bool: "true or false"
        case .number: "a number"
        case .identifier: "an identifier"
        case .enumeration(let values): "one of \(values.joined(separator: ", "))"
        case .shortcut: "a shortcut string such as \"cmd+shift+n\" or \"⌘⇧N\""
        case .menuReference: "the identifier of a declared menu"
        case .optionReference: "the identifier of one of this pop-up's options"
        case .viewReference: "the identifier of a declared view, or window, sheet or view"
        }
    }
}

package struct PropertySpec: Sendable {
    package var name: String
    package var type: ValueType
    package var doc: String
    /// The value made explicit in the output when the property is absent.
    package var defaultValue: Value?

    init(_ name: String, _ type: ValueType, _ doc: String, default defaultValue: Value? = nil) {
        self.name = name
        self.type = type
        self.doc = doc
        self.defaultValue = defaultValue
    }
}

/// Whether an element sits among menu elements or among controls; the same
/// keyword (`toggle`, `section`) means different things in each.
public typealias ElementContext = MenuElement.Context

package enum PropertyCatalog {
    static let buttonTypes = ["system", "push", "close", "done", "cancel", "info", "help", "gradient", "image", "more"]
    static let styles = ["filled", "tinted", "gray", "plain", "bordered"]
    static let sizes = ["mini", "small", "medium", "large"]
    static let layouts = ["small", "medium", "large"]

    private static let symbol = PropertySpec("symbol", .string, "An SF Symbols name shown with (or instead of) the label.")
    private static let enabled = PropertySpec("enabled", .bool, "Whether people can use it now.", default: .bool(true))
    private static let action = PropertySpec("action", .identifier, "The action the app performs; generated code lists every action.")
    private static let confirm = PropertySpec("confirm", .string, "A question asked before the action runs (for destructive actions).")
    private static let style = PropertySpec("style", .enumeration(styles), "The visual style; use style, not size, to mark the preferred choice.")
    private static let size = PropertySpec("size", .enumeration(sizes), "The control size.")
    private static let width = PropertySpec("width", .number, "Width in points (at least 44 on touch platforms).")
    private static let height = PropertySpec("height", .number, "Height in points (at least 44 on touch platforms).")
    private static let onLabel = PropertySpec("on", .string, "The label shown while the state is on (\"Hide Ruler\").")
    private static let offLabel = PropertySpec("off", .string, "The label shown while the state is off (\"Show Ruler\").")
    private static let menuReference = PropertySpec("menu", .menuReference, "Use the items of a declared top-level menu instead of inline items.")
    private static let layout = PropertySpec("layout", .enumeration(layouts), "iOS/iPadOS menu layout: small and medium show a top row of symbols.")
    private static let dynamic = PropertySpec("dynamic", .bool, "Content is user-defined or generated (Open Recent): length limits don't apply.", default: .bool(false))
    private static let shortcut = PropertySpec("shortcut", .shortcut, "A keyboard shortcut: \"cmd+shift+n\" or \"⌘⇧N\".")
    private static let buttonShortcut = PropertySpec("shortcut", .shortcut, "A keyboard shortcut: \"cmd+return\"; \"return\" makes it the default action (↩) and \"escape\" the cancel action (⎋).")
    private static let accessibilityLabel = PropertySpec("accessibilityLabel", .string, "The name VoiceOver speaks, for a control or item that shows only a symbol (or whose label needs context).")
    private static let hitTarget = PropertySpec("hitTarget", .number, "The side, in points, of the square people can tap when it is larger than the drawn control (at least 44 on touch platforms).")
    private static let undoable = PropertySpec("undoable", .bool, "The action can be undone (Edit › Undo), so a destructive one needs no confirmation.", default: .bool(false))
    private static let subtitle = PropertySpec("subtitle", .string, "A second line of text under the label, with useful details.")
    private static let opens = PropertySpec("opens", .viewReference, "A view the button opens; on macOS its label then ends with an ellipsis.")
    private static let itemOpens = PropertySpec("opens", .viewReference, "A view the item opens (it navigates rather than acting, so its label may be a noun).")
    private static let menuLayout = PropertySpec("layout", .enumeration(layouts), "iOS/iPadOS menu layout of its menu: small and medium show a top row of symbols.")
    private static let sectionLayout = PropertySpec("layout", .enumeration(layouts), "iOS/iPadOS: small and medium show the section as a row of symbols inside a larger menu.")

    private static let button: [PropertySpec] = [
        PropertySpec("type", .enumeration(buttonTypes), "The button type; push, gradient, help and image are macOS only.", default: .symbol("system")),
        style, size,
        PropertySpec("role", .enumeration(["normal", "primary", "cancel", "destructive"]), "The role: primary is the default choice, cancel dismisses, destructive deletes.", default: .symbol("normal")),
        PropertySpec("preferred", .bool, "The preferred (default) button of its view, whatever its role: `role: destructive` with `preferred: true` is an alert's preferred action that deletes. Without it, a button is preferred when its role is primary."),
        symbol, subtitle,
        PropertySpec("activity", .string, "The label shown while the action is in progress."),
        action, opens, buttonShortcut,
        width, height, hitTarget,
        PropertySpec("padding", .number, "Padding around an image button's image, in points."),
        PropertySpec("cornerRadius", .number, "Corner radius in points (watchOS: 22, or 9 in scrolling views)."),
        confirm, undoable, accessibilityLabel, enabled,
    ]

    private static let toggleButton: [PropertySpec] = [
        symbol, onLabel, offLabel,
        PropertySpec("state", .enumeration(["on", "off"]), "The initial state.", default: .symbol("off")),
        PropertySpec("indicator", .enumeration(["color", "background", "content"]), "How the on and off states look different."),
        action, enabled, style, size, width, height, hitTarget, buttonShortcut, accessibilityLabel,
        PropertySpec("opens", .viewReference, "Accepted so that toggle-button-actions can explain that a toggle only manages state."),
        PropertySpec("confirm", .string, "Accepted so that toggle-button-actions can explain that a toggle only manages state."),
        PropertySpec("role", .enumeration(["normal", "primary", "cancel", "destructive"]), "Accepted so that toggle-button-actions can explain that a toggle only manages state."),
    ]

    private static let popup: [PropertySpec] = [
        PropertySpec("default", .optionReference, "The option selected at first."),
        PropertySpec("multiple", .bool, "Whether several options can be chosen (use a pull-down instead).", default: .bool(false)),
        symbol, style, size, width, height, hitTarget, accessibilityLabel, dynamic, enabled,
    ]

    private static let pulldown: [PropertySpec] = [
        symbol,
        PropertySpec("title", .string, "A title shown at the top of the menu."),
        menuReference,
        PropertySpec("type", .enumeration(["system", "more"]), "more: a More button (symbol ellipsis.circle)."),
        menuLayout, style, size, width, height, hitTarget, accessibilityLabel, dynamic, enabled,
    ]

    private static let item: [PropertySpec] = [
        action, symbol, shortcut,
        PropertySpec("role", .enumeration(["normal", "destructive"]), "destructive: the item deletes data (ask for confirmation, or mark it undoable).", default: .symbol("normal")),
        subtitle, itemOpens, undoable, accessibilityLabel, enabled,
        PropertySpec("state", .enumeration(["on", "off", "mixed"]), "A checkmark item's state."),
        PropertySpec("input", .bool, "People provide more information before it completes (the label ends with …).", default: .bool(false)),
        confirm,
        PropertySpec("alternate", .bool, "macOS: shown in place of the item before it while Option is held; it has that item's key with other modifiers.", default: .bool(false)),
    ]

    private static let toggleItem: [PropertySpec] = [
        onLabel, offLabel,
        PropertySpec("state", .enumeration(["on", "off"]), "The current state, which picks the label shown.", default: .symbol("off")),
        action, shortcut, symbol, accessibilityLabel, enabled,
    ]

    private static let view: [PropertySpec] = [
        PropertySpec("presentation", .enumeration(["sheet", "alert", "actionSheet", "popover", "editing", "window", "page", "inline"]), "How the view is presented; sheets, alerts, action sheets (a confirmation dialog: a popover on iPadOS) and editing views are temporary.", default: .symbol("inline")),
        PropertySpec("editable", .bool, "The view edits content.", default: .bool(false)),
        PropertySpec("scrolling", .bool, "The view scrolls (watchOS button corner radius 9).", default: .bool(false)),
    ]

    private static let menu: [PropertySpec] = [dynamic, layout, enabled]
    private static let submenu: [PropertySpec] = [symbol, enabled, menuReference, dynamic, accessibilityLabel]
    private static let contextmenu: [PropertySpec] = [
        PropertySpec("layout", .enumeration(layouts), "iOS/iPadOS menu layout: small and medium show a top row of symbols.", default: .symbol("large")),
        PropertySpec("title", .string, "A title shown at the top of the menu (a link preview's host name)."),
        menuReference,
    ]
    private static let option: [PropertySpec] = [symbol, accessibilityLabel, enabled]
    private static let menuSection: [PropertySpec] = [sectionLayout]

    /// The properties an element of `kind` takes in `context`.
    package static func specs(for kind: ElementKind, in context: ElementContext) -> [PropertySpec] {
        switch kind {
        case .button: button
        case .toggle: context == .menu ? toggleItem : toggleButton
        case .popup: popup
        case .pulldown: pulldown
        case .option: option
        case .item: item
        case .submenu: submenu
        case .menu: menu
        case .contextmenu: contextmenu
        case .view: view
        case .section: context == .menu ? menuSection : []
        case .menubar, .toolbar, .row: []
        }
    }

    package static func spec(_ name: String, for kind: ElementKind, in context: ElementContext) -> PropertySpec? {
        specs(for: kind, in: context).first { $0.name == name }
    }

    /// Every property name of any kind (for "expected ':'" and "did you mean").
    package static let allPropertyNames: Set<String> = {
        var names = Set<String>()
        for kind in ElementKind.allCases {
            for context in [ElementContext.control, .menu] {
                for spec in specs(for: kind, in: context) { names.insert(spec.name) }
            }
        }
        return names
    }()

    /// Kinds (by keyword) that take a property of this name.
    package static func kinds(taking name: String) -> [String] {
        ElementKind.allCases.filter { kind in
            [ElementContext.control, .menu].contains { spec(name, for: kind, in: $0) != nil }
        }.map(\.rawValue)
    }
}

extension PropertyCatalog {
    /// Specs by kind, context and name: one array lookup in the resolver's hot path.
    private static let table: [[PropertySpec?]] = {
        var table: [[PropertySpec?]] = []
        for kind in ElementKind.allCases {
            for context in [ElementContext.control, .menu] {
                var row = [PropertySpec?](repeating: nil, count: PropertyName.count)
                for spec in specs(for: kind, in: context) {
                    guard let name = PropertyName(spec.name) else { preconditionFailure("property '\(spec.name)' is missing from PropertyName") }
                    row[Int(name.rawValue)] = spec
                }
                table.append(row)
            }
        }
        return table
    }()

    static func spec(_ name: PropertyName, for kind: ElementKind, in context: ElementContext) -> PropertySpec? {
        table[kind.ordinal * 2 + (context == .menu ? 1 : 0)][Int(name.rawValue)]
    }

    /// The specs with a default value, in name order (what every element of the kind shows when not written).
    package static func defaults(for kind: ElementKind, in context: ElementContext) -> [(PropertyName, Value)] {
        defaultsTable[kind.ordinal * 2 + (context == .menu ? 1 : 0)]
    }

    /// The names of `defaults(for:in:)` as a bit mask (bit `rawValue`).
    package static func defaultNames(for kind: ElementKind, in context: ElementContext) -> UInt64 {
        defaultNamesTable[kind.ordinal * 2 + (context == .menu ? 1 : 0)]
    }

    private static let defaultNamesTable: [UInt64] = defaultsTable.map { defaults in
        defaults.reduce(0) { mask, entry in mask | UInt64(1) << UInt64(entry.0.rawValue) }
    }

    /// The names of `defaults(for:in:)` (bit `rawValue`), those of them
    /// whose default is a Boolean, and those whose default is `true`: the
    /// pictures and the Markdown page read every entry's flags from these
    /// bits, where a look in `flagTable` was a call for each flag.
    package static func defaultMasks(for kind: ElementKind, in context: ElementContext) -> (names: UInt64, flags: UInt64, trueFlags: UInt64) {
        defaultMasksTable[kind.ordinal * 2 + (context == .menu ? 1 : 0)]
    }

    private static let defaultMasksTable: [(names: UInt64, flags: UInt64, trueFlags: UInt64)] = defaultsTable.map { defaults in
        defaults.reduce((0, 0, 0)) { masks, entry in
            let bit = UInt64(1) << UInt64(entry.0.rawValue)
            guard case .bool(let flag) = entry.1 else { return (masks.names | bit, masks.flags, masks.trueFlags) }
            return (masks.names | bit, masks.flags | bit, flag ? masks.trueFlags | bit : masks.trueFlags)
        }
    }

    /// The default value of `name` on `kind` in `context`, if it has one.
    package static func defaultValue(_ name: PropertyName, for kind: ElementKind, in context: ElementContext) -> Value? {
        defaultValueTable[(kind.ordinal * 2 + (context == .menu ? 1 : 0)) * PropertyName.count + Int(name.rawValue)]
    }

    /// Defaults in one flat table: backends and rules ask for every element,
    /// and going through the nested spec table copied a whole spec each time.
    private static let defaultValueTable: [Value?] = table.flatMap { row in row.map { $0?.defaultValue } }

    /// The default of a Boolean property, from a byte table: asked for every
    /// item by rules (`input`, `dynamic`, `enabled`), where making a `Value`
    /// cost more than the question.
    static func defaultFlag(_ name: PropertyName, for kind: ElementKind, in context: ElementContext) -> Bool? {
        switch flagTable[(kind.ordinal * 2 + (context == .menu ? 1 : 0)) * PropertyName.count + Int(name.rawValue)] {
        case 1: false
        case 2: true
        default: nil
        }
    }

    /// 0: no Boolean default; 1: false; 2: true.
    private static let flagTable: [UInt8] = table.flatMap { row in
        row.map { spec -> UInt8 in
            guard case .bool(let flag)? = spec?.defaultValue else { return 0 }
            return flag ? 2 : 1
        }
    }

    private static let defaultsTable: [[(PropertyName, Value)]] = table.map { row in
        row.enumerated().compactMap { index, spec in
            guard let spec, let value = spec.defaultValue, let name = PropertyName(rawValue: UInt8(index)) else { return nil }
            return (name, value)
        }
    }
}

extension ElementKind {
    /// Hashes the case, not its name: the default for a `String`-backed enum
    /// hashes the raw string, and kinds key dictionaries in hot paths.
    public func hash(into hasher: inout Hasher) { hasher.combine(ordinal) }

    /// Position in `allCases`, for table lookups.
    package var ordinal: Int {
        switch self {
        case .menubar: 0
        case .menu: 1
        case .view: 2
        case .contextmenu: 3
        case .button: 4
        case .toggle: 5
        case .popup: 6
        case .pulldown: 7
        case .option: 8
        case .toolbar: 9
        case .row: 10
        case .item: 11
        case .section: 12
        case .submenu: 13
        }
    }
}

/// A property's value type without its payload: what the resolver switches
/// on for every property, read from a byte table (no reference counting).
enum ValueTag: UInt8, Sendable {
    case none, string, bool, number, identifier, enumeration, shortcut, menuReference, optionReference, viewReference

    init(_ type: ValueType) {
        switch type {
        case .string: self = .string
        case .bool: self = .bool
        case .number: self = .number
        case .identifier: self = .identifier
        case .enumeration: self = .enumeration
        case .shortcut: self = .shortcut
        case .menuReference: self = .menuReference
        case .optionReference: self = .optionReference
        case .viewReference: self = .viewReference
        }
    }
}

extension PropertyCatalog {
    private static let tags: [ValueTag] = {
        var tags: [ValueTag] = []
        for kind in ElementKind.allCases {
            for context in [ElementContext.control, .menu] {
                var row = [ValueTag](repeating: .none, count: PropertyName.count)
                for spec in specs(for: kind, in: context) {
                    if let name = PropertyName(spec.name) { row[Int(name.rawValue)] = ValueTag(spec.type) }
                }
                tags += row
            }
        }
        return tags
    }()

    /// The value type of `name` on `kind` in `context`; `.none` when the kind doesn't take it.
    static func valueTag(_ name: PropertyName, for kind: ElementKind, in context: ElementContext) -> ValueTag {
        tags[(kind.ordinal * 2 + (context == .menu ? 1 : 0)) * PropertyName.count + Int(name.rawValue)]
    }
}
