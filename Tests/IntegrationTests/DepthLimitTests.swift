import Foundation
import Testing
@testable import MenuSupport
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
@testable import MenuRules
@testable import MenuBackends
@testable import MenuFormatter
@testable import MenuCompiler
@testable import MenuLanguageServer
import MenuModel
import MenuTestSupport
import CompilerTestSupport
@testable import LanguageServerTestSupport

/// Every recursion over input is bounded, and what a file expands to is
/// bounded too (docs/security.md, "Limits"): values nest at most 64 lists
/// deep, splices can't take elements deeper than written ones may go, and
/// the copies splices make are limited in elements and in bytes. Each
/// attack runs through the real `menuc` where a crash or a flood of
/// output would show (a child process, under a memory cap and a time
/// limit), and in-process through what the language server does with it.
struct DepthLimitTests {
    // MARK: - Attack texts

    /// An item whose shortcut is `levels` lists deep, closed or not, then another item.
    static func deepList(_ levels: Int, closed: Bool = true) -> String {
        "menu M \"M\" {\n  item a \"A\" { shortcut: " + String(repeating: "[", count: levels) + "\"x\""
            + (closed ? String(repeating: "]", count: levels) : "") + " }\n  item b \"B\"\n}\n"
    }

    /// `levels` elements, each inside the one before, closed or not.
    static func deepElements(_ levels: Int, closed: Bool = true) -> String {
        "menu M \"M\" {\n" + String(repeating: "submenu s \"S\" {\n", count: levels) + "item a \"A\"\n"
            + (closed ? String(repeating: "}\n", count: levels) : "") + "}\n"
    }

    /// Menus M1…M`length`, each showing the one before through `menu:` in
    /// each of `width` submenus (one: a chain; two: each twice the size of
    /// the one before). `idLength` letters name each submenu. Written
    /// first menu first, or last menu first.
    static func menuChain(_ length: Int, width: Int = 1, idLength: Int = 1, reversed: Bool = false) -> String {
        var menus = ["menu M1 \"M1\" {\n  item a \"A\"\n}\n"]
        for level in 2...length {
            let submenus = (0..<width).map { "  submenu \(String(repeating: "b", count: idLength))\($0) \"B\($0)\" { menu: M\(level - 1) }\n" }
            menus.append("menu M\(level) \"M\(level)\" {\n" + submenus.joined() + "}\n")
        }
        return (reversed ? menus.reversed() : menus).joined()
    }

    /// A menu with one item under a doc comment of `docBytes` bytes, used
    /// in `sections` sections of another menu.
    static func docSplices(sections: Int, docBytes: Int, reversed: Bool = false) -> String {
        let shared = "menu M1 \"M1\" {\n  /// " + String(repeating: "x", count: docBytes) + "\n  item a \"A\"\n}\n"
        let user = "menu M2 \"M2\" {\n" + (0..<sections).map { "  section s\($0) { use M1 }\n" }.joined() + "}\n"
        return reversed ? user + shared : shared + user
    }

    static func errors(_ compilation: Compilation) -> [Diagnostic] { compilation.diagnostics.filter { $0.severity == .error } }

    /// The line a span starts on.
    static func lineText(at span: Span, in compilation: Compilation) -> String {
        let file = compilation.workspace.file(span.file)
        let line = file.position(of: span.start).line
        return String(decoding: file.bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)[line - 1].description
    }

    /// The deepest element of every file's model.
    static func deepest(_ compilation: Compilation) -> Int {
        compilation.files.map { file in file.store.records.map { Int($0.depth) }.max() ?? 0 }.max() ?? 0
    }

    // MARK: - The real menuc, under limits

    /// Runs `menuc` under a 2 GiB address-space cap and a generous time
    /// limit: an attack that crashes, hangs or balloons shows as a status
    /// other than menuc's own 0, 1 or 2.
    static func menuc(_ arguments: [String], input: String? = nil, in directory: URL) throws -> Subprocess.Result {
        let command = "ulimit -v 2097152; exec timeout 120 \"$0\" \"$@\""
        return try Subprocess.run("/bin/bash", ["-c", command, CLITests.binary] + arguments, input: input.map { Data($0.utf8) },
                                  directory: directory, environment: ["NO_COLOR": "1"])
    }

