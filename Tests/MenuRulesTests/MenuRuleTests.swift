import Foundation
import Testing
@testable import MenuSupport
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
@testable import MenuRules
import MenuTestSupport
import SemanticsTestSupport

/// Edge cases of the Menus rules beyond their own examples: escapes in
/// fix-its, thresholds, splicing and false positives on labels taken from
/// Apple's own menus. Menus imported from other files are
/// `MenuRuleTests` of the driver's tests (MenuCompilerTests).
@Suite("Menu rules")
struct MenuRuleTests {

    /// Findings of one rule on a source text (which must have no language errors).
    private func findings(_ id: String, in text: String, configuration: RuleConfiguration = RuleConfiguration()) -> [Diagnostic] {
        let compilation = CheckedText(text)
        #expect(!compilation.hasErrors, "language errors: \(compilation.diagnostics.map(\.message))")
        guard let file = compilation.file, let rule = RuleRegistry.all.first(where: { $0.descriptor.id == id }) else {
            Issue.record("no file or no rule \(id)")
            return []
        }
        return RuleEngine(configuration: configuration, rules: [rule]).check(file, hasLanguageErrors: false)
    }

    /// Offset of the first occurrence of `needle` in `text`, in UTF-8 bytes.
    private func offset(of needle: String, in text: String) -> Int? {
        guard let range = text.range(of: needle) else { return nil }
        return text.utf8.distance(from: text.startIndex, to: range.lowerBound)
    }

    private func applyingFixIts(_ findings: [Diagnostic], to text: String) -> String {
        let bytes = Array(text.utf8)
        guard let file = findings.first?.span.file else { return text }
        return String(decoding: FixApplier.apply(findings.flatMap(\.fixIts), to: bytes, file: file).bytes, as: UTF8.self)
    }

    // MARK: - Fix-its and escapes

    @Test func titleCaseOffersNoFixItForLiteralsWithEscapes() {
        let text = #"menu View "View" { item sortByDate "sort by \u{201C}date\u{201D}" { state: on } }"#
        let found = findings("label-title-case", in: text)
        #expect(found.count == 1)
        #expect(found.first?.fixIts.isEmpty == true)
    }

    @Test func titleCaseFixItKeepsUnicodeWrittenDirectly() {
        let text = #"menu File "File" { item export "export “report” as pdf…" { input: true } }"#
        let found = findings("label-title-case", in: text)
        #expect(found.count == 1)
        // The quoted title and the name without a vowel stay as written.
        #expect(applyingFixIts(found, to: text) == #"menu File "File" { item export "Export “report” as pdf…" { input: true } }"#)
    }

    @Test func articleFindingPointsAtTheArticleOrTheLiteral() {
        let plain = #"menu Message "Message" { item open "Open the Message" }"#
        #expect(findings("label-article", in: plain).map(\.span.start) == [offset(of: "the Message", in: plain)].compactMap { $0 })
        let escaped = #"menu Message "Message" { item open "Open the \"Inbox\" Message" }"#
        let found = findings("label-article", in: escaped)
        #expect(found.map(\.span.start) == [offset(of: #""Open"#, in: escaped)].compactMap { $0 })
        #expect(found.first?.fixIts.isEmpty == true)
    }

    @Test func ellipsisIsAppendedInsideLiteralsWithEscapes() {
        let text = #"menu File "File" { item export "Export \"Q3\"" { input: true } }"#
        let found = findings("label-needs-ellipsis", in: text)
        #expect(applyingFixIts(found, to: text) == #"menu File "File" { item export "Export \"Q3\"…" { input: true } }"#)
    }

    @Test func threePeriodsAreLeftToLabelEllipsisCharacter() {
        let text = #"menu File "File" { item export "Export..." { input: true } }"#
        #expect(findings("label-needs-ellipsis", in: text).isEmpty)
        #expect(findings("label-ellipsis-character", in: text).count == 1)
    }

    @Test func buttonEllipsisDependsOnPlatforms() {
        let body = #"view Accounts "Accounts" { button edit "Edit Server Settings" { opens: sheet } }"#
        #expect(findings("label-needs-ellipsis", in: body).count == 1, "default platforms include macOS")
        #expect(findings("label-needs-ellipsis", in: "platforms iOS 17, iPadOS 17\n" + body).isEmpty)
        #expect(findings("label-needs-ellipsis", in: "platforms macOS 14\n" + body).count == 1)
    }

