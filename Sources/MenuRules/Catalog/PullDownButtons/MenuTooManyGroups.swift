import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// A pull-down's menu split into more than three groups.
struct MenuTooManyGroups: Rule {
    let scope = RuleScope.declaration
    /// "Using more than three groups in a menu can make it seem difficult to parse."
    static let maximumGroups = 3

    let descriptor = RuleDescriptor(
        id: "menu-too-many-groups",
        severity: .warning,
        guideline: Guidelines.buttonsOlder("Pull-Down Buttons"),
        summary: "A pull-down button's menu has more than three groups.",
        explanation: """
            Separators help people scan a pull-down's menu, but past three groups the menu starts to look \
            fragmented and hard to parse. Each `section` is a group, and so is each run of items between \
            sections (separators surround it). Merge related groups, move a group into a submenu, or move \
            some items out of the menu.
            """,
        quote: "Use separators to visually group related items in a pull-down button’s menu. Creating visual groupings can help people scan a menu more quickly. … Using more than three groups in a menu can make it seem difficult to parse.",
        examples: [
            .triggering("""
                view Files "Files" {
                  button select "Select" { action: select }
                  pulldown more ↓"More" {
                    symbol: "ellipsis.circle"
                    section { item newFolder "New Folder" { action: newFolder }; item scan "Scan Documents" { action: scan } }
                    section { item icons "Icons" { state: on }; item list "List" { state: off } }
                    section { item name "Name" { state: on }; item date "Date" { state: off } }
                    section { item tags "Show Tags" { action: showTags }; item info "Get Info" { action: getInfo } }
                  }
                }
                """),
            .triggering("""
                view Files "Files" {
                  button select "Select" { action: select }
                  pulldown more ↓"More" {
                    symbol: "ellipsis.circle"
                    item newFolder "New Folder" { action: newFolder }
                    section { item icons "Icons" { state: on }; item list "List" { state: off } }
                    section { item name "Name" { state: on }; item date "Date" { state: off } }
                    item info "Get Info" { action: getInfo }
                  }
                }
                """),
            .passing("""
                view Files "Files" {
                  button select "Select" { action: select }
                  pulldown more "More" {
                    symbol: "ellipsis.circle"
                    section { item newFolder "New Folder" { action: newFolder }; item scan "Scan Documents" { action: scan } }
                    section { item icons "Icons" { state: on }; item list "List" { state: off } }
                    section { item name "Name" { state: on }; item date "Date" { state: off } }
                  }
                }
                """),
            .passing("""
                view Files "Files" {
                  button select "Select" { action: select }
                  pulldown more "More" {
                    symbol: "ellipsis.circle"
                    item newFolder "New Folder" { action: newFolder }
                    item scan "Scan Documents" { action: scan }
                    section { item icons "Icons" { state: on }; item list "List" { state: off } }
                    item info "Get Info" { action: getInfo }
                  }
                }
                """),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        for (element, _) in file.walk(.pulldown) {
            guard element.kind == .pulldown, !element.isSpliced else { continue }
            let groups = PullDownQueries.groups(of: element)
            guard groups.count > Self.maximumGroups else { continue }
            // Point at where the fourth group starts, when it is written here.
            var secondary: [LabeledSpan] = []
            if let first = groups[Self.maximumGroups].first, first.origin == nil, first.span.file == file.source.id {
                secondary.append(LabeledSpan(first.keywordSpan, "group \(Self.maximumGroups + 1) starts here"))
            }
            reporter.report("\(element.displayName) splits its menu into \(groups.count) groups; use at most \(Self.maximumGroups)",
                            at: element.focusSpan, label: "\(groups.count) groups", element: element, secondary: secondary,
                            notes: ["each section is a group, and so is each run of items between sections"],
                            help: "merge related groups, or move one group into a submenu")
        }
    }
}
