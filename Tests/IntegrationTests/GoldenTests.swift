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
import MenuTestSupport
import CompilerTestSupport

/// Golden tests: each `.menu` file beside its expected JSON output and
/// expected rendered diagnostics. Two sets: `Fixtures/*.menu` (compiled
/// from the Fixtures folder) and every file under `samples/` (compiled
/// from the package root, expected files under `Fixtures/samples/`).
///
/// After an intended change, re-record with:
///
///     MENUC_RECORD_GOLDENS=1 swift test --filter GoldenTests
///
/// and review the diff of the `.expected.*` files before committing.
struct GoldenTests {
    struct Case: CustomTestStringConvertible, Sendable {
        /// Folder the compiler runs from (display paths are relative to it).
        var base: URL
        /// The input, relative to `base`.
        var input: String
        /// Expected files' path without extension.
        var expectedStem: URL
        var testDescription: String { input }
    }

    static let recording = TestSupport.recordingGoldens

    static let cases: [Case] = {
        let fixtures = TestSupport.fixtures
        var cases: [Case] = []
        let fixtureNames = (try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? []
        for name in fixtureNames.sorted() where name.hasSuffix(".menu") {
            cases.append(Case(base: fixtures, input: name, expectedStem: fixtures.appendingPathComponent(String(name.dropLast(5)))))
        }
        for relative in TestSupport.menuFiles(under: TestSupport.samples) {
            let stem = TestSupport.fixtures.appendingPathComponent("samples").appendingPathComponent(String(relative.dropLast(5)))
            cases.append(Case(base: TestSupport.packageRoot, input: "samples/" + relative, expectedStem: stem))
        }
        return cases
    }()

    static func outputs(for testCase: Case) -> (json: String?, text: String) {
        let compilation = Compiler.compile([.path(testCase.input)], options: CompileOptions(), workspace: Workspace(currentDirectory: testCase.base.path))
        let workspace = compilation.workspace
        let renderer = DiagnosticRenderer(workspace: workspace)
        var text = compilation.diagnostics.map { renderer.text($0) }.joined(separator: "\n")
        if !compilation.diagnostics.isEmpty { text += "\n" }
        text += DiagnosticRenderer.summary(compilation.diagnostics) + "\n"
        let json = compilation.hasErrors ? nil : compilation.files.first.map { file in
            JSONBackend.render(file, files: { workspace.file($0) })
        }
        return (json, text)
    }

    @Test("golden outputs", arguments: GoldenTests.cases)
    func golden(_ testCase: Case) throws {
        let (json, text) = Self.outputs(for: testCase)
        let jsonURL = testCase.expectedStem.appendingPathExtension("expected.json")
        let textURL = testCase.expectedStem.appendingPathExtension("expected.txt")
        if Self.recording {
            try TestSupport.write(text, to: textURL)
            if let json { try TestSupport.write(json, to: jsonURL) } else { try? FileManager.default.removeItem(at: jsonURL) }
            return
        }
        let expectedText = try String(contentsOf: textURL, encoding: .utf8)
        #expect(text == expectedText, "diagnostics of \(testCase.input) differ from \(textURL.lastPathComponent); re-record with MENUC_RECORD_GOLDENS=1 if intended")
        let expectedJSON = try? String(contentsOf: jsonURL, encoding: .utf8)
        #expect(json == expectedJSON, "JSON of \(testCase.input) differs from \(jsonURL.lastPathComponent)")
    }

    @Test("output is byte-identical across runs")
    func deterministic() {
        for testCase in Self.cases {
            let first = Self.outputs(for: testCase)
            let second = Self.outputs(for: testCase)
            #expect(first.json == second.json && first.text == second.text, "\(testCase.input)")
        }
    }

    @Test("every expected file belongs to an input")
    func noOrphanExpectations() {
        let stems = Set(Self.cases.map { $0.expectedStem.standardizedFileURL.path })
        let enumerator = FileManager.default.enumerator(atPath: TestSupport.fixtures.path)
        while let relative = enumerator?.nextObject() as? String {
            for suffix in [".expected.json", ".expected.txt"] where relative.hasSuffix(suffix) {
                let stem = TestSupport.fixtures.appendingPathComponent(String(relative.dropLast(suffix.count))).standardizedFileURL.path
                #expect(stems.contains(stem), "\(relative) has no input; delete it")
            }
        }
    }
}
