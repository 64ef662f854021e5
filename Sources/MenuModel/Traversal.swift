// Finding and walking elements: by id path, depth-first over everything,
// and the summaries apps need (every action, every shortcut).

extension MenuElement {
    /// The child with this identifier, looking through transparent groups
    /// (the next component of a path).
    public func child(_ id: String) -> MenuElement? {
        // Iterative, in source order: a decoded document may nest deeply.
        var pending: [ArraySlice<MenuElement>] = [children[...]]
        while var siblings = pending.popLast() {
            guard let child = siblings.popFirst() else { continue }
            pending.append(siblings)
            if child.id == id { return child }
            if child.isTransparent { pending.append(child.children[...]) }
        }
        return nil
    }

    /// The descendant at a path relative to this element (`File/newNote`
    /// below a menu bar); the empty path is the element itself.
    public func descendant(atPath relativePath: String) -> MenuElement? {
        var current = self
        for component in relativePath.split(separator: "/", omittingEmptySubsequences: true) {
            guard let next = current.child(String(component)) else { return nil }
            current = next
        }
        return current
    }

    /// This element and everything below it, depth-first in source order.
    public var allElements: [MenuElement] {
        var result: [MenuElement] = []
        forEachElement { result.append($0) }
        return result
    }

    /// Calls `body` on this element and everything below it, depth-first in
    /// source order. Iterative, so deep nesting can't exhaust the stack.
    public func forEachElement(_ body: (MenuElement) throws -> Void) rethrows {
        var stack: [MenuElement] = [self]
        while let element = stack.popLast() {
            try body(element)
            stack.append(contentsOf: element.children.reversed())
        }
    }
}

/// A keyboard shortcut and the menu item it performs.
public struct ShortcutBinding: Sendable, Hashable {
    /// The shortcut.
    public var shortcut: KeyboardShortcut
    /// The item or changeable-title toggle that has it.
    public var element: MenuElement

    /// Creates a binding.
    public init(shortcut: KeyboardShortcut, element: MenuElement) {
        self.shortcut = shortcut
        self.element = element
    }
}

extension MenuDocument {
    /// The element at an id path such as `menubar/File/newNote` (the
    /// ``MenuElement/path`` of every element).
    public func element(atPath path: String) -> MenuElement? {
        let components = path.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: true)
        guard let first = components.first, let declaration = declaration(String(first)) else { return nil }
        return components.count == 2 ? declaration.descendant(atPath: String(components[1])) : declaration
    }

    /// The element at an id path; see ``element(atPath:)``.
    public subscript(path path: String) -> MenuElement? { element(atPath: path) }

    /// Every element of the document, depth-first in source order.
    public var allElements: [MenuElement] {
        var result: [MenuElement] = []
        forEachElement { result.append($0) }
        return result
    }

    /// Calls `body` on every element, depth-first in source order.
    public func forEachElement(_ body: (MenuElement) throws -> Void) rethrows {
        for declaration in declarations { try declaration.forEachElement(body) }
    }

    /// Every menu item and changeable-title toggle, in source order.
    public var allMenuItems: [MenuElement] {
        allElements.filter(\.isMenuItem)
    }

    /// Every action the document can trigger (``MenuElement/performedAction``:
    /// `action:` values and derived actions), without repeats, sorted: the
    /// cases of the generated `Action` enum.
    public var actions: [String] {
        var names = Set<String>()
        forEachElement { element in
            if let action = element.performedAction { names.insert(action) }
        }
        return names.sorted()
    }

    /// The elements that perform `action`, in source order.
    public func elements(performing action: String) -> [MenuElement] {
        allElements.filter { $0.performedAction == action }
    }

    /// Every keyboard shortcut and the item that has it, in source order.
    public var shortcuts: [ShortcutBinding] {
        allElements.compactMap { element in
            element.shortcut.map { ShortcutBinding(shortcut: $0, element: element) }
        }
    }
}
