import Foundation
import Testing
@testable import MenuCompiler
import MenuTestSupport

/// The AppKit and UIKit adapters can't be compiled on Linux, where those
/// frameworks don't exist, and on Linux `#if canImport(…)` leaves them out
/// of the package. Here each is type-checked against a test-only stand-in
/// module of the same name (Tests/Shims), which declares exactly the types
/// and signatures the adapter calls, transcribed from Apple's documentation,
/// together with a few lines of app code that call the adapter (so the
/// adapter's body is really compiled, not skipped by its `#if`).
///
/// What this shows: the adapters agree with the documented signatures and
/// with MenuModel. What it can't: that the frameworks behave as documented
/// — that is only seen on Apple platforms.
@Suite("AdapterShims", .serialized)
struct AdapterShimTests {
    static let root = TestSupport.packageRoot

    /// Builds the stand-in module, then type-checks the adapter with the app code.
    static func typecheck(framework: String, adapter: String, app: String) throws -> Subprocess.Result {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let shim = root.appendingPathComponent("Tests/Shims/\(framework).swift").path
        let module = try Subprocess.run("/usr/bin/env", ["swiftc", "-emit-module", "-parse-as-library", "-module-name", framework, shim,
                                                           "-emit-module-path", directory.appendingPathComponent("\(framework).swiftmodule").path])
        guard module.status == 0 else { return module }
        let appFile = directory.appendingPathComponent("App.swift")
        try TestSupport.write(app, to: appFile)
        return try Subprocess.run("/usr/bin/env", ["swiftc", "-typecheck", "-parse-as-library", "-warnings-as-errors", "-module-name", "App",
                                                   "-I", directory.path, "-I", GeneratedAPITests.modules,
                                                   root.appendingPathComponent(adapter).path, appFile.path])
    }

    @Test func appKitAdapterTypeChecksAgainstTheDocumentedAPI() throws {
        let result = try Self.typecheck(framework: "AppKit", adapter: "Sources/MenuAppKit/MenuAppKit.swift", app: """
            import AppKit
            import MenuModel

            enum Action: String { case newNote }

            @MainActor func build(_ bar: MenuBarProperties, _ document: MenuDocument) -> NSMenu {
                let main = MenuAppKit.mainMenu(for: bar, localizer: .table(["menubar/File": "Ablage"]), target: nil, action: Selector("perform:"))
                if let item = main.items.first {
                    _ = MenuAppKit.action(of: item, as: Action.self)
                    _ = MenuAppKit.element(of: item, in: document)
                }
                return main
            }
            """)
        #expect(result.status == 0, "\(result.output)\(result.error)")
    }

    @Test func uiKitAdapterTypeChecksAgainstTheDocumentedAPI() throws {
        let result = try Self.typecheck(framework: "UIKit", adapter: "Sources/MenuUIKit/MenuUIKit.swift", app: """
            import UIKit
            import MenuModel

            enum Action: String { case newNote }

            @MainActor func build(_ menu: MenuElement) -> UIMenu {
                MenuUIKit.menu(for: menu, keyCommand: Selector("perform:")) { (action: Action) in print(action) }
            }
            """)
        #expect(result.status == 0, "\(result.output)\(result.error)")
    }
}

extension AdapterShimTests {
    @Test func swiftUIAdapterTypeChecksAgainstTheDocumentedAPI() throws {
        let result = try Self.typecheck(framework: "SwiftUI", adapter: "Sources/MenuSwiftUI/MenuSwiftUI.swift", app: """
            import SwiftUI
            import MenuModel

            enum Action: String { case newNote }

            @MainActor func content(_ menu: MenuElement) -> some View {
                MenuContent(menu, localizer: .table([:])) { (action: Action) in print(action) }
            }

            @MainActor func commands(_ bar: MenuBarProperties) -> some Commands {
                MenuBarCommands(bar, localizer: .table(["menubar/File": "Ablage"])) { (action: Action) in print(action) }
            }

            @MainActor func fileCommands(_ file: MenuElement) -> some Commands {
                MenuCommands(file) { (action: Action) in print(action) }
            }
            """)
        #expect(result.status == 0, "\\(result.output)\\(result.error)")
    }
}
