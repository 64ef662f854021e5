import Foundation
import MenuImport
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

/// `menuc import` on the hand-made files of `samples/import/`: each
/// import's `.menu` and its report (standard error) beside the inputs.
/// Re-record after an intended change with
///
///     MENUC_RECORD_GOLDENS=1 swift test --filter ImportGoldenTests
///
/// and review the diff. The `.menu` files are samples too, so the golden
/// tests compile them into JSON, Swift and Markdown like every sample.
struct ImportGoldenTests {
    struct Case: CustomTestStringConvertible, Sendable {
        /// The expected files' name: `samples/import/STEM.menu` and `STEM.report.txt`.
        var stem: String
        var input: String
        var strings: String?
        var catalog: String?
        var language: String?
        var testDescription: String { stem }

        /// The arguments of `menuc import` that make it.
        var arguments: [String] {
            var arguments = ["import", input]
            if let strings { arguments += ["--strings", strings] }
            if let catalog, let language { arguments += ["--xcstrings", catalog, "--language", language] }
            return arguments
        }
    }

    static let folder = "samples/import/"

    static let cases: [Case] = [
        Case(stem: "MainMenu", input: folder + "MainMenu.xib"),
        Case(stem: "MainMenu.de", input: folder + "MainMenu.xib", strings: folder + "de.lproj/MainMenu.strings"),
        Case(stem: "MainMenu.fr", input: folder + "MainMenu.xib", strings: folder + "fr.lproj/MainMenu.strings"),
        Case(stem: "Main", input: folder + "Main.storyboard"),
        Case(stem: "Main.ja", input: folder + "Main.storyboard", catalog: folder + "Main.xcstrings", language: "ja"),
    ]

    static func bytes(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: TestSupport.packageRoot.appendingPathComponent(path)))
    }

    /// The import's `.menu` text and its report, as `menuc import` run from the package root prints them.
    static func run(_ testCase: Case) throws -> (text: String, report: String) {
        var localization = MenuImporter.Localization.none
        if let strings = testCase.strings { localization = .strings(.init(displayPath: strings, bytes: try bytes(strings))) }
        if let catalog = testCase.catalog, let language = testCase.language {
            localization = .catalog(.init(displayPath: catalog, bytes: try bytes(catalog)), language: language)
        }
        let imported = try MenuImporter.importMenus(from: .init(displayPath: testCase.input, bytes: try bytes(testCase.input)), localization: localization).get()
        let report = MenuImporter.report(imported, interfaceBuilderPath: testCase.input, translationsPath: testCase.strings ?? testCase.catalog)
        return (imported.text, report)
    }

    @Test("import goldens", arguments: ImportGoldenTests.cases)
    func golden(_ testCase: Case) throws {
        let (text, report) = try Self.run(testCase)
        let menuURL = TestSupport.packageRoot.appendingPathComponent(Self.folder + testCase.stem + ".menu")
        let reportURL = TestSupport.packageRoot.appendingPathComponent(Self.folder + testCase.stem + ".report.txt")
        if TestSupport.recordingGoldens {
            try TestSupport.write(text, to: menuURL)
            try TestSupport.write(report, to: reportURL)
            return
        }
        #expect(text == (try String(contentsOf: menuURL, encoding: .utf8)), "\(testCase.stem).menu differs; re-record with MENUC_RECORD_GOLDENS=1 if intended")
        #expect(report == (try String(contentsOf: reportURL, encoding: .utf8)), "\(testCase.stem).report.txt differs")
        // What `menuc fmt` would write, and free of language errors.
        #expect(try MenuFormatter.format(text, displayPath: testCase.stem + ".menu").get() == text)
        #expect(!TestSupport.compile(text).hasErrors)
    }

    /// The command line writes the same: the text on standard output, the report on standard error.
    @Test("menuc import prints the goldens", arguments: ImportGoldenTests.cases)
    func command(_ testCase: Case) throws {
        let (text, report) = try Self.run(testCase)
        let result = try CLITests().menuc(testCase.arguments)
        #expect(result.status == 0)
        #expect(result.output == text)
        #expect(result.error == report)
    }

    @Test func importsAreByteIdenticalAcrossRuns() throws {
        for testCase in Self.cases {
            let first = try Self.run(testCase)
            let second = try Self.run(testCase)
            #expect(first.text == second.text && first.report == second.report, "\(testCase.stem)")
        }
    }

    @Test func everyExpectedFileBelongsToACase() throws {
        let folder = TestSupport.packageRoot.appendingPathComponent(Self.folder)
        let stems = Set(Self.cases.map(\.stem))
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            for suffix in [".report.txt", ".menu"] where name.hasSuffix(suffix) {
                #expect(stems.contains(String(name.dropLast(suffix.count))), "\(name) belongs to no import; delete it")
            }
        }
    }
}
