import Foundation

/// Generates realistic `.menu` corpora deterministically (same seed, same
/// bytes), and the same menus in blueprint-compiler's language so the peer
/// compiles equivalent input.
struct CorpusGenerator {
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
        mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }
    }

    static let verbs = ["Open", "Close", "Save", "Export", "Import", "Share", "Duplicate", "Rename", "Move", "Copy", "Paste",
                        "Archive", "Print", "Find", "Show", "Hide", "Sort", "Filter", "Group", "Pin", "Lock", "Mark", "Send", "Reply"]
    static let nouns = ["Document", "Folder", "Note", "Photo", "Album", "Message", "Project", "Layer", "Page", "Window", "Tab",
                        "Link", "Comment", "Contact", "Event", "Reminder", "Playlist", "Song", "Board", "Card"]
    static let symbols = ["doc", "folder", "square.and.arrow.up", "trash", "pin", "lock", "star", "flag", "tag", "paperclip", "link", "bell"]
    static let keys = Array("abcdefghijklmnopqrstuvwxyz0123456789")

    /// One item of the model both languages are generated from.
    struct Item {
        var id: String
        var label: String
        var symbol: String?
        var shortcut: String?
        var action: String
        var input: Bool
    }

    struct Menu {
        var id: String
        var title: String
        var doc: String
        var sections: [[Item]]
        var submenu: (id: String, title: String, items: [Item])?
    }

    var random: Random
    private var counter = 0

    init(seed: UInt64) { random = Random(state: seed) }

    mutating func makeItem(shortcuts: inout Set<String>) -> Item {
        counter += 1
        let verb = random.pick(Self.verbs)
        let noun = random.pick(Self.nouns)
        let input = random.below(6) == 0
        var shortcut: String?
        if random.below(3) == 0 {
            let candidate = (random.below(2) == 0 ? "cmd+" : "cmd+shift+") + String(random.pick(Self.keys))
            if shortcuts.insert(candidate).inserted { shortcut = candidate }
        }
        return Item(id: "i\(counter)", label: "\(verb) \(noun)\(input ? "…" : "")", symbol: random.below(2) == 0 ? random.pick(Self.symbols) : nil,
                    shortcut: shortcut, action: "\(verb.lowercased())\(noun)\(counter)", input: input)
    }

    mutating func makeMenu(index: Int) -> Menu {
        var shortcuts = Set<String>()
        let sections = (0..<(2 + random.below(2))).map { _ in (0..<(2 + random.below(3))).map { _ in makeItem(shortcuts: &shortcuts) } }
        var submenu: (String, String, [Item])?
        if random.below(2) == 0 {
            submenu = ("sub\(index)", "Sort By", (0..<(2 + random.below(3))).map { _ in makeItem(shortcuts: &shortcuts) })
        }
        return Menu(id: "Menu\(index)", title: "\(random.pick(Self.nouns)) \(index)", doc: "Commands for \(random.pick(Self.nouns).lowercased()) number \(index).",
                    sections: sections, submenu: submenu)
    }

    static func menuText(_ item: Item) -> String {
        var properties = ["action: \(item.action)"]
        if let symbol = item.symbol { properties.append("symbol: \"\(symbol)\"") }
        if let shortcut = item.shortcut { properties.append("shortcut: \"\(shortcut)\"") }
        if item.input { properties.append("input: true") }
        return "item \(item.id) \"\(item.label)\" { \(properties.joined(separator: "; ")) }"
    }

    static func menuText(_ menu: Menu) -> String {
        var lines = ["/// \(menu.doc)", "menu \(menu.id) \"\(menu.title)\" {"]
        for section in menu.sections {
            lines.append("  section {")
            lines += section.map { "    " + menuText($0) }
            lines.append("  }")
        }
        if let submenu = menu.submenu {
            lines.append("  submenu \(submenu.id) \"\(submenu.title)\" {")
            lines += submenu.items.map { "    " + menuText($0) }
            lines.append("  }")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    static func blueprintText(_ item: Item) -> String {
        var parts = ["label: _(\"\(item.label)\");", "action: \"app.\(item.action)\";"]
        if let symbol = item.symbol { parts.append("icon: \"\(symbol)\";") }
        if let shortcut = item.shortcut {
            let accel = shortcut.replacingOccurrences(of: "cmd+shift+", with: "<primary><shift>").replacingOccurrences(of: "cmd+", with: "<primary>")
            parts.append("accel: \"\(accel)\";")
        }
        return "item { \(parts.joined(separator: " ")) }"
    }

    static func blueprintText(_ menu: Menu) -> String {
        var lines = ["menu \(menu.id) {"]
        for section in menu.sections {
            lines.append("  section {")
            lines += section.map { "    " + blueprintText($0) }
            lines.append("  }")
        }
        if let submenu = menu.submenu {
            lines.append("  submenu {")
            lines.append("    label: _(\"\(submenu.title)\");")
            lines += submenu.items.map { "    " + blueprintText($0) }
            lines.append("  }")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A view with a toolbar, a popup and a pull-down, so controls are exercised too.
    static func viewText(index: Int) -> String {
        """
        /// Editing sheet number \(index).
        view Sheet\(index) "Edit Item \(index)" {
          presentation: sheet
          toolbar {
            button cancel "Cancel" { role: cancel }
            button done "Done" { role: primary; style: filled }
          }
          popup kind "Kind" {
            default: plain
            option plain "Plain"
            option rich "Rich"
          }
          pulldown more "More" {
            symbol: "ellipsis.circle"
            item pin "Pin Item" { symbol: "pin" }
            item duplicate "Duplicate Item" { symbol: "plus.square.on.square" }
            item archive "Archive Item" { symbol: "archivebox" }
          }
        }

        """
    }

    /// One file of about `size` bytes, and its blueprint twin.
    mutating func file(size: Int, platforms: String = "platforms macOS 14") -> (menu: String, blueprint: String, menus: Int) {
        var menu = [platforms, ""]
        var blueprint = ["using Gtk 4.0;", ""]
        var bytes = platforms.utf8.count + 1
        var index = 0
        while bytes < size {
            index += 1
            let model = makeMenu(index: index)
            let text = Self.menuText(model)
            menu.append(text)
            blueprint.append(Self.blueprintText(model))
            bytes += text.utf8.count + 1
            if index % 10 == 0 {
                let view = Self.viewText(index: index)
                menu.append(view)
                bytes += view.utf8.count + 1
            }
        }
        return (menu.joined(separator: "\n"), blueprint.joined(separator: "\n"), index)
    }

    /// `count` files of about `size` bytes in folders of ten; each file
    /// imports its folder's shared file, as feature folders do.
    mutating func manyFiles(count: Int, size: Int, into directory: URL) throws {
        let fileManager = FileManager.default
        for index in 0..<count {
            let folder = directory.appendingPathComponent("feature\(index / 10)")
            try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
            if index % 10 == 0 {
                let shared = "/// Shared menus of this feature.\nmenu Shared\(index / 10) \"Shared\" {\n  item refresh \"Refresh\" { action: refresh }\n  item info \"Get Info\" { action: info }\n}\n"
                try Data(shared.utf8).write(to: folder.appendingPathComponent("shared.menu"))
            }
            var body = file(size: size).menu
            body = "import \"shared.menu\"\n" + body + "\nmenu Uses\(index) \"Uses\" {\n  use Shared\(index / 10)\n}\n"
            try Data(body.utf8).write(to: folder.appendingPathComponent("file\(index).menu"))
        }
    }

    /// The many-files corpus `--many` measures: 2,000 files of ~20 KB and a
    /// default `menuc.json`, always the same bytes.
    static func writeManyFilesCorpus(into directory: URL) throws {
        var generator = CorpusGenerator(seed: 99)
        try generator.manyFiles(count: 2_000, size: 20_000, into: directory)
        try Data("{}".utf8).write(to: directory.appendingPathComponent("menuc.json"))
    }
}
