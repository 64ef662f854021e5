import Foundation
import JSONTestSupport
import MenuModel
import Testing

/// The MenuModel library: its Codable shape is the JSON backend's, and its
/// API answers what apps ask (lookups, actions, shortcuts, toggle labels).
@Suite("MenuModel")
struct MenuModelTests {
    /// The JSON backend's output for every input that compiles, as the
    /// golden tests keep it beside the inputs (they check that it is what
    /// the compiler writes): read the way an app reads menuc's JSON.
    static let documents: [(input: String, json: String)] = {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("MenuCompilerTests/Fixtures")
        let files = FileManager.default.enumerator(at: fixtures, includingPropertiesForKeys: nil)
        var documents: [(input: String, json: String)] = []
        while let url = files?.nextObject() as? URL {
            guard url.lastPathComponent.hasSuffix(".expected.json"), let data = FileManager.default.contents(atPath: url.path) else { continue }
            let relative = String(url.path.dropFirst(fixtures.path.count + 1))
            let stem = String(relative.dropLast(".expected.json".count))
            // Fixtures/samples/NAME mirrors samples/NAME.menu.
            let input = stem.hasPrefix("samples/") ? stem + ".menu" : "Fixtures/" + stem + ".menu"
            documents.append((input, String(decoding: data, as: UTF8.self)))
        }
        return documents.sorted { $0.input < $1.input }
    }()

    static func sample(_ name: String) throws -> MenuDocument {
        let json = try #require(documents.first { $0.input == "samples/\(name).menu" }?.json)
        return try MenuDocument(jsonData: Data(json.utf8))
    }

    @Test func decodingAndReencodingGivesTheBackendsBytes() throws {
        #expect(Self.documents.count >= 10)
        for (input, json) in Self.documents {
            let document = try MenuDocument(jsonData: Data(json.utf8))
            #expect(try document.jsonText() == json, "\(input): the ordered encoding differs from the JSON backend")
            // Foundation's encoder orders keys its own way: compare the parsed values.
            let foundation = try JSONEncoder().encode(document)
            #expect(try JSONTree.parse(foundation) == JSONTree.parse(Data(json.utf8)), "\(input)")
            #expect(try JSONDecoder().decode(MenuDocument.self, from: foundation) == document, "\(input)")
        }
    }

    @Test func numbersKeepTheirForm() throws {
        let element = MenuElement(kind: .button, context: .control, id: "b", idSource: .explicit, path: "b",
                                  properties: ["height": .number(44), "width": .number(10.5), "padding": .number(0.25)])
        let text = try OrderedJSONEncoder().encodeToString(element)
        #expect(text.contains(#""height": 44,"#) && text.contains(#""padding": 0.25,"#) && text.contains(#""width": 10.5"#))
        // Properties come out sorted by name.
        #expect(text.range(of: "height")!.lowerBound < text.range(of: "padding")!.lowerBound)
        let foundation = String(decoding: try JSONEncoder().encode(element), as: UTF8.self)
        #expect(foundation.contains(#""height":44"#) && !foundation.contains("44.0"))
    }

    @Test func lookupsByPathAndWalks() throws {
        let notes = try Self.sample("notes")
        #expect(notes.menuBar?.menus.map(\.id) == ["File", "Edit", "Format", "View", "Window", "Help"])
        let newNote = try #require(notes.element(atPath: "menubar/File/section/newNote"))
        #expect(newNote.label == "New Note" && newNote.action == "newNote")
        #expect(notes[path: "EditNote/toolbar/save"]?.button?.role == .primary)
        #expect(notes[path: "menubar/Nope"] == nil && notes[path: ""] == nil)
        #expect(notes.allElements.count == notes.declarations.map { $0.allElements.count }.reduce(0, +))
        // Depth-first in source order: every element comes after its parent.
        let paths = notes.allElements.map(\.path)
        for (index, path) in paths.enumerated() where path.contains("/") {
            let parent = String(path[..<path.lastIndex(of: "/")!])
            #expect(paths[..<index].contains(parent), "\(path) before its parent")
        }
        #expect(notes.allMenuItems.allSatisfy { $0.isMenuItem })
        #expect(notes.actions.contains("newNote") && notes.actions.contains("undo") && notes.actions == notes.actions.sorted())
        #expect(Set(notes.actions).count == notes.actions.count)
        // Synthetic sections are left out of paths, and lookups look through them.
        #expect(notes.elements(performing: "share").map(\.path) == ["menubar/File/share", "EditNote/more/share"])
        #expect(notes[path: "menubar/File/share"]?.label == "Share…" && notes[path: "menubar/File/section3"]?.kind == .section)
        #expect(notes[path: "menubar/File/section3/share"]?.path == "menubar/File/share")
        #expect(notes.supports(.macOS) && !notes.supports(.watchOS))
        let edit = try #require(notes[path: "menubar/Edit"])
        #expect(edit.origin?.via == .use && edit.origin?.menu == "Edit" && edit.origin?.site?.line == 26)
    }