    /// Checks, builds and formats `text` as a file: each must end with
    /// status 1 and the `id` error, and the build must write nothing.
    static func expectRefused(_ text: String, id: String, _ comment: Comment) throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try TestSupport.write(text, to: directory.appendingPathComponent("attack.menu"))
        let check = try menuc(["check", "attack.menu", "--format", "short"], in: directory)
        #expect(check.status == 1, "check: \(comment)")
        #expect(check.output.contains("[\(id)]"), "check: \(comment)")
        let build = try menuc(["build", "attack.menu", "--emit", "json,swift,markdown", "--out", "out"], in: directory)
        #expect(build.status == 1, "build: \(comment)")
        let written = (try? FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("out").path)) ?? []
        #expect(written.isEmpty, "build wrote output: \(comment)")
        let format = try menuc(["fmt", "--check", "attack.menu"], in: directory)
        #expect(format.status == 1, "fmt: \(comment)")
    }

    // MARK: - Lists

    @Test(arguments: [65, 8_000, 100_000])
    func listsNestedPastTheLimitAreOneSyntaxError(levels: Int) throws {
        for closed in [true, false] {
            let text = Self.deepList(levels, closed: closed)
            let result = Parser.parse(SourceFile(id: FileID(0), displayPath: "deep.menu", text: text))
            let syntax = result.diagnostics.filter { $0.id == "syntax" }
            #expect(syntax.map(\.message) == ["lists nest more than \(Parser.maximumListDepth) levels deep"], "closed: \(closed)")
            // At the list past the limit; the item after the value is still read.
            let firstBracket = try #require(text.utf8.firstIndex(of: UInt8(ascii: "[")))
            let offset = text.utf8.distance(from: text.utf8.startIndex, to: firstBracket) + Parser.maximumListDepth
            #expect(syntax.first?.span.start == offset)
            #expect(result.syntax.tree.elementCount == 3, "closed: \(closed)")
        }
    }

    @Test func listsUpToTheLimitParse() {
        let compilation = TestSupport.compile(Self.deepList(Parser.maximumListDepth))
        // No property takes a list: the value is invalid, but it parses.
        #expect(TestSupport.ids(compilation) == ["invalid-value"])
    }

    @Test func aDeepListInEveryPropertyIsReportedOnce() {
        let list = String(repeating: "[", count: 1_000) + String(repeating: "]", count: 1_000)
        let text = "menu M \"M\" {\n" + (0..<50).map { "  item i\($0) \"I\" { shortcut: \(list); symbol: \(list) }\n" }.joined() + "}\n"
        let compilation = TestSupport.compile(text, rules: true)
        #expect(TestSupport.ids(compilation) == ["syntax"])
    }

    // MARK: - The whole pipeline on deep input

    static let deepInputs: [(String, String)] = [
        ("8,000 nested lists", deepList(8_000)),
        ("8,000 unclosed lists", deepList(8_000, closed: false)),
        ("8,000 nested elements", deepElements(8_000)),
        ("8,000 unclosed elements", deepElements(8_000, closed: false)),
    ]

    @Test(arguments: deepInputs.map(\.0))
    func deepInputIsRefusedByEveryCommand(_ name: String) throws {
        let text = try #require(Self.deepInputs.first { $0.0 == name }?.1)
        try Self.expectRefused(text, id: "syntax", "\(name)")
    }

    /// Hover, completion, definition and references at many places, and
    /// every whole-document feature, on each deep input.
    @Test(arguments: deepInputs.map(\.0))
    func languageServerFeaturesWalkDeepInput(_ name: String) throws {
        let text = try #require(Self.deepInputs.first { $0.0 == name }?.1)
        let document = LanguageServerProbe.document(text)
        _ = SemanticTokensFeature.classify(document.syntax)
        _ = FoldingFeature.folds(document.syntax)
        _ = SymbolsFeature.symbols(document, hierarchical: true)
        _ = SymbolsFeature.symbols(document, hierarchical: false)
        for offset in stride(from: 0, to: text.utf8.count, by: max(1, text.utf8.count / 200)) {
            _ = HoverFeature.hover(document, at: offset)
            _ = CompletionFeature.items(for: CompletionContext.at(offset, in: document.syntax), in: document)
        }
        if case .success = MenuFormatter.format(text) { Issue.record("formatted a file with syntax errors: \(name)") }
    }

    // MARK: - Resolved depth

    /// A chain of 300 menus, each showing the one before in a submenu,
    /// nests 300 levels deep once spliced (and wrote 1.2 GB of JSON): the
    /// splice that takes it past 64 levels is refused, naming the chain,
    /// the same way in either order, and again every 64 menus.
    @Test func menuChainsNestNoDeeperThanWrittenElementsMay() throws {
        let forward = TestSupport.compile(Self.menuChain(300))
        let reversed = TestSupport.compile(Self.menuChain(300, reversed: true))
        for compilation in [forward, reversed] {
            let errors = Self.errors(compilation)
            #expect(errors.count == 4)
            #expect(errors.allSatisfy { $0.id == "splice-too-large" })
            #expect(Self.deepest(compilation) == Parser.maximumDepth)
        }
        let first = try #require(Self.errors(forward).first)
        #expect(first.message == "splicing 'M64' here nests elements 65 levels deep (M65 → M64 → M63 → M62 → … 57 more … → M4 → M3 → M2 → M1); they may nest 64")
        // At `menu: M64`, in M65.
        let text = Self.menuChain(300)
        let site = try #require(text.range(of: "menu: M64 }"))
        #expect(first.span.start == text.utf8.distance(from: text.startIndex, to: site.lowerBound) + "menu: ".utf8.count)
        #expect(Set(Self.errors(forward).map(\.message)) == Set(Self.errors(reversed).map(\.message)))
    }

    @Test func aChainAsDeepAsTheLimitIsFine() {
        for reversed in [false, true] {
            let compilation = TestSupport.compile(Self.menuChain(Parser.maximumDepth, reversed: reversed))
            #expect(Self.errors(compilation).isEmpty)
            #expect(Self.deepest(compilation) == Parser.maximumDepth)
        }
    }

    /// `use` in a menubar adds the menu itself, one level deeper.
    @Test func aMenubarCannotTakeAMenuPastTheLimit() {
        let deepest = Self.deepElements(Parser.maximumDepth - 1)
        #expect(Self.errors(TestSupport.compile(deepest)).isEmpty)
        let compilation = TestSupport.compile(deepest + "menubar {\n  use M\n}\n")
        #expect(Self.errors(compilation).map(\.message) == ["splicing 'M' here nests elements 65 levels deep (menubar → M); they may nest 64"])
    }

    @Test(arguments: [false, true])
    func deepChainsAreRefusedByTheCommands(reversed: Bool) throws {
        try Self.expectRefused(Self.menuChain(300, reversed: reversed), id: "splice-too-large", "reversed: \(reversed)")
    }

    // MARK: - Resolved size

    /// One small file, a 400 KB doc comment on an item spliced into 200
    /// sections: 80 MB of repeated text. Refused past the byte budget (64
    /// MiB for a file this size), naming the menus, at the same `use` in
    /// either order.
    @Test func repeatedTextIsBoundedInBytes() throws {
        let forward = TestSupport.compile(Self.docSplices(sections: 200, docBytes: 400_000))
        let reversed = TestSupport.compile(Self.docSplices(sections: 200, docBytes: 400_000, reversed: true))
        for compilation in [forward, reversed] {
            let errors = Self.errors(compilation)
            #expect(!errors.isEmpty)
            #expect(errors.allSatisfy { $0.id == "splice-too-large" && $0.message.contains("more than 64 MiB of output (M2 → M1)") })
        }
        // The same sections are refused in either order: from the one
        // whose copy (some 400 KB) no longer fits in 64 MiB.
        let refused = [forward, reversed].map { compilation in
            Self.errors(compilation).map { Self.lineText(at: $0.span, in: compilation) }
        }
        #expect(refused[0] == refused[1])
        #expect(refused[0].first == "  section s167 { use M1 }")
        #expect(refused[0].count == 200 - 167)
        // Up to the budget, it's fine.
        #expect(Self.errors(TestSupport.compile(Self.docSplices(sections: 160, docBytes: 400_000))).isEmpty)
    }

    /// Long identifiers repeat in the path of everything below them.
    @Test(arguments: [false, true])
    func longIdentifiersAreBoundedInBytes(reversed: Bool) throws {
        let text = Self.menuChain(50, idLength: 5_000, reversed: reversed)
        let compilation = TestSupport.compile(text)
        let errors = Self.errors(compilation)
        #expect(!errors.isEmpty)
        #expect(errors.allSatisfy { $0.id == "splice-too-large" && $0.message.contains("MiB of output") })
    }

    /// Each menu twice the size of the one before: the element budget or
    /// the byte budget stops it long before the output grows large.
    @Test(arguments: [false, true])
    func doublingChainsAreRefusedByTheCommands(reversed: Bool) throws {
        try Self.expectRefused(Self.menuChain(300, width: 2, idLength: 40, reversed: reversed), id: "splice-too-large", "reversed: \(reversed)")
    }

    /// A chain of menus that ends in a reference cycle is still built
    /// inside the menus that splice it (to find the cycle): the cycle is
    /// reported, and a long chain is cut, never followed off the stack.
    @Test(arguments: [10, 2_000])
    func chainsIntoACycleReportTheCycle(length: Int) {
        let menus = (1..<length).map { "menu L\($0) \"L\($0)\" {\n  use L\($0 - 1)\n}\n" }
        let cycle = "menu L0 \"L0\" {\n  use C1\n}\nmenu C1 \"C1\" {\n  use C2\n}\nmenu C2 \"C2\" {\n  use C1\n}\n"
        for text in [cycle + menus.joined(), menus.reversed().joined() + cycle] {
            let ids = Set(TestSupport.ids(TestSupport.compile(text)))
            #expect(ids.contains("reference-cycle"))
            #expect(ids.isSubset(of: ["reference-cycle", "splice-too-large"]))
        }
    }

    /// Compiles files held in memory, `f0.menu` first; each file's text is `text(number)`.
    static func compileChain(files count: Int, _ text: (Int) -> String) -> Compilation {
        let folder = "/menuc-depth-files"
        var overlays: [String: [UInt8]] = [:]
        for number in 0..<count { overlays["\(folder)/f\(number).menu"] = Array(text(number).utf8) }
        return Compiler.compile([.path("\(folder)/f0.menu")], options: CompileOptions(runRules: false, configuration: RuleConfiguration()),
                                    workspace: Workspace(root: folder, overlays: overlays, currentDirectory: folder))
    }

    /// Imports are followed without recursion, and splices across files
    /// are measured as within one: 3,000 files, each importing the next and
    /// splicing its menu, resolve; 100 files, each showing the next one's
    /// menu in a submenu, stop at 64 levels, at the file where the chain
    /// gets too deep.
    @Test func importChainsSpliceAcrossFilesWithinTheLimits() throws {
        let uses = Self.compileChain(files: 3_000) { number in
            number + 1 < 3_000 ? "import \"f\(number + 1).menu\"\nmenu U\(number) \"U\" { use U\(number + 1) }\n" : "menu U\(number) \"U\" { item a \"A\" }\n"
        }
        #expect(Self.errors(uses).isEmpty)
        let menus = Self.compileChain(files: 100) { number in
            number + 1 < 100 ? "import \"f\(number + 1).menu\"\nmenu M\(number) \"M\" { submenu s \"S\" { menu: M\(number + 1) } }\n" : "menu M\(number) \"M\" { item a \"A\" }\n"
        }
        let errors = Self.errors(menus)
        #expect(errors.map(\.id) == ["splice-too-large"])
        let first = try #require(errors.first)
        #expect(menus.workspace.file(first.span.file).displayPath.hasSuffix("f35.menu"))
        #expect(first.message.hasPrefix("splicing 'M36' here nests elements 65 levels deep (M35 → M36 → M37 → M38 → … 57 more … → M96 → M97 → M98 → M99)"))
    }

    // MARK: - Patterns and JSON from elsewhere

    /// The recursive matcher the iterative one replaced, as an oracle.
    static func referenceGlob(_ pattern: String, _ path: String) -> Bool {
        let p = Array(pattern.unicodeScalars)
        let s = Array(path.unicodeScalars)
        func match(_ i: Int, _ j: Int) -> Bool {
            if i == p.count { return j == s.count }
            if p[i] == "*" {
                let doubleStar = i + 1 < p.count && p[i + 1] == "*"
                let next = doubleStar ? i + 2 : i + 1
                var result = match(next, j) || (j < s.count && (doubleStar || s[j] != "/") && match(i, j + 1))
                if doubleStar, !result, next < p.count, p[next] == "/" { result = match(next + 1, j) }
                return result
            }
            if p[i] == "?" { return j < s.count && s[j] != "/" && match(i + 1, j + 1) }
            return j < s.count && p[i] == s[j] && match(i + 1, j + 1)
        }
        return match(0, 0)
    }

    @Test func globMatchesAsTheRecursiveMatcherDid() {
        var random = SeededGenerator(state: 29)
        let pieces = ["*", "**", "?", "/", "a", "b", "**/", ".menu"]
        let paths = ["", "a", "b", "a/b", "a/b/a.menu", "ab/ba", "a.menu", "b/a/b/b", "/a", "a/"]
        for _ in 0..<3_000 {
            let pattern = (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            for path in paths {
                #expect(InputCollector.glob(pattern, matches: path) == Self.referenceGlob(pattern, path), "\(pattern) on \(path)")
            }
        }
    }

    @Test func hostilePatternsNeitherRecurseNorBalloon() {
        let path = String(repeating: "a/", count: 2_000) + "x.menu"
        #expect(InputCollector.glob(String(repeating: "*", count: 20_000) + "x.menu", matches: path))
        #expect(!InputCollector.glob(String(repeating: "**/", count: 5_000) + "y.menu", matches: path))
    }

    /// `MenuDocument(jsonData:)` reads what menuc writes, 64 levels deep,
    /// and refuses deeper JSON before its recursion (and the model's) can
    /// exhaust a thread's stack.
    @Test func menuDocumentsDecodeNoDeeperThanMenucWrites() throws {
        let written = TestSupport.compile(Self.deepElements(Parser.maximumDepth - 1))
        let file = try #require(written.files.first)
        let json = JSONBackend.render(file, files: { written.workspace.file($0) })
        let decoded = try MenuDocument(jsonData: Data(json.utf8))
        #expect(decoded.allElements.count == Parser.maximumDepth + 1)

        func element(_ depth: Int) -> String {
            let children = depth == 0 ? "" : element(depth - 1)
            return #"{"kind":"submenu","context":"menu","id":"s","idSource":"explicit","path":"p","label":null,"doc":null,"properties":{},"allow":[],"location":null,"origin":null,"children":[\#(children)]}"#
        }
        func wrapped(_ root: String) -> Data {
            Data(#"{"schemaVersion":1,"file":"f","doc":null,"platforms":[],"imports":[],"declarations":[\#(root)]}"#.utf8)
        }
        #expect(throws: DecodingError.self) { try MenuDocument(jsonData: wrapped(element(200))) }
        _ = try MenuDocument(jsonData: wrapped(element(MenuDocument.maximumElementDepth)))
        let deepValue = String(repeating: "[", count: 400) + String(repeating: "]", count: 400)
        let listed = element(0).replacingOccurrences(of: #""properties":{}"#, with: #""properties":{"x":\#(deepValue)}"#)
        #expect(throws: DecodingError.self) { try MenuDocument(jsonData: wrapped(listed)) }
    }
}
