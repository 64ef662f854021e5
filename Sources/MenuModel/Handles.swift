// Typed handles: what generated code gives for each named element
// (`Notes.MenuBar.File.newNote`), a typed view of one kind.

/// A typed view of one element kind, as generated code's handles give it.
///
/// Every view answers for the element it wraps; the kind-specific
/// properties (an item's shortcut, a pop-up's options) are on the
/// conforming types, without optional-chaining through ``MenuElement/kind``.
public protocol MenuElementView: Sendable, Hashable {
    /// The element viewed.
    var element: MenuElement { get }
    /// A view of `element`, which must be of the kind the view is for
    /// (generated code only makes views of their own kind).
    init(_ element: MenuElement)
}

extension MenuElementView {
    /// The element's identifier.
    public var id: String { element.id }
    /// The element's path in its document (``MenuElement/path``).
    public var path: String { element.path }
    /// The label as written in the `.menu` file (not localized).
    public var sourceLabel: String? { element.label }
    /// The action the element triggers, as the file's `Action` enum
    /// (see ``MenuElement/action(_:)``).
    public func action<Action: RawRepresentable>(_ type: Action.Type) -> Action? where Action.RawValue == String {
        element.action(type)
    }
}

extension ItemProperties: MenuElementView {
    public init(_ element: MenuElement) { self.element = element }
}

extension MenuProperties: MenuElementView {
    public init(_ element: MenuElement) { self.element = element }
}

extension ViewProperties: MenuElementView {
    public init(_ element: MenuElement) { self.element = element }
}

extension ButtonProperties: MenuElementView {
    public init(_ element: MenuElement) { self.element = element }
}

extension ToggleProperties: MenuElementView {
    public init(_ element: MenuElement) { self.element = element }
}

extension PopUpProperties: MenuElementView {
    public init(_ element: MenuElement) { self.element = element }
}

extension PullDownProperties: MenuElementView {
    public init(_ element: MenuElement) { self.element = element }
}

extension OptionProperties: MenuElementView {
    public init(_ element: MenuElement) { self.element = element }
}

/// The menu bar.
public struct MenuBarProperties: MenuElementView {
    /// The menu bar element.
    public let element: MenuElement

    public init(_ element: MenuElement) { self.element = element }

    /// Its menus, in order.
    public var menus: [MenuElement] { element.menus }
}

/// A section, toolbar or row that has a name of its own.
public struct GroupProperties: MenuElementView {
    /// The group element.
    public let element: MenuElement

    public init(_ element: MenuElement) { self.element = element }

    /// The elements it groups, in order.
    public var children: [MenuElement] { element.children }
}
