import Testing
@testable import MenuCompiler

/// A stage that may report a flood keeps the first diagnostics of each file
/// and counts the rest; what is shown must be what showing them all gives.
struct DiagnosticKeeperTests {
    @Test(arguments: [5, 150, 201, 202, 2_000])
    func keepingTheFirstShowsWhatKeepingAllShows(count: Int) {
        let compilation = MenuCompiler.compile([.text("menu A \"A\" { item a \"Open\" }\n", displayPath: "a.menu"),
                                                .text("menu B \"B\" { item b \"Open\" }\n", displayPath: "b.menu")],
                                               options: CompileOptions(runRules: false))
        var generator = RobustnessTests.SeededGenerator(state: UInt64(count))
        // Out of order, in two files, with repeats and ties on position.
        let all: [Diagnostic] = (0..<count).map { _ in
            let file = FileID(Int.random(in: 0...1, using: &generator))
            let start = Int.random(in: 0..<(count / 2 + 1), using: &generator)
            let severity: Severity = Bool.random(using: &generator) ? .error : .warning
            return Diagnostic(id: severity == .error ? "unknown-property" : "invalid-value", severity: severity,
                              message: "problem \(start % 7)", primary: LabeledSpan(Span(file: file, start: start, end: start + 1), "here"))
        }
        var keeper = DiagnosticKeeper(limit: MenuCompiler.maximumDiagnosticsPerFile + 1)
        for diagnostic in all { keeper.add(diagnostic) }
        let expected = MenuCompiler.sortAndDeduplicate(all, workspace: compilation.workspace)
        let shown = MenuCompiler.sortAndDeduplicate(keeper.kept, suppressed: keeper.suppressed, workspace: compilation.workspace)
        #expect(shown == expected)
        #expect(keeper.kept.count <= 2 * (MenuCompiler.maximumDiagnosticsPerFile + 1))
    }
}
