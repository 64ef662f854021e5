import Testing
@testable import MenuSyntax

/// A stage that may report a flood of errors keeps the first of each file
/// and counts the rest: a repeat is kept once, and a tie at the place of
/// the last one kept is decided in full. That what it lists is what the
/// driver's limiting lists is `DiagnosticKeeperTests` of MenuCompilerTests.
struct DiagnosticKeeperTests {
    @Test func aRepeatedReportIsKeptOnce() {
        let diagnostic = Diagnostic.error(.unknownProperty, "unknown property 'x'", at: Span(file: FileID(0), start: 3, end: 4))
        var keeper = DiagnosticKeeper()
        keeper.add(diagnostic)
        keeper.add(diagnostic)
        #expect(keeper.kept == [diagnostic])
        #expect(keeper.unlisted.isEmpty)
    }

    /// An error at the same place as the last one kept is compared in full:
    /// it may show before it.
    @Test func aTieWithTheLastKeptIsDecidedInFull() {
        let limit = DiagnosticLimits.errorsPerFile
        func error(_ id: LanguageErrorID, at start: Int) -> Diagnostic {
            .error(id, "problem", at: Span(file: FileID(0), start: start, end: start + 1))
        }
        var keeper = DiagnosticKeeper()
        for start in 0..<limit { keeper.add(error(.unknownProperty, at: start)) }
        let tie = error(.invalidValue, at: limit - 1)
        if !keeper.countsWithoutKeeping(at: tie.span) { keeper.add(tie) }
        #expect(keeper.kept.contains(tie))
        #expect(!keeper.kept.contains(error(.unknownProperty, at: limit - 1)))
        #expect(keeper.unlisted[FileID(0)]?.count == 1)
    }
}
