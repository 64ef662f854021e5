import Foundation
import FoundationXML
import MenuImport
import Testing
@testable import MenuSupport
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
@testable import MenuRules
@testable import MenuBackends
@testable import MenuFormatter
@testable import MenuCompiler
import MenuTestSupport
import CompilerTestSupport

/// `menuc import` on the real Interface Builder files of `Tests/Corpus`:
/// each import compiles without language errors and has the counts of the
/// file's inventory (`Tests/Corpus/InterfaceBuilder/SOURCES.md`, made by
/// `ib_inventory.py`), counted again in the compiled model; every localized
/// title of a strings file appears. `perAppReport` prints what each import
/// carried over and reported.
@Suite(.serialized)
struct ImportCorpusTests {
    static let corpus = TestSupport.packageRoot.appendingPathComponent("Tests/Corpus/InterfaceBuilder")

    /// One row of the inventory table.
    struct Inventory: CustomTestStringConvertible, Sendable {
        var file: String
        var items: Int
        var separators: Int
        var submenus: Int
        var keyEquivalents: Int
        var alternates: Int
        var withState: Int
        var hidden: Int
        var disabled: Int
        var customViews: Int
        var testDescription: String { file }
    }

    static let inventory: [Inventory] = {
        let url = corpus.appendingPathComponent("SOURCES.md")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line -> Inventory? in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 15, cells[0].hasSuffix(".xib") || cells[0].hasSuffix(".storyboard") else { return nil }
            let number = { (index: Int) in Int(cells[index]) ?? -1 }
            return Inventory(file: cells[0], items: number(4), separators: number(5), submenus: number(6), keyEquivalents: number(7),
                             alternates: number(9), withState: number(10), hidden: number(11), disabled: number(12), customViews: number(13))
        }
    }()

    /// The corpus's strings files and the Interface Builder file each localizes.
    static let localized: [(file: String, strings: String)] = [
        ("cuppa/MainMenu.xib", "cuppa/de.lproj/MainMenu.strings"),
        ("macdown/MainMenu.xib", "macdown/ja.lproj/MainMenu.strings"),
        ("rectangle-launcher/Main.storyboard", "rectangle-launcher/de.lproj/Main.strings"),
        ("spectacle/Spectacle.xib", "spectacle/de.lproj/Spectacle.strings"),
    ]

    static func importFile(_ file: String, strings: String? = nil) throws -> MenuImporter.Imported {
        let input = MenuImporter.Input(displayPath: file, bytes: [UInt8](try Data(contentsOf: corpus.appendingPathComponent(file))))
        var localization = MenuImporter.Localization.none
        if let strings {
            localization = .strings(.init(displayPath: strings, bytes: [UInt8](try Data(contentsOf: corpus.appendingPathComponent(strings)))))
        }
        return try MenuImporter.importMenus(from: input, localization: localization).get()
    }

    /// Counts of a compiled `.menu` file, as the inventory counts the Interface Builder file.
    struct ModelCounts: Equatable {
        var items = 0
        var submenus = 0
        var separators = 0
        var shortcuts = 0
        var alternates = 0
        var withState = 0
        var disabled = 0
        var labels: Set<String> = []
    }

    static func modelCounts(_ file: CheckedFile) -> ModelCounts {
        var counts = ModelCounts()
        func visit(_ element: Element) {
            let inMenuBar = element.kind == .menu && element.parent?.kind == .menubar
            switch element.kind {
            case .item, .toggle: counts.items += 1
            case .submenu:
                counts.items += 1
                counts.submenus += 1
            case .menu where inMenuBar:
                counts.items += 1
                counts.submenus += 1
            default: break
            }
            if let label = element.label { counts.labels.insert(label) }
            if element.has(.shortcut) { counts.shortcuts += 1 }
            if element.explicit(.alternate) == .bool(true) { counts.alternates += 1 }
            if element.has(.state) { counts.withState += 1 }
            if element.explicit(.enabled) == .bool(false) { counts.disabled += 1 }
            let children = element.children
            if !children.isEmpty, children.allSatisfy({ $0.kind == .section }) { counts.separators += children.count - 1 }
            for child in children { visit(child) }
        }
        for declaration in file.declarations { visit(declaration) }
        return counts
    }

    @Test("counts equal the inventory's", arguments: ImportCorpusTests.inventory)
    func countsEqualTheInventory(_ row: Inventory) throws {
        let imported = try Self.importFile(row.file)
        let compilation = TestSupport.compile(imported.text, path: row.file + ".menu")
        #expect(!compilation.hasErrors, "\(compilation.diagnostics.first?.message ?? "")")
        let file = try #require(compilation.files.first)
        let model = Self.modelCounts(file)
        let counts = imported.counts
        // What was left out is reported, and counted, so the file's numbers add up.
        #expect(model.items + counts.skippedItems == row.items)
        #expect(model.submenus == row.submenus)
        #expect(model.separators + counts.droppedSeparators == row.separators)
        #expect(model.shortcuts + counts.droppedShortcuts == row.keyEquivalents)
        #expect(model.alternates == row.alternates)
        #expect(model.withState == row.withState)
        #expect(model.disabled == row.disabled)
        #expect(counts.hidden == row.hidden)
        #expect(counts.skippedItems >= row.customViews)
        // The importer's own counts say the same.
        let own: [Int] = [counts.items, counts.submenus, counts.separators, counts.shortcuts, counts.alternates, counts.checkmarks, counts.disabled]
        let counted: [Int] = [model.items, model.submenus, model.separators, model.shortcuts, model.alternates, model.withState, model.disabled]
        #expect(own == counted)
    }

    @Test func theInventoryIsComplete() {
        #expect(Self.inventory.count == 12)
        #expect(Self.inventory.allSatisfy { $0.items > 0 && $0.separators >= 0 && $0.keyEquivalents >= 0 })
    }

    #if canImport(FoundationXML)
    /// The object ids whose titles a menu shows, found with Foundation's
    /// XML parser (not menuc's): every item but a separator, except that
    /// the menu bar shows its menus' titles rather than their items'.
    static func shownTitleIDs(_ file: String) throws -> Set<String> {
        let document = try FoundationXML.XMLDocument(contentsOf: corpus.appendingPathComponent(file))
        var ids = Set<String>()
        func attribute(_ element: FoundationXML.XMLElement, _ name: String) -> String? { element.attribute(forName: name)?.stringValue }
        func children(_ element: FoundationXML.XMLElement, _ name: String) -> [FoundationXML.XMLElement] { element.elements(forName: name) }
        func walk(_ menu: FoundationXML.XMLElement, inMenuBar: Bool) {
            for items in children(menu, "items") {
                for item in children(items, "menuItem") where attribute(item, "isSeparatorItem") != "YES" {
                    let submenu = children(item, "menu").first
                    if inMenuBar, let submenu, let id = attribute(submenu, "id") { ids.insert(id) } else if let id = attribute(item, "id") { ids.insert(id) }
                    if let submenu { walk(submenu, inMenuBar: false) }
                }
            }
        }
        for node in try document.nodes(forXPath: "//menu") {
            guard let menu = node as? FoundationXML.XMLElement, let parent = menu.parent as? FoundationXML.XMLElement else { continue }
            if attribute(menu, "key") == "mainMenu" || attribute(menu, "systemMenu") == "main" {
                walk(menu, inMenuBar: true)
            } else if parent.name == "objects" {
                if let id = attribute(menu, "id"), !(attribute(menu, "title") ?? "").isEmpty { ids.insert(id) }
                walk(menu, inMenuBar: false)
            }
        }
        return ids
    }

    @Test(arguments: ImportCorpusTests.localized.map(\.strings))
    func everyLocalizedTitleAppears(_ strings: String) throws {
        let file = try #require(Self.localized.first { $0.strings == strings }?.file)
        let imported = try Self.importFile(file, strings: strings)
        let compilation = TestSupport.compile(imported.text)
        let labels = Self.modelCounts(try #require(compilation.files.first)).labels
        let shown = try Self.shownTitleIDs(file)
        // The entries as `ib_inventory.py` reads them: `"KEY" = "VALUE";` outside comments.
        let text = try String(contentsOf: Self.corpus.appendingPathComponent(strings), encoding: .utf8)
        let withoutComments = text.replacingOccurrences(of: #"/\*.*?\*/"#, with: "", options: .regularExpression)
        let pattern = try NSRegularExpression(pattern: #""((?:[^"\\]|\\.)*)"\s*=\s*"((?:[^"\\]|\\.)*)"\s*;"#, options: [.dotMatchesLineSeparators])
        var checked = 0
        for match in pattern.matches(in: withoutComments, range: NSRange(withoutComments.startIndex..., in: withoutComments)) {
            guard let keyRange = Range(match.range(at: 1), in: withoutComments), let valueRange = Range(match.range(at: 2), in: withoutComments) else { continue }
            let key = String(withoutComments[keyRange])
            guard key.hasSuffix(".title"), shown.contains(String(key.dropLast(6))) else { continue }
            let value = String(withoutComments[valueRange]).replacingOccurrences(of: "\\t", with: "\t").replacingOccurrences(of: "\\\"", with: "\"")
                .replacingOccurrences(of: "\\n", with: "\n").replacingOccurrences(of: "\\\\", with: "\\")
            #expect(labels.contains(value), "\(strings): \(key) = \"\(value)\" is not a label of the import")
            checked += 1
        }
        #expect(checked >= 20, "\(strings): only \(checked) titles checked")
        #expect(imported.counts.localizedTitles >= checked)
    }
    #endif

    /// What each app's import carried over and reported, as a table (run
    /// `swift test --filter ImportCorpusTests/perAppReport` to see it).
    @Test func perAppReport() throws {
        var lines = [
            "| file | items | submenus | separators | shortcuts | alternates | checkmarks | disabled | dynamic menus | renamed | localized | notes (what was reported) |",
            "|---|---|---|---|---|---|---|---|---|---|---|---|",
        ]
        for row in Self.inventory {
            let strings = Self.localized.first { $0.file == row.file }?.strings
            let imported = try Self.importFile(row.file, strings: strings)
            let counts = imported.counts
            var reasons: [String: Int] = [:]
            for note in imported.notes {
                let kind = note.message.contains("pop-up button") ? "pop-up button menu not imported"
                    : note.message.contains("binding") ? "binding left out"
                    : note.message.hasPrefix("no translation") ? "untranslated title"
                    : note.message.contains("does not have") ? "translation for a missing object" : note.message
                reasons[kind, default: 0] += 1
            }
            let reported = reasons.sorted { $0.key < $1.key }.map { "\($0.value) × \($0.key)" }.joined(separator: "; ")
            lines.append("| \(row.file) | \(counts.items) | \(counts.submenus) | \(counts.separators) | \(counts.shortcuts) | \(counts.alternates) "
                         + "| \(counts.checkmarks) | \(counts.disabled) | \(counts.dynamicMenus) | \(counts.renamed) "
                         + "| \(strings == nil ? "—" : "\(counts.localizedTitles) (\(counts.untranslatedTitles) untranslated)") | \(reported.isEmpty ? "—" : reported) |")
            #expect(counts.items == row.items - counts.skippedItems)
        }
        print(lines.joined(separator: "\n"))
    }
}
