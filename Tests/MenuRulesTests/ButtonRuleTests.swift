import Testing
@testable import MenuSupport
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
@testable import MenuRules
import SemanticsTestSupport

/// Edge cases of the Buttons rules that their own examples don't pin down:
/// platform gating, what counts within a view, interplay between rules,
/// fix-its and `@allow`.
@Suite("Button rules")
struct ButtonRuleTests {

    /// Checks `text` and runs every Buttons rule; findings sorted by position.
    private func findings(_ text: String) -> [Diagnostic] {
        let compilation = CheckedText(text)
        let errors = compilation.diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "language errors: \(errors.map(\.message))")
        guard let file = compilation.file else { return [] }
        return RuleEngine(rules: RuleRegistry.buttonRules).check(file, hasLanguageErrors: false).sorted { $0.span < $1.span }
    }

    private func ids(_ text: String) -> [String] { findings(text).map(\.id) }

    /// The text after applying every fix-it of the findings.
    private func fixed(_ text: String) -> String {
        let compilation = CheckedText(text)
        guard let file = compilation.file else { return text }
        let all = RuleEngine(rules: RuleRegistry.buttonRules).check(file, hasLanguageErrors: false)
        let result = FixApplier.apply(all.flatMap(\.fixIts), to: file.source.bytes, file: file.source.id)
        return String(decoding: result.bytes, as: UTF8.self)
    }

    // MARK: - Registration

    @Test func everyButtonsRuleIsRegisteredOnceWithTheCatalogIds() {
        let expected: Set<String> = [
            "button-needs-content", "hit-target-too-small", "too-many-filled-buttons", "destructive-primary",
            "multiple-primary", "missing-primary", "close-and-done", "close-with-opposing-actions", "style-not-size",
            "subtitle-without-label", "subtitle-repeats-label", "toggle-button-color-only", "toggle-button-actions", "info-button-navigates",
            "common-symbol-misuse", "help-button-count", "help-button-placement", "gradient-button-content",
            "gradient-button-placement", "image-button-placement", "image-button-padding",
            "watch-button-corner-radius", "watch-row-heights",
        ]
        let ids = RuleRegistry.buttonRules.map(\.descriptor.id)
        #expect(Set(ids) == expected)
        #expect(ids.count == expected.count)
        for rule in RuleRegistry.buttonRules {
            let file = rule.descriptor.guideline.file
            #expect(file == Guidelines.buttonsFile || file == Guidelines.buttonsOlderFile, "\(rule.descriptor.id)")
        }
    }

    // MARK: - Platforms

    @Test func hitTargetsApplyWithDefaultPlatformsButNotOnMacOrWatchAlone() {
        let view = #"view Reader "Reader" { button bookmark { symbol: "bookmark"; width: 30; action: addBookmark } }"#
        #expect(ids(view) == ["hit-target-too-small"])
        #expect(ids("platforms iPadOS 17\n" + view) == ["hit-target-too-small"])
        #expect(ids("platforms macOS 14\n" + view).isEmpty)
        #expect(ids("platforms watchOS 10\n" + view).isEmpty)
    }

    @Test func hitTargetsSkipMacOnlyButtonTypes() {
        let text = """
            view Accounts "Accounts" {
              row { button add { type: gradient; symbol: "plus"; width: 24; height: 22; action: addAccount } }
            }
            """
        #expect(!ids(text).contains("hit-target-too-small"))
    }

    @Test func hitTargetFixItsRaiseBothDimensions() {
        let text = #"view Reader "Reader" { toggle mark { symbol: "bookmark"; indicator: background; width: 20; height: 43.5 } }"#
        #expect(fixed(text) == #"view Reader "Reader" { toggle mark { symbol: "bookmark"; indicator: background; width: 44; height: 44 } }"#)
    }

    @Test func macOnlyButtonRulesNeedMacOS() {
        let text = """
            platforms iOS 17
            view Library "Library" {
              toolbar { button help "Help" { type: help; action: showHelp } }
              button help2 { type: help; action: showHelp }
              toolbar { button add "Add" { type: gradient; action: add }; button pic { type: image; padding: 2 } }
            }
            """
        let found = Set(ids(text))
        for id in ["help-button-count", "help-button-placement", "gradient-button-content", "gradient-button-placement",
                   "image-button-placement", "image-button-padding"] {
            #expect(!found.contains(id), "\(id) should need macOS")
        }
    }

    // MARK: - What belongs to a view

    @Test func topLevelComponentsAreTheirOwnContext() {
        let text = """
            button buyNow "Buy Now" { role: primary; style: filled; action: buyNow }
            button addToCart "Add to Cart" { role: primary; style: filled; action: addToCart }
            button help { type: help; action: showHelp }
            button help2 { type: help; action: showHelp }
            """
        #expect(ids(text).isEmpty)
    }

    @Test func toolbarsAndRowsInsideToolbarsBelongToTheView() {
        let text = """
            view Compose "Compose" {
              toolbar {
                row { button send "Send" { role: primary; style: filled; action: send } }
              }
              button schedule "Schedule" { role: primary; style: filled; action: schedule }
            }
            """
        #expect(Set(ids(text)) == ["too-many-filled-buttons", "multiple-primary"])
    }

    @Test func filledCountsTogglesPopUpsAndPullDowns() {
        let text = """
            view Shop "Shop" {
              popup sort "Sort" { style: filled; default: price; option price "Price"; option rating "Rating" }
              toggle favorites { symbol: "heart"; style: filled; indicator: background }
            }
            """
        let found = findings(text)
        #expect(found.map(\.id) == ["too-many-filled-buttons"])
        #expect(found.first?.elementPath == "Shop/favorites")
    }

    @Test func threePrimariesAreOneFindingNamingTheOthers() {
        let text = """
            view Choose "Choose" {
              presentation: alert
              button a "Save" { role: primary }
              button b "Save As…" { role: primary }
              button c "Export…" { role: primary }
            }
            """
        let found = findings(text).filter { $0.id == "multiple-primary" }
        #expect(found.count == 1)
        #expect(found.first?.secondary.count == 2)
        #expect(found.first?.message.contains("3 primary buttons") == true)
    }

    // MARK: - Primary buttons

    @Test func missingPrimaryOnlyInTemporaryViewsWithACandidate() {
        func view(_ presentation: String, _ buttons: String) -> String {
            "view V \"Title\" {\n  presentation: \(presentation)\n\(buttons)\n}"
        }
        let cancelSave = """
              button cancel "Cancel" { role: cancel }
              button save "Save" { action: save }
            """
        #expect(ids(view("sheet", cancelSave)) == ["missing-primary"])
        #expect(ids(view("alert", cancelSave)) == ["missing-primary"])
        #expect(ids(view("editing", cancelSave)) == ["missing-primary"])
        #expect(ids(view("window", cancelSave)).isEmpty)
        #expect(ids(view("popover", cancelSave)).isEmpty)
        #expect(ids(view("inline", cancelSave)).isEmpty)
        // Only Cancel and a destructive action: nothing could be primary.
        let cancelDelete = """
              button cancel "Cancel" { role: cancel }
              button delete "Delete" { role: destructive }
            """
        #expect(ids(view("alert", cancelDelete)).isEmpty)
        // A help button and a pop-up don't make a second button.
        let helpAndSave = """
              button help { type: help }
              popup format "Format" { default: pdf; option pdf "PDF"; option png "PNG" }
              button save "Save" { type: push; action: save }
            """
        #expect(!ids("platforms macOS 14\n" + view("sheet", helpAndSave)).contains("missing-primary"))
    }

    @Test func destructiveByConfirmationOrLabelVerb() {
        #expect(ids(#"view V "V" { button b "Empty Trash" { role: primary; confirm: "Empty the Trash?" } }"#) == ["destructive-primary"])
        #expect(ids(#"view V "V" { button b "Erase All Content" { role: primary } }"#) == ["destructive-primary"])
        #expect(ids(#"view V "V" { button b "Remove from Queue" { role: primary } }"#).isEmpty)
    }

    // MARK: - Close buttons

    @Test func closeDoneAndCancelReportsOnlyCloseAndDone() {
        let text = """
            view Filters "Filters" {
              presentation: sheet
              button close { type: close }
              button cancel "Cancel" { role: cancel }
              button done "Done" { type: done; role: primary }
            }
            """
        #expect(ids(text) == ["close-and-done"])
    }

    @Test func aCloseButtonWithCancelRoleIsNotItsOwnOpposingPair() {
        let text = """
            view Preview "Preview" {
              presentation: sheet
              button close { type: close; role: cancel }
              button share "Share" { role: primary; action: share }
            }
            """
        #expect(ids(text).isEmpty)
    }

    // MARK: - Rows

    @Test func rowSizesIgnoreHelpButtonsAndTreatMissingSizeAsMedium() {
        let text = """
            platforms macOS 14
            view Export "Export" {
              presentation: sheet
              row {
                button help { type: help; size: small }
                button cancel "Cancel" { type: push; role: cancel }
                button export "Export" { type: push; role: primary; size: medium }
              }
            }
            """
        #expect(ids(text).isEmpty)
    }

    @Test func watchRowHeightsPointAtAButtonWithoutAHeight() {
        let text = """
            platforms watchOS 10
            view Run "Run" {
              row {
                button pause "Pause" { height: 60 }
                button lap "Lap" { height: 60 }
                button end "End" { action: endRun }
              }
            }
            """
        let found = findings(text)
        #expect(found.map(\.id) == ["watch-row-heights"])
        #expect(found.first?.message.contains("default height") == true)
        // A row without an identifier is left out of paths.
        #expect(found.first?.elementPath == "Run/end")
    }

    // MARK: - watchOS corner radius

    @Test func reusableWatchButtonsAcceptEitherRadiusAndHaveNoFixIt() {
        #expect(ids("platforms watchOS 10\nbutton start \"Start\" { cornerRadius: 22 }").isEmpty)
        #expect(ids("platforms watchOS 10\nbutton start \"Start\" { cornerRadius: 9 }").isEmpty)
        let found = findings("platforms watchOS 10\nbutton start \"Start\" { cornerRadius: 16 }")
        #expect(found.map(\.id) == ["watch-button-corner-radius"])
        #expect(found.first?.fixIts.isEmpty == true)
    }

    @Test func watchCornerRadiusFixUsesTheViewsScrolling() {
        let text = """
            platforms watchOS 10
            view List "List" {
              scrolling: true
              row { button a "Start" { cornerRadius: 22.0 } }
            }
            """
        #expect(fixed(text).contains("cornerRadius: 9 }"))
    }

    // MARK: - Content and symbols

    @Test func glyphButtonsNeedNoContentButAnEmptyLabelIsNoContent() {
        #expect(ids(#"view V "V" { button close { type: close }; button info { type: info } }"#).isEmpty)
        #expect(ids(#"view V "V" { button save "" { action: save } }"#) == ["button-needs-content"])
        #expect(ids(#"view V "V" { toggle bold { on: "Bold"; off: "Bold"; indicator: background } }"#).isEmpty)
    }

    @Test func plusSymbolsNeedAnAddingButtonAndOnlyBarePlusMayIncrease() {
        #expect(ids(#"view V "V" { button b "Increase" { symbol: "plus" } }"#).isEmpty)
        #expect(ids(#"view V "V" { button b "Increase" { symbol: "plus.circle" } }"#) == ["common-symbol-misuse"])
        #expect(ids(#"view V "V" { button b "New Reminder" { symbol: "plus.circle.fill" } }"#).isEmpty)
        #expect(ids(#"view V "V" { button quickAdd { symbol: "plus.circle" } }"#).isEmpty)
        #expect(ids(#"view V "V" { button b "Details" { symbol: "info.circle.fill"; type: info } }"#).isEmpty)
    }

    @Test func toggleRolesOtherThanNormalAreActions() {
        #expect(ids(#"view V "V" { toggle t { symbol: "star"; indicator: background; role: primary } }"#) == ["toggle-button-actions"])
        #expect(ids(#"view V "V" { toggle t { symbol: "star"; indicator: background; role: normal } }"#).isEmpty)
    }

    // MARK: - Engine integration

    @Test func allowSilencesAButtonsRuleOnTheView() {
        let text = """
            @allow(multiple-primary)
            view Choose "Choose" {
              button a "Save" { role: primary }
              button b "Export" { role: primary }
            }
            """
        #expect(ids(text).isEmpty)
    }

    @Test func outputIsDeterministic() throws {
        let text = try #require(RuleRegistry.buttonRules.first?.descriptor.examples.first?.unmarked.text)
        #expect(findings(text) == findings(text))
    }
}
