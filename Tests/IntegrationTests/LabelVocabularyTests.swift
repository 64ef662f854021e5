import Foundation
import Testing
@testable import MenuSupport
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
@testable import MenuRules
@testable import MenuCompiler
import MenuTestSupport

/// A project's vocabulary, verbs and label language (`menuc.json`): read
/// from the file, and honoured by the English label rules and their fixes.
@Suite("Label vocabulary")
struct LabelVocabularyTests {
    private func findings(_ id: String, in text: String, configuration: RuleConfiguration = RuleConfiguration()) -> [Diagnostic] {
        let compilation = Compiler.compile([.text(text, displayPath: "test.menu")], options: CompileOptions(runRules: false))
        #expect(!compilation.hasErrors, "language errors: \(compilation.diagnostics.map(\.message))")
        guard let file = compilation.files.first, let rule = RuleRegistry.all.first(where: { $0.descriptor.id == id }) else {
            Issue.record("no file or no rule \(id)")
            return []
        }
        return RuleEngine(configuration: configuration, rules: [rule]).check(file, hasLanguageErrors: false)
    }

    private func configuration(words: [String] = [], verbs: Set<String> = [], language: String = "en") -> RuleConfiguration {
        var configuration = RuleConfiguration()
        configuration.vocabulary.words = words
        configuration.vocabulary.verbs = verbs
        configuration.vocabulary.language = language
        return configuration
    }

    private func replacements(_ findings: [Diagnostic]) -> [String] {
        findings.flatMap(\.fixIts).flatMap(\.edits).map(\.replacement)
    }

    @Test func vocabularyIsNeverRecased() {
        let text = #"menu Queue "Queue" { item addToUpNext "Add To Up Next" { action: enqueue } }"#
        let plain = findings("label-title-case", in: text)
        #expect(replacements(plain) == [#""Add to up Next""#])
        let kept = findings("label-title-case", in: text, configuration: configuration(words: ["Up Next"]))
        #expect(replacements(kept) == [#""Add to Up Next""#])
        let written = #"menu Queue "Queue" { item addToUpNext "Add to Up Next" { action: enqueue } }"#
        #expect(findings("label-title-case", in: written, configuration: configuration(words: ["Up Next"])).isEmpty)
    }

    @Test func vocabularyKeepsItsArticles() {
        let text = #"menu Help "Help" { item visit "Visit the Omni Group Website" { action: visit } }"#
        #expect(replacements(findings("label-article", in: text)) == [#""Visit Omni Group Website""#])
        #expect(findings("label-article", in: text, configuration: configuration(words: ["the Omni Group"])).isEmpty)
    }

    @Test func projectVerbsAreVerbs() {
        let text = #"menu Library "Library" { item title "Title Selection" { action: titleSelection } }"#
        #expect(findings("label-starts-with-verb", in: text).count == 1)
        #expect(findings("label-starts-with-verb", in: text, configuration: configuration(verbs: ["title"])).isEmpty)
    }

    /// Title style, articles and leading verbs are English conventions: other languages are left alone.
    @Test func otherLanguagesAreNotCheckedAsEnglish() {
        let german = #"menu Ablage "Ablage" { item info "Systeminformationen anzeigen" { action: showInfo }; item neu "Information anzeigen" { action: showInformation } }"#
        #expect(findings("label-title-case", in: german).count == 2)
        #expect(findings("label-title-case", in: german, configuration: configuration(language: "de")).isEmpty)
        #expect(findings("label-starts-with-verb", in: german).count == 1)
        #expect(findings("label-starts-with-verb", in: german, configuration: configuration(language: "de-CH")).isEmpty)
        // In Spanish "a" is a preposition, not an article.
        let spanish = #"menu Ir "Ir" { item inicio "Ir a Inicio" { action: goHome } }"#
        #expect(findings("label-article", in: spanish).count == 1)
        #expect(findings("label-article", in: spanish, configuration: configuration(language: "es")).isEmpty)
        #expect(findings("label-article", in: spanish, configuration: configuration(language: "en-GB")).count == 1)
    }

    @Test func menucJSONSetsVocabularyVerbsAndLanguage() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("menuc.json")
        try TestSupport.write(#"{"vocabulary": ["The Unarchiver", "tmux"], "verbs": ["Reindex", "stash"], "language": "pt-BR"}"#, to: path)
        let loaded = try ProjectConfiguration.load(path: path.path, knownRuleIDs: []).get()
        #expect(loaded.rules.vocabulary.words == ["The Unarchiver", "tmux"])
        #expect(loaded.rules.vocabulary.verbs == ["reindex", "stash"])
        #expect(loaded.rules.vocabulary.language == "pt-BR")
        #expect(!loaded.rules.vocabulary.isEnglish)
        let bad: [(String, String)] = [
            (#"{"vocabulary": "tmux"}"#, "'vocabulary' must be an array"),
            (#"{"vocabulary": [" tmux"]}"#, "'vocabulary' must be an array"),
            (#"{"verbs": ["two words"]}"#, "'verbs' must be an array of single words"),
            (#"{"language": "english"}"#, "'language' must be a language tag"),
            (#"{"language": "en_US"}"#, "'language' must be a language tag"),
            (#"{"vocabularies": []}"#, "did you mean 'vocabulary'?"),
        ]
        for (json, message) in bad {
            try TestSupport.write(json, to: path)
            switch ProjectConfiguration.load(path: path.path, knownRuleIDs: []) {
            case .success: Issue.record("accepted \(json)")
            case .failure(let failure): #expect(failure.message.contains(message), "\(json): \(failure.message)")
            }
        }
    }

    /// The CLI reads the vocabulary from the project's menuc.json.
    @Test func checkReadsTheProjectVocabulary() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try TestSupport.write("platforms macOS 14\nmenu Queue \"Queue\" { item add \"Add To Up Next\" { action: enqueue } }\n",
                              to: directory.appendingPathComponent("a.menu"))
        try TestSupport.write(#"{"vocabulary": ["Up Next"]}"#, to: directory.appendingPathComponent("menuc.json"))
        let cli = CLITests()
        let checked = try cli.menuc(["check", "a.menu"], in: directory)
        #expect(checked.output.contains("write 'Add to Up Next'"), "\(checked.output)")
        _ = try cli.menuc(["check", "a.menu", "--fix"], in: directory)
        let text = try String(contentsOf: directory.appendingPathComponent("a.menu"), encoding: .utf8)
        #expect(text.contains("\"Add to Up Next\""))
    }
}
