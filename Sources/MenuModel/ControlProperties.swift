// Typed, read-only views of the controls' properties. Each is reached
// through an optional accessor on MenuElement that is nil for other kinds:
// `element.button?.style`, `element.popup?.defaultOption`.

extension MenuElement {
    /// The button's properties, when this is a `button`.
    public var button: ButtonProperties? { kind == .button ? ButtonProperties(element: self) : nil }

    /// The toggle's properties, when this is a `toggle` (a toggle button
    /// among controls, a changeable-title item in a menu).
    public var toggle: ToggleProperties? { kind == .toggle ? ToggleProperties(element: self) : nil }

    /// The pop-up button's properties, when this is a `popup`.
    public var popup: PopUpProperties? { kind == .popup ? PopUpProperties(element: self) : nil }

    /// The pull-down button's properties, when this is a `pulldown`.
    public var pulldown: PullDownProperties? { kind == .pulldown ? PullDownProperties(element: self) : nil }

    /// The option's properties, when this is an `option` of a pop-up.
    public var option: OptionProperties? { kind == .option ? OptionProperties(element: self) : nil }

    /// A string property read as one of an enumeration's cases.
    func enumeration<Value: RawRepresentable>(_ name: String, as type: Value.Type) -> Value? where Value.RawValue == String {
        properties[name]?.stringValue.flatMap(Value.init(rawValue:))
    }

    /// A number property.
    func number(_ name: String) -> Double? { properties[name]?.numberValue }

    /// A string property.
    func string(_ name: String) -> String? { properties[name]?.stringValue }
}

/// A push or system button.
public struct ButtonProperties: Sendable, Hashable {
    /// The button element.
    public let element: MenuElement

    /// Its type (`system` unless written).
    public var type: ButtonType { element.enumeration("type", as: ButtonType.self) ?? .system }
    /// Its visual style, if one was written.
    public var style: ButtonStyle? { element.enumeration("style", as: ButtonStyle.self) }
    /// Its size, if one was written.
    public var size: ControlSize? { element.enumeration("size", as: ControlSize.self) }
    /// Its role (`normal` unless written).
    public var role: ButtonRole { element.enumeration("role", as: ButtonRole.self) ?? .normal }
    /// Whether it is its view's preferred (default) button: `preferred:` as
    /// written, else whether its role is primary. A destructive button can
    /// be preferred (an alert's preferred action that deletes).
    public var isPreferred: Bool { element.properties["preferred"]?.boolValue ?? (role == .primary) }
    /// The keyboard shortcut; `return` (↩) makes it the default action and
    /// `escape` (⎋) the cancel action.
    public var shortcut: KeyboardShortcut? { element.shortcut }
    /// The name VoiceOver speaks (`accessibilityLabel:`), when written.
    public var accessibilityLabel: String? { element.string("accessibilityLabel") }
    /// The side, in points, of the square people can tap (`hitTarget:`),
    /// when it is larger than the drawn button.
    public var hitTarget: Double? { element.number("hitTarget") }
    /// Whether the action can be undone (`undoable:`).
    public var isUndoable: Bool { element.properties["undoable"]?.boolValue ?? false }
    /// The SF Symbols name shown with or instead of the label.
    public var symbol: String? { element.symbol }
    /// A second line of text under the label.
    public var subtitle: String? { element.string("subtitle") }
    /// The label shown while the action is in progress (`activity:`).
    public var activityLabel: String? { element.string("activity") }
    /// The action the app performs.
    public var action: String? { element.action }
    /// The view it opens (`opens:`): a declared view's identifier, or
    /// `window`, `sheet` or `view`.
    public var opens: String? { element.string("opens") }
    /// Width in points.
    public var width: Double? { element.number("width") }
    /// Height in points.
    public var height: Double? { element.number("height") }
    /// Padding around an image button's image, in points.
    public var padding: Double? { element.number("padding") }
    /// Corner radius in points.
    public var cornerRadius: Double? { element.number("cornerRadius") }
    /// A question to ask before the action runs.
    public var confirmation: String? { element.confirmation }
    /// Whether people can use it now.
    public var isEnabled: Bool { element.isEnabled }
}

/// A toggle: among controls a toggle button, in a menu a changeable-title
/// item ("Show Ruler" / "Hide Ruler").
public struct ToggleProperties: Sendable, Hashable {
    /// The toggle element.
    public let element: MenuElement

    /// Whether it is a changeable-title menu item rather than a toggle button.
    public var isMenuItem: Bool { element.context == .menu }
    /// The state (`off` unless written).
    public var state: ToggleState { element.enumeration("state", as: ToggleState.self) ?? .off }
    /// The label shown while on (`on:`), e.g. "Hide Ruler".
    public var onLabel: String? { element.string("on") }
    /// The label shown while off (`off:`), e.g. "Show Ruler".
    public var offLabel: String? { element.string("off") }

    /// The label shown in `state`: the `on:` or `off:` text, else the
    /// element's label.
    public func label(for state: ToggleState) -> String? {
        switch state {
        case .on: onLabel ?? element.label
        case .off: offLabel ?? element.label
        }
    }

