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

    /// A scope's members are its children with groups opened up, in order,
    /// wherever the first group is among them.
    @Test func pathsMeetThroughGroupsAfterPlainChildren() {
        let groups = "  section {\n    item copy \"Copy\"\n  }\n  section {\n    item copy \"Copy Again\"\n  }\n"
        for plain in ["", "  item first \"First\"\n", "  item first \"First\"\n  item second \"Second\"\n"] {
            #expect(Self.clashes("menu m \"M\" {\n" + plain + groups + "}\n") == ["the path 'm/copy' would name two elements"], "\(plain)")
        }
    }

    /// A repeat is found wherever it is in a scope, first and last of a
    /// few members or of many, and a scope without one reports nothing.
    @Test func repeatsAreFoundInScopesOfEverySize() {
        for count in [2, 3, 16, 17, 40] {
            let items = (0..<(count - 2)).map { "    item i\($0) \"I \($0)\"\n" }.joined()
            let paths = "menu m \"M\" {\n  section {\n    item copy \"Copy\"\n" + items + "  }\n  section {\n    item copy \"Copy Again\"\n  }\n}\n"
            #expect(Self.clashes(paths) == ["the path 'm/copy' would name two elements"], "\(count) members")
            let names = "menu m \"M\" {\n  item copy \"Copy\"\n" + items.replacingOccurrences(of: "    ", with: "  ") + "  item Copy \"Copy Again\"\n}\n"
            #expect(Self.clashes(names) == ["'copy' and 'Copy' would both be named 'copy' in generated Swift (a handle and a handle)"], "\(count) members")
            #expect(Self.clashes(paths.replacingOccurrences(of: "item copy \"Copy Again\"", with: "item paste \"Paste\"")).isEmpty, "\(count) members")
        }
    }

    /// Identifiers Swift renames (`_` added to a reserved name, or one
    /// with `_` at an end) clash with the name they become, in any scope;
    /// the namespace's own members are reserved only at the top level.
    @Test func renamedIdentifiersClashWhereTheyAreRenamed() {
        let nested = "menu m \"M\" {\n  submenu string \"S\" {\n    item a \"A\"\n  }\n  submenu string_ \"T\" {\n    item b \"B\"\n  }\n}\n"
        #expect(Self.clashes(nested).count == 1)
        #expect(Self.clashes(nested.replacingOccurrences(of: "string_", with: "strings")).isEmpty)
        #expect(Self.clashes("menu document \"D\"\nmenu document_ \"E\"\n").count == 1)
        #expect(Self.clashes("menu m \"M\" {\n  item document \"D\"\n  item document_ \"E\"\n}\n").isEmpty)
    }
}
