import Foundation
import Testing
import MenuTestSupport

/// The compiler, the importer and the CLI import full Foundation only where
/// FoundationEssentials is missing (see Package.swift). One plain
/// `import Foundation` links libFoundation, libFoundationInternationalization
/// and ICU into `menuc`: 6 MB more memory in every process (a third of a
/// small check's) and a slower start — as happened once, unnoticed, through
/// one file.
struct FoundationImportTests {
    @Test func compilerAndCLIImportFullFoundationOnlyAsAFallback() throws {
        var unconditional: [String] = []
        for folder in ["Sources/MenuSupport", "Sources/MenuSyntax", "Sources/MenuSemantics", "Sources/MenuRules", "Sources/MenuBackends",
                       "Sources/MenuFormatter", "Sources/MenuCompiler", "Sources/MenuImport", "Sources/menuc"] {
            let root = TestSupport.packageRoot.appendingPathComponent(folder)
            let files = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
            for case let url as URL in files where url.pathExtension == "swift" {
                let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
                for (index, line) in lines.enumerated() where line.trimmingCharacters(in: .whitespaces) == "import Foundation" {
                    // Allowed only as the `#else` of `#if canImport(FoundationEssentials)`.
                    let fallback = index >= 3 && lines[index - 1] == "#else" && lines[index - 3] == "#if canImport(FoundationEssentials)"
                    if !fallback { unconditional.append("\(url.path.dropFirst(TestSupport.packageRoot.path.count + 1)):\(index + 1)") }
                }
            }
        }
        #expect(unconditional.isEmpty, "unconditional `import Foundation` in \(unconditional)")
    }
}
