import Foundation
import Testing
@_spi(MenuPipeline) @testable import MenuSupport
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
@testable import MenuRules
@testable import MenuBackends
@testable import MenuFormatter
@testable import MenuCompiler
import MenuTestSupport

struct GroupKeyedTableTests {
    /// Set keys in a shuffled order (each twice, the second value kept),
    /// past the points where the table turns from a short list into a
    /// dictionary and into an array: every value reads back, unset keys
    /// read as missing.
    @Test(arguments: [(keyCount: 10_000, expected: 10), (keyCount: 10_000, expected: 10_000), (keyCount: 40, expected: 0)])
    func valuesSurviveTheChangeOfForm(keyCount: Int, expected: Int) {
        var table = GroupKeyedTable(keyCount: keyCount, missing: -1, expectedKeys: expected)
        var generator = SeededGenerator(state: UInt64(keyCount))
        let keys = Array((0..<keyCount).filter { $0 % 3 == 0 }.shuffled(using: &generator))
        for (step, key) in keys.enumerated() {
            table[key] = -7
            table[key] = key * 2
            // Read a few back at every step, across the change of form.
            for earlier in keys[max(0, step - 3)...step] { #expect(table[earlier] == earlier * 2) }
        }
        for key in 0..<keyCount { #expect(table[key] == (key % 3 == 0 ? key * 2 : -1)) }
    }

    /// The files of one import group share one model store, and the
    /// compiler makes one label table per store (a table per file was the
    /// group's size in every file).
    @Test func theFilesOfAGroupShareTheirLabelAnswers() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try TestSupport.write("{}", to: root.appendingPathComponent("menuc.json"))
        try TestSupport.write("menu Shared \"Shared\" { item a \"Open File\" }\n", to: root.appendingPathComponent("shared.menu"))
        try TestSupport.write("import \"shared.menu\"\nmenu A \"A\" { use Shared }\n", to: root.appendingPathComponent("a.menu"))
        try TestSupport.write("menu B \"B\" { item b \"Open File\" }\n", to: root.appendingPathComponent("b.menu"))
        let inputs = ["a.menu", "b.menu", "shared.menu"].map { Compiler.Input.path(root.appendingPathComponent($0).path) }
        let compilation = Compiler.compile(inputs)
        let byName = Dictionary(uniqueKeysWithValues: compilation.files.map { (($0.source.absolutePath as NSString).lastPathComponent, $0) })
        let a = try #require(byName["a.menu"]), shared = try #require(byName["shared.menu"]), b = try #require(byName["b.menu"])
        #expect(a.store === shared.store)
        #expect(a.store !== b.store)
    }
}
