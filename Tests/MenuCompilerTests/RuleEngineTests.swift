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

/// @allow, unused-allow, severities and configuration, on real rules.
struct RuleEngineTests {
    func findings(_ text: String, configuration: RuleConfiguration = RuleConfiguration()) -> [Diagnostic] {
        Compiler.compile([.text(text, displayPath: "t.menu")], options: CompileOptions(configuration: configuration)).diagnostics
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
            let compilation = Compiler.compile([.text(text, displayPath: "t.menu")], options: CompileOptions(runRules: false))
            let file = try #require(compilation.files.first)
            let serial = RuleEngine().check(file, hasLanguageErrors: false, workers: 1)
            for workers in [2, 4] {
                #expect(RuleEngine().check(file, hasLanguageErrors: false, workers: workers) == serial)
            }
            compared += serial.count
        }
        #expect(compared > 200)
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

    /// Parts cover the file's declarations in order, each walked with
    /// everything below it, and a part is no smaller than asked unless it
    /// is the last.
    @Test func partsCoverTheDeclarationsInOrder() throws {
        let text = (1...7).map { "menu M\($0) \"M\($0)\" {\n  item a \"Open\"\n  item b \"Close\"\n}" }.joined(separator: "\n")
        let file = try #require(Compiler.compile([.text(text, displayPath: "t.menu")], options: CompileOptions(runRules: false)).files.first)
        #expect(file.elementCount == 21)
        #expect(file.parts(ofAtLeast: 21).count == 1)
        let parts = file.parts(ofAtLeast: 6)
        #expect(parts.map(\.declarations.count) == [2, 2, 2, 1])
        #expect(parts.map(\.elementCount) == [6, 6, 6, 3])
        #expect(parts.flatMap { $0.declarations.map(\.id) } == file.declarations.map(\.id))
        var walked: [String] = []
        for part in parts { walked += part.walk().map(\.element.id) }
        #expect(walked == file.walk().map(\.element.id))
        #expect(parts[1].walk(.item).map(\.element.id) == ["a", "b", "a", "b"])
    }

    /// The check above can fail: `menu-too-long` compares declarations (a
    /// menu a pull-down splices is not a menu-bar menu), and run one
    /// declaration at a time it finds what it shouldn't.
    @Test func aRuleThatComparesDeclarationsFindsOtherThingsOneAtATime() throws {
        struct OneDeclarationAtATime: Rule {
            let rule: any Rule
            var descriptor: RuleDescriptor { rule.descriptor }
            var scope: RuleScope { .declaration }
            func check(_ file: CheckedFile, _ reporter: inout RuleReporter) { rule.check(file, &reporter) }
        }
        let items = (1...30).map { "  item i\($0) \"Open \($0)\"" }.joined(separator: "\n")
        let text = "platforms macOS 14\nmenu Many \"Many\" {\n\(items)\n}\nview Editor {\n  pulldown more \"More\" { menu: Many }\n}\n"
        let file = try #require(Compiler.compile([.text(text, displayPath: "t.menu")], options: CompileOptions(runRules: false)).files.first)
        let misclassified = [OneDeclarationAtATime(rule: MenuTooLong())]
        #expect(RuleEngine(rules: misclassified, elementsPerPart: .max).check(file, hasLanguageErrors: false).isEmpty)
        #expect(RuleEngine(rules: misclassified, elementsPerPart: 1).check(file, hasLanguageErrors: false).map(\.id) == ["menu-too-long"])
        #expect(RuleEngine(rules: [MenuTooLong()], elementsPerPart: 1).check(file, hasLanguageErrors: false).isEmpty)
    }

    /// Declarations are found by name (rules ask for each `menu:`, the
    /// Markdown backend for each link): the first of the name, of the kind
    /// when one is given, and none for a name the file doesn't declare.
    @Test func declarationsAreFoundByName() throws {
        let text = """
            menu Edit "Edit" { item undo "Undo" }
            view Editor { button save "Save" { action: save } }
            contextmenu list { menu: Edit }
            """
        let file = try #require(Compiler.compile([.text(text, displayPath: "t.menu")], options: CompileOptions(runRules: false)).files.first)
        #expect(file.declaration(named: "Edit")?.kind == .menu)
        #expect(file.declaration(named: "Editor")?.kind == .view)
        #expect(file.declaration(named: "Editor", kind: .menu) == nil)
        #expect(file.declaration(named: "list", kind: .contextmenu)?.id == "list")
        #expect(file.declaration(named: "Missing") == nil)
    }
}
