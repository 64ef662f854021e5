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
/// These tests hold the counting on inputs of a few thousand lines; what
/// the resolver builds is `DenseInputTests` of MenuSemanticsTests, the
/// size of the syntax tree's nodes `DenseInputTests` of MenuSyntaxTests.
struct DenseInputTests {
    static let errorLimit = DiagnosticLimits.errorsPerFile

    static func compile(_ text: String) -> Compilation {
        Compiler.compile([.text(text, displayPath: "dense.menu")])
    }

    static func summary(of diagnostics: [Diagnostic]) -> Diagnostic? {
        diagnostics.first { $0.id == LanguageErrorID.tooManyErrors.rawValue }
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
