import Testing
@testable import MenuSyntax

/// People are shown a file's first diagnostics and one line counting the rest.
struct DisplayLimitTests {
    private func errors(_ count: Int) -> [Diagnostic] {
        (0..<count).map { .error(.unknownProperty, "problem", at: Span(file: FileID(0), start: $0, end: $0 + 1)) }
    }

    @Test func theRestAreCountedInOneLine() {
        let limit = DiagnosticLimits.shownPerFile
        let shown = DisplayLimit.apply(errors(limit + 2))
        #expect(shown.count == limit + 1)
        #expect(shown.last?.id == DisplayLimit.notShownID)
        #expect(shown.last?.message == "2 more problems in this file are not shown")
        #expect(shown.last?.span.start == limit)
    }

    @Test func oneProblemNotShownIsSaidInTheSingular() {
        let shown = DisplayLimit.apply(errors(DiagnosticLimits.shownPerFile + 1))
        #expect(shown.last?.message == "1 more problem in this file is not shown")
    }

    @Test func nothingIsCountedWhenEverythingIsShown() {
        let all = errors(DiagnosticLimits.shownPerFile)
        #expect(DisplayLimit.apply(all) == all)
    }
}
