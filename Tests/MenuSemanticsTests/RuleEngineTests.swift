import Testing
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
import SemanticsTestSupport

/// The checked file as the rule engine reads it: its parts, each walked
/// with everything below it, and its declarations found by name. The
/// engine itself is `RuleEngineTests` of MenuRulesTests.
struct RuleEngineTests {
    /// Parts cover the file's declarations in order, each walked with
    /// everything below it, and a part is no smaller than asked unless it
    /// is the last.
    @Test func partsCoverTheDeclarationsInOrder() throws {
        let text = (1...7).map { "menu M\($0) \"M\($0)\" {\n  item a \"Open\"\n  item b \"Close\"\n}" }.joined(separator: "\n")
        let file = try #require(CheckedText(text, displayPath: "t.menu").file)
        #expect(file.elementCount == 21)
        #expect(file.parts(ofAtLeast: 21).count == 1)
        let parts = file.parts(ofAtLeast: 6)
        #expect(parts.map(\.declarations.count) == [2, 2, 2, 1])
        #expect(parts.map(\.elementCount) == [6, 6, 6, 3])
        #expect(parts.flatMap { $0.declarations.map(\.id) } == file.declarations.map(\.id))
        var walked: [String] = []
        for part in parts { walked += part.walk().map(\.element.id) }
        #expect(walked == file.walk().map(\.element.id))
        #expect(parts[1].walk(.item).map(\.element.id) == ["a", "b", "a", "b"])
    }

    /// Declarations are found by name (rules ask for each `menu:`, the
    /// Markdown backend for each link): the first of the name, of the kind
    /// when one is given, and none for a name the file doesn't declare.
    @Test func declarationsAreFoundByName() throws {
        let text = """
            menu Edit "Edit" { item undo "Undo" }
            view Editor { button save "Save" { action: save } }
            contextmenu list { menu: Edit }
            """
        let file = try #require(CheckedText(text, displayPath: "t.menu").file)
        #expect(file.declaration(named: "Edit")?.kind == .menu)
        #expect(file.declaration(named: "Editor")?.kind == .view)
        #expect(file.declaration(named: "Editor", kind: .menu) == nil)
        #expect(file.declaration(named: "list", kind: .contextmenu)?.id == "list")
        #expect(file.declaration(named: "Missing") == nil)
    }
}
