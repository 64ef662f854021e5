import Foundation
import Testing
@testable import MenuSupport
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
@testable import MenuRules
@testable import MenuBackends
@testable import MenuFormatter
@testable import MenuCompiler
@testable import MenuLanguageServer
import MenuTestSupport

/// A file with thousands of findings shows people the first 200 and one
/// `not-shown` summary of the rest, and the rules keep only what can be
/// shown — with the same result as keeping everything; reports programs
/// read list every finding. A file's language errors past the first 100
/// are counted by one `too-many-errors`, in every format, and no stage
/// holds more of them than that, whatever the file holds.
struct FindingFloodTests {
    /// A menu of `count` items whose labels start with a noun (one
    /// label-starts-with-verb note each), with `extra` lines after the items.
    static func menu(items count: Int, label: (Int) -> String = { "Version \($0)" }, extra: String = "") -> String {
        "menu Flood \"Flood\" {\n  dynamic: true\n" + (0..<count).map { "  item i\($0) \"\(label($0))\"\n" }.joined() + extra + "}\n"
    }

    static func compile(_ text: String, listingEveryFinding: Bool = false) -> [Diagnostic] {
        var options = CompileOptions()
        options.listsEveryFinding = listingEveryFinding
        return Compiler.compile([.text(text, displayPath: "flood.menu")], options: options).diagnostics
    }

    /// Every finding of every rule, none dropped (what the summary must count).
    static func everyFinding(_ text: String) throws -> [Diagnostic] {
        let compilation = Compiler.compile([.text(text, displayPath: "flood.menu")], options: CompileOptions(runRules: false))
        let file = try #require(compilation.files.first)
        return Array(Set(RuleEngine().check(file, hasLanguageErrors: false)))
    }

    @Test func theSummaryCountsEveryFindingNotShown() throws {
        // Each label breaks two rules: title case and the leading verb.
        let text = Self.menu(items: 1_000, label: { "version \($0)" })
        let all = try Self.everyFinding(text)
        #expect(all.count >= 2_000)
        let shown = Self.compile(text)
        let limit = DiagnosticLimits.shownPerFile
        #expect(shown.count == limit + 1)
        let summary = try #require(shown.last)
        #expect(summary.message == "\(all.count - limit) more problems in this file are not shown")
        // A summary of its own, not a finding of a rule; it counts what it stands for.
        #expect(summary.id == DisplayLimit.notShownID)
        #expect(summary.standsFor?.total == all.count - limit)
        #expect(summary.severity == .warning)
        #expect(DiagnosticRenderer.summary(shown) == DiagnosticRenderer.summary(all))
        // The first finding not shown, in the order diagnostics are shown.
        let order = all.sorted { ($0.span.start, $0.span.end, $0.id, $0.message) < ($1.span.start, $1.span.end, $1.id, $1.message) }
        #expect(summary.span == order[limit].span)
        #expect(Array(shown.dropLast()).map(\.message) == order.prefix(limit).map(\.message))
    }

