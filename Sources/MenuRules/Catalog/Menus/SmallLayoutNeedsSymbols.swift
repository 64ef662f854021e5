import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// A small or medium menu layout whose top row has items without symbols.
struct SmallLayoutNeedsSymbols: Rule {
    let scope = RuleScope.declaration
    let descriptor = RuleDescriptor(
        id: "small-layout-needs-symbols",
        severity: .error,
        guideline: Guidelines.menus("iOS, iPadOS"),
        summary: "One of the first four items of a `layout: small` menu, or of the first three of a `layout: medium` one, has no symbol.",
        explanation: """
            In the small layout, the first four items form a row at the top of the menu that shows only a \
            symbol for each, no label; in the medium layout the first three show a symbol above a short label. \
            An item without a symbol shows up there as an empty button. Give each item of the top row a \
            recognizable symbol, or use the large layout. Items are counted through sections. The layout of a \
            pull-down's menu is checked the same way, and so is a section's: `section { layout: small … }` shows \
            its first items as a row of symbols inside a larger menu.
            """,
        quote: "Use the small layout only for closely related actions that typically appear as a group, such as Bold, Italic, Underline, and Strikethrough. For each action, use a recognizable symbol that helps people identify the action without a label.",
        examples: [
            .triggering("""
                platforms iOS 17, iPadOS 17
                contextmenu text {
                  layout: small
                  item bold "Bold" { symbol: "bold" }
                  item italic "Italic" { symbol: "italic" }
                  item underline ↓"Underline"
                  item strikethrough "Strikethrough" { symbol: "strikethrough" }
                  item copy "Copy"
                }
                """),
            .triggering("""
                platforms iOS 17, iPadOS 17
                menu NoteActions "Note Actions" {
                  item scan "Scan" { symbol: "doc.viewfinder" }
                  item lock "Lock" { symbol: "lock" }
                  item pin "Pin"
                }
                view Notes "Notes" {
                  contextmenu note { layout: medium; menu: ↓NoteActions }
                }
                """),
            .passing("""
                platforms iOS 17, iPadOS 17
                contextmenu album {
                  layout: medium
                  item rename "Rename…" { symbol: "pencil"; input: true }
                  item share "Share…" { symbol: "square.and.arrow.up"; input: true }
                  item play "Play" { symbol: "play" }
                  item deleteAlbum "Delete Album" { role: destructive }
                }
                """),
            .triggering("""
                platforms iOS 17, iPadOS 17
                view Compose "New Post" {
                  pulldown more { symbol: "ellipsis.circle"
                    section { layout: small
                      item camera "Camera" { symbol: "camera" }
                      item ↓"Poll"
                    }
                    item drafts "Drafts" { opens: sheet }
                  }
                }
                """),
            .passing("""
                contextmenu photo {
                  item copy "Copy"
                  item share "Share…" { input: true }
                }
                """),
            .passing("""
                platforms iOS 17, iPadOS 17
                view Compose "New Post" {
                  pulldown more { symbol: "ellipsis.circle"; layout: medium
                    item camera "Camera" { symbol: "camera" }
                    item poll "Poll" { symbol: "chart.bar" }
                    item emoji "Emoji" { symbol: "face.smiling" }
                    item drafts "Drafts" { opens: sheet }
                  }
                }
                """),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        let store = file.store
        // Only a written layout can be small or medium (a context menu's
        // default is large): the others are left out by their records,
        // before a handle is made.
        let withLayouts = file.walk(.menu, .contextmenu, .pulldown, .section).matching { record in
            !record.isSpliced && (record.kind != .section || record.context == .menu) && store.writtenProperty(.layout, of: record) != nil
        }
        for (element, _) in withLayouts {
            guard let layout = element.symbol(.layout) else { continue }
            let rowSize: Int
            switch layout {
            case "small": rowSize = 4
            case "medium": rowSize = 3
            default: continue
            }
            var reportedSites = Set<Span>()
            for item in element.menuEntries.prefix(rowSize) where item.string("symbol") == nil {
                let at: Span
                if item.origin == nil {
                    at = item.focusSpan
                } else if let site = MenuQueries.span(item.focusSpan, of: item, in: file), reportedSites.insert(site).inserted {
                    at = site
                } else {
                    continue
                }
                reporter.report("\(MenuQueries.name(of: item)) is in the top row of the \(layout)-layout \(element.displayName), which shows a symbol for each item, but it has none",
                                at: at, label: "no symbol", element: item,
                                help: "give it a recognizable symbol (symbol: \"…\"), move it below the first \(rowSize) items, or use the large layout")
            }
        }
    }
}
