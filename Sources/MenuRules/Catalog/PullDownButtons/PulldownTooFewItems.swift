import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// A pull-down whose menu lists one or two items: opening it isn't worth it.
struct PulldownTooFewItems: Rule {
    let scope = RuleScope.declaration
    /// "listing a minimum of three items can help the interaction feel worthwhile".
    static let minimumItems = 3

    let descriptor = RuleDescriptor(
        id: "pulldown-too-few-items",
        severity: .warning,
        guideline: Guidelines.pullDown("Best practices"),
        summary: "A pull-down button's menu lists fewer than three items.",
        explanation: """
            People have to open a pull-down button before they see anything in it, so a menu of one or two \
            items costs an extra tap or click for very little. Show one or two actions as buttons, and an \
            on/off choice as a toggle or switch; keep the pull-down for three or more related items. Items are \
            counted through sections, including the items of a menu given with `menu:`; a submenu counts as one \
            item. An empty pull-down is reported by `empty-menu` instead, and one whose items are made at run \
            time (`dynamic: true`) is not counted: the file lists a placeholder.
            """,
        quote: "Because people have to interact with a pull-down button before they can view its menu, listing a minimum of three items can help the interaction feel worthwhile. If you need to list only one or two items, consider using alternative components to present them, such as buttons to perform actions and toggles or switches to present selections.",
        examples: [
            .triggering("""
                view Inbox "Inbox" {
                  button compose "Compose" { symbol: "square.and.pencil"; action: compose }
                  pulldown sort ↓"Sort" {
                    item date "Date" { state: on }
                    item sender "Sender" { state: off }
                  }
                }
                """),
            .triggering("""
                menu ShareActions "Share Actions" {
                  item copyLink "Copy Link" { action: copyLink }
                }

                view Document "Document" {
                  button done "Done" { role: primary; action: finish }
                  pulldown share ↓"Share" { symbol: "square.and.arrow.up"; menu: ShareActions }
                }
                """),
            .triggering("""
                view Board "Board" {
                  button newCard "New Card" { action: newCard }
                  pulldown ↓"Add" {
                    symbol: "plus"
                    section { item column "Add Column" { action: addColumn } }
                    section { item label "Add Label" { action: addLabel } }
                  }
                }
                """),
            .passing("""
                view Inbox "Inbox" {
                  button compose "Compose" { symbol: "square.and.pencil"; action: compose }
                  pulldown sort "Sort" {
                    section {
                      item date "Date" { state: on }
                      item sender "Sender" { state: off }
                    }
                    item subject "Subject" { state: off }
                  }
                }
                """),
            .passing("""
                menu ShareActions "Share Actions" {
                  item copyLink "Copy Link" { action: copyLink }
                  item mail "Mail Link" { action: mailLink }
                  item message "Message Link" { action: messageLink }
                }

                view Document "Document" {
                  button done "Done" { role: primary; action: finish }
                  pulldown share "Share" { symbol: "square.and.arrow.up"; menu: ShareActions }
                }
                """),
            .passing(#"pulldown more "More" { symbol: "ellipsis.circle" }"#),
            .passing("""
                view Player "Player" {
                  pulldown trailers "Trailers" { dynamic: true; item latest "Play Latest Trailer" { action: playTrailer } }
                }
                """),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        for (element, _) in file.walk(.pulldown) {
            // Content made at run time (`dynamic: true`): the file shows only a placeholder.
            guard element.kind == .pulldown, !element.isSpliced, element.flag(.dynamic) != true else { continue }
            let count = element.menuEntryCount
            // No items at all is `empty-menu`'s finding.
            guard count > 0, count < Self.minimumItems else { continue }
            let listed = count == 1 ? "only 1 item" : "only \(count) items"
            reporter.report("\(element.displayName) lists \(listed); a pull-down's menu should offer at least \(Self.minimumItems)",
                            at: element.focusSpan, label: "opens a menu of \(count == 1 ? "one item" : "two items")", element: element,
                            help: "show \(count == 1 ? "the action as a button" : "the actions as buttons"), or an on/off choice as a toggle, instead of hiding \(count == 1 ? "it" : "them") in a menu")
        }
    }
}
