import Foundation
import Testing
@testable import MenuSupport
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
@testable import MenuBackends
import MenuTestSupport

/// The escaping helpers every text backend relies on, fed hostile strings.
/// The proof that generated Swift carries labels exactly is in
/// SwiftBackendTests (it compiles and runs the code); these pin the rules.
/// Dependency files, which the driver writes, are DepFileEscapingTests.
@Suite("Escaping")
struct EscapingTests {
    // MARK: - JSON strings

    @Test("JSON strings escape quotes, backslashes, controls and U+2028/9", arguments: [
        ("plain", #""plain""#),
        ("Say \"Hi\" \\ end", #""Say \"Hi\" \\ end""#),
        ("Line\nBreak\tTab\r", #""Line\nBreak\tTab\r""#),
        ("nul\u{0}bell\u{7}esc\u{1B}del\u{7F}", #""nul\u0000bell\u0007esc\u001bdel\u007f""#),
        ("line\u{2028}para\u{2029}", #""line\u2028para\u2029""#),
        ("\u{2028}", #""\u2028""#),
        ("near miss \u{2027}\u{202A}", "\"near miss \u{2027}\u{202A}\""),
        ("café … 📁 👩‍👩‍👧", "\"café … 📁 👩‍👩‍👧\""),
        ("", #""""#),
    ])
    func jsonStrings(input: String, expected: String) {
        var output: [UInt8] = []
        JSONValue.writeString(input, to: &output)
        #expect(String(decoding: output, as: UTF8.self) == expected)
    }

    @Test func jsonStringsRoundTripThroughFoundation() throws {
        let hostile = (0...0x3000).compactMap(Unicode.Scalar.init).map(String.init).joined() + "🔥\u{10FFFF}"
        var output: [UInt8] = []
        JSONValue.writeString(hostile, to: &output)
        let decoded = try JSONSerialization.jsonObject(with: Data(output), options: .fragmentsAllowed) as? String
        #expect(decoded.map { Array($0.unicodeScalars) } == Array(hostile.unicodeScalars))
        let text = String(decoding: output, as: UTF8.self)
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{2028}" || $0 == "\u{2029}" })
    }

    // MARK: - Swift string literals

    @Test("string literals escape quotes, backslashes and controls", arguments: [
        ("Say \"Hi\"", #""Say \"Hi\"""#),
        ("Back\\slash \\(interpolation)", #""Back\\slash \\(interpolation)""#),
        ("Triple \"\"\" Quotes", #""Triple \"\"\" Quotes""#),
        ("Hash #\"raw\"# and ##", ##""Hash #\"raw\"# and ##""##),
        ("Line\nBreak\tTab\r", #""Line\nBreak\tTab\r""#),
        ("nul\u{0}bell\u{7}del\u{7F}", #""nul\0bell\u{7}del\u{7F}""#),
        ("Evil \u{202E}txt.exe\u{202C} Name", #""Evil \u{202E}txt.exe\u{202C} Name""#),
        ("isolate \u{2066}x\u{2069} mark \u{200F}", #""isolate \u{2066}x\u{2069} mark \u{200F}""#),
        ("zero\u{200B}width\u{FEFF}", #""zero\u{200B}width\u{FEFF}""#),
        ("line\u{2028}para\u{2029}next\u{85}", #""line\u{2028}para\u{2029}next\u{85}""#),
        ("nbsp\u{A0}", #""nbsp\u{A0}""#),
        ("private\u{E000}", #""private\u{E000}""#),
        ("\u{301}combining first", #""\u{301}combining first""#),
        ("Folder 📁 👩‍👩‍👧 ❤️", "\"Folder 📁 👩‍👩‍👧 ❤️\""),
        ("café …", "\"café …\""),
    ])
    func swiftStringLiterals(input: String, expected: String) {
        #expect(SwiftEscaping.stringLiteral(input) == expected)
    }

    @Test func stringLiteralsNeverHoldARawLineBreakOrBidiControl() {
        let hostile = (0...0x3000).compactMap(Unicode.Scalar.init).map(String.init).joined()
        let literal = SwiftEscaping.stringLiteral(hostile)
        for scalar in literal.unicodeScalars {
            #expect(!SwiftEscaping.isLineBreak(scalar) && scalar.properties.generalCategory != .format
                    && scalar.properties.generalCategory != .control, "raw U+\(String(scalar.value, radix: 16)) in a literal")
        }
    }

    // MARK: - Swift comments and identifiers

    @Test func docCommentsCannotBreakOut() {
        let lines = SwiftEscaping.docComment("First line\nsecond \u{202E}evil\u{202C}\rthird\u{2028}fourth */ and \u{0}")
        #expect(lines == ["/// First line", #"/// second \u{202E}evil\u{202C}"#, "/// third", #"/// fourth */ and \u{0}"#])
        #expect(SwiftEscaping.docComment("a\n\nb") == ["/// a", "///", "/// b"])
        #expect(SwiftEscaping.commentText("path\nwith\u{2029}breaks\t.menu") == "path with breaks .menu")
    }

    @Test func keywordsAreEscapedAndNamesCased() {
        #expect(SwiftEscaping.identifier("default") == "`default`")
        #expect(SwiftEscaping.identifier("self") == "`self`")
        #expect(SwiftEscaping.identifier("newNote") == "newNote")
        #expect(SwiftEscaping.lowerCamelCase("EditNote") == "editNote")
        #expect(SwiftEscaping.lowerCamelCase("PDFExport") == "pdfExport")
        #expect(SwiftEscaping.lowerCamelCase("URL") == "url")
        #expect(SwiftEscaping.lowerCamelCase("_Private") == "_Private")
        #expect(SwiftEscaping.upperCamelCase(fileName: "notes.menu") == "Notes")
        #expect(SwiftEscaping.upperCamelCase(fileName: "hostile-labels.menu") == "HostileLabels")
        #expect(SwiftEscaping.upperCamelCase(fileName: "3d touch.menu") == "_3dTouch")
        #expect(SwiftEscaping.upperCamelCase(fileName: "café.menu") == "Cafe")
        #expect(SwiftEscaping.upperCamelCase(fileName: "🙂.menu") == nil)
        #expect(SwiftBackend.typeName(forFile: "samples/menu-element.menu") == "MenuElementMenus")
        #expect(SwiftBackend.typeName(forFile: "self.menu") == "SelfMenus")
    }

    @Test func memberAndCaseNamesAreUniqueAndUsable() {
        // Handles are never numbered: a clash is a `name-clash` error instead.
        #expect(["Edit", "edit", "PDFExport", "self", "_", "Type"].map { SwiftNames.handleName($0, topLevel: false) } == ["edit", "edit", "pdfExport", "self_", "__", "type"])
        #expect(SwiftNames.handleName("document", topLevel: true) == "document_" && SwiftNames.handleName("document", topLevel: false) == "document")
        #expect(SwiftBackend.caseNames(for: ["allCases", "copy", "init", "rawValue", "rawValue_"]) == ["allCases_", "copy", "init_", "rawValue_", "rawValue_2"])
    }

    /// The Swift backend writes most handle and type names from the
    /// identifier's bytes; every name it writes must be the one the string
    /// functions give (`SwiftNames.handleName`, `typeName`), capitals,
    /// acronyms, reserved and one-letter names included.
    @Test func handleAndTypeNamesWrittenFromBytesAgreeWithTheStringFunctions() throws {
        let ids = ["Menu1", "PDFExport", "URL", "A", "AB", "ABc", "Self", "Type", "Action", "String", "Document", "Init", "Protocol",
                   "X_Y", "Case", "Default", "Localizer", "LongIdentifierWellPastSixteen", "edit", "self", "document", "init", "z9"]
        let body = ids.enumerated().map { "  submenu \($0.element) \"Sub \($0.offset)\" {\n    item \($0.element) \"Item \($0.offset)\"\n  }\n" }.joined()
        let text = ids.map { "menu \($0) \"\($0) Menu\" {\n" + body + "}\n" }.joined(separator: "\n")
        let source = SourceFile(id: FileID(0), displayPath: "names.menu", text: text)
        let syntax = Parser.parse(source).syntax
        let file = Resolver(workspace: LoadedSources(files: [source], syntax: [syntax], imports: [[]])).check([FileID(0)])[0]
        let swift = SwiftBackend.render(file, files: { $0 == source.id ? source : nil })
        // What was written, in order: each handle, and each type of handles.
        let lines = swift.split(separator: "\n").map { $0.drop { $0 == " " } }
        let handles = lines.compactMap { line in line.hasPrefix("static let ") ? line.dropFirst(11).prefix { $0 != ":" } : nil }.map(String.init)
        let types = lines.compactMap { line in line.hasPrefix("enum ") && line.hasSuffix(" {") ? line.dropFirst(5).dropLast(2) : nil }.map(String.init)
        // The same, from the string functions, in the order the scopes are written (source order, depth first).
        var expectedHandles: [String] = []
        var expectedTypes = ["Names"]
        for (element, _) in file.walk() where SwiftNames.hasHandle(element) {
            expectedHandles.append(SwiftEscaping.identifier(SwiftNames.handleName(element.id, topLevel: element.parent == nil)))
            if !element.children.isEmpty { expectedTypes.append(SwiftNames.typeName(element)) }
        }
        #expect(expectedHandles.count == ids.count * (1 + 2 * ids.count))
        #expect(handles.count >= expectedHandles.count && types.count >= expectedTypes.count)
        // The first name that differs, if any (the lists are long).
        let handle = zip(handles, expectedHandles).first { $0 != $1 }
        #expect(handle == nil, "handle written \(handle?.0 ?? ""), expected \(handle?.1 ?? "")")
        let type = zip(types, expectedTypes).first { $0 != $1 }
        #expect(type == nil, "type written \(type?.0 ?? ""), expected \(type?.1 ?? "")")
    }

    /// The `Action` enum's cases are gathered and sorted from the model's
    /// bytes; they must be what the string functions give
    /// (`SwiftBackend.actions(in:)`, `caseNames(for:)`), in order: written
    /// and derived actions, repeats, names sharing their first sixteen
    /// bytes, keywords, and a name a case can't have (which takes the
    /// string functions for the whole enum).
    @Test("action cases written from bytes agree with the string functions", arguments: [false, true])
    func actionCasesWrittenFromBytesAgreeWithTheStringFunctions(withUnusableName: Bool) throws {
        var generator = SeededGenerator(state: withUnusableName ? 7 : 11)
        let stems = ["open", "openDocumentWithTemplate", "openDocumentWithTemplateA", "copy", "z", "default", "in", "Self_", "a_b"]
        var items: [String] = []
        for index in 0..<2_000 {
            let stem = stems[Int.random(in: 0..<stems.count, using: &generator)]
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: items.append("    item i\(index) \"Item \(index)\"")  // derives `i<index>`
            case 1: items.append("    item i\(index) \"Item \(index)\" { action: \(stem) }")  // repeats
            default: items.append("    item i\(index) \"Item \(index)\" { action: \(stem)\(Int.random(in: 0..<500, using: &generator)) }")
            }
        }
        if withUnusableName { items.append("    item last \"Last\" { action: rawValue }") }
        let text = "menu M \"M\" {\n" + items.joined(separator: "\n") + "\n}\n"
        let source = SourceFile(id: FileID(0), displayPath: "actions.menu", text: text)
        let file = Resolver(workspace: LoadedSources(files: [source], syntax: [Parser.parse(source).syntax], imports: [[]])).check([FileID(0)])[0]
        let swift = SwiftBackend.render(file, files: { $0 == source.id ? source : nil })
        let enumStart = try #require(swift.range(of: "enum Action: ")?.upperBound)
        let body = swift[enumStart...].prefix { $0 != "}" }
        let written = body.split(separator: "\n").map { $0.drop { $0 == " " } }.filter { $0.hasPrefix("case ") }.map(String.init)
        let actions = SwiftBackend.actions(in: file)
        let expected = zip(actions, SwiftBackend.caseNames(for: actions)).map { action, name in
            "case " + SwiftEscaping.identifier(name) + (name == action ? "" : " = " + SwiftEscaping.stringLiteral(action))
        }
        #expect(actions.count > 1_000)
        #expect(written.count == expected.count)
        let first = zip(written, expected).first { $0 != $1 }
        #expect(first == nil, "written \(first?.0 ?? ""), expected \(first?.1 ?? "")")
    }

    // MARK: - Markdown

    @Test("Markdown text is shown as written", arguments: [
        ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
        ("| Pipe | Table |", #"\| Pipe \| Table \|"#),
        ("*Star* _under_ `tick` [link](x) ![img](y)", #"\*Star\* \_under\_ \`tick\` \[link\](x) !\[img\](y)"#),
        ("Hash #\"raw\"# and ##", ##"Hash \#"raw"\# and \#\#"##),
        ("AT&T &amp;", "AT&amp;T &amp;amp;"),
        ("- not a list", #"\- not a list"#),
        ("1. not a list", #"1\. not a list"#),
        ("    not code", "&#32;   not code"),
        ("Line\nBreak\tTab", "Line Break Tab"),
        ("Evil \u{202E}txt", #"Evil \u{202E}txt"#),
        ("Back\\slash", #"Back\\slash"#),
        ("Wi-Fi 1.5", "Wi-Fi 1.5"),
    ])
    func markdownText(input: String, expected: String) {
        #expect(MarkdownEscaping.text(input) == expected)
    }

    @Test func markdownCodeSpans() {
        #expect(MarkdownEscaping.code("doc.on.doc") == "`doc.on.doc`")
        #expect(MarkdownEscaping.code("a`b") == "``a`b``")
        #expect(MarkdownEscaping.code("`edge`") == "`` `edge` ``")
        #expect(MarkdownEscaping.code("a|b") == #"`a\|b`"#)
        #expect(MarkdownEscaping.code("") == "` `")
    }

    @Test func docCommentsKeepMarkdownButNotHTML() {
        let lines = MarkdownEscaping.docLines("Use `<b>` *here*\n<script>x</script>\n\\`<img src=x>` and `a\n\u{202E}")
        #expect(lines == ["Use `<b>` *here*", "&lt;script>x&lt;/script>", #"\`&lt;img src=x>` and `a"#, #"\u{202E}"#])
    }

    /// The one-line fast path gives what the sanitiser gives.
    @Test(arguments: ["Plain words.", "Use cmd+c: copies.", "1. First", "See http://example.com/a", "A * b _c_ d", "Ends with \\",
                      "# Heading", "- item", "<b>", "`code`", "[a](b)", "~~~", "x![i](y)", "a]: b", "===", "Tab\there"])
    func docCommentFastPathAgreesWithTheSanitiser(_ doc: String) {
        #expect(MarkdownEscaping.docLines(doc) == MarkdownDocComment.lines(doc))
    }

    /// Link destinations a doc comment may keep: web, mail, relative.
    @Test func docCommentLinkDestinations() {
        func safe(_ text: String) -> Bool { MarkdownDocComment.isSafeDestination(Array(text.unicodeScalars)[...]) }
        for destination in ["https://example.com/a)", "HTTP://x", "mailto:a@b.c)", "other.md#x)", "#anchor)", "../a/b?c=d:e)", " https://x)"] {
            #expect(safe(destination), "\(destination)")
        }
        for destination in ["javascript:alert(1))", "JavaScript:x", "data:text/html,x", "vbscript:x", "file:///etc", "java&#115;cript:x",
                            "javascript&#58;x", #"javascript\:x"#, "<javascript:x>", "", "   ", "c:x", "java\u{200B}script:x"] {
            #expect(!safe(destination), "\(destination)")
        }
    }

    @Test func linkDestinationsArePercentEncoded() {
        #expect(MarkdownEscaping.linkDestination("shared/edit.md", fragment: "Edit") == "shared/edit.md#Edit")
        #expect(MarkdownEscaping.linkDestination("my menus/a (1).md") == "my%20menus/a%20%281%29.md")
        #expect(MarkdownBackend.Site.relativePath(from: "shared/edit.md", to: "notes.md") == "../notes.md")
        #expect(MarkdownBackend.Site.relativePath(from: "a/b/x.md", to: "a/c/y.md") == "../c/y.md")
        #expect(MarkdownBackend.Site.relativePath(from: "notes.md", to: "shared/edit.md") == "shared/edit.md")
    }

    // MARK: - Writers

    @Test func codeWriterIndentsAndTrims() {
        var writer = CodeWriter(indentUnit: "  ")
        writer.block("a {") { body in
            body.line("b  ")
            body.line()
            body.line("c\nd")
        }
        writer.blankLine()
        writer.blankLine()
        writer.line("e")
        #expect(writer.text == "a {\n  b\n\n  c\n  d\n}\n\ne\n")
    }

    @Test func markdownFastPathsAgreeWithTheFullEscaping() {
        var samples = TitleCaseLabels.labelsToCompare
        samples += ["", " ", "  x ", "a|b", "`code`", "x`", "1. First", "2) Second", "- item", "+1", "= 2", "a_b", "R&D", "<b>", "Tab\there",
                    "Line\nbreak", "Trailing ", " Leading", "…", "Save…", "Zero\u{200B}width", "e\u{301}", "# Title", "~strike~", "[link]"]
        var plain = 0
        for text in samples {
            #expect(MarkdownEscaping.text(text) == MarkdownEscaping.escapedText(text), "\(text.debugDescription)")
            #expect(MarkdownEscaping.code(text) == MarkdownEscaping.fencedCode(text), "\(text.debugDescription)")
            if MarkdownEscaping.isPlainText(text) { plain += 1 }
        }
        #expect(plain > 500)
    }

    @Test func plainCodeBytesAreExactlyPrintableASCIIButBacktickAndBar() {
        for value in 0...255 {
            let byte = UInt8(value)
            let expected = byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "`") && byte != UInt8(ascii: "|")
            let bytes: [UInt8] = [UInt8(ascii: "a"), byte, UInt8(ascii: "b")]
            #expect(bytes.withUnsafeBufferPointer { MarkdownEscaping.isPlainCode($0) } == expected, "byte \(value)")
        }
    }

    @Test func plainTextBytesAreExactlyLettersDigitsAndSpace() {
        for value in 0...255 {
            let byte = UInt8(value)
            let expected = byte == 0x20 || (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            #expect(byte.isASCIIAlphanumericOrSpace == expected, "byte \(value)")
        }
    }
}
