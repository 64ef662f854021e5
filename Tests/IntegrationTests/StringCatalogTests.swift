import Foundation
import Testing
@testable import MenuSupport
@testable import MenuBackends
@testable import MenuCompiler
import MenuModel
import MenuTestSupport
import CompilerTestSupport

/// `--emit xcstrings` and its merge: a translation, once made, is never lost.
@Suite("StringCatalog", .serialized)
struct StringCatalogTests {
    static let first = """
        platforms macOS 14

        menubar {
          menu File "File" {
            section {
              item newNote "New Note" { shortcut: "cmd+n" }
              item close "Close" { shortcut: "cmd+w" }
            }
            section {
              item export "Export as PDF…" { input: true }
              item remove "Delete Note" { role: destructive; confirm: "Delete this note?" }
            }
          }
          menu View "View" {
            toggle sidebar { on: "Hide Sidebar"; off: "Show Sidebar"; state: on }
          }
        }
        """

    /// Labels reworded, an item added, one removed, a section added.
    static let second = """
        platforms macOS 14

        menubar {
          menu File "File" {
            section {
              item newNote "New Empty Note" { shortcut: "cmd+n" }
              item newFolder "New Folder" { shortcut: "cmd+shift+n" }
            }
            section {
              item close "Close" { shortcut: "cmd+w" }
            }
            section {
              item remove "Delete Note" { role: destructive; confirm: "Delete this note for good?" }
            }
          }
          menu View "View" {
            toggle sidebar { on: "Hide Sidebar"; off: "Show Sidebar"; state: on }
          }
        }
        """

    static func catalog(_ url: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    static func units(_ catalog: [String: Any]) -> [String: [String: (state: String, value: String)]] {
        var result: [String: [String: (String, String)]] = [:]
        for (key, entry) in catalog["strings"] as? [String: Any] ?? [:] {
            for (language, localization) in (entry as? [String: Any])?["localizations"] as? [String: Any] ?? [:] {
                guard let unit = (localization as? [String: Any])?["stringUnit"] as? [String: String] else { continue }
                result[key, default: [:]][language] = (unit["state"] ?? "", unit["value"] ?? "")
            }
        }
        return result
    }

    static func extractionState(_ catalog: [String: Any], _ key: String) -> String? {
        ((catalog["strings"] as? [String: Any])?[key] as? [String: Any])?["extractionState"] as? String
    }

    @Test func emitTranslateEditEmitLosesNoTranslation() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("notes.menu")
        let output = directory.appendingPathComponent("out/notes.xcstrings")
        let cli = CLITests()
        try TestSupport.write(Self.first, to: source)
        #expect(try cli.menuc(["build", "notes.menu", "--emit", "xcstrings", "--out", "out"], in: directory).status == 0)

        // Every string once, keyed by path, with context for the translator.
        var catalog = try Self.catalog(output)
        let emitted = Self.units(catalog)
        #expect(catalog["sourceLanguage"] as? String == "en" && catalog["version"] as? String == "1.0")
        #expect(Set(emitted.keys) == ["menubar/File", "menubar/File/newNote", "menubar/File/close", "menubar/File/export", "menubar/File/remove",
                                      "menubar/File/remove.confirm", "menubar/View", "menubar/View/sidebar.on", "menubar/View/sidebar.off"])
        #expect(emitted["menubar/File/newNote"]?["en"]?.value == "New Note")
        let strings = try #require(catalog["strings"] as? [String: [String: Any]])
        #expect(strings["menubar/File/newNote"]?["comment"] as? String == "Menu item in Menu bar › File › New Note. Shortcut: ⌘N.")

        // A translator adds German and French for every string.
        var translated = strings
        for (key, entry) in strings {
            var localizations = try #require(entry["localizations"] as? [String: Any])
            let english = emitted[key]?["en"]?.value ?? ""
            localizations["de"] = ["stringUnit": ["state": "translated", "value": "DE " + english]]
            localizations["fr"] = ["stringUnit": ["state": "translated", "value": "FR " + english]]
            translated[key]?["localizations"] = localizations
        }
        catalog["strings"] = translated
        try JSONSerialization.data(withJSONObject: catalog).write(to: output)
        let before = Self.units(catalog)

        // The .menu file changes, and the catalog is emitted again.
        try TestSupport.write(Self.second, to: source)
        let again = try cli.menuc(["build", "notes.menu", "--emit", "xcstrings", "--out", "out"], in: directory)
        #expect(again.status == 0, "\(again.error)")
        let merged = try Self.catalog(output)
        let after = Self.units(merged)

        // Not one translation lost: every key and language is still there, with its text.
        for (key, languages) in before {
            for language in ["de", "fr"] {
                #expect(after[key]?[language]?.value == languages[language]?.value, "\(key) lost its \(language) translation")
            }
        }
        // Changed source text: the translations are kept and marked for review.
        #expect(after["menubar/File/newNote"]?["en"]?.value == "New Empty Note")
        #expect(after["menubar/File/newNote"]?["de"]?.state == "needs_review" && after["menubar/File/remove.confirm"]?["fr"]?.state == "needs_review")
        #expect(after["menubar/File/close"]?["de"]?.state == "translated")
        // Removed: stale, not deleted. Added: source language only. Moved between sections: the same key.
        #expect(Self.extractionState(merged, "menubar/File/export") == "stale")
        #expect(Self.extractionState(merged, "menubar/File/close") == "manual")
        #expect(after["menubar/File/newFolder"]?.keys.sorted() == ["en"])

        // Emitting again changes nothing (deterministic, nothing marked twice).
        let unchanged = try Data(contentsOf: output)
        #expect(try cli.menuc(["build", "notes.menu", "--emit", "xcstrings", "--out", "out"], in: directory).status == 0)
        #expect(try Data(contentsOf: output) == unchanged)

        // A file at the output that is no catalog is never replaced.
        try TestSupport.write("[1, 2]", to: output)
        let refused = try cli.menuc(["build", "notes.menu", "--emit", "xcstrings", "--out", "out"], in: directory)
        #expect(refused.status == 2 && refused.error.contains("can't be merged into"), "\(refused.error)")
        #expect(try String(contentsOf: output, encoding: .utf8) == "[1, 2]")
    }

    @Test func labelsResolveThroughTheLocalizationHook() throws {
        let compilation = TestSupport.compile(Self.first)
        let file = try #require(compilation.files.first)
        let entries = StringCatalogBackend.entries(of: file)
        // The German a catalog would give, by the catalog's keys.
        let german = MenuLocalizer.table(Dictionary(uniqueKeysWithValues: entries.map { ($0.key, "DE " + $0.value) }))
        let json = JSONBackend.render(file, files: { compilation.workspace.file($0) })
        let document = try MenuDocument(jsonData: Data(json.utf8))
        let newNote = try #require(document[path: "menubar/File/newNote"]?.item)
        #expect(newNote.label(german) == "DE New Note" && newNote.sourceLabel == "New Note")
        #expect(newNote.label(.source) == "New Note")
        let sidebar = try #require(document[path: "menubar/View/sidebar"]?.toggle)
        #expect(sidebar.label(german) == "DE Hide Sidebar")
        let remove = try #require(document[path: "menubar/File/remove"])
        #expect(german.text("confirm", of: remove) == "DE Delete this note?")
        // Every key the catalog has is one the hook asks for: paths, or paths and a property.
        #expect(entries.allSatisfy { document[path: $0.key.split(separator: ".").first.map(String.init) ?? ""] != nil })
    }
}
