import Testing
@testable import MenuSupport
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
@testable import MenuRules
@testable import MenuCompiler
@testable import MenuLanguageServer
import MenuTestSupport
import CompilerTestSupport

/// Guideline rules on a file with language errors: the declarations an
/// error is not in are checked as in a clean file; one mistake gets one
/// error.
@Suite("Rules beside language errors")
struct RulesBesideErrorsTests {
    private func summary(_ text: String) -> [String] { TestSupport.summary(TestSupport.compile(text, rules: true)) }

    @Test func declarationsWithoutErrorsAreChecked() {
        let text = """
            platforms macOS 14
            menu File "File" {
              item open "Open" { bogus: 1 }
              item close "close window" {}
            }
            menu Go "Go" {
              item back "go back" {}
            }
            """
        // The error's menu is left out (its 'close window' would be a finding); Go is checked.
        #expect(summary(text) == ["3:22: unknown-property", "7:13: label-title-case"])
    }

    @Test func aDeclarationSplicingOneWithAnErrorIsLeftOutToo() {
        let text = """
            menu Shared "Shared" {
              item x "X" { bogus: 1 }
            }
            menu File "File" {
              use Shared
              item close "close window" {}
            }
            menu Go "Go" {
              item back "go back" {}
            }
            """
        #expect(summary(text) == ["2:16: unknown-property", "9:13: label-title-case"])
    }

    @Test func anErrorInTheDirectivesLeavesTheWholeFileOut() {
        let text = """
            platforms macOS 14, palmOS 3
            menu Go "Go" {
              item back "go back" {}
            }
            """
        let ids = TestSupport.ids(TestSupport.compile(text, rules: true))
        #expect(!ids.isEmpty && !ids.contains("label-title-case"))
    }

    @Test func junkBetweenDeclarationsLeavesTheOthersChecked() {
        let text = """
            menu Go "Go" {
              item back "go back" {}
            }
            ]
            """
        let ids = TestSupport.ids(TestSupport.compile(text, rules: true))
        #expect(ids.contains("syntax"))
        #expect(ids.contains("label-title-case"))
    }

    @Test func anAllowInALeftOutDeclarationIsNotReportedUnused() {
        let text = """
            menu File "File" {
              @allow(label-title-case)
              item close "close window" { bogus: 1 }
            }
            """
        #expect(TestSupport.ids(TestSupport.compile(text, rules: true)) == ["unknown-property"])
    }

    @Test func aWholeFileRuleDoesNotReadALeftOutDeclaration() {
        // info-button-navigates looks up the view a button opens: a view
        // left out is not found, so nothing is judged from what it holds.
        let networks = "view Networks \"Wi-Fi\" {\n  button details { type: info; opens: Details }\n}\n"
        let details = "view Details \"Details\" {\n  button done \"Done\" { type: done; bogus: 1 }\n}\n"
        #expect(TestSupport.ids(TestSupport.compile(networks + details, rules: true)) == ["unknown-property"])
        let complete = details.replacingOccurrences(of: "; bogus: 1", with: "")
        #expect(TestSupport.ids(TestSupport.compile(networks + complete, rules: true)) == ["info-button-navigates"])
    }

    @Test func anUnquotedShortcutIsOneErrorWithAFixThatAddsQuotes() throws {
        let text = "menu File \"File\" {\n  item quit \"Quit\" { shortcut: cmd+shift+q }\n}\n"
        let compilation = TestSupport.compile(text)
        #expect(compilation.diagnostics.count == 1)
        let error = try #require(compilation.diagnostics.first)
        #expect(error.id == "syntax")
        #expect(error.message.contains("\"cmd+shift+q\""))
        let fixed = FixApplier.apply(error.fixIts, to: Array(text.utf8), file: error.span.file)
        #expect(String(decoding: fixed.bytes, as: UTF8.self) == text.replacingOccurrences(of: "cmd+shift+q", with: "\"cmd+shift+q\""))
        #expect(TestSupport.compile(String(decoding: fixed.bytes, as: UTF8.self)).diagnostics.isEmpty)
    }

    @Test(arguments: ["cmd+1", "cmd+,", "ctrl+option+f"])
    func otherUnquotedShortcutsAreOneError(_ shortcut: String) {
        let compilation = TestSupport.compile("menu File \"File\" {\n  item x \"X\" { shortcut: \(shortcut); action: go }\n}\n")
        #expect(TestSupport.summary(compilation) == ["2:26: syntax"])
        #expect(compilation.diagnostics.first?.fixIts.first?.edits.first?.replacement == "\"\(shortcut)\"")
    }

    @Test func aPlusElsewhereIsStillAnError() {
        // The lexer leaves a '+' between words to the parser, which reports it wherever it stands.
        #expect(TestSupport.ids(TestSupport.compile("menu a+b \"A\" {}\n")).contains("syntax"))
        #expect(TestSupport.ids(TestSupport.compile("menu A \"A\" {\n  item x \"X\" { action: a+b }\n}\n")) == ["syntax"])
        #expect(TestSupport.ids(TestSupport.compile("menu A \"A\" {\n  x+y\n}\n")).contains("syntax"))
    }

    @Test func aSeparatorKeywordIsOneErrorSayingSectionsDrawThem() throws {
        let compilation = TestSupport.compile("menu Edit \"Edit\" {\n  item copy \"Copy\" {}\n  separator\n  item paste \"Paste\" {}\n}\n")
        #expect(compilation.diagnostics.count == 1)
        let error = try #require(compilation.diagnostics.first)
        #expect(error.message.contains("sections draw the separators"))
        #expect(error.help?.contains("section {") == true)
    }

    @Test func aMisplacedElementIsNotReportedAgainForItsProperties() {
        let compilation = TestSupport.compile("menu View \"View\" {\n  option big \"Big\" { selected: true; shortcut: \"cmd+b\" }\n}\n")
        #expect(TestSupport.summary(compilation) == ["2:3: misplaced-element"])
        let topLevel = TestSupport.compile("item big \"Big\" { bogus: 1 }\n")
        #expect(TestSupport.ids(topLevel) == ["misplaced-element"])
    }

    @Test func theLanguageServerShowsFindingsBesideAnErrorElsewhere() {
        let server = LanguageServer(configuration: .init(diagnosticsDelay: 0, maximumDiagnosticsWait: 0))
        LanguageServerTests.initialized(server)
        let text = "menu A \"A\" {\n  item x \"X\" { bogus: 1 }\n}\nmenu B \"B\" {\n  item y \"go back\" {}\n}\n"
        _ = server.receive(LanguageServerTests.notification("textDocument/didOpen", ["textDocument": [
            "uri": "untitled:a.menu", "version": 1, "text": .string(text)]]), now: 0)
        let published = server.fireTimers(now: 0)
        let codes = published.first?["params"]?["diagnostics"]?.array?.compactMap { $0["code"]?.string } ?? []
        #expect(codes.sorted() == ["label-title-case", "unknown-property"])
    }
}
