import Testing
@testable import MenuSupport
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
@testable import MenuBackends

/// The line under each declaration's heading says what the declaration
/// sets (read from the model's record, not through `Element`).
struct MarkdownSummaryTests {
    private static func page(_ text: String) -> String {
        let source = SourceFile(id: FileID(0), displayPath: "t.menu", text: text)
        let syntax = Parser.parse(source).syntax
        let file = Resolver(workspace: LoadedSources(files: [source], syntax: [syntax], imports: [[]])).check([FileID(0)])[0]
        return MarkdownBackend.render(file, files: { _ in source })
    }

    @Test func aSummaryListsWhatTheDeclarationSets() {
        let page = Self.page("""
            platforms iOS 17
            button go "Go" { action: go; enabled: false }
            button on "On" { action: on; enabled: true }
            view list "List" { scrolling: true; button x "X" { action: x } }
            view sheet "Sheet" { presentation: sheet; editable: true; scrolling: true; button ok "OK" { action: ok } }
            contextmenu ctx "Ctx" { title: "Hello"; layout: small; item a "A" { action: a } }
            menu dyn "Dyn" { dynamic: true; item b "B" { action: b } }

            """)
        let lines = page.split(separator: "\n").map(String.init)
        #expect(lines.contains("`button go` · disabled"))
        #expect(lines.contains("`button on`"))
        #expect(lines.contains("`view sheet` · presented as sheet · editable · scrolls"))
        #expect(lines.contains("`view list` · presented as inline · scrolls"))
        #expect(lines.contains("`contextmenu ctx` · titled “Hello” · small layout"))
        #expect(lines.contains("`menu dyn` · dynamic content"))
    }
}
