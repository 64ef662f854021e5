import Foundation
import Testing
@testable import MenuSupport
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
@testable import MenuBackends
@testable import MenuCompiler
import MenuTestSupport
import CompilerTestSupport

/// Generated Swift as an app uses it: `import MenuModel` and nothing else,
/// type-checked by `swiftc` against the MenuModel module of this build.
/// (`SwiftBackendTests` builds and runs the samples' code; this checks what
/// an app's compiler says about the typed API, and how fast it says it.)
@Suite("GeneratedAPI", .serialized)
struct GeneratedAPITests {
    /// The folder of the build's module interfaces (`import MenuModel`).
    static let modules: String = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("Modules")
        if FileManager.default.fileExists(atPath: beside.appendingPathComponent("MenuModel.swiftmodule").path) { return beside.path }
        return TestSupport.packageRoot.appendingPathComponent(".build/debug/Modules").path
    }()

    /// `swiftc -typecheck` of the files (name → text) with `flags`.
    static func typecheck(_ files: [String: String], flags: [String] = []) throws -> Subprocess.Result {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths: [String] = []
        for (name, text) in files.sorted(by: { $0.key < $1.key }) {
            let url = directory.appendingPathComponent(name)
            try TestSupport.write(text, to: url)
            paths.append(url.path)
        }
        // `flags` first: a folder given there (`-I`) wins over the package's modules.
        return try Subprocess.run("/usr/bin/env", ["swiftc", "-typecheck"] + flags + ["-I", modules] + paths)
    }

    static let menu = """
        platforms macOS 14

        menubar {
          menu File "File" {
            section {
              item newNote "New Note" { shortcut: "cmd+n" }
              item "Close" { action: closeWindow; shortcut: "cmd+w" }
            }
            section {
              item "Export as PDF…" { input: true }
            }
          }
        }

        view Settings "Settings" {
          popup size "Size" {
            option small "Small"
            option large "Large"
            default: small
          }
          button "Done" { role: primary }
        }
        """

    /// What an app writes: handles without optional-chaining through kinds,
    /// and a switch over every action, written without `default`.
    static let app = """
        import MenuModel

        func perform(_ action: App.Action) -> String {
            switch action {
            case .newNote: "new"
            case .closeWindow: "close"
            case .exportAsPDF: "export"
            case .done: "done"
            }
        }

        let shortcut: String? = App.MenuBar.File.newNote.shortcut?.display
        let needsInput: Bool = App.MenuBar.File.exportAsPDF.needsInput
        let path: String = App.MenuBar.File.exportAsPDF.path
        let action: App.Action? = App.MenuBar.File.newNote.action(App.Action.self)
        let options: [MenuElement] = App.Settings.size.options
        let small: MenuModel.OptionProperties = App.Settings.Size.small
        let role: ButtonRole = App.Settings.done.role
        let menus: [MenuElement] = App.menubar.menus
        let document: MenuDocument = App.document
        """

    static func generate(_ text: String) throws -> String {
        try SwiftBackendTests.render(text, path: "app.menu")
    }

    @Test func appCodeReadsHandlesAndSwitchesOverEveryAction() throws {
        let generated = try Self.generate(Self.menu)
        let checked = try Self.typecheck(["App.swift": generated, "main.swift": Self.app], flags: ["-warnings-as-errors"])
        #expect(checked.status == 0, "\(checked.error)")

        // An item added to the .menu file is an action the app must handle.
        let grown = Self.menu.replacingOccurrences(of: "      item \"Export as PDF…\" { input: true }\n",
                                                   with: "      item \"Export as PDF…\" { input: true }\n      item \"Print…\" { input: true }\n")
        #expect(grown != Self.menu)
        let missing = try Self.typecheck(["App.swift": try Self.generate(grown), "main.swift": Self.app])
        #expect(missing.status != 0 && missing.error.contains("switch must be exhaustive") && missing.error.contains("print"), "\(missing.error)")
    }

    /// The largest sample's code type-checks with no expression over 100 ms.
    @Test func largestSampleHasNoSlowExpression() throws {
        let samples = try FileManager.default.contentsOfDirectory(atPath: TestSupport.packageRoot.appendingPathComponent("samples").path)
            .filter { $0.hasSuffix(".menu") }
        let sizes = try samples.map { name in
            (name, try Data(contentsOf: TestSupport.packageRoot.appendingPathComponent("samples/\(name)")).count)
        }
        let largest = try #require(sizes.max { $0.1 < $1.1 }?.0)
        let compilation = Compiler.compile([.path("samples/" + largest)], options: CompileOptions(), workspace: Workspace(currentDirectory: TestSupport.packageRoot.path))
        let workspace = compilation.workspace
        let file = try #require(compilation.files.first)
        #expect(!compilation.hasErrors)
        let swift = SwiftBackend.render(file, files: { workspace.file($0) })
        let checked = try Self.typecheck(["Sample.swift": swift], flags: ["-Xfrontend", "-warn-long-expression-type-checking=100",
                                                                          "-Xfrontend", "-warn-long-function-bodies=100"])
        #expect(checked.status == 0, "\(checked.error)")
        #expect(!checked.error.contains("warning"), "samples/\(largest): \(checked.error)")
    }
}

