import Foundation
@testable import MenuSupport
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
@testable import MenuRules
@testable import MenuBackends
@testable import MenuFormatter
@testable import MenuCompiler
@testable import MenuLanguageServer

/// Shared helpers for the test suite.
enum TestSupport {
    /// The package root, found from this file's location.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let fixtures = packageRoot.appendingPathComponent("Tests/MenuCompilerTests/Fixtures")
    static let samples = packageRoot.appendingPathComponent("samples")

    /// Samples that sweeps over every sample (each prefix, random mutations,
    /// comments everywhere) leave out: this one splices 90,000 elements on
    /// purpose, so each of its variants would take seconds in a debug build.
    /// `ResolverTests` tests the limit it shows, and the golden tests its error.
    static let costlySamples: Set<String> = ["errors/splice-too-large.menu"]

    /// Compiles one in-memory file (language errors only unless `rules`).
    /// The file's inode number: every writer of menuc replaces a file by
    /// renaming a new one over it, so a file left alone keeps its inode
    /// (no sleep, no reliance on sub-second timestamps).
    static func inode(_ url: URL) throws -> UInt64 {
        let number = try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber]
        return (number as? UInt64) ?? UInt64((number as? Int) ?? -1)
    }

    static func compile(_ text: String, rules: Bool = false, path: String = "test.menu") -> Compilation {
        Compiler.compile([.text(text, displayPath: path)], options: CompileOptions(runRules: rules, configuration: RuleConfiguration()))
    }

    static func ids(_ compilation: Compilation) -> [String] { compilation.diagnostics.map(\.id) }

    /// `line:column: id` for each diagnostic: compact and readable in failures.
    static func summary(_ compilation: Compilation) -> [String] {
        compilation.diagnostics.map { diagnostic in
            let position = compilation.workspace.file(diagnostic.span.file).position(of: diagnostic.span.start)
            return "\(position.line):\(position.column): \(diagnostic.id)"
        }
    }

    /// A fresh temporary directory, removed by the caller.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("menuc-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Every `.menu` file under `directory`, sorted, as paths relative to it.
    static func menuFiles(under directory: URL) -> [String] {
        InputCollector.menuFiles(under: directory.path) ?? []
    }
}
