import Foundation
import Testing
import MenuTestSupport

/// The pipeline's direction is the compiler's to enforce, not a comment's:
/// each stage is a target that can import only the stages before it.
struct LayeringTests {
    /// The pipeline, bottom first, as Package.swift declares it.
    static let stages = ["MenuSupport", "MenuSyntax", "MenuSemantics", "MenuRules", "MenuBackends", "MenuCompiler"]

    /// A copy of the package in which the syntax stage imports the rules
    /// stage above it: building the syntax stage fails, naming the import.
    @Test func anUpwardImportDoesNotBuild() throws {
        let copy = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: copy) }
        let root = TestSupport.packageRoot
        for item in ["Package.swift", "Sources"] {
            try FileManager.default.copyItem(at: root.appendingPathComponent(item), to: copy.appendingPathComponent(item))
        }
        // The manifest names the test targets' folders; the copy needs them, not the tests.
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        for match in manifest.matches(of: #/path: "(Tests/[^"]+)"/#) {
            let folder = copy.appendingPathComponent(String(match.output.1))
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("Fixtures"), withIntermediateDirectories: true)
            try "".write(to: folder.appendingPathComponent("Empty.swift"), atomically: true, encoding: .utf8)
        }
        let lexer = copy.appendingPathComponent("Sources/MenuSyntax/Lexer/Lexer.swift")
        let original = try String(contentsOf: lexer, encoding: .utf8)
        try ("import MenuRules\n" + original).write(to: lexer, atomically: true, encoding: .utf8)

        let build = try Subprocess.run("/usr/bin/env", [
            "swift", "build", "--package-path", copy.path, "--scratch-path", copy.appendingPathComponent(".build").path,
            "--target", "MenuSyntax", "--explicit-target-dependency-import-check", "error",
        ])
        #expect(build.status != 0)
        let said = build.output + build.error
        #expect(said.contains("MenuRules"), "the failure names the module imported upwards: \(said.suffix(2_000))")
        #expect(said.contains("Lexer.swift"), "the failure names the file that imports it: \(said.suffix(2_000))")
    }

    /// Package.swift gives each stage exactly the stages before it (and the
    /// model apps link): none depends on a later one.
    @Test func eachStageDependsOnlyOnEarlierStages() throws {
        let manifest = try String(contentsOf: TestSupport.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        for (position, stage) in Self.stages.enumerated() {
            let declaration = try #require(manifest.range(of: "name: \"\(stage)\""), "\(stage) is a target")
            let rest = manifest[declaration.upperBound...]
            let end = rest.range(of: "path:")?.lowerBound ?? rest.endIndex
            let dependencies = rest[..<end]
            for later in Self.stages[(position + 1)...] {
                #expect(!dependencies.contains("\"\(later)\""), "\(stage) depends on the later stage \(later)")
            }
        }
    }

    /// The tests mirror the stages: each stage's test target sees only that
    /// stage and the ones before it (and the test helpers of those), so a
    /// test that needs more has to sit higher, and nobody widens a target to
    /// keep a test where it was. IntegrationTests sees everything.
    @Test func eachStagesTestsDependOnlyOnEarlierStages() throws {
        let manifest = try String(contentsOf: TestSupport.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let aboveEveryStage = ["MenuLanguageServer", "MenuImport", "menuc", "LanguageServerTestSupport"]
        for (position, stage) in Self.stages.enumerated() {
            let declaration = try #require(manifest.range(of: "name: \"\(stage)Tests\""), "\(stage)Tests is a test target")
            let rest = manifest[declaration.upperBound...]
            let end = rest.range(of: "path:")?.lowerBound ?? rest.endIndex
            let dependencies = rest[..<end]
            let driverHelpers = stage == "MenuCompiler" ? [] : ["CompilerTestSupport"]
            for later in Array(Self.stages[(position + 1)...]) + aboveEveryStage + driverHelpers {
                #expect(!dependencies.contains("\"\(later)\""), "\(stage)Tests depends on \(later), which comes after \(stage)")
            }
        }
    }

    /// The stages share a few hot readers as the SPI `MenuPipeline`, public
    /// to whoever asks for it by name; docs/architecture.md lists them, and
    /// this keeps that list true: every name declared in the SPI is there.
    @Test func everyPipelineSPIDeclarationIsListedInTheArchitecture() throws {
        let root = TestSupport.packageRoot
        let architecture = try String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let sources = root.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var names: [String] = []
        for case let file as URL in files where file.pathExtension == "swift" {
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for (number, line) in lines.enumerated() where line.contains("@_spi(MenuPipeline)") && !line.contains("import ") {
                // The declaration is on the attribute's line or the next.
                let declaration = line.contains(" public ") ? line : number + 1 < lines.count ? lines[number + 1] : ""
                guard let match = declaration.firstMatch(of: #/(?:var|let|func|struct|class|enum|typealias)\s+(\w+)/#) else { continue }
                names.append(String(match.output.1))
            }
        }
        #expect(names.count >= 20, "found the SPI's declarations: \(names)")
        for name in names {
            #expect(architecture.contains("`\(name)`") || architecture.contains(".\(name)`") || architecture.contains("`\(name)(")
                    || architecture.contains(".\(name)(") || architecture.contains("/\(name)") ,
                    "docs/architecture.md lists the SPI's \(name)")
        }
    }
}
