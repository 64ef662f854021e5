import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// A keyboard shortcut on an item that only appears in a context menu:
/// written in one, or in a declared menu that the file's menu bar doesn't
/// show and only context menus take (`menu: X`, `use X`). It compares the
/// menu bar with the context menus, so it needs the whole file.
struct ContextMenuShortcut: Rule {
    let scope = RuleScope.file
    let descriptor = RuleDescriptor(
        id: "context-menu-shortcut",
        severity: .warning,
        guideline: Guidelines.menus("Labels"),
        summary: "An item written in a context menu has a keyboard shortcut, which context menus don't display.",
        explanation: """
            A context menu is already a quick way to reach task-specific actions, so it doesn't display keyboard \
            shortcuts. A shortcut on an item that only appears there is never shown, and people can't learn it. \
            Put the shortcut on the same command in a menu-bar menu, and remove it here. Items that a context \
            menu takes from a declared menu (`menu: X`, `use X`) keep their shortcuts when the declared menu may \
            be shown elsewhere; in a file with a menu bar that doesn't show it, and where nothing but context \
            menus takes it, its shortcuts are never shown either and are reported where they are written.
            """,
        quote: "Unlike most other types of menus, a context menu doesn’t display keyboard shortcuts because it already provides a quick way to get task-specific actions.",
        hasFixIt: true,
        examples: [
            .triggering("""
                contextmenu photo {
                  item copy "Copy" { symbol: "doc.on.doc"; ↓shortcut: "cmd+c"; action: copyPhoto }
                  item hide "Hide" { symbol: "eye.slash"; action: hidePhoto }
                }
                """, corrected: """
                contextmenu photo {
                  item copy "Copy" { symbol: "doc.on.doc"; action: copyPhoto }
                  item hide "Hide" { symbol: "eye.slash"; action: hidePhoto }
                }
                """),
            .triggering("""
                view Library "Library" {
                  contextmenu album {
                    section {
                      item rename "Rename…" {
                        input: true
                        ↓shortcut: "cmd+r"
                      }
                    }
                    toggle favorite { on: "Unfavorite"; off: "Favorite"; ↓shortcut: "⌘L" }
                  }
                }
                """, corrected: """
                view Library "Library" {
                  contextmenu album {
                    section {
                      item rename "Rename…" {
                        input: true
                      }
                    }
                    toggle favorite { on: "Unfavorite"; off: "Favorite" }
                  }
                }
                """),
            .triggering("""
                platforms macOS 14
                menubar {
                  menu File "File" { item new "New Message" { shortcut: "cmd+n"; action: newMessage } }
                }
                menu MessageActions "Message Actions" {
                  item reply "Reply" { ↓shortcut: "cmd+r"; action: reply }
                }
                contextmenu messageList { menu: MessageActions }
                """, corrected: """
                platforms macOS 14
                menubar {
                  menu File "File" { item new "New Message" { shortcut: "cmd+n"; action: newMessage } }
                }
                menu MessageActions "Message Actions" {
                  item reply "Reply" { action: reply }
                }
                contextmenu messageList { menu: MessageActions }
                """),
            .passing("""
                menu MessageActions "Message Actions" {
                  item reply "Reply" { shortcut: "cmd+r"; action: reply }
                }
                contextmenu messageList { menu: MessageActions }
                """),
            .passing("""
                platforms macOS 14
                menubar {
                  menu File "File" { item new "New Message" { shortcut: "cmd+n"; action: newMessage } }
                  use MessageActions
                }
                menu MessageActions "Message" {
                  item reply "Reply" { shortcut: "cmd+r"; action: reply }
                }
                contextmenu messageList { menu: MessageActions }
                """),
            .passing("""
                contextmenu photo {
                  item copy "Copy" { symbol: "doc.on.doc"; action: copyPhoto }
                }
                menu Edit "Edit" { item copy "Copy" { shortcut: "cmd+c"; action: copy } }
                """),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        // Only items and changeable-title toggles take shortcuts; test the cheap things first.
        let store = file.store
        let contextOnly = Self.menusShownOnlyInContextMenus(file)
        // Without menus shown only as context menus, only an element inside
        // a context menu can have a shortcut never shown: the others are
        // left out by their records, before a handle is made.
        let candidates = file.walk(.item, .toggle).matching { record in
            !record.isSpliced && store.writtenProperty(.shortcut, of: record) != nil
                && (!contextOnly.isEmpty || store.hasAncestor(of: .contextmenu, from: record.parent))
        }
        for (element, ancestors) in candidates {
            let through: String?
            if ancestors.contains(kind: .contextmenu) {
                through = nil
            } else if !contextOnly.isEmpty, let declaration = ancestors.first, declaration.kind == .menu, contextOnly.contains(declaration.id) {
                through = declaration.id
            } else {
                continue
            }
            guard let shortcut = element.property(.shortcut), let span = shortcut.span else { continue }
            let shown = shortcut.value.shortcutValue.map { " (\($0.display))" } ?? ""
            let removal = TextRanges.removalSpan(for: span, in: file.source)
            let place = through.map { ", but '\($0)' is only shown as a context menu, which doesn't display shortcuts" } ?? ", but context menus don't display shortcuts"
            reporter.report("\(element.displayName) has a keyboard shortcut\(shown)\(place)",
                            at: span, label: "never shown", element: element,
                            help: "put the shortcut on the same command in a menu-bar menu, and remove it here",
                            fixIts: [FixIt(message: "remove the shortcut", edits: [TextEdit(span: removal, replacement: "")])])
        }
    }

    /// The declared menus of a file with a menu bar whose items only
    /// context menus take: spliced into a context menu, and nowhere else
    /// (not into the menu bar, a pull-down, a submenu or another menu).
    /// Without a menu bar in the file, where else a menu is shown is not
    /// known, and nothing is reported.
    static func menusShownOnlyInContextMenus(_ file: CheckedFile) -> Set<String> {
        guard file.declarations.contains(where: { $0.kind == .menubar }) else { return [] }
        var inContextMenus = Set<String>()
        var elsewhere = Set<String>()
        for (element, ancestors) in file.walk().matching({ $0.isSpliced }) {
            guard let origin = element.origin else { continue }
            if ancestors.contains(kind: .contextmenu) { inContextMenus.insert(origin.menu) } else { elsewhere.insert(origin.menu) }
        }
        return inContextMenus.subtracting(elsewhere)
    }
}
