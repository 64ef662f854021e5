import Testing
@testable import MenuSupport
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
@testable import MenuRules
import MenuTestSupport

/// `AllowScopes` finds the `@allow` scopes around a report by search; here
/// it is compared with testing every scope, on random nested spans.
struct AllowScopesTests {
    /// Spans nested like elements: each either inside another or apart
    /// from it, some repeated (two `@allow`s of one rule on one element).
    static func nestedSpans(in range: Range<Int>, depth: Int, file: FileID, random: inout SeededGenerator) -> [Span] {
        guard depth > 0, range.count > 2 else { return [] }
        var spans: [Span] = []
        var start = range.lowerBound
        while start < range.upperBound - 2 {
            let length = Int.random(in: 2...max(2, min(range.upperBound - start, range.count / 2 + 2)), using: &random)
            let end = min(start + length, range.upperBound)
            if Bool.random(using: &random) {
                spans.append(Span(file: file, start: start, end: end))
                if Int.random(in: 0..<8, using: &random) == 0 { spans.append(Span(file: file, start: start, end: end)) }
            }
            spans += nestedSpans(in: (start + 1)..<(end - 1), depth: depth - 1, file: file, random: &random)
            start = end + Int.random(in: 0...3, using: &random)
        }
        return spans
    }

    @Test func findsWhatTestingEveryScopeFinds() {
        var random = SeededGenerator(state: 7)
        var silencedCount = 0
        for _ in 0..<300 {
            var spans = Self.nestedSpans(in: 0..<400, depth: 6, file: FileID(0), random: &random)
            spans.shuffle(using: &random)
            var scopes = AllowScopes(spans)
            var expected = Array(repeating: false, count: spans.count)
            for _ in 0..<40 {
                let start = Int.random(in: 0..<400, using: &random)
                let end = min(400, start + Int.random(in: 0...6, using: &random))
                let file = FileID(Int.random(in: 0..<10, using: &random) == 0 ? 1 : 0)
                let report = Span(file: file, start: start, end: end)
                var around = false
                for (index, scope) in spans.enumerated()
                where scope.file == report.file && scope.start <= report.start && report.end <= scope.end {
                    expected[index] = true
                    around = true
                }
                let silenced = scopes.silence(report)
                #expect(silenced == around, "\(report) in \(spans)")
                if around { silencedCount += 1 }
            }
            #expect(scopes.used == expected)
        }
        #expect(silencedCount > 1_000)
    }

    @Test func noScopesSilenceNothing() {
        var scopes = AllowScopes([])
        #expect(scopes.isEmpty)
        let silenced = scopes.silence(Span(file: FileID(0), start: 0, end: 1))
        #expect(!silenced)
        #expect(scopes.used.isEmpty)
    }
}
