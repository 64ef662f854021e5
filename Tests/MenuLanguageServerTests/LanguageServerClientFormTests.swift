import Foundation
import Testing
@testable import MenuSupport
@testable import MenuSyntax
@testable import MenuCompiler
@testable import MenuLanguageServer

/// The server answers in the forms a client said it takes: plain text for
/// hovers, commands for code actions, the document's own line ends.
struct LanguageServerClientFormTests {
    static let text = "menu File \"File\" {\n  item export \"Export...\" { input: true }\n}\n"
    static let uri = "untitled:test.menu"

    @Test func markdownReadsAsPlainText() {
        let cases: [(String, String)] = [
            ("**item** — a menu item", "item — a menu item"),
            ("identifier: `export` (written)", "identifier: export (written)"),
            ("code with a backtick: `` a`b ``", "code with a backtick: a`b"),
            ("Guideline: [Menus › Labels](https://example.com/menus)", "Guideline: Menus › Labels (https://example.com/menus)"),
            ("escaped: \\*stars\\* \\[x\\] &lt;b&gt; &amp; \\\\", "escaped: *stars* [x] <b> & \\"),
            ("```menu\nitem a \"**A**\"\n```\n\nafter", "item a \"**A**\"\n\nafter"),
            ("````\n```\n````", "```"),
            ("unclosed `tick and [bracket", "unclosed `tick and [bracket"),
        ]
        for (markdown, plain) in cases {
            #expect(PlainTextRendering.plainText(fromMarkdown: markdown) == plain, "\(markdown.debugDescription)")
        }
        #expect(MarkupText(markdown: "**a**", isMarkdown: false).json == ["kind": "plaintext", "value": "a"])
        #expect(MarkupText(markdown: "**a**", isMarkdown: true).json == ["kind": "markdown", "value": "**a**"])
    }

    @Test func codeActionsAreCommandsOrNothingWithoutLiteralSupport() throws {
        let document = LanguageServerTests.document(Self.text, uri: Self.uri)
        let range = LanguageServerTests.range(1, 16, 1, 16)
        var capabilities = ClientCapabilities()
        #expect(CodeActionsFeature.actions(document, version: 3, range: range, only: nil, capabilities: capabilities) == [],
                "a client that can neither take literals nor apply edits gets no actions")
        capabilities.applyEdit = true
        let commands = try #require(CodeActionsFeature.actions(document, version: 3, range: range, only: nil, capabilities: capabilities).array)
        capabilities.codeActionLiterals = true
        let literals = try #require(CodeActionsFeature.actions(document, version: 3, range: range, only: nil, capabilities: capabilities).array)
        #expect(commands.count == literals.count && !commands.isEmpty)
        for (command, literal) in zip(commands, literals) {
            #expect(command["command"] == .string(ApplyFixCommand.command) && command["edit"] == nil)
            #expect(command["arguments"] == [.string(Self.uri), 3, literal["title"] ?? .null, literal["edit"] ?? .null])
        }
    }

    @Test func theCommandSendsTheEditOnlyForTheDocumentAndVersionItWasMadeFor() throws {
        let server = LanguageServer()
        _ = server.receive(LanguageServerTests.request(1, "initialize", ["capabilities": ["workspace": ["applyEdit": true]]]), now: 0)
        _ = server.receive(LanguageServerTests.notification("initialized"), now: 0)
        _ = server.receive(LanguageServerTests.notification("textDocument/didOpen", ["textDocument": [
            "uri": .string(Self.uri), "languageId": "menu", "version": 4, "text": .string(Self.text)]]), now: 0)
        let edit: JSON = ["changes": [Self.uri: [["range": LanguageServerTests.range(1, 16, 1, 19).json, "newText": "…"]]]]
        func execute(_ id: Int, _ arguments: JSON) -> [JSON] {
            server.receive(LanguageServerTests.request(id, "workspace/executeCommand", ["command": .string(ApplyFixCommand.command), "arguments": arguments]), now: 0)
        }
        let sent = execute(2, [.string(Self.uri), 4, "Use …", edit])
        let request = try #require(sent.first { $0["method"] == "workspace/applyEdit" })
        #expect(request["id"] != nil && request["params"] == ["label": "Use …", "edit": edit])
        #expect(sent.contains { $0["id"] == 2 && $0["result"] == .null })
        // Stale, for another document, or not an edit: refused, nothing sent.
        let other: JSON = ["changes": ["file:///etc/passwd": [["range": LanguageServerTests.range(0, 0, 0, 0).json, "newText": "x"]]]]
        for (id, arguments) in [(3, [.string(Self.uri), 3, "Use …", edit]), (4, [.string(Self.uri), 4, "Use …", other]),
                                (5, [.string(Self.uri), 4, "Use …", ["changes": [Self.uri: "x"]]]), (6, ["untitled:closed.menu", 1, "x", edit])] as [(Int, JSON)] {
            let answer = execute(id, arguments)
            #expect(!answer.contains { $0["method"] == "workspace/applyEdit" }, "\(arguments)")
            #expect(answer.contains { $0["id"] == .int(id) && $0["error"]?["code"] == .int(ResponseError.invalidParamsCode) }, "\(arguments)")
        }
    }

    @Test func formattingKeepsCarriageReturnLineEnds() {
        let document = LanguageServerTests.document("// Menus\rmenu M \"M\" { item a \"A\"; item b \"B\" }\r")
        let newText = FormattingFeature.format(document, with: MenuFormatterAdapter()).array?.first?["newText"]?.string ?? ""
        #expect(newText.contains("\r") && !newText.contains("\n"), "\(newText.debugDescription)")
        #expect(FormattingFeature.lineEnding(of: Array("a\r\nb".utf8)) == [0x0D, 0x0A])
        #expect(FormattingFeature.lineEnding(of: Array("a\rb\n".utf8)) == [0x0D])
        #expect(FormattingFeature.lineEnding(of: Array("a".utf8)) == [0x0A])
    }
}
