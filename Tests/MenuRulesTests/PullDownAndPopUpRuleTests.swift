import Foundation
import Testing
@testable import MenuSupport
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
@testable import MenuRules
import SemanticsTestSupport

/// Edge cases of the pull-down and pop-up rules that the rules' own
/// examples don't show: thresholds, spliced menus, `@allow`, the whole
/// rule set at once, and the layouts the More-symbol fix-it edits. A menu
/// imported from another file is `PullDownAndPopUpRuleTests` of the
/// driver's tests (MenuCompilerTests).
@Suite("Pull-down and pop-up rules")
struct PullDownAndPopUpRuleTests {
    /// All findings of the given rule ids (every rule runs, as in `menuc
    /// check`), with the language errors, in the order they are shown.
    static func findings(_ text: String, ids: Set<String>, configuration: RuleConfiguration = RuleConfiguration()) -> [Diagnostic] {
        let compilation = CheckedText(text)
        let errors = compilation.diagnostics.filter { $0.severity == .error && LanguageErrorID(rawValue: $0.id) != nil }
        #expect(errors.isEmpty, "language errors: \(errors.map(\.message))")
        guard let file = compilation.file else { return [] }
        let found = RuleEngine(configuration: configuration).check(file, languageErrors: compilation.diagnostics.filter { $0.severity == .error })
        return (compilation.diagnostics + found).sorted(by: DiagnosticKeeper.showsBefore).filter { ids.contains($0.id) }
    }

    static func ids(_ text: String, _ ids: Set<String>) -> [String] {
        findings(text, ids: ids).map(\.id)
    }

    /// The text after applying one rule's fix-its, run alone.
    static func fixed(_ text: String, by rule: any Rule) -> String {
        guard let file = CheckedText(text).file else { return text }
        let findings = RuleEngine(rules: [rule]).check(file, hasLanguageErrors: false)
        return String(decoding: FixApplier.apply(findings.flatMap(\.fixIts), to: file.source.bytes, file: file.source.id).bytes, as: UTF8.self)
    }

    static let threeItems = """
        item pin "Pin Note" { action: pin }
        item lock "Lock Note" { action: lock }
        item duplicate "Duplicate Note" { action: duplicate }
        """

    // MARK: - Item counts

    @Test func itemLimitComesFromTheConfiguration() {
        let text = """
            view Note "Note" {
              button done "Done" { action: finish }
              pulldown more "More" {
                symbol: "ellipsis.circle"
                section { item a "Pin Note" { action: pin }; item b "Lock Note" { action: lock } }
                section { item c "Duplicate Note" { action: duplicate }; item d "Print Note" { action: printNote } }
              }
            }
            """
        #expect(Self.ids(text, ["pulldown-too-many-items"]).isEmpty)
        var configuration = RuleConfiguration()
        configuration.thresholds.pulldownMaxItems = 3
        let found = Self.findings(text, ids: ["pulldown-too-many-items"], configuration: configuration)
        #expect(found.count == 1)
        #expect(found.first?.message.contains("4 items") == true)
    }

    @Test func splicedItemsCountForThePullDownThatUsesThem() {
        let text = """
            menu NoteActions "Note Actions" {
              item pin "Pin Note" { action: pin }
            }

            view Note "Note" {
              button done "Done" { action: finish }
              pulldown more "More" { symbol: "ellipsis.circle"; use NoteActions }
              pulldown other "Other" { symbol: "star"; menu: NoteActions }
            }
            """
        let found = Self.findings(text, ids: ["pulldown-too-few-items"])
        #expect(found.count == 2)
        #expect(found.allSatisfy { $0.elementPath?.hasPrefix("Note/") == true })
    }

    @Test func emptyPullDownIsLeftToEmptyMenu() {
        #expect(Self.ids(#"pulldown more "More" { symbol: "ellipsis.circle" }"#, ["pulldown-too-few-items"]).isEmpty)
    }

    // MARK: - Spliced content is checked where it is written

