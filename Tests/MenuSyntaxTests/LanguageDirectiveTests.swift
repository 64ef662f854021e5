import Testing
@testable import MenuSyntax

/// `language de`: a file says which language its labels are in. Here the
/// directive as the parser reads it; which rules it turns off is
/// `LanguageDirectiveTests` of MenuRulesTests.
@Suite("language directive")
struct LanguageDirectiveTests {
    @Test func theDirectiveIsParsed() throws {
        let syntax = Parser.parse(SourceFile(id: FileID(0), displayPath: "t.menu", text: "platforms macOS 14\nlanguage zh-Hans\nmenu A \"A\" {}\n"))
        let language = try #require(syntax.syntax.language)
        #expect(language.tag.text == "zh-Hans")
        #expect(syntax.diagnostics.isEmpty)
    }

    @Test(arguments: ["language\nmenu A \"A\" {}\n", "language 12\nmenu A \"A\" {}\n", "language english\nmenu A \"A\" {}\n",
                      "language de\nlanguage en\nmenu A \"A\" {}\n", "menu A \"A\" {}\nlanguage de\n"])
    func aWrongDirectiveIsASyntaxError(_ text: String) {
        let parse = Parser.parse(SourceFile(id: FileID(0), displayPath: "test.menu", text: text))
        #expect(parse.diagnostics.map(\.id).contains("syntax"))
    }
}
