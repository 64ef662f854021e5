import Foundation
import Testing
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
@testable import MenuRules
@testable import MenuCompiler

/// The pull-down and pop-up rules on a menu imported from another file,
/// which only the driver loads: its findings are reported in its own file.
/// The rest of their edge cases is `PullDownAndPopUpRuleTests` of
/// MenuRulesTests.
@Suite("Pull-down and pop-up rules")
struct PullDownAndPopUpRuleTests {
    @Test func importedMenuIsCheckedInItsOwnFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("menuc-pulldown-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try """
            menu NoteActions "Note Actions" {
              item pin "Pin Note" { action: pin }
              item delete "Delete Note" { role: destructive; action: deleteNote }
            }
            """.write(to: directory.appendingPathComponent("actions.menu"), atomically: true, encoding: .utf8)
        let main = directory.appendingPathComponent("main.menu")
        try """
            import "actions.menu"

            view Note "Note" {
              button done "Done" { action: finish }
              pulldown more "More" { symbol: "ellipsis.circle"; menu: NoteActions }
            }
            """.write(to: main, atomically: true, encoding: .utf8)
        let compilation = Compiler.compile([.path(main.path)], options: CompileOptions(root: directory.path))
        let mainID = try #require(compilation.files.first?.source.id)
        let ours = Set((RuleRegistry.pullDownButtonRules + RuleRegistry.popUpButtonRules).map(\.descriptor.id))
        let inMain = compilation.diagnostics.filter { $0.span.file == mainID && ours.contains($0.id) }.map(\.id)
        // The pull-down's own length rule sees the two spliced items; the
        // destructive item is reported in actions.menu, not here.
        #expect(inMain == ["pulldown-too-few-items"])
        #expect(compilation.diagnostics.filter { $0.id == "destructive-needs-confirmation" }.count == 1)
    }
}
