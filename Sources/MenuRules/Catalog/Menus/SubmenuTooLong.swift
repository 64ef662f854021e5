import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// A submenu with more than about five items.
struct SubmenuTooLong: Rule {
    /// The whole file at once: a submenu with `menu:` is dynamic when the declared menu it names, elsewhere
    /// in the file, is.
    let scope = RuleScope.file

    let descriptor = RuleDescriptor(
        id: "submenu-too-long",
        severity: .note,
        guideline: Guidelines.menus("Submenus"),
        summary: "A submenu lists more than 5 items and isn't marked `dynamic: true`.",
        explanation: """
            A submenu hides its items, and a long one is hard to scan from the edge of another menu. If a \
            submenu has more than about five items, consider giving them a menu of their own. This is advice: \
            Apple's standard submenus (Edit ▸ Find, Substitutions, Format ▸ Font, Text…) keep their standard \
            length and are left alone. Items are counted through sections; the limit is \
            configurable. A submenu of generated content (Open Recent, Move To) may be long: mark it \
            `dynamic: true`.
            """,
        quote: "Also, if a submenu contains more than about five items, consider creating a new menu.",
        examples: [
            .triggering("""
                menu View "View" {
                  submenu ↓"Sort By" {
                    item date "Date" { state: on }
                    item from "From" { state: off }
                    item subject "Subject" { state: off }
                    section {
                      item size "Size" { state: off }
                      item unread "Unread" { state: off }
                      item flags "Flags" { state: off }
                    }
                  }
                }
                """),
            .triggering("""
                menu Colors "Colors" {
                  item red "Red"; item orange "Orange"; item yellow "Yellow"
                  item green "Green"; item blue "Blue"; item purple "Purple"
                }
                menu Message "Message" { submenu flag ↓"Flag" { menu: Colors } }
                """),
            .passing("""
                menu Message "Message" {
                  submenu flag "Flag" {
                    item red "Red"; item orange "Orange"; item yellow "Yellow"
                    item green "Green"; item blue "Blue"
                  }
                }
                """),
            .passing("""
                menu Message "Message" {
                  submenu moveTo "Move To" {
                    dynamic: true
                    item inbox "Inbox"; item archive "Archive"; item drafts "Drafts"
                    item sent "Sent"; item junk "Junk"; item trash "Trash"
                  }
                }
                """),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        let limit = reporter.thresholds.submenuMaxItems
        for (element, _) in file.walk(.submenu) {
            guard !element.isSpliced, element.kind == .submenu, !MenuQueries.isDynamic(element, in: file),
                  !MenuQueries.isStandardSubmenu(element) else { continue }
            let count = element.menuEntryCount
            guard count > limit else { continue }
            reporter.report("\(element.displayName) lists \(count) items; consider a menu of their own (submenus work best with about \(limit))",
                            at: element.focusSpan, label: "\(count) items", element: element,
                            help: "move the items into a separate menu; if they are generated (like Open Recent), mark the submenu 'dynamic: true'")
        }
    }
}
