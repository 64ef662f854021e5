import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// A menu whose top level is too long to scan.
struct MenuTooLong: Rule {
    /// The whole file at once: whether a top-level menu is a menu-bar menu depends on the menu bars and
    /// splices elsewhere in the file.
    let scope = RuleScope.file

    let descriptor = RuleDescriptor(
        id: "menu-too-long",
        severity: .warning,
        guideline: Guidelines.menus("Organization"),
        summary: "A menu-bar menu lists more than 25 items, or another menu more than 15, and isn't marked `dynamic: true`.",
        explanation: """
            People need more time and attention to read a long menu, and may miss the command they want. \
            Items are counted through sections, since a separator doesn't shorten what people read; items in \
            submenus are not counted. A menu-bar menu may list up to 25 items, a context menu or other menu up \
            to 15 (both configurable). Split a long menu into separate menus, or move closely related items \
            into a submenu. A menu of user-defined or generated content (History, Bookmarks) may be long: mark \
            it `dynamic: true`.

            A declared menu is judged where it is shown: in a menu bar it gets the menu-bar limit, and a menu \
            whose items are spliced into another one is counted as part of that one. A declared menu that this \
            file doesn't show anywhere may be a menu-bar menu of another file, so it gets the menu-bar limit. \
            Pull-down buttons (pulldown-too-many-items) and submenus (submenu-too-long) have their own rules.
            """,
        quote: "Be mindful of menu length. People need more time and attention to read a long menu, which means they may miss the command they want. If a menu is long, you might need to break it into separate menus.",
        examples: [
            .triggering("menubar {\n  menu Tools ↓\"Tools\" {\n" + MenuTooLong.sampleItems(26, sections: 3) + "  }\n}\n"),
            .triggering("view Document \"Document\" {\n  contextmenu ↓page {\n" + MenuTooLong.sampleItems(16, sections: 2) + "  }\n}\n"),
            .passing("menubar {\n  menu Tools \"Tools\" {\n" + MenuTooLong.sampleItems(25, sections: 4) + "  }\n}\n"),
            .passing("contextmenu page {\n" + MenuTooLong.sampleItems(15, sections: 1) + "}\n"),
            .passing("menubar {\n  menu History \"History\" {\n    dynamic: true\n" + MenuTooLong.sampleItems(30, sections: 1) + "  }\n}\n"),
        ]
    )

    /// Realistic item lines for the examples, split into `sections` sections.
    static func sampleItems(_ count: Int, sections: Int) -> String {
        let labels = [
            "Check Spelling", "Check Grammar", "Count Words", "Show Statistics", "Insert Date", "Insert Time",
            "Insert Page Number", "Insert Footnote", "Insert Comment", "Insert Link", "Insert Table", "Insert Chart",
            "Insert Shape", "Insert Image", "Insert Equation", "Add Bookmark", "Show Bookmarks", "Track Changes",
            "Accept All Changes", "Reject All Changes", "Compare Documents", "Merge Documents", "Protect Document",
            "Translate", "Record Macro", "Run Macro", "Customize Toolbar", "Show Ruler", "Show Guides", "Show Invisibles",
        ]
        let perSection = (count + sections - 1) / sections
        var text = ""
        for start in stride(from: 0, to: count, by: perSection) {
            let lines = labels[start..<min(count, start + perSection)].map { "      item \"\($0)\"\n" }
            text += sections > 1 ? "    section {\n" + lines.joined() + "    }\n" : lines.joined().replacingBytes(of: "      item", with: "    item")
        }
        return text
    }

    /// Whether a top-level menu is shown as it is declared: in the menu bar, or spliced nowhere.
    private static func isShownAtTopLevel(_ id: String, inMenuBar: Set<String>, spliced: Set<String>) -> Bool {
        inMenuBar.contains(id) || !spliced.contains(id)
    }

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        let inMenuBar = MenuQueries.menuBarMenuNames(in: file)
        let spliced = MenuQueries.splicedMenuNames(in: file)
        let thresholds = reporter.thresholds
        for (element, ancestors) in file.walk(.menu, .contextmenu) {
            guard !element.isSpliced, !MenuQueries.isDynamic(element, in: file) else { continue }
            let limit: Int
            let kind: String
            switch element.kind {
            case .menu where ancestors.last?.kind == .menubar:
                (limit, kind) = (thresholds.menuBarMenuMaxItems, "a menu-bar menu")
            case .menu where ancestors.isEmpty:
                // Shown only inside other menus: counted there. (Without
                // splices, none is: a declaration's identifier may be derived
                // again when read, and a file of a million menus read each twice.)
                guard spliced.isEmpty || Self.isShownAtTopLevel(element.id, inMenuBar: inMenuBar, spliced: spliced) else { continue }
                (limit, kind) = (thresholds.menuBarMenuMaxItems, "a menu-bar menu")
            case .contextmenu:
                (limit, kind) = (thresholds.menuMaxItems, "a context menu")
            default:
                continue
            }
            let count = element.menuEntryCount
            guard count > limit else { continue }
            reporter.report("\(element.displayName) lists \(count) items; \(kind) should list at most \(limit)",
                            at: element.focusSpan, label: "\(count) items", element: element,
                            help: "split it into separate menus or move related items into a submenu; if its items are user-defined or generated, mark the menu 'dynamic: true'")
        }
    }
}
