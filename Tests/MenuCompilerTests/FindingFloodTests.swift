import Foundation
import Testing
@testable import MenuCompiler

/// A file with thousands of findings shows the first 200 and one summary
/// of the rest, and the rules keep only what can be shown — with the same
/// result as keeping everything.
struct FindingFloodTests {
    /// A menu of `count` items whose labels start with a noun (one
    /// label-starts-with-verb note each), with `extra` lines after the items.
    static func menu(items count: Int, label: (Int) -> String = { "Item \($0)" }, extra: String = "") -> String {
        "menu Flood \"Flood\" {\n  dynamic: true\n" + (0..<count).map { "  item i\($0) \"\(label($0))\"\n" }.joined() + extra + "}\n"
    }

    static func compile(_ text: String) -> [Diagnostic] {
        MenuCompiler.compile([.text(text, displayPath: "flood.menu")]).diagnostics
    }

    /// Every finding of every rule, none dropped (what the summary must count).
    static func everyFinding(_ text: String) throws -> [Diagnostic] {
        let compilation = MenuCompiler.compile([.text(text, displayPath: "flood.menu")], options: CompileOptions(runRules: false))
        let file = try #require(compilation.files.first)
        return Array(Set(RuleEngine().check(file, hasLanguageErrors: false)))
    }

    @Test func theSummaryCountsEveryFindingNotShown() throws {
        // Each label breaks two rules: title case and the leading verb.
        let text = Self.menu(items: 1_000, label: { "item \($0)" })
        let all = try Self.everyFinding(text)
        #expect(all.count >= 2_000)
        let shown = Self.compile(text)
        let limit = MenuCompiler.maximumDiagnosticsPerFile
        #expect(shown.count == limit + 1)
        let summary = try #require(shown.last)
        #expect(summary.message == "\(all.count - limit) more problems in this file are not shown")
        // The first finding not shown, in the order diagnostics are shown.
        let order = all.sorted { ($0.span.start, $0.span.end, $0.id, $0.message) < ($1.span.start, $1.span.end, $1.id, $1.message) }
        #expect(summary.span == order[limit].span)
        #expect(Array(shown.dropLast()).map(\.message) == order.prefix(limit).map(\.message))
    }

    @Test func aRuleCountsWhatItCannotShowWithoutKeepingIt() throws {
        let text = Self.menu(items: 2_000)
        let compilation = MenuCompiler.compile([.text(text, displayPath: "flood.menu")], options: CompileOptions(runRules: false))
        let file = try #require(compilation.files.first)
        let rule = try #require(RuleRegistry.all.first { $0.descriptor.id == "label-starts-with-verb" })
        let kept = RuleEngine(rules: [rule]).findings(file, hasLanguageErrors: false, keep: 50)
        #expect(kept.diagnostics.count < 100)
        #expect(kept.diagnostics.count + kept.suppressedCount == 2_000)
        #expect(kept.suppressedSeverity == .note)
        // The ones kept are the first in the file.
        let starts = kept.diagnostics.map(\.span.start).sorted()
        let all = RuleEngine(rules: [rule]).check(file, hasLanguageErrors: false).map(\.span.start).sorted()
        #expect(Array(starts.prefix(50)) == Array(all.prefix(50)))
    }

    @Test func anAllowPastTheShownFindingsIsStillUsed() throws {
        let allowed = "  @allow(label-starts-with-verb) item last \"Widget\"\n"
        let text = Self.menu(items: 1_000, extra: allowed)
        let shown = Self.compile(text)
        #expect(!shown.contains { $0.id == RuleEngine.unusedAllowID })
        let all = try Self.everyFinding(text)
        #expect(shown.last?.message == "\(all.count - MenuCompiler.maximumDiagnosticsPerFile) more problems in this file are not shown")
        // And an allow that silences nothing is still reported.
        let unused = "@allow(label-title-case)\n" + Self.menu(items: 1_000)
        #expect(Self.compile(unused).contains { $0.id == RuleEngine.unusedAllowID })
    }

    @Test func aFindingAboutAHugeGroupStaysShort() throws {
        let text = Self.menu(items: 30, label: { "Move to Folder \($0)" })
        let finding = try #require(Self.compile(text).first { $0.id == "suggest-submenu" })
        #expect(finding.message == "30 items of one group start with 'Move to'; consider a 'Move To' submenu listing "
            + "'Folder 0', 'Folder 1', 'Folder 2', 'Folder 3', 'Folder 4', 'Folder 5' and 24 more")
        #expect(finding.secondary.count == RuleReporter.maximumSecondarySpans)
        #expect(finding.notes.contains("19 more places like these are not shown"))
    }

    @Test func aHugeLabelIsQuotedShortButFixedWhole() throws {
        let label = String(repeating: "x", count: 50_000)
        let diagnostics = Self.compile("menu M \"M\" {\n  item a \"\(label)\"\n}\n")
        let titleCase = try #require(diagnostics.first { $0.id == "label-title-case" })
        for diagnostic in diagnostics {
            let texts = [diagnostic.message, diagnostic.primary.label, diagnostic.help ?? ""] + diagnostic.notes + diagnostic.fixIts.map(\.message)
            for text in texts { #expect(text.utf8.count < 400, "\(diagnostic.id): \(text.prefix(200))") }
        }
        #expect(titleCase.message.contains("'" + String(repeating: "x", count: QuotedText.keptCharacters) + "…'"))
        // The fix still writes the whole label.
        let edit = try #require(titleCase.fixIts.first?.edits.first)
        #expect(edit.replacement.utf8.count >= label.utf8.count)
        // Short texts are never touched, apostrophes or not.
        let message = "item 'Don't Save' needs a verb; it's fine to say 'Save'"
        #expect(QuotedText.shortened(message) == message)
    }
}
