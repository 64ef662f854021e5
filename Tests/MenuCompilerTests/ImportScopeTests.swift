import Foundation
import Testing
@testable import MenuSupport
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
@testable import MenuRules
@testable import MenuBackends
@testable import MenuFormatter
@testable import MenuCompiler
import MenuTestSupport

/// What a file sees through its imports (language §9): its own top-level
/// names first, then what each import resolves, in the order written,
/// with each name declared twice reported where the declarations meet. The resolver keeps only the
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

    /// The plain reading: a file's names are its own, then those each of
    /// its imports resolves, in the order the imports are written. Two
    /// declarations of a name are reported where they first meet: in the
    /// file that declares the name again, or that imports two files
    /// resolving it differently when neither sees two — not again in
    /// every file above.
    static func oracle(_ specs: [FileSpec], path: (Int) -> String) -> Expected {
        var expected = Expected()
        typealias Declaration = (file: Int, position: Int)
        var resolved = [[String: Declaration]](repeating: [:], count: specs.count)
        // Per file: the names it sees two declarations of.
        var clashed = [Set<String>](repeating: [], count: specs.count)
        // Files import later files only: each file's imports are done before it.
        for file in specs.indices.reversed() {
            var names: [String: Declaration] = [:]
            for (position, name) in (specs[file].menus + ["U\(file)"]).enumerated() {
                if names[name] != nil {
                    expected.duplicates.append("\(file): duplicate identifier '\(name)'")
                    continue
                }
                names[name] = (file, position)
            }
            let clashedBelow = specs[file].imports.reduce(into: Set<String>()) { $0.formUnion(clashed[$1]) }
            var reportedAgainst: Set<String> = []
            for imported in specs[file].imports {
                for (name, declaration) in resolved[imported] {
                    guard let existing = names[name] else {
                        names[name] = declaration
                        continue
                    }
                    guard existing != declaration else { continue }
                    clashed[file].insert(name)
                    // An import that sees both reported them already.
                    if existing.file != file, clashedBelow.contains(name) { continue }
                    guard reportedAgainst.insert("\(declaration)").inserted else { continue }
                    if existing.file == file {
                        expected.duplicates.append("\(file): '\(name)' is already declared in the imported file \(path(declaration.file))")
                    } else {
                        expected.duplicates.append("\(file): '\(name)' is declared in both \(path(existing.file)) and \(path(declaration.file)), which this file imports")
                    }
                }
            }
            clashed[file].formUnion(clashedBelow)
            resolved[file] = names
        }
        for file in specs.indices {
            let names = resolved[file]
            expected.resolved.append(names[specs[file].uses].map { "k\($0.file)x\($0.position)" })
            expected.visibleMenus.append(names.keys.sorted())
        }
        return expected
    }

    static func randomProgram(_ generator: inout SeededGenerator) -> [FileSpec] {
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
        var generator = SeededGenerator(state: 20_261_123)
        for round in 0..<150 {
            let specs = Self.randomProgram(&generator)
            let root = try TestSupport.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: root) }
            try TestSupport.write("{}", to: root.appendingPathComponent("menuc.json"))
            for (number, spec) in specs.enumerated() {
                try TestSupport.write(Self.text(spec, number: number), to: root.appendingPathComponent("f\(number).menu"))
            }
            let inputs = specs.indices.map { Compiler.Input.path(root.appendingPathComponent("f\($0).menu").path) }
            let compilation = Compiler.compile(inputs, options: CompileOptions(runRules: false))
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

    /// A clash deep in a chain is reported once, where the two
    /// declarations meet, not in every file that imports it; a chain that
    /// declares one name in every file reports each file once, against
    /// the next (a report per pair made 4.5 million for 3,000 files).
    @Test func aClashIsReportedWhereItsDeclarationsMeet() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try TestSupport.write("{}", to: root.appendingPathComponent("menuc.json"))
        let count = 300
        func write(_ folder: String, declaresDup: (Int) -> Bool) throws {
            for index in 0..<count {
                var text = index + 1 < count ? "import \"f\(index + 1).menu\"\n" : ""
                text += "menu M\(index) \"M\" { item i\(index) \"Open\" }\n"
                if declaresDup(index) { text += "menu Dup \"Dup\" { item d\(index) \"Open\" }\n" }
                try TestSupport.write(text, to: root.appendingPathComponent(folder).appendingPathComponent("f\(index).menu"))
            }
        }
        try write("two", declaresDup: { $0 == 100 || $0 == count - 1 })
        try write("all", declaresDup: { _ in true })
        func clashes(_ folder: String) -> [String] {
            let compilation = Compiler.compile([.path(root.appendingPathComponent(folder).appendingPathComponent("f0.menu").path)],
                                                   options: CompileOptions(runRules: false))
            return compilation.diagnostics.map { diagnostic in
                let file = (compilation.workspace.file(diagnostic.span.file).absolutePath as NSString).lastPathComponent
                return "\(file): \(diagnostic.message.replacingOccurrences(of: root.path + "/\(folder)/", with: ""))"
            }
        }
        #expect(clashes("two") == ["f100.menu: 'Dup' is already declared in the imported file f\(count - 1).menu"])
        let all = clashes("all")
        #expect(all.count == count - 1)
        #expect(Set(all) == Set((0..<(count - 1)).map { "f\($0).menu: 'Dup' is already declared in the imported file f\($0 + 1).menu" }))
    }

    /// Files on an import cycle (an error, still resolved) see one
    /// another's names: an unknown name's help lists them all, and two
    /// declarations of a name on the cycle are reported once.
    @Test func filesOnAnImportCycleSeeEachOther() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try TestSupport.write("{}", to: root.appendingPathComponent("menuc.json"))
        try TestSupport.write("import \"b.menu\"\nmenu A \"A\" { item a \"Open\" }\nmenu Dup \"D\" { item x \"Open\" }\n", to: root.appendingPathComponent("a.menu"))
        try TestSupport.write("import \"c.menu\"\nmenu B \"B\" { use Missing }\n", to: root.appendingPathComponent("b.menu"))
        try TestSupport.write("import \"a.menu\"\nmenu C \"C\" { item c \"Open\" }\nmenu Dup \"D\" { item y \"Open\" }\n", to: root.appendingPathComponent("c.menu"))
        for start in ["a", "b", "c"] {
            let compilation = Compiler.compile([.path(root.appendingPathComponent("\(start).menu").path)], options: CompileOptions(runRules: false))
            let unknown = compilation.diagnostics.first { $0.id == "unknown-reference" }
            #expect(unknown?.help == "declared menus: A, B, C, Dup", "from \(start).menu")
            #expect(compilation.diagnostics.filter { $0.id == "import-failed" }.count == 1, "from \(start).menu")
            // a.menu and c.menu each declare Dup and see the other's; b.menu sees both.
            let clashes = compilation.diagnostics.filter { $0.id == "duplicate-id" }.map {
                "\((compilation.workspace.file($0.span.file).absolutePath as NSString).lastPathComponent): \($0.message.replacingOccurrences(of: root.path + "/", with: ""))"
            }
            #expect(!clashes.isEmpty, "from \(start).menu")
            #expect(Set(clashes).isSubset(of: ["a.menu: 'Dup' is already declared in the imported file c.menu",
                                               "c.menu: 'Dup' is already declared in the imported file a.menu",
                                               "b.menu: 'Dup' is declared in both c.menu and a.menu, which this file imports"]),
                    "from \(start).menu: \(clashes)")
            let again = Compiler.compile([.path(root.appendingPathComponent("\(start).menu").path)], options: CompileOptions(runRules: false))
            #expect(again.diagnostics == compilation.diagnostics, "the same input reports the same, from \(start).menu")
        }
    }

    /// The group keeps an index of only the names its references give;
    /// "did you mean" asks about every name, found in another file when
    /// the file sees it and not suggested when it doesn't.
    @Test func aReportSuggestsAnotherFilesNameThatNoReferenceGivesOnlyWhereItIsSeen() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try TestSupport.write("{}", to: root.appendingPathComponent("menuc.json"))
        try TestSupport.write("import \"shared.menu\"\nmenu Preferences \"Preferences\" { item p \"Open\" }\nmenu U \"U\" { use Shared }\n",
                              to: root.appendingPathComponent("declares.menu"))
        try TestSupport.write("import \"declares.menu\"\nmenu Seeing \"S\" { use Preferencs }\n", to: root.appendingPathComponent("sees.menu"))
        try TestSupport.write("import \"shared.menu\"\nmenu Blind \"B\" { use Preferencs }\n", to: root.appendingPathComponent("blind.menu"))
        try TestSupport.write("menu Shared \"Shared\" { item s \"Open\" }\n", to: root.appendingPathComponent("shared.menu"))
        let inputs = ["sees", "blind"].map { Compiler.Input.path(root.appendingPathComponent("\($0).menu").path) }
        let compilation = Compiler.compile(inputs, options: CompileOptions(runRules: false))
        func unknown(in name: String) -> Diagnostic? {
            compilation.diagnostics.first { $0.id == "unknown-reference" && compilation.workspace.file($0.span.file).absolutePath.hasSuffix("/\(name).menu") }
        }
        #expect(unknown(in: "sees")?.message == "'use' names 'Preferencs', but no menu of that name is declared; did you mean 'Preferences'?")
        #expect(unknown(in: "sees")?.help == "declared menus: Preferences, Seeing, Shared, U")
        #expect(unknown(in: "blind")?.message == "'use' names 'Preferencs', but no menu of that name is declared")
        #expect(unknown(in: "blind")?.help == "declared menus: Blind, Shared")
        #expect(compilation.diagnostics.count == 2, "\(compilation.diagnostics.map(\.message))")
    }

    /// The index of every name that a "did you mean" reads is let go after
    /// the first file that asked for it (for the memory of a large import
    /// being resolved after it); a later file that asks has it made again.
    @Test func everyFileAskingForANameNoReferenceGivesFindsIt() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try TestSupport.write("{}", to: root.appendingPathComponent("menuc.json"))
        try TestSupport.write("menu Preferences \"Preferences\" { item p \"Open\" }\nmenu Other \"Other\" { item o \"Open\" }\n",
                              to: root.appendingPathComponent("declares.menu"))
        let askers = ["first", "second", "third"]
        for (number, name) in askers.enumerated() {
            try TestSupport.write("import \"declares.menu\"\nmenu Asks\(number) \"A\" { use Preferencs }\n", to: root.appendingPathComponent("\(name).menu"))
        }
        let inputs = askers.map { Compiler.Input.path(root.appendingPathComponent("\($0).menu").path) }
        let compilation = Compiler.compile(inputs, options: CompileOptions(runRules: false))
        let messages = compilation.diagnostics.filter { $0.id == "unknown-reference" }.map(\.message)
        #expect(messages == Array(repeating: "'use' names 'Preferencs', but no menu of that name is declared; did you mean 'Preferences'?", count: 3))
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
        let inputs = ((0..<count).map { "f\($0).menu" } + ["loose.menu", "tail.menu"]).map { Compiler.Input.path(root.appendingPathComponent($0).path) }
        let compilation = Compiler.compile(inputs, options: CompileOptions(runRules: false))
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