    @Test func destructiveItemInASharedMenuIsReportedOnce() {
        let text = """
            menu NoteActions "Note Actions" {
              item pin "Pin Note" { action: pin }
              item lock "Lock Note" { action: lock }
              item delete "Delete Note" { role: destructive; action: deleteNote }
            }

            view Note "Note" {
              button done "Done" { action: finish }
              pulldown more "More" { symbol: "ellipsis.circle"; menu: NoteActions }
              contextmenu { menu: NoteActions }
            }
            """
        let found = Self.findings(text, ids: ["destructive-needs-confirmation"])
        #expect(found.count == 1)
        #expect(found.first?.elementPath == "NoteActions/delete")
    }

    // MARK: - Pop-ups

    @Test func popUpWithASubmenuIsReportedOnceWithoutLanguageErrors() {
        let text = """
            view Calendar "Calendar" {
              popup repeat "Repeat" {
                default: never
                option never "Never"
                option daily "Every Day"
                section {
                  submenu more "More Intervals" {
                    item monthly "Every Month"
                    submenu yearly "Yearly" { item once "Once a Year" }
                  }
                  item custom "Custom…" { input: true }
                }
              }
            }
            """
        let found = Self.findings(text, ids: ["popup-not-flat", "misplaced-element"])
        #expect(found.map(\.id) == ["popup-not-flat", "popup-not-flat"])
        #expect(found.map(\.elementPath) == ["Calendar/repeat/more", "Calendar/repeat/custom"])  // unnamed sections are left out of paths
        // It isn't flat, so counting its options would only repeat the point.
        #expect(Self.ids(text, ["popup-too-few-options"]).isEmpty)
    }

    @Test func popUpRulesOnAWellFormedPopUpStaySilent() {
        let text = """
            platforms iOS 17, iPadOS 17, macOS 14

            view Checkout "Checkout" {
              button order "Place Order" { role: primary; action: placeOrder }
              popup shipping "Shipping" {
                default: standard
                section { option standard "Standard Shipping"; option express "Express Shipping" }
                option pickup "Store Pickup"
              }
            }
            """
        let popUpIDs = Set(RuleRegistry.popUpButtonRules.map(\.descriptor.id))
        #expect(Self.ids(text, popUpIDs).isEmpty)
    }

    @Test func allowSilencesAPopUpRule() {
        let text = """
            view Checkout "Checkout" {
              @allow(popup-missing-default)
              popup shipping "Shipping" {
                option standard "Standard Shipping"
                option express "Express Shipping"
              }
            }
            """
        #expect(Self.ids(text, ["popup-missing-default", "unused-allow"]).isEmpty)
    }

    // MARK: - Platforms

    @Test func defaultPlatformsAreExplainedInTheFinding() {
        let text = #"view Settings "Settings" { button save "Save" { type: push; action: save } }"#
        let found = Self.findings(text, ids: ["unsupported-on-platform"])
        #expect(found.count == 1)
        #expect(found.first?.notes.contains { $0.contains("defaults") } == true)
        #expect(found.first?.message.contains("iOS and iPadOS") == true)
    }

    @Test func writtenPlatformsArePointedAt() {
        let text = """
            platforms iOS 17, watchOS 10, tvOS 17

            view Player "Player" {
              button play "Play" { action: play }
              popup quality "Quality" { default: auto; option auto "Automatic"; option high "High" }
            }
            """
        let found = Self.findings(text, ids: ["unsupported-on-platform"])
        #expect(found.count == 1)
        #expect(found.first?.secondary.count == 2)
        #expect(found.first?.message.contains("watchOS and tvOS") == true)
    }

    @Test(arguments: [
        ("platforms iOS 16, iPadOS 16", false),
        ("platforms iOS, iPadOS", false),
        ("platforms iOS 17.2", false),
        ("platforms iOS 15.4, iPadOS 17", true),
        ("platforms iPadOS 17, visionOS 1", true),
        ("platforms iOS 17, macOS 14", true),
        ("", true),
    ])
    func compactLayoutNeedsIOS16(directive: String, reported: Bool) {
        let text = """
            \(directive)

            menu Format "Format" {
              layout: medium
              item bold "Bold" { symbol: "bold"; action: bold }
              item italic "Italic" { symbol: "italic"; action: italic }
              item underline "Underline" { symbol: "underline"; action: underline }
            }
            """
        #expect(Self.ids(text, ["unsupported-on-platform"]).count == (reported ? 1 : 0))
    }