    /// The label for the current state.
    public var currentLabel: String? { label(for: state) }
    /// How a toggle button's states look different.
    public var indicator: ToggleIndicator? { element.enumeration("indicator", as: ToggleIndicator.self) }
    /// The SF Symbols name.
    public var symbol: String? { element.symbol }
    /// The action the app performs.
    public var action: String? { element.action }
    /// The keyboard shortcut.
    public var shortcut: KeyboardShortcut? { element.shortcut }
    /// The name VoiceOver speaks (`accessibilityLabel:`), when written.
    public var accessibilityLabel: String? { element.string("accessibilityLabel") }
    /// The side of the square people can tap, in points (toggle buttons).
    public var hitTarget: Double? { element.number("hitTarget") }
    /// The visual style of a toggle button, if written.
    public var style: ButtonStyle? { element.enumeration("style", as: ButtonStyle.self) }
    /// The size of a toggle button, if written.
    public var size: ControlSize? { element.enumeration("size", as: ControlSize.self) }
    /// Whether people can use it now.
    public var isEnabled: Bool { element.isEnabled }
}

/// A pop-up button: a flat list of mutually exclusive options.
public struct PopUpProperties: Sendable, Hashable {
    /// The pop-up element.
    public let element: MenuElement

    /// Every option, through sections, in order.
    public var options: [MenuElement] { element.entries.filter { $0.kind == .option } }
    /// The identifier of the option selected at first (`default:`).
    public var defaultOptionID: String? { element.string("default") }
    /// The option selected at first.
    public var defaultOption: MenuElement? {
        guard let id = defaultOptionID else { return nil }
        return options.first { $0.id == id }
    }
    /// Whether several options can be chosen (`multiple:`).
    public var allowsMultipleSelection: Bool { element.properties["multiple"]?.boolValue ?? false }
    /// Whether the options are made at run time (`dynamic:`).
    public var isDynamic: Bool { element.properties["dynamic"]?.boolValue ?? false }
    /// The name VoiceOver speaks (`accessibilityLabel:`), when written.
    public var accessibilityLabel: String? { element.string("accessibilityLabel") }
    /// Width in points.
    public var width: Double? { element.number("width") }
    /// Height in points.
    public var height: Double? { element.number("height") }
    /// The side of the square people can tap, in points.
    public var hitTarget: Double? { element.number("hitTarget") }
    /// The SF Symbols name.
    public var symbol: String? { element.symbol }
    /// The visual style, if written.
    public var style: ButtonStyle? { element.enumeration("style", as: ButtonStyle.self) }
    /// The size, if written.
    public var size: ControlSize? { element.enumeration("size", as: ControlSize.self) }
    /// Whether people can use it now.
    public var isEnabled: Bool { element.isEnabled }
}

/// A pull-down button: a menu of commands.
public struct PullDownProperties: Sendable, Hashable {
    /// The pull-down element.
    public let element: MenuElement

    /// Its type, if written (`more` for a More button).
    public var type: ButtonType? { element.enumeration("type", as: ButtonType.self) }
    /// A title shown at the top of the menu (`title:`).
    public var menuTitle: String? { element.string("title") }
    /// The iOS and iPadOS layout of its menu (`layout:`), when written.
    public var layout: MenuLayout? { element.enumeration("layout", as: MenuLayout.self) }
    /// Whether its items are made at run time (`dynamic:`).
    public var isDynamic: Bool { element.properties["dynamic"]?.boolValue ?? false }
    /// The name VoiceOver speaks (`accessibilityLabel:`), when written.
    public var accessibilityLabel: String? { element.string("accessibilityLabel") }
    /// Width in points.
    public var width: Double? { element.number("width") }
    /// Height in points.
    public var height: Double? { element.number("height") }
    /// The side of the square people can tap, in points.
    public var hitTarget: Double? { element.number("hitTarget") }
    /// The declared menu whose items it shows (`menu:`); the items are
    /// already spliced into ``MenuElement/children``.
    public var menuReference: String? { element.menuReference }
    /// The SF Symbols name.
    public var symbol: String? { element.symbol }
    /// The visual style, if written.
    public var style: ButtonStyle? { element.enumeration("style", as: ButtonStyle.self) }
    /// The size, if written.
    public var size: ControlSize? { element.enumeration("size", as: ControlSize.self) }
    /// Whether people can use it now.
    public var isEnabled: Bool { element.isEnabled }
    /// Its items, toggles and submenus through sections.
    public var entries: [MenuElement] { element.entries }
}

/// One option of a pop-up button.
public struct OptionProperties: Sendable, Hashable {
    /// The option element.
    public let element: MenuElement

    /// The SF Symbols name.
    public var symbol: String? { element.symbol }
    /// The name VoiceOver speaks (`accessibilityLabel:`), when written.
    public var accessibilityLabel: String? { element.string("accessibilityLabel") }
    /// Whether people can choose it now.
    public var isEnabled: Bool { element.isEnabled }
}
