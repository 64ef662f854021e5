import Foundation
import Testing
@testable import MenuCompiler

/// What a file sees through its imports (language §9): its own top-level
/// names first, then the imported files' in breadth-first import order,
/// with each name declared twice reported. The resolver keeps only the
/// names that need it and asks the import graph for the rest; these tests
/// hold it to the plain reading, written out here as an oracle.
struct ImportScopeTests {
    /// One generated file: the names of the menus it declares (in order,
    /// repeats allowed), the files it imports (in order), and the name its
    /// menu `U<n>` splices.
    struct FileSpec {
        var menus: [String]
        var imports: [Int]
        var uses: String
    }

    /// The file's text: each menu holds one item whose id says where it was declared.
    static func text(_ spec: FileSpec, number: Int) -> String {
        var lines = spec.imports.map { "import \"f\($0).menu\"" }
        for (position, name) in spec.menus.enumerated() {
            lines.append("menu \(name) \"\(name)\" { item k\(number)x\(position) \"Open\" }")
        }
        lines.append("menu U\(number) \"U\" { use \(spec.uses) }")
        return lines.joined(separator: "\n") + "\n"
    }

    struct Expected {
        /// (file number, message) of each duplicate-id error.
        var duplicates: [String] = []
        /// Per file: the item id its `use` brings in, or nil (an unknown reference).
        var resolved: [String?] = []
        /// Per file: the menus it sees, sorted (listed when its `use` names none of them).
        var visibleMenus: [[String]] = []
    }

    /// The plain reading: every file gathers the names it sees, in order.
    static func oracle(_ specs: [FileSpec], path: (Int) -> String) -> Expected {
        var expected = Expected()
        for file in specs.indices {
            var order = [file]
            var index = 0
            while index < order.count {
                for imported in specs[order[index]].imports where !order.contains(imported) { order.append(imported) }
                index += 1
            }
            var names: [String: (file: Int, position: Int)] = [:]
            var origins: [String: Int] = [:]
            for (position, name) in specs[file].menus.enumerated() {
                if names[name] != nil {
                    expected.duplicates.append("\(file): duplicate identifier '\(name)'")
                    continue
                }
                names[name] = (file, position)
                origins[name] = file
            }
            for imported in order.dropFirst() {
                for (position, name) in specs[imported].menus.enumerated() {
                    guard let existing = names[name] else {
                        names[name] = (imported, position)
                        origins[name] = imported
                        continue
                    }
                    guard origins[name] != imported else { continue }
                    if existing.file == file {
                        expected.duplicates.append("\(file): '\(name)' is already declared in the imported file \(path(imported))")
                    } else {
                        expected.duplicates.append("\(file): '\(name)' is declared in both \(path(existing.file)) and \(path(imported)), which this file imports")
                    }
                }
            }
            expected.resolved.append(names[specs[file].uses].map { "k\($0.file)x\($0.position)" })
            expected.visibleMenus.append((Array(names.keys) + order.map { "U\($0)" }).sorted())
        }
        return expected
    }

    static func randomProgram(_ generator: inout RobustnessTests.SeededGenerator) -> [FileSpec] {
        let pool = ["A", "B", "C", "D"]
        let count = Int.random(in: 2...7, using: &generator)
        return (0..<count).map { file in
            // Imports go to later files only: cycles are `import-failed` errors, tested elsewhere.
            let later = Array((file + 1)..<count).shuffled(using: &generator)
            let imports = Array(later.prefix(Int.random(in: 0...min(3, later.count), using: &generator)))
            let menus = (0..<Int.random(in: 0...3, using: &generator)).map { _ in pool.randomElement(using: &generator) ?? "A" }
            return FileSpec(menus: menus, imports: imports, uses: pool.randomElement(using: &generator) ?? "A")
        }
    }

    @Test func namesResolveAndCollideAsThePlainReadingSays() throws {
        var generator = RobustnessTests.SeededGenerator(state: 20_261_123)
        for round in 0..<150 {
            let specs = Self.randomProgram(&generator)
            let root = try TestSupport.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: root) }
            try TestSupport.write("{}", to: root.appendingPathComponent("menuc.json"))
            for (number, spec) in specs.enumerated() {
                try TestSupport.write(Self.text(spec, number: number), to: root.appendingPathComponent("f\(number).menu"))
            }
            let inputs = specs.indices.map { MenuCompiler.Input.path(root.appendingPathComponent("f\($0).menu").path) }
            let compilation = MenuCompiler.compile(inputs, options: CompileOptions(runRules: false))
            func number(of file: FileID) -> Int? {
                let name = (compilation.workspace.file(file).absolutePath as NSString).lastPathComponent
                return Int(name.dropFirst().dropLast(5))
            }
            var paths: [Int: String] = [:]
            for file in compilation.workspace.files { if let number = number(of: file.id) { paths[number] = file.displayPath } }
            let expected = Self.oracle(specs) { paths[$0] ?? "?" }

