import Foundation
import Testing
@testable import MenuSyntax
@testable import MenuRules
@testable import MenuCompiler
import MenuTestSupport
import CompilerTestSupport

/// Fix-its say whether they are certain; `check --fix` applies only those
/// and lists the others, which stay offered as suggestions.
@Suite("Safe fixes")
struct SafeFixTests {
    @Test func recasingSaysWhenItGuesses() {
        #expect(TitleCase.recasing("Check For Updates").isCertain)
        #expect(TitleCase.recasing("sort by date").isCertain)
        #expect(TitleCase.recasing("Anti-alias").isCertain)
        #expect(TitleCase.recasing("for an hour").isCertain)
        // Lowering a word that may be a particle ("Lock In"), or capitalizing one written lowercase among capitals.
        #expect(!TitleCase.recasing("Group By Feed").isCertain)
        #expect(!TitleCase.recasing("Pin On Top").isCertain)
        #expect(!TitleCase.recasing("Binary Templates (beta)").isCertain)
        #expect(!TitleCase.recasing("Open Project in neovim").isCertain)
        #expect(TitleCase.recasing("Group By Feed").text == "Group by Feed")
    }

    @Test func articleRemovalSaysWhenItGuesses() {
        #expect(LabelWords.articleRemovalIsCertain("Open the Message"))
        #expect(LabelWords.articleRemovalIsCertain("Move the Item to the Trash"))
        #expect(LabelWords.articleRemovalIsCertain("Add a Bookmark"))
        #expect(!LabelWords.articleRemovalIsCertain("Disable for an Hour"))
        #expect(!LabelWords.articleRemovalIsCertain("Save as a Copy"))
    }

    @Test func fixAppliesOnlyCertainFixes() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("a.menu")
        try TestSupport.write("""
            platforms macOS 14
            menu App "App" {
              item updates "Check For Updates" { action: checkForUpdates }
              item feed "Group By Feed" { action: groupByFeed }
              item message "Open the Message" { action: openMessage }
              item hour "Disable for an Hour" { action: disableForAnHour }
              item settings "Settings..." { action: showSettings }
            }

            """, to: file)
        let fixed = try CLITests().menuc(["check", "a.menu", "--fix"], in: directory)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains("\"Check for Updates\""))
        #expect(text.contains("\"Open Message\""))
        #expect(text.contains("\"Settings…\""))
        // Guesses are left for a person, and said so.
        #expect(text.contains("\"Group By Feed\""))
        #expect(text.contains("\"Disable for an Hour\""))
        #expect(fixed.error.contains("a.menu:4:13: fix-it not applied (a suggestion: it may change a name or need rewording; review it): use title-style capitalization (check names and particles first) [label-title-case]"), "\(fixed.error)")
        #expect(fixed.error.contains("a.menu:6:26: fix-it not applied (a suggestion: it may change a name or need rewording; review it): remove the article (reword if the noun needs it) [label-article]"), "\(fixed.error)")
        #expect(fixed.error.components(separatedBy: "fix-it not applied (a suggestion").count - 1 == 2)
        // Reports for programs still offer every fix-it.
        let sarif = try CLITests().menuc(["check", "a.menu", "--format", "sarif"], in: directory)
        #expect(sarif.output.contains("Group by Feed") && sarif.output.contains("Disable for Hour"))
    }

    /// The language server offers the suggestion as a code action, like any fix-it.
    @Test func suggestionsStayFixIts() {
        let compilation = TestSupport.compile(#"menu App "App" { item feed "Group By Feed" { action: groupByFeed } }"#, rules: true)
        let fixIts = compilation.diagnostics.filter { $0.id == "label-title-case" }.flatMap(\.fixIts)
        #expect(fixIts.count == 1)
        #expect(fixIts.first?.isCertain == false)
        #expect(fixIts.first?.edits.first?.replacement == #""Group by Feed""#)
    }
}