    @Test func contextMenuShortcutRemovalLeavesTidyText() {
        let text = """
            contextmenu photo {
              item copy "Copy" {
                shortcut: "cmd+c"
                symbol: "doc.on.doc"
              }
              item hide "Hide" { shortcut: "cmd+h" }
            }
            """
        let found = findings("context-menu-shortcut", in: text)
        #expect(found.count == 2)
        #expect(applyingFixIts(found, to: text) == """
            contextmenu photo {
              item copy "Copy" {
                symbol: "doc.on.doc"
              }
              item hide "Hide" { }
            }
            """)
    }

    // MARK: - label-starts-with-verb: Apple's own menus

    @Test func standardMenusProduceNoVerbNotes() {
        let text = """
            platforms macOS 14
            menubar {
              menu Notes "Notes" {
                item about "About Notes"
                section { item settings "Settings…" { shortcut: "cmd+," } }
                section { submenu services "Services" { dynamic: true } }
                section {
                  item hide "Hide Notes" { shortcut: "cmd+h" }
                  item hideOthers "Hide Others" { shortcut: "cmd+option+h" }
                  item showAll "Show All"
                }
                section { item quit "Quit Notes" { shortcut: "cmd+q" } }
              }
              menu File "File" {
                item newWindow "New Window" { shortcut: "cmd+n" }
                item open "Open…" { input: true; shortcut: "cmd+o" }
                submenu openRecent "Open Recent" {
                  dynamic: true
                  item report "Quarterly Report.pages" { action: openRecentDocument }
                  item clearMenu "Clear Menu" { action: clearRecents }
                }
                section {
                  item close "Close" { shortcut: "cmd+w" }
                  item save "Save…" { input: true; shortcut: "cmd+s" }
                  item duplicate "Duplicate" { shortcut: "cmd+shift+s" }
                  item pageSetup "Page Setup…" { input: true; shortcut: "cmd+shift+p" }
                  item print "Print…" { input: true; shortcut: "cmd+p" }
                }
              }
              menu Edit "Edit" {
                item undo "Undo" { shortcut: "cmd+z" }
                item redo "Redo" { shortcut: "cmd+shift+z" }
                section {
                  submenu spelling "Spelling and Grammar" { item showSpelling "Show Spelling and Grammar" { action: showSpelling } }
                  submenu substitutions "Substitutions" { item smartQuotes "Smart Quotes" { state: on } }
                  submenu speech "Speech" { item startSpeaking "Start Speaking" { action: startSpeaking } }
                  item autofill "AutoFill"
                  item emoji "Emoji & Symbols" { shortcut: "ctrl+cmd+space" }
                }
              }
              menu View "View" {
                toggle toolbar { on: "Hide Toolbar"; off: "Show Toolbar"; shortcut: "option+cmd+t" }
                item enterFullScreen "Enter Full Screen" { shortcut: "ctrl+cmd+f" }
                item actualSize "Actual Size" { shortcut: "cmd+0" }
              }
              menu Go "Go" {
                item back "Back" { shortcut: "cmd+[" }
                item documents "Documents" { shortcut: "cmd+shift+o"; action: goToDocuments }
                item desktop "Desktop" { shortcut: "cmd+shift+d"; action: goToDesktop }
              }
              menu Window "Window" {
                item minimize "Minimize" { shortcut: "cmd+m" }
                item zoom "Zoom"
                item bringAllToFront "Bring All to Front"
              }
              menu Help "Help" { item notesHelp "Notes Help" }
            }
            """
        #expect(findings("label-starts-with-verb", in: text).map(\.message) == [])
        #expect(findings("label-title-case", in: text).map(\.message) == [])
        #expect(findings("suggest-submenu", in: text).map(\.message) == [])
        #expect(findings("duplicate-shortcut", in: text).map(\.message) == [])
    }

    @Test func declaredMenuIsJudgedWhereItIsShown() {
        let text = """
            menu Mailboxes "Mailboxes" {
              item inbox "Main Inbox" { action: moveToInbox }
              item archive "Archive" { action: moveToArchive }
            }
            menu Message "Message" {
              submenu moveTo "Move To" { menu: Mailboxes }
            }
            """
        #expect(findings("label-starts-with-verb", in: text).isEmpty)
        let alone = """
            menu Mailboxes "Mailboxes" {
              item inbox "Main Inbox" { action: moveToInbox }
            }
            """
        #expect(findings("label-starts-with-verb", in: alone).count == 1)
    }

    // MARK: - Lengths and thresholds

    private func menu(_ header: String, items count: Int, dynamic: Bool = false) -> String {
        let items = (1...count).map { "  item command\($0) \"Run Command \($0)\"\n" }.joined()
        return header + " {\n" + (dynamic ? "  dynamic: true\n" : "") + items + "}\n"
    }

    @Test func menuLengthThresholdsComeFromConfiguration() {
        let bar = "menubar " + menu(#"{ menu Tools "Tools""#, items: 20) + "}\n"
        #expect(findings("menu-too-long", in: bar).isEmpty)
        var configuration = RuleConfiguration()
        configuration.thresholds.menuBarMenuMaxItems = 19
        #expect(findings("menu-too-long", in: bar, configuration: configuration).count == 1)

        let context = menu("contextmenu page", items: 16)
        #expect(findings("menu-too-long", in: context).count == 1)
        configuration.thresholds.menuMaxItems = 16
        #expect(findings("menu-too-long", in: context, configuration: configuration).isEmpty)
    }

    @Test func splicedMenuIsCountedInItsHost() {
        let text = menu(#"menu PageActions "Page Actions""#, items: 17) + "contextmenu page { menu: PageActions }\n"
        let found = findings("menu-too-long", in: text)
        #expect(found.map(\.span.start) == [offset(of: "page {", in: text)].compactMap { $0 })
        let dynamic = menu(#"menu PageActions "Page Actions""#, items: 17, dynamic: true) + "contextmenu page { menu: PageActions }\n"
        #expect(findings("menu-too-long", in: dynamic).isEmpty)
    }

    /// A top-level menu that nothing splices is counted as a menu-bar menu,
    /// whether or not the file splices other menus.
    @Test func menuSplicedNowhereIsCountedAsAMenuBarMenu() {
        var configuration = RuleConfiguration()
        configuration.thresholds.menuBarMenuMaxItems = 19
        let alone = menu(#"menu Tools "Tools""#, items: 20)
        #expect(findings("menu-too-long", in: alone, configuration: configuration).count == 1)
        let beside = alone + menu(#"menu PageActions "Page Actions""#, items: 3) + "contextmenu page { menu: PageActions }\n"
        #expect(findings("menu-too-long", in: beside, configuration: configuration).map(\.span.start) == [offset(of: #""Tools""#, in: beside)].compactMap { $0 })
    }

    @Test func submenuLengthThresholdComesFromConfiguration() {
        let text = "menu Format \"Format\" {\n" + menu(#"submenu typeface "Typeface""#, items: 7) + "}\n"
        #expect(findings("submenu-too-long", in: text).count == 1)
        var configuration = RuleConfiguration()
        configuration.thresholds.submenuMaxItems = 7
        #expect(findings("submenu-too-long", in: text, configuration: configuration).isEmpty)
    }

    // MARK: - Splicing

    @Test func emptyDeclaredMenuIsReportedOnlyWhereDeclared() {
        let text = """
            menu Recent "Recent" {}
            menu File "File" {
              submenu openRecent "Open Recent" { use Recent }
              submenu share "Share" { menu: Recent }
            }
            """
        #expect(findings("empty-menu", in: text).map(\.span.start) == [offset(of: #""Recent" {}"#, in: text)].compactMap { $0 })
    }

    /// The finding names what is empty: the element, or for a section
    /// without a name of its own, the section of its parent.
    @Test func emptyMenuNamesWhatIsEmpty() {
        let text = """
            menu Recent "Recent" {}
            menu File "File" {
              item open "Open"
              section {}
              section tools "Tools" {}
            }
            """
        #expect(findings("empty-menu", in: text).map(\.message).sorted() == [
            "a section of menu 'File' has no items", "menu 'Recent' has no items", "section 'Tools' has no items",
        ])
    }

    @Test func duplicateShortcutsThroughUse() {
        let text = """
            menu Edit "Edit" {
              item copy "Copy" { shortcut: "cmd+c" }
              item copyStyle "Copy Style" { shortcut: "⌘C" }
            }
            menubar {
              use Edit
              menu Format "Format" { use Edit }
            }
            """
        let found = findings("duplicate-shortcut", in: text)
        // Once inside Edit itself; the second `use Edit` repeats both shortcuts of the first.
        #expect(found.map(\.span.start) == [
            offset(of: #""⌘C""#, in: text),
            offset(of: "use Edit }", in: text), offset(of: "use Edit }", in: text),
        ].compactMap { $0 })
        #expect(found.allSatisfy { !$0.secondary.isEmpty })
    }

    @Test func duplicateShortcutAcrossMenusOfOneBar() {
        let text = """
            menubar {
              menu File "File" { item print "Print…" { input: true; shortcut: "cmd+p" } }
              menu Format "Format" { item plainText "Make Plain Text" { shortcut: "command+P" } }
            }
            contextmenu note { item print "Print…" { input: true } }
            """
        #expect(findings("duplicate-shortcut", in: text).map(\.span.start) == [offset(of: #""command+P""#, in: text)].compactMap { $0 })
    }

    // MARK: - Groups and levels

    @Test func suggestSubmenuIgnoresOneWordTermsAndSeparateGroups() {
        let text = """
            menu File "File" {
              section {
                item newWindow "New Window"
                item newTab "New Tab"
                item newPrivateWindow "New Private Window"
              }
              section {
                item sortByDate "Sort by Date" { state: on }
                item sortByName "Sort by Name" { state: off }
              }
              section { item sortBySize "Sort by Size" { state: off } }
            }
            """
        #expect(findings("suggest-submenu", in: text).isEmpty)
    }

    @Test func itemsOnEitherSideOfASectionAreSeparateGroups() {
        let text = """
            menu View "View" {
              item sortByDate "Sort by Date" { state: on }
              item sortByName "Sort by Name" { state: off }
              section { item showToolbar "Show Toolbar" }
              item sortBySize "Sort by Size" { state: off }
            }
            """
        #expect(findings("suggest-submenu", in: text).isEmpty)
    }

    @Test func suggestSubmenuNamesTheSubmenu() {
        let text = """
            menu Message "Message" {
              item moveToInbox "Move to Inbox"
              item moveToArchive "Move to Archive"
              item moveToJunk "Move to Junk"
            }
            """
        let found = findings("suggest-submenu", in: text)
        #expect(found.count == 1)
        #expect(found.first?.message.contains("'Move To' submenu") == true)
        #expect(found.first?.secondary.count == 2)
    }

    @Test func duplicateLabelsAcrossSectionsButNotAcrossSubmenus() {
        let text = """
            menu Message "Message" {
              section { item archive "Archive" }
              section { item archiveAgain "archive" }
              submenu moveTo "Move To" { item archiveMailbox "Archive" }
            }
            """
        #expect(findings("duplicate-label", in: text).map(\.span.start) == [offset(of: #""archive""#, in: text)].compactMap { $0 })
    }

    /// A section led by a disabled item with a label, and followed by
    /// others, is headed the way menus were before sections had labels:
    /// a level of its own.
    @Test func aSectionLedByADisabledItemIsALevelOfItsOwn() {
        func text(enabled: Bool) -> String {
            """
            menu Format "Format" {
              section {
                item paragraph "Paragraph" { enabled: \(enabled) }
                item left "Left to Right" { state: on }
              }
              section {
                item selection "Selection" { enabled: \(enabled) }
                item left2 "Left to Right" { state: off }
              }
            }
            """
        }
        #expect(findings("duplicate-label", in: text(enabled: false)).isEmpty)
        #expect(findings("duplicate-label", in: text(enabled: true)).count == 1)
    }

    /// Labels are hashed once while they stay among the last few hundred
    /// read: a menu of more distinct labels than that still finds each
    /// repeat, and only the repeats.
    @Test func repeatsAreFoundAmongMoreLabelsThanAreKeptHashed() {
        let items = (0..<5_000).map { "  item i\($0) \"Label \($0)\"\n" }.joined()
        let text = "menu Big \"Big\" {\n" + items + "  item again0 \"label 0\"\n  item again700 \" LABEL 700\"\n}\n"
        #expect(findings("duplicate-label", in: text).map(\.span.start)
            == [offset(of: #""label 0""#, in: text), offset(of: #"" LABEL 700""#, in: text)].compactMap { $0 })
    }

    /// Random menus of items, toggles and sections (headed or not) whose
    /// labels differ in case and blank space: the rule reports what a plain
    /// reading, level by level with a dictionary of folded labels, finds —
    /// the same labels, against the same earlier ones, in the same order.
    @Test func duplicateLabelsAgreeWithAPlainReading() throws {
        var generator = SeededGenerator(state: 20_261_126)
        let words = ["Archive", "archive", " Archive ", "ARCHIVE", "Move", "move…", "Café", "CAFÉ", "Copy", "Paste", "   "]
        func label() -> String { words[Int.random(in: 0..<words.count, using: &generator)] }
        for round in 0..<60 {
            var lines = ["menu M\(round) \"Menu\" {"]
            var serial = 0
            func entry(depth: Int) {
                serial += 1
                // Sections don't nest.
                switch Int.random(in: 0..<(depth == 0 ? 7 : 5), using: &generator) {
                case 0...2: lines.append("item i\(serial) \"\(label())\"")
                case 3: lines.append("toggle t\(serial) \"\(label())\" { on: \"\(label())\"; off: \"\(label())\" }")
                case 4: lines.append("toggle u\(serial) { on: \"\(label())\"; off: \"\(label())\" }")
                default:
                    lines.append(Bool.random(using: &generator) ? "section \"Head\(serial)\" {" : "section {")
                    for _ in 0..<Int.random(in: 1...4, using: &generator) { entry(depth: depth + 1) }
                    lines.append("}")
                }
            }
            for _ in 0..<Int.random(in: 2...12, using: &generator) { entry(depth: 0) }
            lines.append("}")
            let text = lines.joined(separator: "\n") + "\n"
            let compilation = CheckedText(text)
            let file = try #require(compilation.file)
            var expected: [(Int, Int)] = []
            for (container, _) in file.walk(.menu) { plainDuplicates(in: container, into: &expected) }
            let found = findings("duplicate-label", in: text).map { ($0.span.start, $0.secondary.first?.span.start ?? -1) }
            #expect(found.map(\.0) == expected.map(\.0) && found.map(\.1) == expected.map(\.1), "\(text)")
        }
    }

    /// Each label of a level that repeats an earlier one (folded), as the
    /// starts of the two labels: one dictionary per level, a headed section
    /// a level of its own, an entry never repeating itself.
    private func plainDuplicates(in container: Element, into found: inout [(Int, Int)]) {
        var first: [String: Int] = [:]
        func read(_ parent: Element) {
            for entry in parent.children {
                if entry.kind == .section {
                    if entry.label != nil { plainDuplicates(in: entry, into: &found) } else { read(entry) }
                    continue
                }
                var ofEntry: [String] = []
                entry.forEachItemOrButtonLabel { label in
                    let folded = MenuQueries.trimmed(label.text).lowercased()
                    guard !folded.isEmpty, !ofEntry.contains(folded) else { return }
                    ofEntry.append(folded)
                    if let earlier = first[folded] { found.append((label.span.start, earlier)) } else { first[folded] = label.span.start }
                }
            }
        }
        read(container)
    }

    // MARK: - Toggles

    @Test func clearOppositesPass() {
        let pairs = [("Grid On", "Grid Off"), ("Unmute", "Mute"), ("Collapse All", "Expand All"), ("Disconnect", "Connect"),
                     ("Stop Recording", "Start Recording"), ("Unpin Note", "Pin Note"), ("Block Pop-Ups", "Allow Pop-Ups")]
        for (on, off) in pairs {
            let text = "menu View \"View\" { toggle state { on: \"\(on)\"; off: \"\(off)\" } }"
            #expect(findings("toggle-pair-ambiguous", in: text).isEmpty, "\(on) / \(off)")
        }
        let vague = #"menu View "View" { toggle grid { on: "Grid Visible"; off: "Grid" } }"#
        #expect(findings("toggle-pair-ambiguous", in: vague).count == 1)
    }

    @Test func toggleButtonsAreNotChangeableTitleItems() {
        let text = """
            view Profile "Profile" {
              toggle follow { on: "Following"; off: "Follow" }
              toggle star { symbol: "star"; indicator: content }
            }
            """
        #expect(findings("toggle-pair-ambiguous", in: text).isEmpty)
        #expect(findings("toggle-labels", in: text).isEmpty)
    }

    // MARK: - Layouts

    @Test func mediumLayoutTopRowStillNeedsLabels() {
        let text = """
            platforms iOS 17, iPadOS 17
            contextmenu note {
              layout: medium
              item scan { symbol: "doc.viewfinder" }
              item lock "Lock" { symbol: "lock" }
              item pin "Pin" { symbol: "pin" }
            }
            """
        #expect(findings("unlabeled-item", in: text).map(\.span.start) == [offset(of: "scan", in: text)].compactMap { $0 })
        #expect(findings("small-layout-needs-symbols", in: text).isEmpty)
    }

    @Test func splicedTopRowIsReportedOnceAtTheSite() {
        let text = """
            platforms iOS 17, iPadOS 17
            menu TextStyles "Text Styles" {
              item bold "Bold"
              item italic "Italic"
              item underline "Underline" { symbol: "underline" }
            }
            contextmenu text {
              layout: small
              use TextStyles
              item strikethrough "Strikethrough"
            }
            """
        #expect(findings("small-layout-needs-symbols", in: text).map(\.span.start) == [
            offset(of: "use TextStyles", in: text), offset(of: #""Strikethrough""#, in: text),
        ].compactMap { $0 })
    }
}