/// `name-clash`: paths and Swift names look through synthetic sections, and
/// are never renumbered.
@Suite("NameClash")
struct NameClashTests {
    @Test func sectionsWithoutNamesDoNotSeparateElements() {
        let clash = TestSupport.compile("""
            menu Edit "Edit" {
              section { item copy "Copy" }
              section { item copy "Copy Style" }
            }
            """)
        #expect(TestSupport.summary(clash) == ["3:18: name-clash"])
        let diagnostic = clash.diagnostics[0]
        #expect(diagnostic.message == "the path 'Edit/copy' would name two elements")
        #expect(diagnostic.secondary.map { $0.span.start } == [Array("menu Edit \"Edit\" {\n  section { item ".utf8).count])

        // Named sections separate them; so do different menus.
        #expect(TestSupport.compile("""
            menu Edit "Edit" {
              section basic { item copy "Copy" }
              section styles { item copy "Copy Style" }
            }
            menu Format "Format" { item copy "Copy" }
            """).diagnostics.isEmpty)
    }

    @Test func swiftNamesClashAcrossCaseAndKinds() {
        // `Edit` and `edit` are both the handle `edit` (and the type `Edit`).
        let handles = TestSupport.compile("""
            menu Edit "Edit" { item a "A" }
            menu edit "Edit Too" { item b "B" }
            """)
        #expect(TestSupport.summary(handles) == ["2:6: name-clash"])
        #expect(handles.diagnostics.first?.message == "'Edit' and 'edit' would both be named 'edit' in generated Swift (a handle and a handle)")
        // Inside a toolbar without a name, as in the view around it.
        let toolbar = TestSupport.compile("""
            view Main "Main" {
              toolbar { button Share "Share" { action: share } }
              button share "Share Again" { action: share }
            }
            """)
        #expect(TestSupport.summary(toolbar) == ["3:10: name-clash"])
        // A file with other language errors gets no name-clash on top of them.
        let duplicate = TestSupport.compile("""
            menu Edit "Edit" { item a "A"
              item a "A" }
            menu edit "Edit Too" { item b "B" }
            """)
        #expect(TestSupport.ids(duplicate) == ["duplicate-id"])
    }
}

/// docs/apps.md: every `swift` block type-checks against the generated code
/// of samples/notes.menu, as an app's would.
@Suite("AppsDocumentation", .serialized)
struct AppsDocumentationTests {
    /// The text of the blocks fenced exactly as "```swift".
    static func swiftBlocks(_ markdown: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```swift" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!.joined(separator: "\n") + "\n")
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    @Test func everySwiftBlockCompiles() throws {
        let markdown = try String(contentsOf: TestSupport.packageRoot.appendingPathComponent("docs/apps.md"), encoding: .utf8)
        let blocks = Self.swiftBlocks(markdown)
        #expect(blocks.count >= 3)
        let compilation = Compiler.compile([.path("samples/notes.menu")], options: CompileOptions(), workspace: Workspace(currentDirectory: TestSupport.packageRoot.path))
        let workspace = compilation.workspace
        let file = try #require(compilation.files.first)
        let notes = SwiftBackend.render(file, files: { workspace.file($0) })
        #expect(blocks.contains { $0.contains("import MenuSwiftUI") })
        let adapters = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: adapters) }
        let swiftUI = try Self.buildSwiftUIAdapter(in: adapters)
        try #require(swiftUI.status == 0, "\(swiftUI.output)\(swiftUI.error)")
        for (index, block) in blocks.enumerated() {
            // Each block is the main file of its own little program; one that
            // imports SwiftUI sees the stand-in and the adapter built on it.
            let checked = try GeneratedAPITests.typecheck(["Notes.swift": notes, "main.swift": block], flags: ["-warnings-as-errors", "-I", adapters.path])
            #expect(checked.status == 0, "block \(index + 1) of docs/apps.md:\n\(block)\n\(checked.error)")
        }
    }

    /// The SwiftUI stand-in (Tests/Shims) and MenuSwiftUI built on it, as
    /// modules in `directory`: what an app on an Apple platform imports.
    static func buildSwiftUIAdapter(in directory: URL) throws -> Subprocess.Result {
        let root = TestSupport.packageRoot
        let shim = try Subprocess.run("/usr/bin/env", ["swiftc", "-emit-module", "-parse-as-library", "-module-name", "SwiftUI",
                                                         root.appendingPathComponent("Tests/Shims/SwiftUI.swift").path,
                                                         "-emit-module-path", directory.appendingPathComponent("SwiftUI.swiftmodule").path])
        guard shim.status == 0 else { return shim }
        return try Subprocess.run("/usr/bin/env", ["swiftc", "-emit-module", "-parse-as-library", "-module-name", "MenuSwiftUI",
                                                   "-I", directory.path, "-I", GeneratedAPITests.modules,
                                                   root.appendingPathComponent("Sources/MenuSwiftUI/MenuSwiftUI.swift").path,
                                                   "-emit-module-path", directory.appendingPathComponent("MenuSwiftUI.swiftmodule").path])
    }
}
