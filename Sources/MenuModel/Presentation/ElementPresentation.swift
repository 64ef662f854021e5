// What a UI framework needs to show one element, decided here once, so the
// AppKit, UIKit and SwiftUI adapters only translate values.

/// How one element of a menu is shown: the decisions every adapter shares.
public struct ElementPresentation: Sendable, Hashable {
    /// What the element becomes in a menu.
    public enum Role: Sendable, Hashable {
        /// A command: `NSMenuItem`, `UIAction`/`UIKeyCommand`, `Button`.
        case command
        /// A changeable-title toggle: one item whose title follows its state.
        case toggle
        /// A menu of its own: `NSMenu` submenu, `UIMenu`, SwiftUI `Menu`.
        case submenu
        /// A group set off from its neighbours (see ``SectionStyle``).
        case section(SectionStyle)
        /// One choice of a pop-up button (single selection).
        case option
        /// Something menus don't show (a view, a toolbar, a control).
        case other
    }

    /// How a section is set off.
    public struct SectionStyle: Sendable, Hashable {
        /// Whether a separator goes before it: every section but the first
        /// of its menu, as AppKit draws them (`NSMenuItem.separator()`).
        public var separatorBefore: Bool
        /// Its title, shown as a header (`NSMenuItem.sectionHeader(title:)`,
        /// macOS 14; the title of an inline `UIMenu`); nil when unnamed.
        public var title: String?

        /// A style; sections build theirs from their place and label.
        public init(separatorBefore: Bool, title: String?) {
            self.separatorBefore = separatorBefore
            self.title = title
        }
    }

    /// What an element asks of the app before or while it is used.
    public enum Request: Sendable, Hashable {
        /// Ask this question before performing the action (`confirm:`).
        case confirm(String)
        /// Ask for more information before completing (`input:`; its label ends with `…`).
        case input
        /// The app supplies the menu's items when it opens (`dynamic:`):
        /// `NSMenuDelegate.menuNeedsUpdate(_:)`, `UIDeferredMenuElement`.
        case dynamicContent
    }

    /// The element presented.
    public let element: MenuElement
    /// What it becomes.
    public let role: Role

    /// The presentation of `element`; `isFirstInMenu` says whether it is
    /// the first child of its parent (no separator before a first section).
    public init(_ element: MenuElement, isFirstInMenu: Bool = false) {
        self.element = element
        switch element.kind {
        case .item: role = .command
        case .toggle: role = element.context == .menu ? .toggle : .other
        case .submenu, .menu, .contextmenu: role = .submenu
        case .section: role = .section(SectionStyle(separatorBefore: !isFirstInMenu, title: element.label))
        case .option: role = .option
        case .menubar, .view, .button, .popup, .pulldown, .toolbar, .row: role = .other
        }
    }

    /// The title to show: a toggle's current label, else the label.
    public var title: String { element.displayLabel ?? "" }

    /// Whether it is drawn as destructive (`role: destructive`):
    /// `UIMenuElement.Attributes.destructive`, SwiftUI `Button(role: .destructive)`.
    public var isDestructive: Bool {
        element.properties["role"]?.stringValue == ItemRole.destructive.rawValue
    }

    /// Whether people can choose it now.
    public var isEnabled: Bool { element.isEnabled }

    /// The checkmark: a checkmark item's `state:`, a toggle's state as on
    /// or off; nil for elements without one.
    public var state: CheckmarkState? {
        switch element.kind {
        case .item: element.item?.checkmark
        case .toggle: element.toggle.map { $0.state == .on ? .on : .off }
        case .menubar, .menu, .view, .contextmenu, .button, .popup, .pulldown, .option, .toolbar, .row, .section, .submenu: nil
        }
    }

    /// `NSControl.StateValue` raw value of ``state``: off 0, on 1, mixed -1.
    public var appKitState: Int {
        switch state {
        case .on: 1
        case .mixed: -1
        case .off, nil: 0
        }
    }

    /// `UIMenuElement.State` raw value of ``state``: off 0, on 1, mixed 2.
    public var uiKitState: Int {
        switch state {
        case .on: 1
        case .mixed: 2
        case .off, nil: 0
        }
    }

    /// `UIMenuElement.Attributes` raw value: disabled 1 << 0, destructive 1 << 1.
    public var uiKitAttributes: UInt {
        (isEnabled ? 0 : 1 << 0) | (isDestructive ? 1 << 1 : 0)
    }

    /// `UIMenu.Options` raw value for a menu: `displayInline` (1 << 0) for
    /// sections, `singleSelection` (1 << 5) for a pop-up's options.
    public var uiKitMenuOptions: UInt {
        switch element.kind {
        case .section: 1 << 0
        case .popup: 1 << 5
        case .menubar, .menu, .view, .contextmenu, .button, .toggle, .pulldown, .option, .toolbar, .row, .item, .submenu: 0
        }
    }

    /// `UIMenu.ElementSize` raw value of a context menu's layout (small 0,
    /// medium 1, large 2; iOS 16), for `preferredElementSize`; nil for other
    /// kinds.
    public var uiKitPreferredElementSize: Int? {
        guard element.kind == .contextmenu || element.kind == .menu || element.kind == .submenu,
              let layout = element.menu?.layout else { return nil }
        switch layout {
        case .small: return 0
        case .medium: return 1
        case .large: return 2
        }
    }

    /// What the element asks of the app, in the order it asks.
    public var requests: [Request] {
        var requests: [Request] = []
        if element.properties["input"]?.boolValue == true { requests.append(.input) }
        if let question = element.confirmation { requests.append(.confirm(question)) }
        if element.properties["dynamic"]?.boolValue == true { requests.append(.dynamicContent) }
        return requests
    }

    /// The presentations of a menu's children, in order, each knowing
    /// whether it comes first.
    public static func children(of menu: MenuElement) -> [ElementPresentation] {
        menu.children.enumerated().map { ElementPresentation($0.element, isFirstInMenu: $0.offset == 0) }
    }
}

extension PopUpProperties {
    /// Pop-up buttons choose one option (`multiple: false`, the default):
    /// `UIMenu.Options.singleSelection`, a SwiftUI `Picker`.
    public var isSingleSelection: Bool { !allowsMultipleSelection }
}