            let duplicates = compilation.diagnostics.filter { $0.id == "duplicate-id" }.map { "\(number(of: $0.span.file) ?? -1): \($0.message)" }
            #expect(duplicates.sorted() == expected.duplicates.sorted(), "round \(round): \(specs)")
            for checked in compilation.files {
                guard let file = number(of: checked.source.id) else { continue }
                let user = checked.declarations.first { $0.id == "U\(file)" }
                let unknown = compilation.diagnostics.contains { $0.id == "unknown-reference" && number(of: $0.span.file) == file }
                if let item = expected.resolved[file] {
                    #expect(user?.children.map(\.id) == [item], "round \(round), file \(file): \(specs)")
                    #expect(!unknown, "round \(round), file \(file): \(specs)")
                } else {
                    #expect(unknown, "round \(round), file \(file) should not see \(specs[file].uses): \(specs)")
                    // The help lists the menus the file sees, as a walk of its imports finds them.
                    let help = compilation.diagnostics.first { $0.id == "unknown-reference" && number(of: $0.span.file) == file }?.help
                    let menus = expected.visibleMenus[file]
                    #expect(help == "declared menus: " + menus.prefix(8).joined(separator: ", ") + (menus.count > 8 ? ", …" : ""),
                            "round \(round), file \(file): \(specs)")
                }
            }
        }
    }

    /// Each file of a long chain sees every file after it, however far:
    /// the resolver follows the imports instead of copying their names
    /// into every file (which was quadratic in the chain's length).
    @Test func aLongChainSeesToItsEnd() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try TestSupport.write("{}", to: root.appendingPathComponent("menuc.json"))
        let count = 400
        let last = count - 1
        for index in 0..<count {
            var text = index < last ? "import \"f\(index + 1).menu\"\n" : ""
            text += "menu M\(index) \"M\" { item i\(index) \"Open\" }\n"
            // Every file splices the next file's menu, and the last file's from afar.
            if index < last - 1 {
                text += "menu U\(index) \"U\" { use M\(index + 1); use M\(last) }\n"
            }
            try TestSupport.write(text, to: root.appendingPathComponent("f\(index).menu"))
        }
        // loose.menu imports the chain, but nothing imports it: its menu is
        // in the same import group, and not visible from the chain's end.
        try TestSupport.write("import \"f0.menu\"\nmenu Loose \"L\" { item l \"L\" }\n", to: root.appendingPathComponent("loose.menu"))
        try TestSupport.write("import \"f\(last).menu\"\nmenu Tail \"T\" { use Loose }\n", to: root.appendingPathComponent("tail.menu"))
        let inputs = ((0..<count).map { "f\($0).menu" } + ["loose.menu", "tail.menu"]).map { MenuCompiler.Input.path(root.appendingPathComponent($0).path) }
        let compilation = MenuCompiler.compile(inputs, options: CompileOptions(runRules: false))
        #expect(compilation.diagnostics.count == 1, "\(compilation.diagnostics.map(\.message))")
        let unknown = compilation.diagnostics.first
        #expect(unknown?.id == "unknown-reference")
        #expect(unknown?.message.hasPrefix("'use' names 'Loose', but no menu of that name is declared") == true)
        #expect(unknown.map { compilation.workspace.file($0.span.file).absolutePath.hasSuffix("/tail.menu") } == true)
        #expect(compilation.files.count == count + 2)
        for index in 0..<(last - 1) {
            let file = compilation.files.first { $0.source.absolutePath.hasSuffix("/f\(index).menu") }
            let user = file?.declarations.first { $0.id == "U\(index)" }
            #expect(user?.children.map(\.id) == ["i\(index + 1)", "i\(last)"], "f\(index).menu")
        }
    }

    @Test func theWalkerGoesBreadthFirstInImportOrderAndStopsWhenAsked() {
        // 0 imports 2 then 1; 1 imports 3; 2 imports 3 and 0 (a cycle back).
        func resolved(_ targets: [Int]) -> [ResolvedImport] {
            targets.map { ResolvedImport(path: "f\($0).menu", span: Span(file: FileID(0), start: 0, end: 0), file: FileID($0)) }
        }
        var walker = ImportWalker(imports: [resolved([2, 1]), resolved([3]), resolved([3, 0]), []])
        let fromZero = walker.files(seenFrom: FileID(0)).map(\.rawValue)
        let fromOne = walker.files(seenFrom: FileID(1)).map(\.rawValue)
        let fromTwo = walker.files(seenFrom: FileID(2)).map(\.rawValue)
        #expect(fromZero == [0, 2, 1, 3])
        #expect(fromOne == [1, 3])
        #expect(fromTwo == [2, 3, 0, 1])
        let zeroSeesThree = walker.sees(FileID(3), from: FileID(0))
        let oneSeesZero = walker.sees(FileID(0), from: FileID(1))
        #expect(zeroSeesThree)
        #expect(!oneSeesZero)
        var visited: [Int] = []
        let finished = walker.walk(from: FileID(0)) { visited.append($0.rawValue); return $0.rawValue != 2 }
        #expect(!finished)
        #expect(visited == [0, 2])
        // A file past the end of the table imports nothing.
        let pastTheEnd = walker.files(seenFrom: FileID(9)).map(\.rawValue)
        #expect(pastTheEnd == [9])
    }
}
