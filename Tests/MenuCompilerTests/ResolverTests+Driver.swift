import Foundation
import Testing
@testable import MenuSupport
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
@testable import MenuCompiler
import MenuTestSupport

/// The resolver across files, as the driver loads them: imports resolved
/// once, escapes and cycles refused, names that collide across files, and
/// many inputs in parallel. The resolver on one text is `ResolverTests` of
/// MenuSemanticsTests.
struct ResolverTests {
    @Test func importsResolveOnceAndRefuseEscapes() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try TestSupport.write("{}", to: root.appendingPathComponent("menuc.json"))
        try TestSupport.write("menu Edit \"Edit\" { item copy \"Copy\" }", to: root.appendingPathComponent("shared/edit.menu"))
        try TestSupport.write("import \"edit.menu\"\nmenu View \"View\" { use Edit }", to: root.appendingPathComponent("shared/view.menu"))
        try TestSupport.write("import \"shared/edit.menu\"\nimport \"shared/view.menu\"\nmenubar { use Edit; use View }",
                              to: root.appendingPathComponent("app.menu"))
        try TestSupport.write("import \"../outside.menu\"\nimport \"missing.menu\"\nimport \"/etc/passwd\"", to: root.appendingPathComponent("bad.menu"))
        try TestSupport.write("menu X \"X\" { item x \"X\" }", to: root.deletingLastPathComponent().appendingPathComponent("outside.menu"))
        let app = Compiler.compile([.path(root.appendingPathComponent("app.menu").path)], options: CompileOptions(runRules: false))
        #expect(app.diagnostics.isEmpty, "\(app.diagnostics.map(\.message))")
        #expect(app.workspace.files.count == 3, "each file is loaded once")
        #expect(app.files[0].declarations[0].children.map(\.id) == ["Edit", "View"])
        let bad = Compiler.compile([.path(root.appendingPathComponent("bad.menu").path)], options: CompileOptions(runRules: false))
        #expect(bad.diagnostics.map(\.id) == ["import-failed", "import-failed", "import-failed"])
        #expect(bad.diagnostics[0].message.contains("outside the project root"))
        #expect(bad.diagnostics[1].message.hasPrefix("cannot import 'missing.menu': no such file"))
        #expect(bad.diagnostics[2].message == "import paths are relative to the importing file, not absolute")
        try? FileManager.default.removeItem(at: root.deletingLastPathComponent().appendingPathComponent("outside.menu"))
    }

    @Test func importCyclesAreReported() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try TestSupport.write("{}", to: root.appendingPathComponent("menuc.json"))
        let count = 1_000
        for index in 0..<count {
            try TestSupport.write("import \"f\((index + 1) % count).menu\"\nmenu M\(index) \"M\" { item a \"A\" }", to: root.appendingPathComponent("f\(index).menu"))
        }
        let compilation = Compiler.compile([.path(root.appendingPathComponent("f0.menu").path)], options: CompileOptions(runRules: false))
        #expect(compilation.diagnostics.count == 1)
        #expect(compilation.diagnostics.first?.id == "import-failed")
        // One short line: the first and last steps, and a count of the rest.
        let message = compilation.diagnostics.first?.message.replacingOccurrences(of: root.path + "/", with: "")
        #expect(message == "import cycle through 1000 files: f0.menu → f1.menu → f2.menu → f3.menu → … 993 more … → f997.menu → f998.menu → f999.menu → f0.menu")
        #expect(compilation.workspace.files.count == count)
    }

    @Test func importedNamesCannotCollide() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try TestSupport.write("{}", to: root.appendingPathComponent("menuc.json"))
        try TestSupport.write("menu Edit \"Edit\" { item a \"A\" }", to: root.appendingPathComponent("a.menu"))
        try TestSupport.write("import \"a.menu\"\nmenu Edit \"Edit\" { item b \"B\" }", to: root.appendingPathComponent("b.menu"))
        let compilation = Compiler.compile([.path(root.appendingPathComponent("b.menu").path)], options: CompileOptions(runRules: false))
        #expect(compilation.diagnostics.map(\.message) == ["'Edit' is already declared in the imported file \(compilation.workspace.file(FileID(1)).displayPath)"])
    }

    /// Inputs are read and parsed in parallel, and each import group has its
    /// own resolver: results must still come back in input order, with
    /// repeats sharing one file and an unreadable input failing alone.
    @Test func manyInputsLoadInOrderWhateverTheWorkers() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try TestSupport.write("{}", to: root.appendingPathComponent("menuc.json"))
        var paths: [String] = []
        for folder in 0..<4 {
            let shared = root.appendingPathComponent("f\(folder)/shared.menu")
            try TestSupport.write("menu Shared\(folder) \"Shared\" { item s\(folder) \"Share\" }", to: shared)
            for index in 0..<6 {
                let file = root.appendingPathComponent("f\(folder)/m\(index).menu")
                try TestSupport.write("import \"shared.menu\"\nmenu M\(index) \"M\" { use Shared\(folder); item a\(index) \"Open\" }", to: file)
                paths.append(file.path)
            }
        }
        paths.insert(root.appendingPathComponent("f9/missing.menu").path, at: 5)
        paths.append(paths[0])
        func run(workers: Int) -> (files: [String], failures: [String], diagnostics: [String], children: [[String]]) {
            var options = CompileOptions(runRules: false)
            options.workers = workers
            let compilation = Compiler.compile(paths.map { .path($0) }, options: options)
            return (compilation.files.map { PathNames.lastComponent(of: PathNames.deletingLastComponent(of: $0.source.absolutePath)) + "/" + PathNames.lastComponent(of: $0.source.absolutePath) },
                    compilation.loadFailures.map(\.message), compilation.diagnostics.map(\.message),
                    compilation.files.map { $0.declarations[0].children.map(\.id) })
        }
        let serial = run(workers: 1)
        #expect(serial.files.count == 25, "24 inputs and the repeat of the first; the missing one fails")
        #expect(serial.files.first == "f0/m0.menu" && serial.files.last == "f0/m0.menu")
        #expect(serial.files[5] == "f0/m5.menu" && serial.files[6] == "f1/m0.menu", "the files after a failure keep their order")
        #expect(serial.failures.count == 1 && serial.failures[0].contains("missing.menu"))
        #expect(serial.diagnostics.isEmpty, "\(serial.diagnostics)")
        #expect(serial.children[7] == ["s1", "a1"], "each import group resolves its own shared file")
        let parallel = run(workers: 4)
        #expect(parallel.files == serial.files && parallel.failures == serial.failures && parallel.children == serial.children)
    }
}
