import Testing
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
@testable import MenuRules
import SemanticsTestSupport

/// `language de`: a file says which language its labels are in, and the
/// English label rules skip the labels of other languages. How the
/// directive is parsed and formatted is `LanguageDirectiveTests` of
/// MenuSyntaxTests and MenuFormatterTests.
@Suite("language directive")
struct LanguageDirectiveTests {
    /// The ids of the file's language errors and of every rule's findings.
    private func ids(_ text: String, language: String = "en") -> [String] {
        var configuration = RuleConfiguration()
        configuration.vocabulary.language = language
        let compilation = CheckedText(text)
        guard let file = compilation.file else { return compilation.diagnostics.map(\.id) }
        let errors = compilation.diagnostics.filter { $0.severity == .error }
        return (compilation.diagnostics + RuleEngine(configuration: configuration).check(file, languageErrors: errors)).map(\.id)
    }

    private let germanMenu = "menu Ablage \"Ablage\" {\n  item export \"als PDF exportieren…\" { input: true }\n}\n"

    @Test func aFileInAnotherLanguageSkipsTheEnglishLabelRules() {
        #expect(ids(germanMenu).contains("label-title-case"))
        #expect(ids("language de\n" + germanMenu) == [])
        #expect(ids("language pt-BR\n" + germanMenu) == [])
    }

    @Test func theDirectiveWinsOverTheConfiguration() {
        #expect(ids(germanMenu, language: "de") == [])
        #expect(ids("language en\n" + germanMenu, language: "de").contains("label-title-case"))
    }
}
