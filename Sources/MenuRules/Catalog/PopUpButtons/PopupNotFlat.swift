import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// A pop-up holding menu items or submenus: it isn't a flat list of options.
struct PopupNotFlat: Rule {
    let scope = RuleScope.declaration
    let descriptor = RuleDescriptor(
        id: "popup-not-flat",
        severity: .error,
        guideline: Guidelines.popUp("Best practices"),
        summary: "A pop-up button contains an `item` or a `submenu`.",
        explanation: """
            A pop-up button offers a flat list of mutually exclusive options, and shows the chosen one. An \
            `item` performs an action and a `submenu` nests more choices; neither fits in that list. Write \
            each choice as an `option` (group them with `section` if it helps); if the menu really offers \
            actions or a submenu, use a pull-down button instead. This rule, not `misplaced-element`, reports \
            items and submenus in pop-ups, once each: what a submenu holds, options included, isn't reported again.
            """,
        quote: "Use a pop-up button to present a flat list of mutually exclusive options or states. A pop-up button helps people make a choice that affects their content or the surrounding view. Use a pull-down button instead if you need to: Offer a list of actions … Include a submenu",
        examples: [
            .triggering("""
                view Calendar "Calendar" {
                  popup repeat "Repeat" {
                    default: never
                    option never "Never"
                    option daily "Every Day"
                    option weekly "Every Week"
                    ↓submenu more "More Intervals" {
                      item monthly "Every Month"
                      item yearly "Every Year"
                    }
                  }
                }
                """),
            .triggering("""
                view Calendar "Calendar" {
                  popup repeat "Repeat" {
                    default: never
                    option never "Never"
                    option daily "Every Day"
                    ↓submenu more "More Intervals" {
                      option monthly "Every Month"
                      option yearly "Every Year"
                    }
                  }
                }
                """),
            .triggering("""
                view Library "Library" {
                  popup sort "Sort By" {
                    default: title
                    section {
                      option title "Title"
                      option artist "Artist"
                    }
                    section {
                      ↓item refresh "Refresh Library" { action: refresh }
                    }
                  }
                }
                """),
            .passing("""
                view Calendar "Calendar" {
                  popup repeat "Repeat" {
                    default: never
                    option never "Never"
                    section {
                      option daily "Every Day"
                      option weekly "Every Week"
                      option monthly "Every Month"
                    }
                    option custom "Custom…"
                  }
                }
                """),
            .passing("""
                view Calendar "Calendar" {
                  pulldown add "Add" {
                    symbol: "plus"
                    item event "Event" { action: addEvent }
                    item reminder "Reminder" { action: addReminder }
                    submenu more "From Template" { item meeting "Meeting" { action: addMeeting } }
                  }
                }
                """),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        for (element, _) in file.walk(.popup) {
            guard element.kind == .popup, !element.isSpliced else { continue }
            for entry in PopUpQueries.nonOptions(of: element) {
                let help = entry.kind == .submenu
                    ? "list its choices as options of the pop-up, or use a pull-down button to show a submenu"
                    : "write it as an option, or use a pull-down button to offer actions"
                reporter.report("\(element.displayName) contains \(entry.displayName); a pop-up holds only a flat list of options",
                                at: entry.keywordSpan, label: "not an option", element: entry,
                                secondary: [LabeledSpan(element.keywordSpan, "in this pop-up")], help: help)
            }
        }
    }
}
