import Foundation
import Testing
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
@testable import MenuRules
@testable import MenuCompiler

/// The Menus rules on menus imported from another file, which only the
/// driver loads: each finding is reported in the file that writes it. The
/// rest of the Menus rules' edge cases is `MenuRuleTests` of MenuRulesTests.
@Suite("Menu rules")
struct MenuRuleTests {
    /// Offset of the first occurrence of `needle` in `text`, in UTF-8 bytes.
    private func offset(of needle: String, in text: String) -> Int? {
        guard let range = text.range(of: needle) else { return nil }
        return text.utf8.distance(from: text.startIndex, to: range.lowerBound)
    }

    @Test func importedMenusAreCheckedWhereTheyAreWritten() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("menuc-menu-rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try """
            menu Edit "Edit" {
              item undo "Undo" { shortcut: "cmd+z" }
              item "Clipboard" { action: showClipboard }
            }
            """.write(to: directory.appendingPathComponent("edit.menu"), atomically: true, encoding: .utf8)
        let main = """
            import "edit.menu"
            menubar {
              menu File "File" { item revert "Revert" { shortcut: "cmd+z" } }
              use Edit
            }
            """
        try main.write(to: directory.appendingPathComponent("main.menu"), atomically: true, encoding: .utf8)
        let compilation = Compiler.compile([.path(directory.appendingPathComponent("main.menu").path)],
                                               options: CompileOptions(root: directory.path, runRules: false))
        #expect(!compilation.hasErrors, "\(compilation.diagnostics.map(\.message))")
        let file = try #require(compilation.files.first)
        func run(_ id: String) -> [Diagnostic] {
            let rule = RuleRegistry.all.first { $0.descriptor.id == id }
            return rule.map { RuleEngine(rules: [$0]).check(file, hasLanguageErrors: false) } ?? []
        }
        let duplicates = run("duplicate-shortcut")
        #expect(duplicates.map(\.span.start) == [offset(of: "use Edit", in: main)].compactMap { $0 })
        #expect(duplicates.allSatisfy { $0.span.file == file.source.id })
        #expect(run("label-starts-with-verb").isEmpty, "Clipboard is reported in edit.menu, not here")
    }
}
