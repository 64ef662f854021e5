import Testing
@_spi(MenuPipeline) @testable import MenuSemantics
@testable import MenuRules
@testable import MenuCompiler

/// What the rules build while they run (their label memos among it)
/// doesn't keep a compilation's model alive. What the analysis answers is
/// `LabelWordsTests` of MenuRulesTests.
@Suite("LabelWords")
struct LabelWordsTests {
    @Test func aCheckedModelIsFreedOnceDropped() throws {
        // A language server makes a model per edit: nothing the rules made may keep one.
        weak var store: ModelStore?
        do {
            let compilation = Compiler.compile([.text("menu M \"m\" {\n  item a \"open file\"\n  item b \"Copy...\"\n}\n", displayPath: "t.menu")])
            let file = try #require(compilation.files.first)
            #expect(!compilation.diagnostics.isEmpty)  // the rules ran
            let labels = file.labels
            var isTitleCased = LabelMemo(over: file) { labels.isTitleCased($0) }
            #expect(isTitleCased[try #require(file.walk(.item).map(\.element).first?.labelID)] == false)
            store = file.store
        }
        #expect(store == nil)
    }
}
