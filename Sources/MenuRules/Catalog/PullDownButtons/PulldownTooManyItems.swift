import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// A pull-down whose menu is so long that finding an item takes a while.
struct PulldownTooManyItems: Rule {
    let scope = RuleScope.declaration
    let descriptor = RuleDescriptor(
        id: "pulldown-too-many-items",
        severity: .warning,
        guideline: Guidelines.pullDown("Best practices"),
        summary: "A pull-down button's menu lists more items than people can scan quickly (12 by default).",
        explanation: """
            Every extra item in a pull-down's menu is one more line people read before they find the one they \
            want. Items are counted through sections, including the items of a menu given with `menu:`; a \
            submenu counts as one. Move related items into a submenu, split the menu across two buttons, or \
            promote the frequent actions to buttons of their own. The limit is the `pulldownMaxItems` threshold. A pull-down \
            whose items are made at run time (`dynamic: true`, such as a list of trailers) is not counted.
            """,
        quote: "In contrast, listing too many items in a pull-down button’s menu can slow people down because it takes longer to find a specific item.",
        examples: [
            .triggering("""
                view Editor "Editor" {
                  button done "Done" { role: primary; action: finish }
                  pulldown ↓"Insert" {
                    symbol: "plus"
                    section {
                      item table "Table" { action: insertTable }
                      item chart "Chart" { action: insertChart }
                      item text "Text Box" { action: insertText }
                      item shape "Shape" { action: insertShape }
                      item media "Photo or Video" { action: insertMedia }
                      item drawing "Drawing" { action: insertDrawing }
                    }
                    section {
                      item comment "Comment" { action: insertComment }
                      item link "Link" { action: insertLink }
                      item bookmark "Bookmark" { action: insertBookmark }
                      item equation "Equation" { action: insertEquation }
                      item pageBreak "Page Break" { action: insertPageBreak }
                      item footnote "Footnote" { action: insertFootnote }
                      item pageNumber "Page Number" { action: insertPageNumber }
                    }
                  }
                }
                """),
            .triggering("""
                menu Filters "Filters" {
                  item all "All" { state: on }; item unread "Unread" { state: off }; item flagged "Flagged" { state: off }
                  item toMe "To Me" { state: off }; item cc "CC" { state: off }; item attachments "With Attachments" { state: off }
                  item today "Today" { state: off }; item vip "VIP" { state: off }; item drafts "Drafts" { state: off }
                  item sent "Sent" { state: off }; item junk "Junk" { state: off }; item archived "Archived" { state: off }
                  item muted "Muted" { state: off }
                }

                view Mailbox "Mailbox" {
                  button compose "Compose" { symbol: "square.and.pencil"; action: compose }
                  pulldown filter ↓"Filter" { symbol: "line.3.horizontal.decrease.circle"; menu: Filters }
                }
                """),
            .passing("""
                view Editor "Editor" {
                  button done "Done" { role: primary; action: finish }
                  pulldown "Insert" {
                    symbol: "plus"
                    section {
                      item table "Table" { action: insertTable }
                      item chart "Chart" { action: insertChart }
                      item text "Text Box" { action: insertText }
                      item shape "Shape" { action: insertShape }
                      item media "Photo or Video" { action: insertMedia }
                      item drawing "Drawing" { action: insertDrawing }
                    }
                    section {
                      item comment "Comment" { action: insertComment }
                      item link "Link" { action: insertLink }
                      item bookmark "Bookmark" { action: insertBookmark }
                      item equation "Equation" { action: insertEquation }
                      item pageBreak "Page Break" { action: insertPageBreak }
                      item footnote "Footnote" { action: insertFootnote }
                    }
                  }
                }
                """),
            .passing("""
                view Editor "Editor" {
                  button done "Done" { role: primary; action: finish }
                  pulldown "Insert" {
                    symbol: "plus"
                    item table "Table" { action: insertTable }
                    item chart "Chart" { action: insertChart }
                    item text "Text Box" { action: insertText }
                    submenu reference "Reference" {
                      item comment "Comment" { action: insertComment }
                      item link "Link" { action: insertLink }
                      item bookmark "Bookmark" { action: insertBookmark }
                      item equation "Equation" { action: insertEquation }
                      item pageBreak "Page Break" { action: insertPageBreak }
                      item footnote "Footnote" { action: insertFootnote }
                      item pageNumber "Page Number" { action: insertPageNumber }
                      item caption "Caption" { action: insertCaption }
                      item citation "Citation" { action: insertCitation }
                      item index "Index Entry" { action: insertIndexEntry }
                    }
                  }
                }
                """),
            .passing("""
                view Player "Player" {
                  pulldown trailers "Trailers" {
                    dynamic: true
                    item t1 "Trailer 1"; item t2 "Trailer 2"; item t3 "Trailer 3"; item t4 "Trailer 4"; item t5 "Trailer 5"
                    item t6 "Trailer 6"; item t7 "Trailer 7"; item t8 "Trailer 8"; item t9 "Trailer 9"; item t10 "Trailer 10"
                    item t11 "Trailer 11"; item t12 "Trailer 12"; item t13 "Trailer 13"
                  }
                }
                """),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        let limit = reporter.thresholds.pulldownMaxItems
        for (element, _) in file.walk(.pulldown) {
            // Content made at run time (`dynamic: true`) is as long as it needs to be.
            guard element.kind == .pulldown, !element.isSpliced, element.flag(.dynamic) != true else { continue }
            let count = element.menuEntryCount
            guard count > limit else { continue }
            reporter.report("\(element.displayName) lists \(count) items; keep a pull-down's menu to \(limit) or fewer",
                            at: element.focusSpan, label: "\(count) items in its menu", element: element,
                            notes: ["items are counted through sections; a submenu counts as one item"],
                            help: "group related items in a submenu, or give the most frequent actions buttons of their own")
        }
    }
}
