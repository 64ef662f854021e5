import Foundation
import Testing
@testable import MenuSupport
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
@testable import MenuRules
import SemanticsTestSupport

/// @allow, unused-allow, severities and configuration, on real rules. What
/// needs the driver (its display limit, configuration files, exclusions, the
/// samples with their imports) is `RuleEngineTests` of MenuCompilerTests.
struct RuleEngineTests {
    /// The file's language errors and every rule's findings, in the order
    /// they are shown.
    func findings(_ text: String, configuration: RuleConfiguration = RuleConfiguration()) -> [Diagnostic] {
        let compilation = CheckedText(text, displayPath: "t.menu")
        guard let file = compilation.file else { return compilation.sortedDiagnostics }
        let errors = compilation.diagnostics.filter { $0.severity == .error }
        let found = RuleEngine(configuration: configuration).check(file, languageErrors: errors)
        return (compilation.diagnostics + found).sorted(by: DiagnosticKeeper.showsBefore)
    }

    let fileWithEllipsis = """
        platforms macOS 14
        menu File "File" {
          item export "Export..." { input: true }
        }
        """

    @Test func allowSilencesTheElementAndItsChildren() {
        #expect(findings(fileWithEllipsis).map(\.id) == ["label-ellipsis-character"])
        let allowed = fileWithEllipsis.replacingOccurrences(of: "menu File", with: "@allow(label-ellipsis-character)\nmenu File")
        #expect(findings(allowed).isEmpty)
        let onItem = fileWithEllipsis.replacingOccurrences(of: "item export", with: "@allow(label-ellipsis-character) item export")
        #expect(findings(onItem).isEmpty)
    }

    /// `label-title-case` asks the reporter before it works out a fix-it:
    /// a finding an allow silences still marks the allow as used, and one
    /// past the first `keep` is still counted.
    @Test func aRuleThatAsksFirstUsesItsAllowsAndCountsWhatItDrops() {
        let text = "menu File \"File\" {\n" + (0..<6).map { "  @allow(label-title-case)\n  item a\($0) \"open file \($0)\"\n  item b\($0) \"save file \($0)\"\n" }.joined() + "}\n"
        let found = findings(text)
        #expect(!found.contains { $0.id == "unused-allow" })
        #expect(found.filter { $0.id == "label-title-case" }.map(\.message) == (0..<6).map { "'save file \($0)' is not in title-style capitalization" })
        let compilation = CheckedText(text, displayPath: "t.menu")
        guard let file = compilation.file else {
            Issue.record("the file does not check")
            return
        }
        let kept = RuleEngine(rules: [LabelTitleCase()]).findings(file, hasLanguageErrors: false, keep: 2)
        #expect(kept.diagnostics.count == 2)
        #expect(kept.suppressedCount == 4)
        #expect(kept.diagnostics.allSatisfy { $0.fixIts.first?.edits.first?.replacement.hasPrefix("\"Save File") == true })
    }

    /// Beside a language error, the rules skip the declaration it is in, and
    /// the allows there are neither used nor unused; those of the other
    /// declarations, before and after it, silence as before.
    @Test func allowsInADeclarationLeftOutAreNotReported() {
        let declarations = (0..<5).map { index in
            "@allow(label-title-case)\nmenu M\(index) \"open file \(index)\" {\n  item a \"Open\"\n" + (index == 2 ? "  use Nope\n" : "") + "}\n"
        }
        let found = findings(declarations.joined())
        #expect(found.map(\.id) == ["unknown-reference"])
        // An allow that silences nothing, in a declaration kept, is still reported.
        let unusedToo = declarations.joined() + "@allow(label-title-case)\nmenu Z \"Open File\" { item a \"Open\" }\n"
        #expect(findings(unusedToo).map(\.id) == ["unknown-reference", "unused-allow"])
    }

    @Test func anAllowThatSilencesNothingIsReportedWithAFix() throws {
        let text = "platforms macOS 14\n@allow(label-ellipsis-character)\nmenu File \"File\" { item close \"Close\" }\n"
        let diagnostics = findings(text)
        #expect(diagnostics.map(\.id) == ["unused-allow"])
        #expect(diagnostics.first?.isUnnecessary == true)
        let fixIt = try #require(diagnostics.first?.fixIts.first)
        let fixed = FixApplier.apply([fixIt], to: Array(text.utf8), file: FileID(0))
        #expect(String(decoding: fixed.bytes, as: UTF8.self) == "platforms macOS 14\nmenu File \"File\" { item close \"Close\" }\n")
    }

