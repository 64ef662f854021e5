import Testing
@testable import MenuSupport
@testable import MenuSyntax

struct LexerTests {
    func lex(_ text: String) -> (kinds: [TokenKind], texts: [String], diagnostics: [Diagnostic]) {
        let file = SourceFile(id: FileID(0), displayPath: "t.menu", text: text)
        let lexed = Lexer.tokenize(file)
        return (lexed.tokens.map(\.kind), lexed.tokens.map { file.text($0.start..<$0.end) }, lexed.diagnostics)
    }

    func lexBytes(_ bytes: [UInt8]) -> [Diagnostic] {
        let file = SourceFile(id: FileID(0), displayPath: "t.menu", absolutePath: "", bytes: bytes)
        return Lexer.tokenize(file).diagnostics
    }

    /// The benchmark's lexer figure counts tokens in batches, as the parser
    /// takes them: it must see exactly the tokens `tokenize` lists, across
    /// batch boundaries, a byte-order mark and bad bytes included.
    @Test(arguments: ["", "menu", "\u{FEFF}menu M \"M\" { item a \"A\" }", "item \"\u{0}\" { é }",
                      String(repeating: "item copy \"Copy\" { shortcut: \"cmd+c\"; width: 10.5 }\n", count: 100)])
    func countingInBatchesSeesEveryToken(_ text: String) {
        let file = SourceFile(id: FileID(0), displayPath: "t.menu", text: text)
        #expect(Lexer.countTokens(file) == Lexer.tokenize(file).tokens.count - 1)
    }

    @Test func elementLine() {
        let result = lex(#"item copy "Copy" { shortcut: "cmd+c"; width: 10.5 }"#)
        #expect(result.kinds == [.identifier, .identifier, .string, .leftBrace, .identifier, .colon, .string, .semicolon,
                                 .identifier, .colon, .number, .rightBrace, .endOfFile])
        #expect(result.texts[10] == "10.5")
        #expect(result.diagnostics.isEmpty)
    }

    @Test func newlinesCollapseAndCommentsVanish() {
        let result = lex("a // comment\n\n  /* block\n */ b /* inline */ c\r\nd")
        #expect(result.kinds == [.identifier, .newline, .identifier, .identifier, .newline, .identifier, .endOfFile])
        #expect(result.diagnostics.isEmpty)
    }

    @Test func blockCommentsNest() {
        let result = lex("a /* outer /* inner */ still comment */ b")
        #expect(result.texts.filter { !$0.isEmpty } == ["a", "b"])
        #expect(result.diagnostics.isEmpty)
    }

    @Test func unterminatedBlockCommentPointsAtItsStart() {
        let result = lex("a\n/* open /* nested */ never closed")
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics[0].span.start == 2)
        #expect(result.diagnostics[0].message == "unterminated block comment")
    }

    @Test func docCommentsAreTokensButFourSlashesAreNot() {
        let result = lex("/// Doc line\n//// not doc\nmenu")
        #expect(result.kinds == [.docComment, .newline, .identifier, .endOfFile])
        #expect(result.texts[0] == " Doc line")
    }

    @Test func byteOrderMarkIsIgnored() {
        let result = lexBytes([0xEF, 0xBB, 0xBF] + Array("menu".utf8))
        #expect(result.isEmpty)
        let file = SourceFile(id: FileID(0), displayPath: "t", absolutePath: "", bytes: [0xEF, 0xBB, 0xBF] + Array("menu".utf8))
        #expect(Lexer.tokenize(file).tokens.first == Token(kind: .identifier, start: 3, end: 7))
    }

    @Test func stringEscapesDecode() {
        let text = #""a\"b\\c\nd\te\u{1F600}\u{2026}""#
        let file = SourceFile(id: FileID(0), displayPath: "t", text: text)
        let lexed = Lexer.tokenize(file)
        let token = lexed.tokens[0]
        #expect(token.kind == .string && token.hasEscapes)
        #expect(Lexer.decodeString(token, in: file) == "a\"b\\c\nd\te😀…")
        #expect(lexed.diagnostics.isEmpty)
    }

    @Test func unicodeInsideStringsNeedsNoEscape() {
        let file = SourceFile(id: FileID(0), displayPath: "t", text: #""⌘⇧N Open Recent… 📁""#)
        let token = Lexer.tokenize(file).tokens[0]
        #expect(!token.hasEscapes)
        #expect(Lexer.decodeString(token, in: file) == "⌘⇧N Open Recent… 📁")
    }

    @Test(arguments: [
        (#""abc"#, "unterminated string literal"),
        ("\"abc\ndef\"", "unterminated string literal"),
        (#""\q""#, "unknown escape sequence '\\q'"),
        (#""\u{D800}""#, "\\u{D800} is a lone UTF-16 surrogate, not a Unicode scalar"),
        (#""\u{110000}""#, "\\u{110000} is beyond the last Unicode scalar U+10FFFF"),
        (#""\u{}""#, "a Unicode escape needs 1 to 8 hexadecimal digits, found 0"),
        (#""\u12""#, "expected '{' after '\\u' in a Unicode escape"),
        (#""\u{12""#, "expected '}' to close the Unicode escape"),
    ])
    func badStrings(_ text: String, _ message: String) {
        let result = lex(text)
        #expect(result.diagnostics.map(\.message).contains(message), "\(result.diagnostics.map(\.message))")
        #expect(result.diagnostics.allSatisfy { $0.id == "syntax" })
    }

    @Test func invalidUTF8IsReportedWithLocation() {
        let diagnostics = lexBytes(Array("menu \"ok".utf8) + [0xFF, 0xFE] + Array("\"\nitem".utf8))
        #expect(diagnostics.count == 1)
        #expect(diagnostics[0].message.hasPrefix("invalid UTF-8"))
        #expect(diagnostics[0].span.start == 8)
    }

    @Test func overlongAndSurrogateEncodingsAreInvalid() {
        #expect(lexBytes([0x22, 0xC0, 0xAF, 0x22]).count == 1)  // overlong '/'
        #expect(lexBytes([0x22, 0xED, 0xA0, 0x80, 0x22]).count == 1)  // encoded surrogate
        #expect(lexBytes([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22]).count == 1)  // beyond U+10FFFF
        #expect(lexBytes([0x22, 0xE2, 0x80, 0xA6, 0x22]).isEmpty)  // "…" is fine
    }

    @Test func nulBytesAreReportedEverywhere() {
        #expect(lexBytes([0x61, 0x00, 0x62]).map(\.message) == ["NUL byte in source"])
        #expect(lexBytes([0x22, 0x00, 0x22]).map(\.message) == ["NUL byte in string literal"])
        #expect(lexBytes(Array("// c".utf8) + [0x00]).map(\.message) == ["NUL byte in source"])
    }

    @Test func strayCharactersAreReportedOnce() {
        let result = lex("menu é 'x'")
        #expect(result.diagnostics.map(\.message) == ["unexpected character 'é'", "unexpected character '''", "unexpected character '''"])
        #expect(result.diagnostics[1].help == "strings use double quotes: \"…\"")
    }

    @Test func versionsLexAsOneNumber() {
        #expect(lex("10.15.1").texts.first == "10.15.1")
        #expect(lex("10.").kinds == [.number, .invalid, .endOfFile])
    }

    @Test func crlfIsALineBreak() {
        let result = lex("a\r\nb\rc")
        #expect(result.kinds == [.identifier, .newline, .identifier, .newline, .identifier, .endOfFile])
    }

}
