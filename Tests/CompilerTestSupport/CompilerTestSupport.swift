import Foundation
import MenuRules
@testable import MenuCompiler
import MenuTestSupport

/// The helpers that compile through the driver, for the tests of the
/// driver and of what sits on it (language server, importer, integration).
extension TestSupport {
    /// Compiles one in-memory file (language errors only unless `rules`).
    public static func compile(_ text: String, rules: Bool = false, path: String = "test.menu") -> Compilation {
        Compiler.compile([.text(text, displayPath: path)], options: CompileOptions(runRules: rules, configuration: RuleConfiguration()))
    }

    public static func ids(_ compilation: Compilation) -> [String] { compilation.diagnostics.map(\.id) }

    /// `line:column: id` for each diagnostic: compact and readable in failures.
    public static func summary(_ compilation: Compilation) -> [String] {
        compilation.diagnostics.map { diagnostic in
            let position = compilation.workspace.file(diagnostic.span.file).position(of: diagnostic.span.start)
            return "\(position.line):\(position.column): \(diagnostic.id)"
        }
    }
}
