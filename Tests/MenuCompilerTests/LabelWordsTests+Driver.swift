import Testing
@_spi(MenuPipeline) @testable import MenuSemantics
@testable import MenuRules
@testable import MenuCompiler

/// The label tables a compilation with rules builds (one per model store,
/// held while the rules run) don't keep its model alive. What the tables
/// answer is `LabelWordsTests` of MenuRulesTests.
@Suite("LabelWords")
struct LabelWordsTests {
    @Test func aCheckedModelIsFreedOnceDropped() throws {
        // The label tables the rules build hang off the file; nothing in them
        // may point back, or a language server would keep every model it made.
        weak var store: ModelStore?
        weak var table: LabelTable?
        do {
            let compilation = Compiler.compile([.text("menu M \"m\" {\n  item a \"open file\"\n  item b \"Copy...\"\n}\n", displayPath: "t.menu")])
            let file = try #require(compilation.files.first)
            #expect(!compilation.diagnostics.isEmpty)  // the rules ran and built their tables
            let labels = LabelTable(store: file.store)
            var titleCased = labels.memo(LabelTable.titleCased, expectedLabels: file.elementCount)
            _ = titleCased[try #require(file.walk(.item).map(\.element).first?.labelID)]
            store = file.store
            table = labels
        }
        #expect(store == nil)
        #expect(table == nil)
    }
}
