import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// A view whose actions can only be reached by opening one pull-down.
struct PulldownHoldsAllActions: Rule {
    let scope = RuleScope.declaration
    let descriptor = RuleDescriptor(
        id: "pulldown-holds-all-actions",
        severity: .warning,
        guideline: Guidelines.pullDown("Best practices"),
        summary: "A view's only action control is one pull-down button.",
        explanation: """
            When every action of a view sits in one pull-down, people must open a menu before they can do \
            anything, and the view's primary actions are hidden. Give the primary actions buttons people can \
            see, and keep the pull-down for related or less frequent ones. Buttons and pull-downs count as \
            action controls, including those in the view's toolbar and rows; toggles and pop-ups choose states, \
            so they don't. A pull-down that only chooses states (checkmark items) isn't reported.
            """,
        quote: "Avoid putting all of a view’s actions in one pull-down button. A view’s primary actions need to be easily discoverable, so you don’t want to hide them in a pull-down button that people have to open before they can do anything.",
        examples: [
            .triggering("""
                view Document "Document" {
                  toolbar {
                    pulldown ↓"Actions" {
                      item save "Save" { action: save }
                      item duplicate "Duplicate" { action: duplicate }
                      item print "Print…" { input: true; action: printDocument }
                    }
                  }
                }
                """),
            .triggering("""
                view Playlist "Playlist" {
                  popup order "Order" {
                    default: manual
                    option manual "Manual"
                    option title "Title"
                  }
                  toggle shuffle { symbol: "shuffle"; indicator: background; action: toggleShuffle }
                  pulldown more ↓"More" {
                    symbol: "ellipsis.circle"
                    item play "Play" { action: play }
                    item addSongs "Add Songs" { action: addSongs }
                    item rename "Rename…" { input: true; action: rename }
                  }
                }
                """),
            .passing("""
                view Document "Document" {
                  toolbar {
                    button share "Share…" { symbol: "square.and.arrow.up"; opens: sheet }
                    pulldown more "More" {
                      symbol: "ellipsis.circle"
                      item duplicate "Duplicate" { action: duplicate }
                      item rename "Rename…" { input: true; action: rename }
                      item print "Print…" { input: true; action: printDocument }
                    }
                  }
                }
                """),
            .passing("""
                view Library "Library" {
                  pulldown sort "Sort" {
                    item date "Date" { state: on }
                    item title "Title" { state: off }
                    item artist "Artist" { state: off }
                  }
                }
                """),
            .passing("""
                view Editor "Editor" {
                  row {
                    pulldown insert "Insert" {
                      item table "Table" { action: insertTable }
                      item chart "Chart" { action: insertChart }
                      item shape "Shape" { action: insertShape }
                    }
                    pulldown format "Format" {
                      item bold "Bold" { action: bold }
                      item italic "Italic" { action: italic }
                      item underline "Underline" { action: underline }
                    }
                  }
                }
                """),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        for view in file.declarations where view.kind == .view {
            let controls = Self.actionControls(in: view)
            guard controls.count == 1, let pulldown = controls.first, pulldown.kind == .pulldown, pulldown.origin == nil,
                  !PullDownQueries.actionItems(in: pulldown).isEmpty else { continue }
            reporter.report("\(pulldown.displayName) holds every action of \(view.displayName)",
                            at: pulldown.focusSpan, label: "the view's only action control", element: pulldown,
                            secondary: [LabeledSpan(view.focusSpan, "no other button in this view")],
                            help: "give the view's primary actions buttons people can see, and keep the pull-down for the rest")
        }
    }

    /// Buttons and pull-downs of a view, including its toolbar and rows.
    static func actionControls(in element: Element) -> [Element] {
        var controls: [Element] = []
        appendActionControls(in: element, to: &controls)
        return controls
    }

    /// `actionControls`, into one array rather than one per child.
    private static func appendActionControls(in element: Element, to controls: inout [Element]) {
        for child in element.children {
            switch child.kind {
            case .button, .pulldown: controls.append(child)
            case .toolbar, .row: appendActionControls(in: child, to: &controls)
            default: break
            }
        }
    }
}
