import Foundation
import Testing
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
@testable import MenuRules
@testable import MenuCompiler

/// A rule that skips the copy of a menu declared in another file skips
/// only that copy: what the file itself writes after it is still checked.
@Suite("Spliced from elsewhere")
struct SplicedFromElsewhereTests {
    @Test func labelsAfterACopyFromAnotherFileAreStillChecked() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("menuc-spliced-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try """
            menu Edit "Edit" {
              item summary "Quick Summary" { action: summarize }
            }
            """.write(to: directory.appendingPathComponent("edit.menu"), atomically: true, encoding: .utf8)
        let main = """
            import "edit.menu"
            menubar {
              use Edit
              menu Layout "Layout" { item right "Right Half" { action: moveToRightHalf } }
            }
            """
        try main.write(to: directory.appendingPathComponent("main.menu"), atomically: true, encoding: .utf8)
        let compilation = Compiler.compile([.path(directory.appendingPathComponent("main.menu").path)],
                                           options: CompileOptions(root: directory.path, runRules: false))
        #expect(!compilation.hasErrors, "\(compilation.diagnostics.map(\.message))")
        let file = try #require(compilation.files.first)
        let rule = try #require(RuleRegistry.all.first { $0.descriptor.id == "label-starts-with-verb" })
        let findings = RuleEngine(rules: [rule]).check(file, hasLanguageErrors: false)
        let right = try #require(main.utf8.firstRange(of: "\"Right Half\"".utf8))
        #expect(findings.map(\.span.start) == [main.utf8.distance(from: main.utf8.startIndex, to: right.lowerBound)],
                "\(findings.map(\.message))")
        #expect(findings.allSatisfy { $0.span.file == file.source.id })
    }
}
