import Foundation
import Testing
@testable import MenuSupport
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
@testable import MenuRules
@testable import MenuBackends
@testable import MenuFormatter
@testable import MenuCompiler
@testable import MenuLanguageServer
import MenuTestSupport

/// Builds and runs `samples/PluginDemo`, a package that uses menuc the way
/// an app does: MenuBuildPlugin turns its `.menu` files into Swift that its
/// executable imports and prints. Then runs the command plugin on it.
///
/// The first run builds menuc again inside the demo (a few minutes on two
/// cores); later runs are incremental.
@Suite(.serialized)
struct PluginDemoTests {
    static let demo = TestSupport.packageRoot.appendingPathComponent("samples/PluginDemo")

    /// What the demo needs that this checkout lacks, or nil when nothing is missing.
    static let missing: String? = {
        let manifest = (try? String(contentsOf: TestSupport.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)) ?? ""
        var lacking: [String] = []
        if !manifest.contains("\"MenuModel\"") { lacking.append("the MenuModel library product") }
        if !manifest.contains("\"MenuBuildPlugin\"") { lacking.append("the MenuBuildPlugin plugin product") }
        let help = try? Subprocess.run(CLITests.binary, ["build", "--help"])
        if !(help?.output.contains("swift") ?? false) { lacking.append("`menuc build --emit swift`") }
        return lacking.isEmpty ? nil : lacking.joined(separator: ", ")
    }()

    /// The `swift` driver of the toolchain running the tests.
    static let swift: String = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/swift"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return "/opt/swift/usr/bin/swift"
    }()

    /// The demo's build folder, named after the list of menuc's source
    /// files: SwiftPM keeps the file list of a path dependency in its build
    /// description and misses a file added since, so the demo built against
    /// stale sources after every new file. Earlier folders are removed.
    static let scratchPath: String = {
        let sources = TestSupport.packageRoot.appendingPathComponent("Sources")
        let files = (FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []).sorted()
        // FNV-1a: the same name in every run (Swift's Hasher is seeded per process).
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in files.joined(separator: "\n").utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        let name = "sources-" + String(hash, radix: 16)
        // Under menuc's own build folder: the test leaves nothing in the source tree.
        let builds = TestSupport.packageRoot.appendingPathComponent(".build/test-scratch/plugin-demo")
        for old in (try? FileManager.default.contentsOfDirectory(atPath: builds.path)) ?? [] where old.hasPrefix("sources-") && old != name {
            try? FileManager.default.removeItem(at: builds.appendingPathComponent(old))
        }
        return builds.appendingPathComponent(name).path
    }()

    func run(_ arguments: [String]) throws -> Subprocess.Result {
        guard let command = arguments.first else { return try Subprocess.run(Self.swift, arguments, directory: Self.demo) }
        return try Subprocess.run(Self.swift, [command, "--scratch-path", Self.scratchPath] + arguments.dropFirst(), directory: Self.demo)
    }

    @Test("the plugin demo's prerequisites are in this checkout")
    func prerequisites() {
        // Says plainly what is missing instead of failing inside a nested build.
        withKnownIssue("samples/PluginDemo needs \(Self.missing ?? "")", isIntermittent: true) {
            #expect(Self.missing == nil, "samples/PluginDemo needs \(Self.missing ?? ""), which this checkout does not have yet")
        } when: {
            Self.missing != nil
        }
    }

    @Test("samples/PluginDemo builds with MenuBuildPlugin and prints its menu bar", .enabled(if: PluginDemoTests.missing == nil))
    func demoBuildsAndRuns() throws {
        let build = try run(["build", "--product", "PluginDemo"])
        #expect(build.status == 0, "swift build failed:\n\(build.output)\n\(build.error)")
        guard build.status == 0 else { return }

        let demo = try run(["run", "--skip-build", "PluginDemo"])
        #expect(demo.status == 0, "\(demo.error)")
        for expected in ["Menu bar of", "File", "New Note", "⌘N", "In German: Neue Notiz", "Undo", "⇧⌘Z", "Sort By",
                         // Typed handles, the presentation layer and the exhaustive switch, derived actions included.
                         "New Note is menubar/File/newNote, ⌘N", "(key \"z\", mask 0x120000)", "\n  ---\n",
                         "✓ Date", "→ sort the notes", "Every action: closeWindow, copy, cut, date, exportPDF, newNote, paste, redo, title, undo"] {
            #expect(demo.output.contains(expected), "the demo's output lacks \(expected):\n\(demo.output)")
        }

        // The command plugin runs menuc on the demo's .menu files.
        for command in [["check", "--format", "short"], ["fmt", "--check"]] {
            let result = try run(["package", "--allow-writing-to-package-directory", "menuc"] + command)
            #expect(result.status == 0, "swift package menuc \(command.joined(separator: " ")):\n\(result.output)\n\(result.error)")
        }
    }
}
