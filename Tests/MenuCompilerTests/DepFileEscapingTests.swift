import Testing
@testable import MenuSupport
@testable import MenuBackends
@testable import MenuCompiler

/// The dependency files `menuc build --depfile` writes: paths escaped as
/// make and ninja read them, and refused where no escape covers them.
/// (The tools themselves read them in DepFileToolTests.)
@Suite("Dependency file escaping")
struct DepFileEscapingTests {
    @Test func depFilePathsAreEscaped() throws {
        func escaped(_ path: String, isOutput: Bool = false) throws -> String {
            String(decoding: try DepFile.escape(path, isOutput: isOutput), as: UTF8.self)
        }
        #expect(try escaped("my menus/a#1:2.menu") == ##"my\ menus/a\#1\:2.menu"##)
        #expect(try escaped(#"odd\ name"#) == #"odd\\\ name"#)
        #expect(try escaped(#"odd\\ name"#) == #"odd\\\\\ name"#)
        #expect(try escaped(#"back\slash"#) == #"back\slash"#)
        #expect(try escaped("50%.menu") == "50%.menu")
        // A name that is not UTF-8 is written with its bytes as they are on disk.
        let latin1Name = PathBytes.string([0x63, 0x61, 0x66, 0xE9, 0x2E, 0x6D, 0x65, 0x6E, 0x75])
        #expect(try DepFile.escape(latin1Name) == [0x63, 0x61, 0x66, 0xE9, 0x2E, 0x6D, 0x65, 0x6E, 0x75])
        let rules = [DepFile.Rule(output: "out/a b.json", inputs: ["a b.menu", "shared/edit.menu"])]
        #expect(try DepFile.render(rules).get() == Array("out/a\\ b.json: a\\ b.menu shared/edit.menu\n".utf8))
    }

    /// Every character make or ninja gives a meaning to that has no escape
    /// both read the same way: refused, with the reason.
    @Test(arguments: [
        ("a\nb", "line break"), ("a\rb", "line break"), ("a\tb", "\\u{9}"), ("a\u{1B}b", "\\u{1B}"), ("a\u{7F}", "\\u{7F}"),
        ("a;b", "';'"), ("a=b", "'='"), ("a|b", "'|'"), ("a*b", "'*'"), ("a?b", "'?'"), ("a[b", "'['"), ("a$b", "'$'"),
        ("a<b", "'<'"), ("a>b", "'>'"), ("a^b", "'^'"), ("a`b", "'`'"), ("a'b", "'''"), ("a\"b", "'\"'"), ("a&b", "'&'"),
        ("~/a", "'~'"), ("a:", "':'"), (#"a\"#, #"'\'"#), (##"a\#b"##, "'#'"), (#"a\:b"#, "':'"), ("lib.a(x.o)", "archive"),
        (".WAIT", ".WAIT"), ("./.WAIT", ".WAIT"),
    ] as [(String, String)])
    func depFileRefusesWhatNoEscapeCovers(_ path: String, _ shown: String) {
        #expect(throws: DepFile.UnrepresentablePath.self) { try DepFile.escape(path) }
        do {
            _ = try DepFile.escape(path)
        } catch {
            #expect(error.message.contains(shown), "\(error.message)")
            #expect(error.message.hasPrefix("cannot list \(SwiftEscaping.stringLiteral(path)) in a dependency file: "))
        }
        let rendered = DepFile.render([DepFile.Rule(output: "out/x.json", inputs: ["ok.menu", path])])
        #expect(throws: DepFile.UnrepresentablePath.self) { try rendered.get() }
    }

    @Test func depFileRefusesAPercentSignOnlyInAnOutput() {
        #expect(throws: DepFile.UnrepresentablePath.self) { try DepFile.render([DepFile.Rule(output: "out/50%.json", inputs: ["a.menu"])]).get() }
        #expect((try? DepFile.render([DepFile.Rule(output: "out/a.json", inputs: ["50%.menu"])]).get()) == Array("out/a.json: 50%.menu\n".utf8))
    }
}
