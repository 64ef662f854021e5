import Foundation
import Testing
@testable import MenuSupport
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
@testable import MenuRules
@testable import MenuBackends
@testable import MenuCompiler
import MenuTestSupport

/// The formats that list every finding (JSON, SARIF, a baseline) are handed
/// on in pieces as they are written, and the findings are put in order where
/// they are: a file of hundreds of thousands of findings must not be held
/// as a tree, a string or a second sorted copy.
struct ReportStreamingTests {
    /// 3,000 empty menus: a report of several hundred kilobytes, several
    /// times what a streamed writer holds before handing it on.
    static let compilation: Compilation = {
        let text = (0..<3_000).map { "menu m\($0) \"Menu \($0)\"\n" }.joined()
        var options = CompileOptions(configuration: RuleConfiguration())
        options.listsEveryFinding = true
        return Compiler.compile([.bytes(Array(text.utf8), displayPath: "Many.menu")], options: options)
    }()

    /// What a writer handed on, and in how many pieces.
    final class Pieces {
        var bytes: [UInt8] = []
        var count = 0
        var text: String { String(decoding: bytes, as: UTF8.self) }

        func take(_ piece: UnsafeBufferPointer<UInt8>) {
            bytes.append(contentsOf: piece)
            count += 1
        }
    }

    @Test func theJSONReportIsHandedOnInPiecesThatMakeTheWholeTree() {
        let compilation = Self.compilation
        let renderer = compilation.renderer
        #expect(compilation.diagnostics.count == 3_000)
        let streamed = Pieces()
        renderer.writeJSON(compilation.diagnostics, to: streamed.take)
        #expect(streamed.count > 4)
        // The document the report was before it was streamed: one tree of every finding.
        #expect(streamed.text == JSONValue.array(compilation.diagnostics.map(renderer.jsonValue)).render())
    }

    @Test func theSARIFLogIsHandedOnInPiecesWithEveryResult() throws {
        let compilation = Self.compilation
        let streamed = Pieces()
        compilation.renderer.writeSARIF(compilation.diagnostics, to: streamed.take)
        #expect(streamed.count > 4)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(streamed.text.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 3_000)
        // The run's members come before its results, as they did when the log was one tree.
        let keys = ["\"tool\"", "\"invocations\"", "\"columnKind\"", "\"results\""].compactMap { streamed.text.range(of: $0)?.lowerBound }
        #expect(keys.count == 4 && keys == keys.sorted())
        let fingerprints = results.compactMap { ($0["partialFingerprints"] as? [String: String])?["menuc/v1"] }
        #expect(Set(fingerprints).count == 3_000)
    }

    @Test func equalFindingsStillGetTheirOwnFingerprints() throws {
        let file = Self.compilation.diagnostics[0]
        var twin = file
        twin.primary = LabeledSpan(Span(file: file.span.file, start: file.span.start + 1, end: file.span.end), "empty")
        let log = Self.compilation.renderer.sarif([file, twin])
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(log.utf8)) as? [String: Any])
        let results = try #require(((parsed["runs"] as? [[String: Any]])?.first)?["results"] as? [[String: Any]])
        let fingerprints = results.compactMap { ($0["partialFingerprints"] as? [String: String])?["menuc/v1"] }
        #expect(fingerprints.count == 2)
        #expect(fingerprints[0] != fingerprints[1])
        #expect(fingerprints[0] == DiagnosticRenderer.fingerprint(["empty-menu", "Many.menu", file.elementPath ?? ""].joined(separator: "\u{0}") + "\u{0}0"))
        #expect(fingerprints[1] == DiagnosticRenderer.fingerprint(["empty-menu", "Many.menu", file.elementPath ?? ""].joined(separator: "\u{0}") + "\u{0}1"))
    }

    @Test func aBaselineIsWrittenInPiecesAndReadsBackTheSame() throws {
        let compilation = Self.compilation
        let baseline = Baseline(compilation.diagnostics, files: { compilation.workspace.file($0) })
        let streamed = Pieces()
        baseline.write(to: streamed.take)
        #expect(streamed.count > 4)
        #expect(streamed.text == baseline.render())
        let folder = try TestSupport.temporaryDirectory()
        let path = folder.appendingPathComponent("baseline.json").path
        try Data(streamed.text.utf8).write(to: URL(fileURLWithPath: path))
        guard case .success(let loaded) = Baseline.load(path: path) else {
            Issue.record("the baseline written does not load")
            return
        }
        #expect(loaded == baseline)
        #expect(loaded.newFindings(compilation.diagnostics, files: { compilation.workspace.file($0) }).isEmpty)
    }

    /// The sort puts diagnostics in place by following the cycles of their
    /// order; measured against sorting copies, on shuffled lists with repeats.
    @Test(arguments: 0..<40)
    func sortingInPlaceShowsWhatSortingCopiesShows(seed: UInt64) {
        let workspace = Self.compilation.workspace
        var random = SeededGenerator(state: seed)
        func diagnostic(_ start: Int, _ message: String, help: String?) -> Diagnostic {
            Diagnostic(id: "syntax", severity: .error, message: message, primary: LabeledSpan(Span(file: FileID(0), start: start, end: start + 1), "here"), help: help)
        }
        let count = Int(random.next() % 200)
        let given = (0..<count).map { _ in
            diagnostic(Int(random.next() % 12), ["a", "b"][Int(random.next() % 2)], help: ["one", "two", nil][Int(random.next() % 3)])
        }
        // Sorted copies: stable by place, then each shown once, the first of equal ones kept.
        let stable = given.enumerated().sorted { a, b in
            if DiagnosticKeeper.showsBefore(a.element, b.element) { return true }
            if DiagnosticKeeper.showsBefore(b.element, a.element) { return false }
            return a.offset < b.offset
        }.map(\.element)
        var expected: [Diagnostic] = []
        for diagnostic in stable where !expected.contains(diagnostic) { expected.append(diagnostic) }
        #expect(Compiler.sortAndDeduplicate(given, workspace: workspace) == expected)
    }
}
