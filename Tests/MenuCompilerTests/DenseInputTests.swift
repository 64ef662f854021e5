import Foundation
import Testing
@testable import MenuSupport
@_spi(MenuPipeline) @testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
@testable import MenuRules
@testable import MenuCompiler
import MenuTestSupport

/// Files of millions of small things — top-level elements, declarations,
/// imports, properties — are checked in memory proportional to their size
/// (`menuc-bench --shapes` measures 50 MB of each): what is past a file's
/// listed errors is counted, not built, and what is built is kept compact.
/// These tests hold the counting on inputs of a few thousand lines.
struct DenseInputTests {
    static let errorLimit = DiagnosticLimits.errorsPerFile

    static func compile(_ text: String) -> Compilation {
        Compiler.compile([.text(text, displayPath: "dense.menu")])
    }

    static func summary(of diagnostics: [Diagnostic]) -> Diagnostic? {
        diagnostics.first { $0.id == LanguageErrorID.tooManyErrors.rawValue }
    }

    /// A file can be nothing but elements, or nothing but properties: their
    /// nodes stay this small (a body, which one-line elements lack, is kept
    /// aside).
    @Test func nodesStayCompact() {
        #expect(MemoryLayout<ElementNode>.stride == 32)
        #expect(MemoryLayout<BodyNode>.stride == 16)
        #expect(MemoryLayout<PropertyNode>.stride == 16)
        #expect(MemoryLayout<ValueNode>.stride == 16)
        #expect(MemoryLayout<MemberRef>.stride == 4)
    }

    /// A file of `item` lines is thousands of misplaced elements: past the
    /// listed errors the parser steps over each, counting its error.
    @Test func misplacedTopLevelElementsPastTheListedErrorsAreNotBuilt() throws {
        let text = String(repeating: "item\n", count: 5_000)
        let file = SourceFile(id: FileID(0), displayPath: "items.menu", absolutePath: "", bytes: Array(text.utf8))
        let parse = Parser.parse(file, skipsUnlistedMisplaced: true)
        #expect(parse.syntax.tree.elements.count <= 2 * Self.errorLimit)
        // The same errors as building them all.
        let diagnostics = Self.compile(text).diagnostics
        #expect(diagnostics.filter { $0.id == LanguageErrorID.misplacedElement.rawValue }.count == Self.errorLimit)
        #expect(Self.summary(of: diagnostics)?.standsFor?.errors == 5_000 - Self.errorLimit)
        #expect(Parser.parse(file).syntax.tree.elements.count == 5_000)
    }

    /// A file of one declaration repeated: past the listed errors a repeat
    /// is counted, and neither it nor what it holds is built.
    @Test func repeatedDeclarationsPastTheListedErrorsAreNotBuilt() throws {
        let text = String(repeating: "menu a \"A\" { item x \"Open\" }\n", count: 3_000)
        let compilation = Self.compile(text)
        let file = try #require(compilation.files.first)
        #expect(file.elementCount <= 4 * Self.errorLimit)
        #expect(file.declarations.count <= 2 * Self.errorLimit)
        let duplicates = compilation.diagnostics.filter { $0.id == LanguageErrorID.duplicateID.rawValue }
        #expect(duplicates.count == Self.errorLimit)
        #expect(Self.summary(of: compilation.diagnostics)?.standsFor?.errors == 2_999 - Self.errorLimit)
    }

    /// Import failures are language errors like the others: a file's first
    /// hundred are kept, the rest counted.
    @Test func importFailuresPastTheListedErrorsAreCountedNotKept() throws {
        let text = (0..<1_000).map { "import \"missing\($0).menu\"\n" }.joined() + "menu M \"M\" { item a \"Open\" }\n"
        let compilation = Self.compile(text)
        #expect(compilation.workspace.loadDiagnostics.count == Self.errorLimit)
        #expect(compilation.workspace.unlistedLoadErrors.values.map(\.count) == [1_000 - Self.errorLimit])
        let failures = compilation.diagnostics.filter { $0.id == LanguageErrorID.importFailed.rawValue }
        #expect(failures.count == Self.errorLimit)
        #expect(failures.map(\.span.start) == failures.map(\.span.start).sorted())
        #expect(failures.first?.message.contains("missing0.menu") == true)
        let summary = try #require(Self.summary(of: compilation.diagnostics))
        #expect(summary.standsFor?.errors == 1_000 - Self.errorLimit)
        // At the path of the first import not listed.
        let firstUnlisted = (0..<Self.errorLimit).reduce(0) { $0 + "import \"missing\($1).menu\"\n".utf8.count }
        #expect(summary.span.start == firstUnlisted + "import ".utf8.count)
    }

