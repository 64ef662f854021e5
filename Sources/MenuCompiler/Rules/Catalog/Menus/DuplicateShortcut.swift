/// The same keyboard shortcut twice in one menu bar or one menu tree.
struct DuplicateShortcut: Rule {
    let descriptor = RuleDescriptor(
        id: "duplicate-shortcut",
        severity: .error,
        guideline: Guidelines.menus("Labels"),
        summary: "The same keyboard shortcut is assigned twice within one menu bar, or within one menu, pull-down or context menu.",
        explanation: """
            A keyboard shortcut performs one command. When two items of a menu bar (across all its menus, \
            including menus added with `use`) or of one menu tree share a shortcut, only one of them can run \
            when people press it, and the menu shows the same keys twice. Shortcuts are compared in canonical \
            form, so "cmd+shift+z" and "⇧⌘Z" are the same. The second occurrence is reported; for items spliced \
            in with `use` or `menu:`, at the place that splices them.
            """,
        quote: "In addition to text and symbols, a menu item can also display the characters people type to perform the associated keyboard shortcut, if there is one.",
        examples: [
            .triggering("""
                menubar {
                  menu File "File" {
                    item newNote "New Note" { shortcut: "cmd+n" }
                    item newFolder "New Folder" { shortcut: ↓"⌘N" }
                  }
                }
                """),
            .triggering("""
                menu Edit "Edit" {
                  item undo "Undo" { shortcut: "cmd+z" }
                  item redo "Redo" { shortcut: "cmd+shift+z" }
                }
                menubar {
                  menu Format "Format" {
                    item bold "Bold" { shortcut: "cmd+b" }
                    item sizeUp "Bigger" { shortcut: "cmd+z" }
                  }
                  ↓use Edit
                }
                """),
            .passing("""
                menubar {
                  menu File "File" { item newNote "New Note" { shortcut: "cmd+n" } }
                  menu Window "Window" { item minimize "Minimize" { shortcut: "cmd+m" } }
                }
                contextmenu note { item newNote "New Note" { action: newNote } }
                """),
            .passing("""
                menu Edit "Edit" {
                  item redo "Redo" { shortcut: "cmd+shift+z" }
                  item undo "Undo" { shortcut: "cmd+z" }
                }
                view Editor "Editor" {
                  pulldown edit "Edit" { menu: Edit }
                }
                """),
        ]
    )

    private struct Use {
        var element: Element
        /// Index of the shortcut among the model's distinct shortcuts.
        var shortcut: Int
    }

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        let shortcuts = file.store.shortcuts
        file.walk(.menubar, .menu, .pulldown, .contextmenu) { element, ancestors in
            // One tree per menu bar, and per menu, pull-down or context menu not inside a menu bar or another menu.
            let isRoot = element.kind == .menubar
                || (element.kind.holdsMenuElements && element.kind != .submenu
                    && !ancestors.contains { $0.kind == .menubar || $0.kind.holdsMenuElements })
            guard isRoot, !element.isSpliced else { return }
            var first = FirstSeen<Int, Use>()
            collect(element) { use in
                guard let earlier = first[use.shortcut] else {
                    first.insert(use, for: use.shortcut)
                    return
                }
                // Both copied by one splice: a duplicate inside the declared menu, reported there.
                if let origin = use.element.origin, origin == earlier.element.origin { return }
                guard let span = use.element.property(.shortcut)?.valueSpan, let earlierSpan = earlier.element.property(.shortcut)?.valueSpan,
                      let at = MenuQueries.span(span, of: use.element, in: file),
                      let previous = MenuQueries.span(earlierSpan, of: earlier.element, in: file) else { return }
                let display = shortcuts[use.shortcut].display
                reporter.report("shortcut \(display) of \(MenuQueries.name(of: use.element)) is already used by \(MenuQueries.name(of: earlier.element))",
                                at: at, label: "\(display) again", element: use.element,
                                secondary: [LabeledSpan(previous, "first used here")],
                                help: "give one of them a different shortcut, or remove one")
            }
        }
    }

    /// Every shortcut in the tree, depth-first in source order.
    private func collect(_ element: Element, _ found: (Use) -> Void) {
        if let shortcut = element.shortcutIndex { found(Use(element: element, shortcut: shortcut)) }
        for child in element.children { collect(child, found) }
    }
}
