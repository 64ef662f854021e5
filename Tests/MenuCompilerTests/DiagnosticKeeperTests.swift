import Testing
@testable import MenuSupport
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
@testable import MenuRules
@testable import MenuBackends
@testable import MenuFormatter
@testable import MenuCompiler
import MenuTestSupport

/// A stage that may report a flood of errors keeps the first of each file
/// and counts the rest; what is listed must be what listing them all and
/// then limiting gives, whatever order the reports come in. How the keeper
/// keeps is `DiagnosticKeeperTests` of MenuSyntaxTests; here what it keeps
/// against the driver's limiting and sorting.
struct DiagnosticKeeperTests {
    @Test(arguments: [5, 99, 100, 101, 250, 5_000])
    func keepingTheFirstListsWhatLimitingAllLists(count: Int) {
        let compilation = Compiler.compile([.text("menu A \"A\" { item a \"Open\" }\n", displayPath: "a.menu"),
                                                .text("menu B \"B\" { item b \"Open\" }\n", displayPath: "b.menu")],
                                               options: CompileOptions(runRules: false))
        var generator = SeededGenerator(state: UInt64(count))
        // Out of order, in two files, with ties on position (each report once).
        let all: [Diagnostic] = (0..<count).map { index in
            let file = FileID(Int.random(in: 0...1, using: &generator))
            let start = Int.random(in: 0..<(count / 2 + 1), using: &generator)
            return Diagnostic(id: index % 2 == 0 ? "unknown-property" : "invalid-value", severity: .error,
                              message: "problem \(index)", primary: LabeledSpan(Span(file: file, start: start, end: start + 1), "here"))
        }
        var keeper = DiagnosticKeeper()
        for diagnostic in all { keeper.add(diagnostic) }
        let expected = Compiler.sortAndDeduplicate(Compiler.limitErrors(all, unlisted: [:]), workspace: compilation.workspace)
        let listed = Compiler.sortAndDeduplicate(Compiler.limitErrors(keeper.kept, unlisted: keeper.unlisted), workspace: compilation.workspace)
        #expect(listed == expected)
        // Counting by position first, as the resolver does before making a costly report, changes nothing.
        var counting = DiagnosticKeeper()
        for diagnostic in all where !counting.countsWithoutKeeping(at: diagnostic.span) { counting.add(diagnostic) }
        #expect(Compiler.sortAndDeduplicate(Compiler.limitErrors(counting.kept, unlisted: counting.unlisted), workspace: compilation.workspace) == expected)
        #expect(keeper.kept.count <= 2 * DiagnosticLimits.errorsPerFile)
        // A file over the limit ends with one error that counts the rest, at the first of them.
        for file in [FileID(0), FileID(1)] {
            let mine = all.filter { $0.span.file == file }.sorted(by: DiagnosticKeeper.showsBefore)
            let summary = listed.first { $0.span.file == file && $0.id == LanguageErrorID.tooManyErrors.rawValue }
            if mine.count > DiagnosticLimits.errorsPerFile {
                #expect(summary?.standsFor?.errors == mine.count - DiagnosticLimits.errorsPerFile)
                #expect(summary?.span == mine[DiagnosticLimits.errorsPerFile].span)
            } else {
                #expect(summary == nil)
            }
        }
    }
}
