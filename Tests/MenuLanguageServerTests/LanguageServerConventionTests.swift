import Foundation
import Testing
@testable import MenuSupport
@testable import MenuSyntax
@testable import MenuCompiler
@testable import MenuLanguageServer

/// The language server keeps the protocol's conventions: what it
/// advertises, how it counts lines, and formatting that honours the
/// editor's options and the document's line ends.
struct LanguageServerConventionTests {
    @Test func advertisesTheWorkspaceFolderNotificationsItHandles() {
        let replies = LanguageServer().receive(LanguageServerTests.request(1, "initialize", ["capabilities": [:]]), now: 0)
        let folders = replies.first?["result"]?["capabilities"]?["workspace"]?["workspaceFolders"]
        #expect(folders?["supported"] == .bool(true))
        #expect(folders?["changeNotifications"] == .bool(true))
    }

    /// The protocol (and the lexer) end a line at `\n`, `\r\n` or a `\r` alone.
    @Test func aCarriageReturnAloneEndsALine() {
        for (text, line) in [("menu M \"M\" {\r  item a \"A\" { role: x }\r}\r", 1), ("a\r\rb\r\nc\nd { role: x }", 4)] {
            let file = SourceFile(id: FileID(0), displayPath: "t", text: text)
            let offset = Array(text.utf8).firstIndex(of: UInt8(ascii: "x")) ?? 0
            #expect(file.position(of: offset).line == line + 1, "\(text.debugDescription)")
            #expect(file.lspPosition(of: offset).line == line)
            #expect(file.offset(line: line, utf16Column: file.lspPosition(of: offset).character) == offset)
        }
        let document = LanguageServerTests.document("menu M \"M\" {\r  item a \"A\" { role: x }\r}\r")
        let diagnostic = document.analysis.diagnostics(in: document.file).first { $0.id == "invalid-value" }
        #expect(diagnostic.map { document.source.lspRange(of: $0.span).start.line } == 1)
    }

    @Test func formattingHonoursTheEditorsIndentation() {
        let document = LanguageServerTests.document("menu M \"M\" { submenu s \"S\" { item a \"A\" } }\n")
        func formatted(_ options: JSON) -> String {
            let edits = FormattingFeature.format(document, with: MenuFormatterAdapter(), options: FormattingFeature.Options(json: options))
            let edit = edits.array?.first
            let text = String(decoding: document.source.bytes, as: UTF8.self)
            guard let edit, let range = try? LSPRange(json: edit["range"]), let newText = edit["newText"]?.string else { return text }
            let span = document.source.byteRange(of: range)
            let bytes = document.source.bytes
            return String(decoding: bytes[..<span.lowerBound] + Array(newText.utf8) + bytes[span.upperBound...], as: UTF8.self)
        }
        #expect(formatted(["tabSize": 2, "insertSpaces": true]) == "menu M \"M\" {\n  submenu s \"S\" {\n    item a \"A\"\n  }\n}\n")
        #expect(formatted(["tabSize": 4, "insertSpaces": true]) == "menu M \"M\" {\n    submenu s \"S\" {\n        item a \"A\"\n    }\n}\n")
        #expect(formatted(["tabSize": 8, "insertSpaces": false]) == "menu M \"M\" {\n\tsubmenu s \"S\" {\n\t\titem a \"A\"\n\t}\n}\n")
    }

    @Test func formattingKeepsTheDocumentsLineEnds() {
        let document = LanguageServerTests.document("// Menus\r\nmenu M \"M\" { item a \"A\"; item b \"B\" }\r\n")
        let edits = FormattingFeature.format(document, with: MenuFormatterAdapter())
        let newText = edits.array?.first?["newText"]?.string ?? ""
        #expect(newText.contains("\r\n") && !newText.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "\(newText.debugDescription)")
        let tidy = LanguageServerTests.document("menu M \"M\" {\r\n  item a \"A\"\r\n}\r\n")
        #expect(FormattingFeature.format(tidy, with: MenuFormatterAdapter()) == [], "a CRLF file in the canonical layout needs no edit")
    }
}
