import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// What the pop-up rules ask of a pop-up button.
enum PopUpQueries {
    /// The pop-up's options, directly or in its sections, in source order.
    static func options(of popup: Element) -> [Element] {
        members(of: popup) { $0 == .option }
    }

    /// Items and submenus in the pop-up, directly or in its sections: the
    /// entries that make it more than a flat list of options.
    static func nonOptions(of popup: Element) -> [Element] {
        members(of: popup) { $0 == .item || $0 == .submenu }
    }

    /// The pop-up's entries with its sections opened up (one level: sections don't nest).
    private static func members(of popup: Element, where include: (ElementKind) -> Bool) -> [Element] {
        // Appended to one array: an array per child, then a filtered copy, cost more than the rules' tests.
        var members: [Element] = []
        for child in popup.children {
            if child.kind == .section {
                for member in child.children where include(member.kind) { members.append(member) }
            } else if include(child.kind) {
                members.append(child)
            }
        }
        return members
    }
}