    @Test func largeLayoutAndSystemButtonsAreFineEverywhere() {
        let text = """
            platforms iOS 15, macOS 12, tvOS 17

            view Workout "Workout" {
              button pause "Pause" { type: system; symbol: "pause.fill"; action: pause }
              button close { type: close; action: dismiss }
              contextmenu { layout: large; item lock "Lock Screen" { action: lock } }
            }
            """
        #expect(Self.ids(text, ["unsupported-on-platform"]).isEmpty)
        // watchOS has no context menus, whatever their layout.
        #expect(Self.ids(text.replacingOccurrences(of: "tvOS 17", with: "watchOS 9"), ["unsupported-on-platform"]) == ["unsupported-on-platform"])
    }

    // MARK: - The More-symbol fix-it in every body layout

    @Test(arguments: [
        ( // a comment after the brace stays on its line
            "pulldown \"More\" { // less frequent actions\n  item a \"Pin Note\"\n  item b \"Lock Note\"\n  item c \"Hide Note\"\n}\n",
            "pulldown \"More\" { // less frequent actions\n  symbol: \"ellipsis.circle\"\n  item a \"Pin Note\"\n  item b \"Lock Note\"\n  item c \"Hide Note\"\n}\n"
        ),
        ( // tabs and Windows line breaks are kept
            "view V \"Notes\" {\r\n\tpulldown more \"More\" {\r\n\t\ttype: more\r\n\t\tmenu: Actions\r\n\t}\r\n}\r\nmenu Actions \"Actions\" { item a \"Pin Note\" }\r\n",
            "view V \"Notes\" {\r\n\tpulldown more \"More\" {\r\n\t\tsymbol: \"ellipsis.circle\"\r\n\t\ttype: more\r\n\t\tmenu: Actions\r\n\t}\r\n}\r\nmenu Actions \"Actions\" { item a \"Pin Note\" }\r\n"
        ),
        ( // an empty body on one line
            "pulldown more \"More\" {}\n",
            "pulldown more \"More\" { symbol: \"ellipsis.circle\" }\n"
        ),
        ( // an empty body over two lines
            "view V \"Notes\" {\n  pulldown more \"More\" {\n  }\n}\n",
            "view V \"Notes\" {\n  pulldown more \"More\" {\n    symbol: \"ellipsis.circle\"\n  }\n}\n"
        ),
        ( // no body at all
            "view V \"Notes\" {\n  pulldown more \"More\"\n}\n",
            "view V \"Notes\" {\n  pulldown more \"More\" { symbol: \"ellipsis.circle\" }\n}\n"
        ),
        ( // the brace on the next line, a doc comment before the first member
            "pulldown more \"More\"\n{\n  /// Pins it.\n  item a \"Pin Note\"\n}\n",
            "pulldown more \"More\"\n{\n  symbol: \"ellipsis.circle\"\n  /// Pins it.\n  item a \"Pin Note\"\n}\n"
        ),
    ])
    func moreSymbolFixIt(source: String, expected: String) {
        let result = Self.fixed(source, by: MoreButtonSymbol())
        #expect(result == expected)
        #expect(Self.fixed(result, by: MoreButtonSymbol()) == result, "the fix must not trigger again")
    }

    // MARK: - Whole-view rule

    @Test func buttonsInToolbarsAndRowsCountAsOtherActions() {
        let text = """
            view Note "Note" {
              toolbar { row { button share "Share…" { opens: sheet } } }
              pulldown more "More" { symbol: "ellipsis.circle"
                \(Self.threeItems)
              }
            }
            """
        #expect(Self.ids(text, ["pulldown-holds-all-actions"]).isEmpty)
        let alone = text.replacingOccurrences(of: #"toolbar { row { button share "Share…" { opens: sheet } } }"#, with: "")
        #expect(Self.ids(alone, ["pulldown-holds-all-actions"]) == ["pulldown-holds-all-actions"])
    }

    @Test func titleComparisonIgnoresCaseAndEllipsis() {
        let text = """
            view Note "Note" {
              button done "Done" { action: finish }
              pulldown share "Share…" { symbol: "square.and.arrow.up"; title: "SHARE"
                \(Self.threeItems)
              }
            }
            """
        #expect(Self.ids(text, ["redundant-menu-title"]) == ["redundant-menu-title"])
    }
}
