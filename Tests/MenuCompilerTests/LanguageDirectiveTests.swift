import Testing
@testable import MenuSyntax
@testable import MenuRules
@testable import MenuFormatter
@testable import MenuCompiler
import MenuTestSupport
import CompilerTestSupport
import FormatterTestSupport

/// `language de`: a file says which language its labels are in, and the
/// English label rules skip the labels of other languages.
@Suite("language directive")
struct LanguageDirectiveTests {
    private func ids(_ text: String, language: String = "en") -> [String] {
        var configuration = RuleConfiguration()
        configuration.vocabulary.language = language
        let compilation = Compiler.compile([.text(text, displayPath: "test.menu")], options: CompileOptions(runRules: true, configuration: configuration))
        return compilation.diagnostics.map(\.id)
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

    @Test func theDirectiveIsParsed() throws {
        let syntax = Parser.parse(SourceFile(id: FileID(0), displayPath: "t.menu", text: "platforms macOS 14\nlanguage zh-Hans\nmenu A \"A\" {}\n"))
        let language = try #require(syntax.syntax.language)
        #expect(language.tag.text == "zh-Hans")
        #expect(syntax.diagnostics.isEmpty)
    }

    @Test(arguments: ["language\nmenu A \"A\" {}\n", "language 12\nmenu A \"A\" {}\n", "language english\nmenu A \"A\" {}\n",
                      "language de\nlanguage en\nmenu A \"A\" {}\n", "menu A \"A\" {}\nlanguage de\n"])
    func aWrongDirectiveIsASyntaxError(_ text: String) {
        #expect(TestSupport.ids(TestSupport.compile(text)).contains("syntax"))
    }

    @Test func theFormatterKeepsTheDirective() {
        #expect(FormatterProbe.format("language   de\nmenu A \"A\" {}\n") == "language de\n\nmenu A \"A\" {}\n")
    }
}