    @Test func shortcutsHaveDisplayAndKeyEquivalents() throws {
        let notes = try Self.sample("notes")
        let newFolder = try #require(notes[path: "menubar/File/section/newFolder"]?.shortcut)
        #expect(newFolder.display == "⇧⌘N" && newFolder.canonical == "shift+cmd+n")
        #expect(newFolder.keyEquivalent == "n" && newFolder.modifierFlags == [.shift, .command])
        #expect(newFolder.modifierFlags.rawValue == (1 << 17 | 1 << 20))
        #expect(notes.shortcuts.count == 29)
        let zoomIn = try #require(notes[path: "menubar/View/section2/zoomIn"]?.shortcut)
        #expect(zoomIn.display == "⌘+" && zoomIn.keyEquivalent == "+")

        let save = KeyboardShortcut(key: "return", modifiers: [.command, .shift, .command])
        #expect(save.modifiers == [.shift, .command] && save.canonical == "shift+cmd+return" && save.display == "⇧⌘↩")
        #expect(save.keyEquivalent == "\r")
        #expect(KeyboardShortcut(key: "f5", modifiers: [.control, .option]).display == "⌃⌥F5")
        #expect(KeyboardShortcut(key: "f5", modifiers: []).keyEquivalent == "\u{F708}")
        #expect(KeyboardShortcut(key: "up", modifiers: [.command]).keyEquivalent == "\u{F700}")
        #expect(KeyboardShortcut(key: "space", modifiers: [.command]).display == "⌘Space")
        #expect(KeyboardShortcut(key: "n", modifiers: [.shift, .command]) == KeyboardShortcut(key: "n", modifiers: [.command, .shift]))
    }

    @Test func typedViewsReadEachKind() throws {
        let notes = try Self.sample("notes")
        let sidebar = try #require(notes[path: "menubar/View/section/sidebar"]?.toggle)
        #expect(sidebar.isMenuItem && sidebar.state == .on)
        #expect(sidebar.currentLabel == "Hide Sidebar" && sidebar.label(for: sidebar.state.toggled) == "Show Sidebar")
        #expect(notes[path: "menubar/View/section/sidebar"]?.displayLabel == "Hide Sidebar")
        #expect(notes[path: "menubar/Format/styles/body"]?.item?.checkmark == .on)
        #expect(notes[path: "menubar/File/section/newNote"]?.item?.checkmark == nil)
        #expect(notes[path: "menubar/File/section2/exportAsPDF"]?.item?.needsInput == true)
        let folder = try #require(notes[path: "EditNote/folder"]?.popup)
        #expect(folder.options.map(\.id) == ["notes", "work", "recipes", "custom"])
        #expect(folder.defaultOption?.label == "Notes" && !folder.allowsMultipleSelection && folder.symbol == "folder")
        let more = try #require(notes[path: "EditNote/more"]?.pulldown)
        #expect(more.type == .more && more.entries.map(\.id) == ["pin", "lock", "moveToFolder", "share", "delete"])
        #expect(notes[path: "EditNote/more/delete"]?.item?.role == .destructive)
        let view = try #require(notes.declaration("EditNote")?.view)
        #expect(view.presentation == .sheet && view.presentation.isTemporary && view.isEditable && !view.isScrolling)
        #expect(view.controls.map(\.id) == ["cancel", "save", "folder", "more"] && view.toolbarControls.map(\.id) == ["cancel", "save"])
        #expect(notes[path: "EditNote/toolbar/cancel"]?.button?.type == .cancel)
        #expect(notes[path: "EditNote"]?.button == nil && notes[path: "EditNote/folder"]?.menu == nil)

        let checkout = try Self.sample("checkout")
        let placeOrder = try #require(checkout[path: "Checkout/placeOrder"]?.button)
        #expect(placeOrder.style == .filled && placeOrder.size == .large && placeOrder.role == .primary)
        #expect(placeOrder.subtitle == "3 Items" && placeOrder.activityLabel == "Placing Order…" && placeOrder.height == 50)
        #expect(checkout[path: "Checkout/promo"]?.button?.opens == "PromoCode")
        #expect(checkout[path: "Checkout/payment/giftCard"]?.option?.isEnabled == false)

        let workout = try Self.sample("workout")
        let waterLock = try #require(workout[path: "Workout/row/waterLock"]?.toggle)
        #expect(!waterLock.isMenuItem && waterLock.indicator == .background && waterLock.currentLabel == "Lock")

        let photos = try Self.sample("photos")
        #expect(photos[path: "Library/photo"]?.menu?.layout == .small)
        let mail = try Self.sample("mail")
        #expect(mail[path: "messageList"]?.menu?.menuReference == "MessageActions")
        #expect(mail[path: "menubar/Message/section2/moveTo"]?.menu?.isDynamic == true)
    }

}

/// The initializer generated code calls: kind, context and identifier
/// source as one text, properties as a JSON object, the location as
/// `file:line:column`, each decoded into what the typed initializer takes.
@Suite("GeneratedElementInitializer")
struct GeneratedElementInitializerTests {
    @Test func compactArgumentsDecodeToTheTypedElement() {
        let compact = MenuElement("item menu label", id: "newNote", path: "menubar/File/newNote", label: "New Note",
                                  properties: #"{"action": "newNote", "enabled": true, "size": 44, "note": "a \"quoted\" text", "shortcut": {"key": "n", "modifiers": ["shift", "command"]}}"#,
                                  location: "my:menus/notes.menu:11:7")
        let typed = MenuElement(kind: .item, context: .menu, id: "newNote", idSource: .label, path: "menubar/File/newNote", label: "New Note",
                                properties: ["action": .string("newNote"), "enabled": .bool(true), "size": .number(44), "note": .string("a \"quoted\" text"),
                                             "shortcut": .shortcut(KeyboardShortcut(key: "n", modifiers: [.shift, .command]))],
                                location: SourceLocation(file: "my:menus/notes.menu", line: 11, column: 7))
        #expect(compact == typed)
    }

    @Test func leftOutArgumentsAreEmpty() {
        let section = MenuElement("section control synthetic", id: "section2", path: "Bar/section2")
        #expect(section.kind == .section && section.context == .control && section.idSource == .synthetic)
        #expect(section.properties.isEmpty && section.location == nil && section.children.isEmpty)
    }
}