    @Test func aRuleCountsWhatItCannotShowWithoutKeepingIt() throws {
        let text = Self.menu(items: 2_000)
        let compilation = Compiler.compile([.text(text, displayPath: "flood.menu")], options: CompileOptions(runRules: false))
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
        let allowed = "  @allow(label-starts-with-verb) item last \"Version Widget\"\n"
        let text = Self.menu(items: 1_000, extra: allowed)
        let shown = Self.compile(text)
        #expect(!shown.contains { $0.id == RuleEngine.unusedAllowID })
        let all = try Self.everyFinding(text)
        #expect(shown.last?.message == "\(all.count - DiagnosticLimits.shownPerFile) more problems in this file are not shown")
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

    @Test func reportsForProgramsListEveryFinding() throws {
        let text = Self.menu(items: 1_000, label: { "version \($0)" })
        let all = try Self.everyFinding(text)
        let listed = Self.compile(text, listingEveryFinding: true)
        #expect(Set(listed) == Set(all))
        #expect(listed.count == all.count)
        #expect(!listed.contains { $0.id == DisplayLimit.notShownID || $0.standsFor != nil })
    }

    // MARK: - Language errors past the limit

    static let errorLimit = DiagnosticLimits.errorsPerFile

    /// [line, column] of a diagnostic in `flood.menu`.
    static func position(_ diagnostic: Diagnostic, in text: String) -> [Int] {
        let position = SourceFile(id: diagnostic.span.file, displayPath: "flood.menu", text: text).position(of: diagnostic.span.start)
        return [position.line, position.column]
    }

    @Test(arguments: [false, true])
    func aFileListsItsFirstHundredErrorsAndCountsTheRest(listingEveryFinding: Bool) throws {
        let text = String(repeating: "x\n", count: 5_000)
        let diagnostics = Self.compile(text, listingEveryFinding: listingEveryFinding)
        #expect(diagnostics.count == Self.errorLimit + 1)
        #expect(diagnostics.dropLast().allSatisfy { $0.id == "syntax" })
        let summary = try #require(diagnostics.last)
        #expect(summary.id == LanguageErrorID.tooManyErrors.rawValue && summary.severity == .error)
        #expect(summary.message == "4900 more errors were found in this file and are not listed")
        #expect(summary.standsFor == DiagnosticCounts(errors: 4_900))
        // At the first error not listed: the one on line 101.
        #expect(Self.position(summary, in: text) == [101, 1])
        #expect(DiagnosticRenderer.summary(diagnostics) == "5000 errors")
    }

    @Test func theLexersAndTheParsersErrorsAreLimitedTogether() throws {
        // Two errors a line: the parser's at 'x', the lexer's at '$'.
        let text = String(repeating: "x $\n", count: 5_000)
        let diagnostics = Self.compile(text)
        #expect(diagnostics.count == Self.errorLimit + 1)
        let listed = diagnostics.dropLast().map { Self.position($0, in: text) }
        #expect(listed == (1...50).flatMap { [[$0, 1], [$0, 3]] })
        let summary = try #require(diagnostics.last)
        #expect(summary.standsFor?.errors == 9_900)
        #expect(Self.position(summary, in: text) == [51, 1])
    }

    @Test func theErrorsOfEveryStageAreLimitedTogether() throws {
        // 80 syntax errors, then 80 unknown properties: the first 100 by
        // position are the 80 and 20 of the others.
        let text = String(repeating: "x\n", count: 80) + "menu M \"M\" {\n" + (0..<80).map { "  zz\($0): 1\n" }.joined() + "}\n"
        let diagnostics = Self.compile(text)
        #expect(diagnostics.count == Self.errorLimit + 1)
        #expect(diagnostics.filter { $0.id == "syntax" }.count == 80)
        #expect(diagnostics.filter { $0.id == "unknown-property" }.count == 20)
        let summary = try #require(diagnostics.last)
        #expect(summary.standsFor?.errors == 60)
        #expect(Self.position(summary, in: text) == [102, 3])
    }

    @Test func theResolversErrorsPastTheLimitAreCountedInOrderOfPosition() throws {
        // A menu is built where it is first spliced: the errors of the menu
        // written last are reported while the first is being built.
        let user = "menu User \"User\" {\n  use Used\n" + (0..<150).map { "  bb\($0): 1\n" }.joined() + "}\n"
        let used = "menu Used \"Used\" {\n" + (0..<150).map { "  aa\($0): 1\n" }.joined() + "}\n"
        let text = user + used
        let diagnostics = Self.compile(text, listingEveryFinding: true)
        #expect(diagnostics.count == Self.errorLimit + 1)
        #expect(diagnostics.dropLast().map(\.message) == (0..<100).map { "unknown property 'bb\($0)' for menu" })
        let summary = try #require(diagnostics.last)
        #expect(summary.standsFor?.errors == 200)
        #expect(Self.position(summary, in: text) == [103, 3])
    }

    /// Recovery steps over junk in large steps: a run of stray braces on a
    /// line is one mistake, and a file of them one error a line.
    @Test func aRunOfStrayBracesIsOneErrorALine() throws {
        let text = "}}}} } }\n}\nmenu M \"M\" { item a \"Open\" }\n}}\n"
        let diagnostics = Self.compile(text)
        #expect(diagnostics.map(\.message) == ["6 unexpected '}' with no matching '{'", "unexpected '}' with no matching '{'",
                                               "2 unexpected '}' with no matching '{'"])
        #expect(diagnostics.first?.span.end == 8)
        #expect(Self.compile(String(repeating: "}", count: 100_000)).count == 1)
    }

    /// What a stage holds of a file's errors is bounded, not the file's
    /// errors: a megabyte of random bytes gives a few hundred thousand.
    @Test func whatAStageHoldsOfJunkIsBounded() throws {
        var generator = SeededGenerator(state: 29)
        let bytes = (0..<1_000_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let file = SourceFile(id: FileID(0), displayPath: "junk.menu", absolutePath: "", bytes: bytes)
        let parse = Parser.parse(file)
        #expect(parse.listedErrors.count == Self.errorLimit)
        #expect((parse.unlistedErrors?.count ?? 0) > 10_000)
        let tokens = Lexer.tokenize(file)
        #expect(tokens.diagnostics.count == Self.errorLimit + 1)
        #expect(tokens.diagnostics.last?.id == LanguageErrorID.tooManyErrors.rawValue)
    }

    /// The language server compiles a document on every edit: a megabyte
    /// of junk gives it a hundred errors and one that counts the rest.
    @Test func theLanguageServerPublishesAHundredErrorsOfJunk() throws {
        let uri = "untitled:junk.menu"
        let document = TextDocument(uri: uri, version: 1, bytes: Array(String(repeating: "x $\n", count: 250_000).utf8), path: nil)
        let analysis = Analysis(documents: [document], generation: 0, directory: FileManager.default.temporaryDirectory.path)
        let diagnostics = analysis.diagnostics(in: try analysis.document(uri).file)
        #expect(diagnostics.count == Self.errorLimit + 1)
        #expect(diagnostics.last?.standsFor?.errors == 500_000 - Self.errorLimit)
    }

    /// Junk of each shape that once made a check keep an error every few
    /// bytes lists a file's first hundred errors and one that counts the rest.
    @Test(arguments: FindingFloodTests.junkShapes)
    func junkOfEveryShapeListsAHundredErrorsAndCountsTheRest(shape: String, unit: String) throws {
        let text = String(repeating: unit, count: 200_000 / unit.utf8.count)
        for listing in [false, true] {
            let diagnostics = Self.compile(text, listingEveryFinding: listing)
            let errors = diagnostics.filter { $0.severity == .error }
            #expect(errors.count <= Self.errorLimit + 1, "\(shape)")
            #expect(diagnostics.count <= Self.errorLimit + 1, "\(shape)")
            let summaries = diagnostics.filter { $0.id == LanguageErrorID.tooManyErrors.rawValue }
            #expect(summaries.count == (errors.count > Self.errorLimit ? 1 : 0), "\(shape)")
            if let summary = summaries.first { #expect(summary == diagnostics.last, "\(shape)") }
        }
    }

    static let junkShapes: [(String, String)] = [
        ("'{' on every line", "{\n"), ("'}' on every line", "}\n"), ("'}' on one line", "}"), ("'\"' on every line", "\"\n"),
        ("'item' on every line", "item\n"), ("'@allow(' on every line", "@allow(\n"), ("':' on every line", ":\n"),
        ("one token a line", "x\n"), ("'x;' statements", "x;"), ("bad escapes", "\"\\q\\q\\q\"\n"), ("NUL bytes", "\u{0}a"),
        ("JSON", "{ \"id\": \"a\", \"items\": [1, 2] },\n"), ("unknown properties", "menu m \"M\" { zz: 1; yy: 2 }\n"),
        ("duplicate ids", "menu m \"M\" { item a \"Open\" }\n"), ("mixed", "item \"x\" {\n: ] [ @ , ) ( 9 - }\n"),
    ]
}
