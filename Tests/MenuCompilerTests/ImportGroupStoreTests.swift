import Foundation
import Testing
@_spi(MenuPipeline) @testable import MenuSemantics
@testable import MenuCompiler
import MenuTestSupport

struct ImportGroupStoreTests {
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
