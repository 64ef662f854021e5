// Typed, read-only views of menus, menu items and views.

extension MenuElement {
    /// The item's properties, when this is a menu `item`.
    public var item: ItemProperties? { kind == .item ? ItemProperties(element: self) : nil }

    /// The menu's properties, when this is a `menu`, `submenu` or `contextmenu`.
    public var menu: MenuProperties? {
        switch kind {
        case .menu, .submenu, .contextmenu: MenuProperties(element: self)
        case .menubar, .view, .button, .toggle, .popup, .pulldown, .option, .toolbar, .row, .item, .section: nil
        }
    }

    /// The section's properties, when this is a `section`.
    public var section: SectionProperties? { kind == .section ? SectionProperties(element: self) : nil }

    /// The view's properties, when this is a `view`.
    public var view: ViewProperties? { kind == .view ? ViewProperties(element: self) : nil }

    /// The menus of a menu bar (empty for other kinds).
    public var menus: [MenuElement] { kind == .menubar ? children.filter { $0.kind == .menu } : [] }

    /// The sections among the children.
    public var sections: [MenuElement] { children.filter { $0.kind == .section } }

    /// The children with sections opened up: the items, toggles, submenus
    /// and options a menu shows, in order (not descending into submenus).
    public var entries: [MenuElement] {
        children.flatMap { $0.kind == .section ? $0.entries : [$0] }
    }
}

/// A menu item.
public struct ItemProperties: Sendable, Hashable {
    /// The item element.
    public let element: MenuElement

    /// The action the app performs.
    public var action: String? { element.action }
    /// The SF Symbols name.
    public var symbol: String? { element.symbol }
    /// The keyboard shortcut.
    public var shortcut: KeyboardShortcut? { element.shortcut }
    /// Its role (`normal` unless written).
    public var role: ItemRole { element.enumeration("role", as: ItemRole.self) ?? .normal }
    /// The checkmark, when it is a checkmark item (has a `state:`).
    public var checkmark: CheckmarkState? { element.enumeration("state", as: CheckmarkState.self) }
    /// Whether people provide more information before it completes
    /// (`input:`; its label ends with `…`).
    public var needsInput: Bool { element.properties["input"]?.boolValue ?? false }
    /// A question to ask before the action runs.
    public var confirmation: String? { element.confirmation }
    /// Whether people can choose it now.
    public var isEnabled: Bool { element.isEnabled }
    /// A second line under the label (`subtitle:`).
    public var subtitle: String? { element.string("subtitle") }
    /// The view it opens (`opens:`): a declared view's identifier, or
    /// `window`, `sheet` or `view`.
    public var opens: String? { element.string("opens") }
    /// Whether the action can be undone (`undoable:`): a destructive item
    /// that can be needs no confirmation.
    public var isUndoable: Bool { element.properties["undoable"]?.boolValue ?? false }
    /// The name VoiceOver speaks (`accessibilityLabel:`), when written.
    public var accessibilityLabel: String? { element.string("accessibilityLabel") }
    /// Whether it is an alternate (`alternate:`, macOS): shown in place of
    /// the item before it while its extra modifiers (usually ⌥) are held,
    /// as AppKit's `NSMenuItem.isAlternate`.
    public var isAlternate: Bool { element.properties["alternate"]?.boolValue ?? false }
}

/// A menu, submenu or context menu.
public struct MenuProperties: Sendable, Hashable {
    /// The menu element.
    public let element: MenuElement

    /// The title: a menu's or submenu's label, a context menu's `title:`.
    public var title: String? { element.kind == .contextmenu ? element.string("title") : element.label }
    /// Whether its content is user-defined or generated (`dynamic:`).
    public var isDynamic: Bool { element.properties["dynamic"]?.boolValue ?? false }
    /// The iOS and iPadOS layout (context menus default to `large`).
    public var layout: MenuLayout? { element.enumeration("layout", as: MenuLayout.self) }
    /// The declared menu whose items it shows (`menu:`), already spliced.
    public var menuReference: String? { element.menuReference }
    /// The SF Symbols name of a submenu.
    public var symbol: String? { element.symbol }
    /// The name VoiceOver speaks for a submenu (`accessibilityLabel:`), when written.
    public var accessibilityLabel: String? { element.string("accessibilityLabel") }
    /// Whether people can use it now.
    public var isEnabled: Bool { element.isEnabled }
    /// Its items, toggles and submenus through sections.
    public var entries: [MenuElement] { element.entries }
}

/// A section of a menu: a group drawn between separators, under its
/// label as a header when it has one.
public struct SectionProperties: Sendable, Hashable {
    /// The section element.
    public let element: MenuElement

    /// The header shown above its items (the section's label), if any.
    public var header: String? { element.label }
    /// The iOS and iPadOS layout (`layout:`): small and medium show its
    /// items as a row of symbols inside a larger menu.
    public var layout: MenuLayout? { element.enumeration("layout", as: MenuLayout.self) }
    /// Its items, toggles and submenus (and a pop-up's options).
    public var entries: [MenuElement] { element.entries }
}

/// A view: a screen, window, sheet, alert, action sheet or popover.
public struct ViewProperties: Sendable, Hashable {
    /// The view element.
    public let element: MenuElement

    /// The title.
    public var title: String? { element.label }
    /// How it is presented (`inline` unless written).
    public var presentation: Presentation { element.enumeration("presentation", as: Presentation.self) ?? .inline }
    /// Whether the view edits content.
    public var isEditable: Bool { element.properties["editable"]?.boolValue ?? false }
    /// Whether the view scrolls.
    public var isScrolling: Bool { element.properties["scrolling"]?.boolValue ?? false }
    /// Every control, including those in toolbars and rows, in order.
    public var controls: [MenuElement] {
        func collect(_ elements: [MenuElement]) -> [MenuElement] {
            elements.flatMap { element -> [MenuElement] in
                if element.kind == .toolbar || element.kind == .row { return collect(element.children) }
                return element.kind.isControl ? [element] : []
            }
        }
        return collect(element.children)
    }
    /// The controls in the view's toolbars.
    public var toolbarControls: [MenuElement] {
        element.children.filter { $0.kind == .toolbar }.flatMap { toolbar in
            toolbar.children.flatMap { $0.kind == .row ? $0.children : [$0] }
        }
    }
    /// The view's context menus.
    public var contextMenus: [MenuElement] { element.children.filter { $0.kind == .contextmenu } }
}
