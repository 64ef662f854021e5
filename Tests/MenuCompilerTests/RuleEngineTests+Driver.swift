import Foundation
import Testing
@testable import MenuSupport
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
@testable import MenuRules
@testable import MenuBackends
@testable import MenuFormatter
@testable import MenuCompiler
import MenuTestSupport
import CompilerTestSupport

/// @allow, unused-allow, severities and configuration, on real rules,
/// through the driver: its display limit, configuration files, exclusions,
/// and the samples with their imports. The rest is `RuleEngineTests` of
/// MenuRulesTests.
struct RuleEngineTests {
    func findings(_ text: String, configuration: RuleConfiguration = RuleConfiguration()) -> [Diagnostic] {
        Compiler.compile([.text(text, displayPath: "t.menu")], options: CompileOptions(configuration: configuration)).diagnostics
    }

    /// Each unused id of a long `@allow` is reported with a fix that
    /// removes just that id (found by its position: searching the list for
    /// each made 100,000 ids take seconds), and "did you mean" is offered
    /// for the first `RuleEngine.maximumAllowSuggestions`.
    @Test func everyUnusedIDOfALongAllowIsRemovedOnItsOwn() throws {
        let ids = ["label-title-cas"] + (1..<5_000).map { "rule-\($0)" }
        let text = "@allow(\(ids.joined(separator: ", ")))\nmenu File \"File\" { item close \"Close\" }\n"
        // The first 200 are shown; a last one says how many more there are.
        let unused = findings(text).filter { $0.id == "unused-allow" && !$0.fixIts.isEmpty }
        #expect(unused.count == DiagnosticLimits.shownPerFile)
        #expect(unused.first?.message == "'label-title-cas' is not a rule; did you mean 'label-title-case'?")
        for (position, diagnostic) in unused.enumerated().dropFirst() {
            let fixIt = try #require(diagnostic.fixIts.first)
            let fixed = String(decoding: FixApplier.apply([fixIt], to: Array(text.utf8), file: FileID(0)).bytes, as: UTF8.self)
            #expect(fixed == text.replacingOccurrences(of: "rule-\(position), ", with: ""), "\(diagnostic.message)")
        }
    }

    @Test func configurationFilesAreValidated() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cases: [(String, String)] = [
            (#"{"rules": {"label-title-cas": "off"}}"#, "'rules.label-title-cas': no such rule"),
            (#"{"rules": {"label-ellipsis-character": "loud"}}"#, "'rules.label-ellipsis-character' must be one of"),
            (#"{"thresholds": {"menuMaxItems": true}}"#, "'thresholds.menuMaxItems' must be a whole number"),
            (#"{"exclude": "errors"}"#, "'exclude' must be an array"),
            (#"[1, 2]"#, "the top level must be an object"),
            (#"{"rules": "#, "not valid JSON"),
        ]
        for (text, expected) in cases {
            let path = directory.appendingPathComponent("menuc.json")
            try TestSupport.write(text, to: path)
            switch ProjectConfiguration.load(path: path.path, knownRuleIDs: RuleDocumentation.configurableIDs) {
            case .success: Issue.record("\(text) should be rejected")
            case .failure(let failure): #expect(failure.message.contains(expected), "\(failure.message)")
            }
        }
        try TestSupport.write(#"{"rules": {"label-ellipsis-character": "note"}, "thresholds": {"menuMaxItems": 20}, "exclude": ["a/**"]}"#,
                              to: directory.appendingPathComponent("menuc.json"))
        let loaded = try ProjectConfiguration.load(path: directory.appendingPathComponent("menuc.json").path, knownRuleIDs: RuleDocumentation.configurableIDs).get()
        #expect(loaded.rules.severities["label-ellipsis-character"] == .note)
        #expect(loaded.rules.thresholds.menuMaxItems == 20)
        #expect(loaded.rules.excludedPaths == ["a/**"])
    }

    @Test(arguments: [("errors/**", "errors/a.menu", true), ("errors/**", "errors/deep/b.menu", true), ("errors/**", "ok.menu", false),
                      ("*.menu", "a.menu", true), ("*.menu", "dir/a.menu", false), ("**/gen/*.menu", "x/y/gen/z.menu", true),
                      ("generated", "generated/a.menu", true)])
    func exclusionPatterns(_ pattern: String, _ path: String, _ excluded: Bool) {
        #expect(InputCollector.isExcluded(path, patterns: [pattern]) == excluded)
    }

    /// Every file the tests know: the samples (with their imports), the
    /// golden fixtures and every rule's examples, checked without rules.
    static func everyKnownFile() throws -> [CheckedFile] {
        var files: [CheckedFile] = []
        let samples = TestSupport.menuFiles(under: TestSupport.samples).map { TestSupport.samples.appendingPathComponent($0).path }
        let fixtures = TestSupport.menuFiles(under: TestSupport.fixtures).map { TestSupport.fixtures.appendingPathComponent($0).path }
        let onDisk = Compiler.compile((samples + fixtures).map { .path($0) }, options: CompileOptions(runRules: false))
        files += onDisk.files.filter { file in !onDisk.diagnostics.contains { $0.span.file == file.source.id && $0.severity == .error } }
        for rule in RuleRegistry.all {
            for example in rule.descriptor.examples {
                let compilation = Compiler.compile([.text(example.unmarked.text, displayPath: "t.menu")], options: CompileOptions(runRules: false))
                files += compilation.files
            }
        }
        return files
    }

    /// The rules of `.declaration` scope run a part of a large file at a
    /// time (`RuleScope`). With parts of one declaration each, every file
    /// the tests know gives the findings it gives whole: a rule that
    /// compares declarations but claims `.declaration` fails here.
    @Test func rulesFindTheSameOneDeclarationAtATime() throws {
        let files = try Self.everyKnownFile()
        var split = 0
        var compared = 0
        for file in files {
            let whole = RuleEngine(elementsPerPart: .max).check(file, hasLanguageErrors: false, workers: 1)
            if file.parts(ofAtLeast: 1).count > 1 { split += 1 }
            #expect(RuleEngine(elementsPerPart: 1).check(file, hasLanguageErrors: false, workers: 1) == whole,
                    "\(file.source.displayPath)")
            #expect(RuleEngine(elementsPerPart: 1).check(file, hasLanguageErrors: false, workers: 2) == whole,
                    "\(file.source.displayPath)")
            compared += whole.count
        }
        #expect(files.count > 200)
        #expect(split > 40)
        #expect(compared > 200)
    }
}
