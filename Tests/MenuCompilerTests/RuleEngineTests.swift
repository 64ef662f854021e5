import Foundation
import Testing
@testable import MenuCompiler

/// @allow, unused-allow, severities and configuration, on real rules.
struct RuleEngineTests {
    func findings(_ text: String, configuration: RuleConfiguration = RuleConfiguration()) -> [Diagnostic] {
        MenuCompiler.compile([.text(text, displayPath: "t.menu")], options: CompileOptions(configuration: configuration)).diagnostics
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

    /// A file checked alone has its rules run in parallel when it is large
    /// (`MenuCompiler.parallelRulesMinimumBytes`); small files, as here,
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
            let compilation = MenuCompiler.compile([.text(text, displayPath: "t.menu")], options: CompileOptions(runRules: false))
            let file = try #require(compilation.files.first)
            let serial = RuleEngine().check(file, hasLanguageErrors: false, workers: 1)
            for workers in [2, 4] {
                #expect(RuleEngine().check(file, hasLanguageErrors: false, workers: workers) == serial)
            }
            compared += serial.count
        }
        #expect(compared > 200)
    }
}