    @Test func unknownAndLanguageIDsInAllowAreExplained() {
        let messages = findings("@allow(label-elipsis-character, syntax)\nmenu File \"File\" { item close \"Close\" }").map(\.message)
        #expect(messages == ["'label-elipsis-character' is not a rule; did you mean 'label-ellipsis-character'?",
                             "'syntax' is a language error and cannot be silenced"])
    }

    @Test func removingOneIDOfSeveralKeepsTheOthers() throws {
        let text = "platforms macOS 14\n@allow(label-ellipsis-character, hit-target-too-small)\nmenu File \"File\" { item e \"Export...\" { input: true } }\n"
        let diagnostics = findings(text)
        #expect(diagnostics.map(\.id) == ["unused-allow"])
        let fixed = FixApplier.apply(diagnostics.flatMap(\.fixIts), to: Array(text.utf8), file: FileID(0))
        #expect(String(decoding: fixed.bytes, as: UTF8.self).contains("@allow(label-ellipsis-character)\n"))
    }

    @Test func severitiesComeFromConfiguration() {
        var configuration = RuleConfiguration()
        configuration.severities["label-ellipsis-character"] = .error
        #expect(findings(fileWithEllipsis, configuration: configuration).map(\.severity) == [.error])
        configuration.severities["label-ellipsis-character"] = .off
        #expect(findings(fileWithEllipsis, configuration: configuration).isEmpty)
        // An allow for a rule that is switched off is not "unused".
        let allowed = "@allow(label-ellipsis-character)\n" + fileWithEllipsis.replacingOccurrences(of: "platforms macOS 14\n", with: "")
        #expect(findings(allowed, configuration: configuration).isEmpty)
    }

    @Test func rulesDoNotRunOnFilesWithLanguageErrors() {
        let broken = fileWithEllipsis.replacingOccurrences(of: "input: true", with: "input: yes")
        #expect(findings(broken).map(\.id) == ["invalid-value"])
    }

    /// A file checked alone has its rules run in parallel when it is large
    /// (`Compiler.parallelRulesMinimumBytes`); small files, as here,
    /// take the parallel path only when asked for it directly. Whichever
    /// thread runs a rule, the findings and their order are the same.
    @Test func rulesRunInParallelFindWhatTheyFindOneByOne() throws {
        var texts = try FileManager.default.contentsOfDirectory(atPath: "samples/guidelines").sorted()
            .map { try String(contentsOfFile: "samples/guidelines/" + $0, encoding: .utf8) }
        #expect(texts.count >= 5)
        for rule in RuleRegistry.all {
            texts += rule.descriptor.examples.filter { $0.expectation == .triggers }.map(\.unmarked.text)
        }
        var compared = 0
        for text in texts {
            let file = try #require(CheckedText(text, displayPath: "t.menu").file)
            let serial = RuleEngine().check(file, hasLanguageErrors: false, workers: 1)
            for workers in [2, 4] {
                #expect(RuleEngine().check(file, hasLanguageErrors: false, workers: workers) == serial)
            }
            compared += serial.count
        }
        #expect(compared > 200)
    }

    /// `rulesFindTheSameOneDeclarationAtATime` (MenuCompilerTests) can
    /// fail: `menu-too-long` compares declarations (a menu a pull-down
    /// splices is not a menu-bar menu), and run one declaration at a time
    /// it finds what it shouldn't.
    @Test func aRuleThatComparesDeclarationsFindsOtherThingsOneAtATime() throws {
        struct OneDeclarationAtATime: Rule {
            let rule: any Rule
            var descriptor: RuleDescriptor { rule.descriptor }
            var scope: RuleScope { .declaration }
            func check(_ file: CheckedFile, _ reporter: inout RuleReporter) { rule.check(file, &reporter) }
        }
        let items = (1...30).map { "  item i\($0) \"Open \($0)\"" }.joined(separator: "\n")
        let text = "platforms macOS 14\nmenu Many \"Many\" {\n\(items)\n}\nview Editor {\n  pulldown more \"More\" { menu: Many }\n}\n"
        let file = try #require(CheckedText(text, displayPath: "t.menu").file)
        let misclassified = [OneDeclarationAtATime(rule: MenuTooLong())]
        #expect(RuleEngine(rules: misclassified, elementsPerPart: .max).check(file, hasLanguageErrors: false).isEmpty)
        #expect(RuleEngine(rules: misclassified, elementsPerPart: 1).check(file, hasLanguageErrors: false).map(\.id) == ["menu-too-long"])
        #expect(RuleEngine(rules: [MenuTooLong()], elementsPerPart: 1).check(file, hasLanguageErrors: false).isEmpty)
    }
}
