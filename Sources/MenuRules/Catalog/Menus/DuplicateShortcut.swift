import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// The same keyboard shortcut twice in one menu bar or one menu tree.
struct DuplicateShortcut: Rule {
    /// The whole file: a view's button shortcuts are compared with the menu bar's.
    let scope = RuleScope.file
    let descriptor = RuleDescriptor(
        id: "duplicate-shortcut",
        severity: .error,
        guideline: Guidelines.menus("Labels"),
        summary: "The same keyboard shortcut is assigned twice within one menu bar, one menu, pull-down or context menu, or one view's buttons and the menu bar.",
        explanation: """
            A keyboard shortcut performs one command. When two items of a menu bar (across all its menus, \
            including menus added with `use`) or of one menu tree share a shortcut, only one of them can run \
            when people press it, and the menu shows the same keys twice. Shortcuts are compared in canonical \
            form, so "cmd+shift+z" and "⇧⌘Z" are the same. The second occurrence is reported; for items spliced \
            in with `use` or `menu:`, at the place that splices them.

            Buttons take part too: a shortcut on a button of a view (its toolbars and rows included) must differ \
            from the other buttons' of that view and from the file's menu bar, whose commands reach every window. \
            Different views may each have their own default (↩) and cancel (⎋) buttons.
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
            .triggering("""
                menubar {
                  menu File "File" { item newPost "New Post" { shortcut: "cmd+n" } }
                }
                view Compose "New Post" {
                  presentation: sheet
                  button cancel "Cancel" { role: cancel; shortcut: "escape"; action: dismissCompose }
                  button publish "Publish" { role: primary; shortcut: ↓"⌘N"; action: publishPost }
                }
                """),
            .passing("""
                menubar {
                  menu File "File" { item newPost "New Post" { shortcut: "cmd+n" } }
                }
                view Compose "New Post" {
                  presentation: sheet
                  button cancel "Cancel" { role: cancel; shortcut: "escape"; action: dismissCompose }
                  button publish "Publish" { role: primary; shortcut: "cmd+return"; action: publishPost }
                }
                view DeletePost "Delete Post?" {
                  presentation: alert
                  button cancel "Cancel" { role: cancel; shortcut: "escape"; action: dismissAlert }
                  button delete "Delete" { role: destructive; action: deletePost }
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

    /// An element with a shortcut: its index in the store (no `Element`
    /// is made while collecting: most shortcuts are not repeated).
    private struct Use {
        var index: Int32
        /// Index of the shortcut among the model's distinct shortcuts.
        var shortcut: Int
    }

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        let store = file.store
        var uses: [Use] = []
        var first = FirstSeen<Int, Use>()
        for (element, ancestors) in file.walk(.menubar, .menu, .pulldown, .contextmenu) {
            // One tree per menu bar, and per menu, pull-down or context menu not inside a menu bar or another menu.
            let isRoot = element.kind == .menubar
                || (element.kind.holdsMenuElements && element.kind != .submenu
                    && !ancestors.contains { $0.kind == .menubar || $0.kind.holdsMenuElements })
            guard isRoot, !element.isSpliced else { continue }
            uses.shrink(to: 0)
            Self.collect(Int32(element.index), in: store, into: &uses)
            guard uses.count > 1 else { continue }
            first.removeAll()
            for use in uses {
                guard let earlier = first[use.shortcut] else {
                    first.insert(use, for: use.shortcut)
                    continue
                }
                report(use, repeating: earlier, file: file, &reporter)
            }
        }
        checkButtons(of: file, &reporter)
    }

    /// Each view's button shortcuts against each other and the menu bar's.
    private func checkButtons(of file: CheckedFile, _ reporter: inout RuleReporter) {
        let store = file.store
        var barUses: [Use] = []
        for declaration in file.declarations where declaration.kind == .menubar {
            Self.collect(Int32(declaration.index), in: store, into: &barUses)
        }
        var uses: [Use] = []
        var first = FirstSeen<Int, Use>()
        for (view, _) in file.walk(.view) {
            guard !view.isSpliced else { continue }
            uses = barUses
            Self.collectButtons(Int32(view.index), in: store, into: &uses)
            guard uses.count > barUses.count else { continue }
            first.removeAll()
            for (position, use) in uses.enumerated() {
                guard let earlier = first[use.shortcut] else {
                    first.insert(use, for: use.shortcut)
                    continue
                }
                // The menu bar's own repeats are reported with the menu bar.
                if position >= barUses.count { report(use, repeating: earlier, file: file, &reporter) }
            }
        }
    }

    /// The shortcuts of a view's buttons and toggle buttons, through its
    /// toolbars and rows (its menus are trees of their own).
    private static func collectButtons(_ index: Int32, in store: ModelStore, into uses: inout [Use]) {
        let record = store.records[Int(index)]
        let first = Int(record.firstChild)
        for position in first..<(first + Int(record.childCount)) {
            let child = store.children[position]
            let childRecord = store.records[Int(child)]
            switch childRecord.kind {
            case .button, .toggle:
                if childRecord.propertyCount > 0, let stored = store.writtenProperty(.shortcut, of: childRecord), stored.kind == .shortcut {
                    uses.append(Use(index: child, shortcut: Int(stored.payload)))
                }
            case .toolbar, .row:
                collectButtons(child, in: store, into: &uses)
            case .menubar, .menu, .view, .contextmenu, .popup, .pulldown, .option, .item, .section, .submenu:
                continue
            }
        }
    }

    private func report(_ use: Use, repeating earlier: Use, file: CheckedFile, _ reporter: inout RuleReporter) {
        let element = Element(store: file.store, index: Int(use.index))
        let earlierElement = Element(store: file.store, index: Int(earlier.index))
        // Both copied by one splice: a duplicate inside the declared menu, reported there.
        if let origin = element.origin, origin == earlierElement.origin { return }
        guard let span = element.property(.shortcut)?.valueSpan, let earlierSpan = earlierElement.property(.shortcut)?.valueSpan,
              let at = MenuQueries.span(span, of: element, in: file),
              let previous = MenuQueries.span(earlierSpan, of: earlierElement, in: file) else { return }
        let display = file.store.shortcuts[use.shortcut].display
        reporter.report("shortcut \(display) of \(MenuQueries.name(of: element)) is already used by \(MenuQueries.name(of: earlierElement))",
                        at: at, label: "\(display) again", element: element,
                        secondary: [LabeledSpan(previous, "first used here")],
                        help: "give one of them a different shortcut, or remove one")
    }

    /// Every shortcut in the tree, depth-first in source order. Appends to
    /// an array rather than calling back: a closure over the caller's
    /// table made every access to it a checked one.
    private static func collect(_ index: Int32, in store: ModelStore, into uses: inout [Use]) {
        let record = store.records[Int(index)]
        if record.propertyCount > 0, let stored = store.writtenProperty(.shortcut, of: record), stored.kind == .shortcut {
            uses.append(Use(index: index, shortcut: Int(stored.payload)))
        }
        let first = Int(record.firstChild)
        for position in first..<(first + Int(record.childCount)) { collect(store.children[position], in: store, into: &uses) }
    }
}