    /// A file of thousands of declarations finds its own names in an array
    /// by text (`OwnNames`), with the same answers as a dictionary.
    @Test func aFileOfThousandsOfDeclarationsResolvesItsNames() throws {
        let count = 2 * OwnNames.arrayMinimumDeclarations
        var text = (0..<count).map { "menu M\($0) \"M \($0)\" { item a\($0) \"Open \($0)\" }\n" }.joined()
        text += "menu All \"All\" {\n  use M0\n  use M\(count - 1)\n  use Missing\n}\nmenu M7 \"Again\" { item b \"Open\" }\n"
        let compilation = Self.compile(text)
        let errors = compilation.diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.id).sorted() == [LanguageErrorID.duplicateID.rawValue, LanguageErrorID.unknownReference.rawValue].sorted())
        #expect(errors.contains { $0.message.contains("Missing") })
        let file = try #require(compilation.files.first)
        let all = try #require(file.declarations.first { $0.id == "All" })
        #expect(all.children.map(\.label) == ["Open 0", "Open \(count - 1)"])
    }

    /// A large body finds repeated identifiers through `SiblingIndex`:
    /// the same reports as comparing every pair.
    @Test func aLargeBodyReportsItsRepeatedIdentifiers() throws {
        var items = (0..<1_000).map { "  item i\($0) \"Item \($0)\"\n" }
        items[700] = "  item i5 \"Again\"\n"
        items[900] = "  item i500 \"Again Later\"\n"
        let compilation = Self.compile("menu Many \"Many\" {\n" + items.joined() + "}\n")
        let repeats = compilation.diagnostics.filter { $0.id == LanguageErrorID.duplicateID.rawValue }
        #expect(repeats.map(\.message) == ["duplicate identifier 'i5'", "duplicate identifier 'i500'"])
        // Each at the repeat, pointing back at the first.
        #expect(repeats.allSatisfy { $0.primary.span.start > ($0.secondary.first?.span.start ?? Int.max) })
    }

    /// Unnamed items take their identifiers from their labels, read one by
    /// one; an element with neither still gets a synthetic one.
    @Test func unnamedItemsOfALargeBodyTakeTheirLabels() throws {
        let items = (0..<500).map { "  item \"Open \($0)\"\n" }.joined()
        let text = "menu Many \"Many\" {\n" + items + "}\nmenu Mixed \"Mixed\" {\n" + items + "  section { item \"Last\" }\n  section { item \"Final\" }\n}\n"
        let compilation = Self.compile(text)
        let menus = try #require(compilation.files.first?.declarations)
        #expect(menus[0].children.prefix(3).map(\.id) == ["open0", "open1", "open2"])
        #expect(menus[1].children.prefix(3).map(\.id) == ["open0", "open1", "open2"])
        #expect(menus[1].children.suffix(2).map(\.id) == ["section", "section2"])
        #expect(!compilation.diagnostics.contains { $0.severity == .error })
    }

    @Test func aSiblingIndexAnswersLikeADictionary() {
        var generator = SeededGenerator(state: 5)
        let ids = (0..<3_000).map { _ in "id\(Int.random(in: 0..<1_000, using: &generator))" }
        var index = SiblingIndex(count: ids.count)
        var plain: [String: Int] = [:]
        for (position, id) in ids.enumerated() {
            let first = index.first(id, orInsert: position) { ids[$0] }
            #expect(first == plain[id])
            if plain[id] == nil { plain[id] = position }
        }
        for probe in ["id3", "id999", "id1000", "x"] { #expect(index.contains(probe) { ids[$0] } == (plain[probe] != nil)) }
    }

    /// The names own to a file answer as a dictionary would, whichever
    /// way they are kept.
    @Test(arguments: [0, OwnNames.arrayMinimumDeclarations])
    func ownNamesAnswerLikeADictionary(declarations: Int) {
        var names = OwnNames(declarations: declarations, texts: declarations + 10)
        var plain: [TextID: Int] = [:]
        for raw in stride(from: 0, to: declarations + 10, by: 3) {
            names[TextID(UInt32(raw))] = raw * 2
            plain[TextID(UInt32(raw))] = raw * 2
        }
        for raw in 0..<(declarations + 20) { #expect(names[TextID(UInt32(raw))] == plain[TextID(UInt32(raw))]) }
    }

    /// Diagnostics are sorted and each shown once, the first of equal ones
    /// kept, however they come.
    @Test func sortingKeepsTheFirstOfEqualDiagnostics() {
        let compilation = Self.compile("menu M \"M\" { item a \"Open\" }\n")
        func diagnostic(_ start: Int, _ message: String, help: String? = nil) -> Diagnostic {
            Diagnostic(id: "syntax", severity: .error, message: message, primary: LabeledSpan(Span(file: FileID(0), start: start, end: start + 1), "here"), help: help)
        }
        let given = [diagnostic(5, "b"), diagnostic(1, "a", help: "one"), diagnostic(5, "b"), diagnostic(1, "a", help: "two"),
                     diagnostic(1, "a", help: "one"), diagnostic(0, "z")]
        let sorted = Compiler.sortAndDeduplicate(given, workspace: compilation.workspace)
        #expect(sorted == [diagnostic(0, "z"), diagnostic(1, "a", help: "one"), diagnostic(1, "a", help: "two"), diagnostic(5, "b")])
    }
}
