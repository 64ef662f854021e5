import Testing
@testable import MenuCompiler
import MenuTestSupport

/// `name-clash` of identifiers that fold to one Swift name, wherever in a
/// scope the capitalized one is: the check reads the top level in place
/// and folds a scope's names only when one of them starts with a capital.
struct SwiftNameClashTests {
    static func clashes(_ text: String) -> [String] {
        // Without the rules: hundreds of empty menus would push the clash past the findings shown.
        Compiler.compile([.text(text, displayPath: "names.menu")], options: CompileOptions(runRules: false))
            .diagnostics.filter { $0.id == "name-clash" }.map(\.message)
    }

    @Test func aCapitalizedDeclarationAfterManyOthersClashesWithItsTwin() {
        let others = (0..<500).map { "menu m\($0) \"M\($0)\"\n" }.joined()
        #expect(Self.clashes("menu edit \"Edit\"\n" + others + "menu Edit \"Edit Too\"\n")
            == ["'edit' and 'Edit' would both be named 'edit' in generated Swift (a handle and a handle)"])
        // Capitals that fold to no other name clash with nothing.
        #expect(Self.clashes(others + "menu Edit \"Edit\"\nmenu Format \"Format\"\n").isEmpty)
    }

    @Test func capitalizedSiblingsClashBelowTheTopLevel() {
        #expect(Self.clashes("menu m \"M\" {\n  item copy \"Copy\"\n  item other \"Other\"\n  item Copy \"Copy Again\"\n}\n")
            == ["'copy' and 'Copy' would both be named 'copy' in generated Swift (a handle and a handle)"])
        #expect(Self.clashes("menu m \"M\" {\n  item copy \"Copy\"\n  item Paste \"Paste\"\n}\n").isEmpty)
    }
}
