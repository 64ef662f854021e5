import Foundation
import Testing
import MenuTestSupport
import CompilerTestSupport
@testable import MenuSupport
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
@testable import MenuRules
@testable import MenuCompiler

/// The catalog of diagnostics that are not guideline rules: it covers every
/// id the compiler emits, and its examples, run through the real `menuc
/// check`, do what they say — the triggering one produces its id, the fixed
/// one doesn't (and has no errors at all).
@Suite(.serialized)
struct DiagnosticCatalogTests {
    let cli = CLITests()

    /// Only the formatter's safety net has no example: a file that produced
    /// it would be a bug of the formatter, fixed there.
    static let withoutExample: Set<String> = [DiagnosticCatalog.formatterFailureID]

    @Test func everyEmittedIDHasOneEntry() throws {
        let ids = DiagnosticCatalog.entries.map(\.id)
        #expect(Set(ids).count == ids.count, "an id listed twice: \(ids)")
        var expected = LanguageErrorID.allCases.map(\.rawValue) + [RuleEngine.unusedAllowID, DisplayLimit.notShownID]
        // Ids written as literals where a diagnostic is made (the formatter's, and any new one).
        expected += try Self.literalDiagnosticIDs()
        for id in expected {
            #expect(DiagnosticCatalog.entry(id) != nil, "\(id) is emitted but not in DiagnosticCatalog")
        }
        for id in ids {
            #expect(RuleRegistry.descriptor(id) == nil, "\(id) is a guideline rule too")
        }
        #expect(try Self.literalDiagnosticIDs().contains(DiagnosticCatalog.formatterFailureID), "the formatter's id moved")
    }

    @Test func everyEntryButTheSafetyNetHasAnExample() {
        for entry in DiagnosticCatalog.entries {
            #expect((entry.example == nil) == Self.withoutExample.contains(entry.id), "\(entry.id)")
            #expect(!entry.explanation.isEmpty)
        }
    }

    @Test("catalog examples", arguments: DiagnosticCatalog.entries.filter { $0.example != nil }.map(\.id))
    func exampleTriggersAndFixedDoesNot(_ id: String) throws {
        let example = try #require(DiagnosticCatalog.entry(id)?.example)
        let triggered = try check(example.expanded(example.source))
        #expect(triggered.contains(id), "\(id): the example gives \(triggered.sorted())")
        let fixed = try check(example.expanded(example.fixed))
        #expect(!fixed.contains(id), "\(id): the fixed example still gives it")
        let errors = fixed.filter { LanguageErrorID(rawValue: $0) != nil }
        #expect(errors.isEmpty, "\(id): the fixed example has language errors: \(errors.sorted())")
    }

    @Test func explainShowsTheExampleAndTheFix() throws {
        for entry in DiagnosticCatalog.entries {
            let result = try cli.menuc(["explain", entry.id])
            #expect(result.status == 0, "\(entry.id): \(result.error)")
            #expect(result.output.contains(entry.explanation), "\(entry.id)")
            if let example = entry.example {
                let indented = { (text: String) in text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n") }
                #expect(result.output.contains("Triggers") && result.output.contains(indented(example.source)), "\(entry.id)")
                #expect(result.output.contains("Fixed:\n" + indented(example.fixed)), "\(entry.id)")
            }
        }
    }

    /// The ids `menuc check --format short` reports for a file read from standard input.
    private func check(_ text: String) throws -> Set<String> {
        let result = try cli.menuc(["check", "--format", "short", "-"], input: text)
        #expect(result.status != 2, "\(result.error)")
        var ids: Set<String> = []
        for line in result.output.split(separator: "\n") where line.hasSuffix("]") {
            guard let open = line.lastIndex(of: "[") else { continue }
            ids.insert(String(line[line.index(after: open)..<line.index(before: line.endIndex)]))
        }
        return ids
    }

    /// `Diagnostic(id: "…"` in the sources: diagnostics made with a literal id.
    static func literalDiagnosticIDs() throws -> [String] {
        let sources = TestSupport.packageRoot.appendingPathComponent("Sources")
        var ids: [String] = []
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let url = files?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            var rest = text[...]
            while let range = rest.range(of: "Diagnostic(id: \"") {
                let after = rest[range.upperBound...]
                if let end = after.firstIndex(of: "\"") { ids.append(String(after[..<end])) }
                rest = after
            }
        }
        return ids
    }
}
