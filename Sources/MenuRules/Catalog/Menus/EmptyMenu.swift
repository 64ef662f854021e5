import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// A menu, submenu, section, pull-down or context menu that lists nothing.
struct EmptyMenu: Rule {
    let scope = RuleScope.declaration
    let descriptor = RuleDescriptor(
        id: "empty-menu",
        severity: .error,
        guideline: GuidelineCitation(file: Guidelines.menusFile, section: "Menus", url: Guidelines.base + "menus"),
        summary: "A menu, submenu, section, pull-down or context menu has no items.",
        explanation: """
            Every menu lists one or more items. An empty menu opens onto nothing, an empty submenu is a dead \
            end, and an empty section only adds a separator. Add the items it should list, or remove it. \
            Menus whose items come from elsewhere are not empty: one that takes them with `menu: X` (X is \
            checked where it is declared), one that splices them with `use`, and one marked `dynamic: true`, \
            whose items are generated while the app runs (Open Recent).
            """,
        quote: "Regardless of type, all menus list one or more menu items, each of which represents a command, option, or state that affects the current selection or context.",
        examples: [
            .triggering("""
                menu File "File" {
                  item close "Close" { shortcut: "cmd+w" }
                  submenu share ↓"Share"
                }
                """),
            .triggering("""
                view Notes "Notes" {
                  pulldown sort ↓"Sort" { symbol: "arrow.up.arrow.down" }
                }
                menu Edit "Edit" {
                  ↓section {}
                  section { item copy "Copy" { shortcut: "cmd+c" } }
                }
                """),
            .passing("""
                menu File "File" {
                  submenu openRecent "Open Recent" { dynamic: true }
                  item close "Close" { shortcut: "cmd+w" }
                }
                """),
            .passing("""
                menu MessageActions "Message Actions" {
                  item reply "Reply"
                  item forward "Forward"
                }
                contextmenu messageList { menu: MessageActions }
                """),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        // Only empty containers matter; the record tells before a handle is made.
        for (element, ancestors) in file.walk(.menu, .submenu, .section, .pulldown, .contextmenu).matching({ $0.childCount == 0 && !$0.isSpliced }) {
            // Items that come from elsewhere: the menu they come from is checked itself.
            guard !element.has(.menu), !MenuQueries.hostsUse(element, in: file),
                  element.bool("dynamic") != true else { continue }
            let what = element.context == .control && element.kind == .section ? "options" : "items"
            let help: String
            switch element.kind {
            case .section: help = "add the \(what) it groups, or remove the section: an empty one only adds a separator"
            case .pulldown: help = "list its items, take them from a declared menu with 'menu: X', or use a plain button"
            default: help = "list its items, or remove it"
            }
            // The name is made only for a finding that is kept: past the
            // shown limit, making it was most of this rule's time on a file of
            // millions of empty declarations.
            func name() -> String {
                if element.kind == .section, element.idSource == .synthetic, let parent = ancestors.last { return "a section of \(parent.displayName)" }
                return element.displayName
            }
            reporter.report("\(name()) has no \(what)", at: element.focusSpan, label: "empty", element: element, help: help)
        }
    }
}
