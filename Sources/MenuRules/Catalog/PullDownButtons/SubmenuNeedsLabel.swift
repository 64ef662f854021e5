import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// A submenu that shows nothing to say what it contains.
struct SubmenuNeedsLabel: Rule {
    let scope = RuleScope.declaration
    let descriptor = RuleDescriptor(
        id: "submenu-needs-label",
        severity: .error,
        guideline: Guidelines.buttonsOlder("Pull-Down Buttons"),
        summary: "A submenu has neither a label nor a symbol.",
        explanation: """
            A submenu is an item people choose to reveal more items. Without a label or a symbol, its row \
            shows nothing, so people can't tell what it holds without opening it (and VoiceOver has nothing to \
            read). Give it a label naming what it contains — often the term its items share, like "Sort By" — \
            and, where it helps, a symbol. The identifier doesn't count: people never see it.
            """,
        quote: "If you need to use a submenu, be sure to give it a title or glyph that clearly identifies its items so people don’t have to open it to find out what it contains.",
        examples: [
            .triggering("""
                view Library "Library" {
                  button add "Add" { symbol: "plus"; action: addItem }
                  pulldown more "More" {
                    symbol: "ellipsis.circle"
                    item select "Select" { action: select }
                    submenu ↓sortBy {
                      item date "Date" { state: on }
                      item title "Title" { state: off }
                    }
                    item refresh "Refresh" { action: refresh }
                  }
                }
                """),
            .triggering("""
                menu View "View" {
                  item showSidebar "Show Sidebar" { action: showSidebar }
                  section {
                    ↓submenu {
                      item small "Small" { state: off }
                      item large "Large" { state: on }
                    }
                  }
                }
                """),
            .passing("""
                menu View "View" {
                  item showSidebar "Show Sidebar" { action: showSidebar }
                  submenu sortBy "Sort By" {
                    item date "Date" { state: on }
                    item title "Title" { state: off }
                  }
                }
                """),
            .passing("""
                contextmenu photo {
                  item copy "Copy" { symbol: "doc.on.doc"; action: copyPhoto }
                  submenu rotate { symbol: "rotate.right"; item left "Rotate Left" { action: rotateLeft }; item right "Rotate Right" { action: rotateRight } }
                }
                """),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        for (element, _) in file.walk(.submenu) {
            guard element.kind == .submenu, !element.isSpliced,
                  PullDownQueries.visibleLabel(of: element) == nil, PullDownQueries.symbol(of: element) == nil else { continue }
            let help: String
            if element.idSource == .explicit {
                help = "add a label naming what it holds, e.g. submenu \(element.id) \"\(PullDownQueries.titleWords(of: element.id))\""
            } else {
                help = "add a label naming what it holds, e.g. submenu \"Sort By\", or a symbol"
            }
            reporter.report("\(element.displayName) has neither a label nor a symbol",
                            at: element.focusSpan, label: "nothing shows what this submenu holds", element: element, help: help)
        }
    }
}
