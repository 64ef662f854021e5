/// What the pop-up rules ask of a pop-up button.
enum PopUpQueries {
    /// The pop-up's options, directly or in its sections, in source order.
    static func options(of popup: Element) -> [Element] {
        members(of: popup).filter { $0.kind == .option }
    }

    /// Items and submenus in the pop-up, directly or in its sections: the
    /// entries that make it more than a flat list of options.
    static func nonOptions(of popup: Element) -> [Element] {
        members(of: popup).filter { $0.kind == .item || $0.kind == .submenu }
    }

    /// The pop-up's entries with its sections opened up (one level: sections don't nest).
    private static func members(of popup: Element) -> [Element] {
        popup.children.flatMap { child in child.kind == .section ? Array(child.children) : [child] }
    }
}
