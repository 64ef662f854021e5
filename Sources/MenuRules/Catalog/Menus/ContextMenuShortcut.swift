import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// A keyboard shortcut on an item that only appears in a context menu.
struct ContextMenuShortcut: Rule {
    let scope = RuleScope.declaration
    let descriptor = RuleDescriptor(
        id: "context-menu-shortcut",
        severity: .warning,
        guideline: Guidelines.menus("Labels"),
        summary: "An item written in a context menu has a keyboard shortcut, which context menus don't display.",
        explanation: """
            A context menu is already a quick way to reach task-specific actions, so it doesn't display keyboard \
            shortcuts. A shortcut on an item that only appears there is never shown, and people can't learn it. \
            Put the shortcut on the same command in a menu-bar menu, and remove it here. Items that a context \
            menu takes from a declared menu (`menu: X`, `use X`) keep their shortcuts: the declared menu is \
            shown elsewhere too.
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
            .passing("""
                menu MessageActions "Message Actions" {
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
        file.walk(.item, .toggle, where: { $0.origin < 0 && store.writtenProperty(.shortcut, of: $0) != nil }) { element, ancestors in
            guard ancestors.contains(kind: .contextmenu),
                  let shortcut = element.property(.shortcut), let span = shortcut.span else { return }
            let shown = shortcut.value.shortcutValue.map { " (\($0.display))" } ?? ""
            let removal = TextRanges.removalSpan(for: span, in: file.source)
            reporter.report("\(element.displayName) has a keyboard shortcut\(shown), but context menus don't display shortcuts",
                            at: span, label: "never shown", element: element,
                            help: "put the shortcut on the same command in a menu-bar menu, and remove it here",
                            fixIts: [FixIt(message: "remove the shortcut", edits: [TextEdit(span: removal, replacement: "")])])
        }
    }
}
