import MenuSupport
import MenuSyntax
import MenuFormatter
import MenuCompiler

/// Finds the menus of an Interface Builder document (XIB or storyboard)
/// and reads them into `IBMenu`s.
///
/// The two layouts differ only in where the main menu sits: a XIB has
/// `<menu systemMenu="main">` in `<objects>`, a storyboard has `<menu
/// key="mainMenu">` inside `<application>` in a scene's `<objects>`. Other
/// menus directly in an `<objects>` are the app's own (dock, status item,
/// context menus), known only by the outlets that point at them. A menu
/// inside a view's cell belongs to a control (a pop-up button) and is not
/// a menu people open from the menu bar: it is reported and left out.
enum IBReader {
    struct Failure: Error, Sendable {
        var line: Int?
        var message: String
    }

    static func read(_ xml: XMLDocument, notes: inout [ImportNote]) throws(Failure) -> IBDocument {
        let root = xml.root
        guard root.name == "document" else {
            throw Failure(line: root.line, message: "not an Interface Builder document: its root element is <\(TextEscaping.visible(root.name))>, not <document>")
        }
        let type = root.attribute("type") ?? ""
        let layout: IBDocument.Layout = type.contains("Storyboard") ? .storyboard : .xib
        if let runtime = root.attribute("targetRuntime"), !runtime.hasPrefix("MacOSX") {
            notes.append(ImportNote(.interfaceBuilder, line: root.line,
                                    "the file is for \(TextEscaping.visible(runtime)), not macOS; its menus are read as macOS menus"))
        }
        let elements = root.descendants
        var objectIDs = Set<String>()
        // Outlets by destination: what points at each object.
        var outlets: [String: [(property: String, owner: XMLElement)]] = [:]
        for element in elements {
            if let id = element.attribute("id") { objectIDs.insert(id) }
            guard element.name == "outlet", let destination = element.attribute("destination"),
                  let owner = element.parent?.parent else { continue }
            outlets[destination, default: []].append((element.attribute("property") ?? "", owner))
        }
        var main: IBTopLevelMenu?
        var others: [IBTopLevelMenu] = []
        for element in elements where element.name == "menu" {
            guard let parent = element.parent, parent.name != "menuItem" else { continue }
            if element.attribute("key") == "mainMenu" || element.attribute("systemMenu") == "main" {
                guard main == nil else {
                    notes.append(ImportNote(.interfaceBuilder, line: element.line, "a second main menu; only the first is imported"))
                    continue
                }
                main = IBTopLevelMenu(role: .main, menu: menu(element, notes: &notes))
            } else if parent.name == "objects" {
                let pointing = outlets[element.attribute("id") ?? ""] ?? []
                let role: IBTopLevelMenu.Role
                if pointing.contains(where: { $0.property == "dockMenu" }) {
                    role = .dock
                } else if let view = pointing.first(where: { $0.property == "menu" && isView($0.owner) }) {
                    role = .contextMenu(view: view.owner.name)
                } else if !pointing.isEmpty {
                    role = .outlets(Array(Set(pointing.map(\.property))).sorted())
                } else {
                    role = .unreferenced
                }
                others.append(IBTopLevelMenu(role: role, menu: menu(element, notes: &notes)))
            } else if element.attribute("key") == "menu", isView(parent), !parent.name.hasSuffix("Cell") {
                others.append(IBTopLevelMenu(role: .contextMenu(view: parent.name), menu: menu(element, notes: &notes)))
            } else {
                let what = parent.name.hasPrefix("popUpButton") ? "a pop-up button's menu" : "a menu inside <\(TextEscaping.visible(parent.name))>"
                notes.append(ImportNote(.interfaceBuilder, line: element.line,
                                        "\(what) is not imported: menuc import reads the menus people open, not the controls that hold them"))
            }
        }
        return IBDocument(layout: layout, menus: (main.map { [$0] } ?? []) + others, objectIDs: objectIDs)
    }

    /// Whether an outlet's owner (or a menu's parent) is a view: the
    /// objects that are not are the app's delegate and controllers, the
    /// application, windows and a scene's placeholders.
    private static func isView(_ element: XMLElement) -> Bool {
        !["customObject", "application", "objects", "document", "scene", "window", "viewController", "windowController",
          "menu", "menuItem", "userDefaultsController", "arrayController", "objectController", "dictionaryController",
          "treeController"].contains(element.name)
    }

    private static func menu(_ element: XMLElement, notes: inout [ImportNote]) -> IBMenu {
        var menu = IBMenu(objectID: element.attribute("id") ?? "", line: element.line,
                          title: title(of: element, notes: &notes), systemMenu: element.attribute("systemMenu"))
        if let connections = element.child("connections") {
            menu.hasDelegate = connections.children.contains { $0.name == "outlet" && $0.attribute("property") == "delegate" }
        }
        for child in element.child("items")?.children ?? [] where child.name == "menuItem" {
            menu.items.append(item(child, notes: &notes))
        }
        return menu
    }

    private static func item(_ element: XMLElement, notes: inout [ImportNote]) -> IBMenuItem {
        var item = IBMenuItem(objectID: element.attribute("id") ?? "", line: element.line, title: title(of: element, notes: &notes))
        item.isSeparator = element.attribute("isSeparatorItem") == "YES"
        item.keyEquivalent = keyEquivalent(of: element, notes: &notes)
        if let mask = element.child("modifierMask", key: "keyEquivalentModifierMask") {
            item.modifierMask = IBModifierMask(control: mask.attribute("control") == "YES", option: mask.attribute("option") == "YES",
                                               shift: mask.attribute("shift") == "YES", command: mask.attribute("command") == "YES",
                                               function: mask.attribute("function") == "YES")
        }
        item.state = element.attribute("state")
        item.isEnabled = element.attribute("enabled") != "NO"
        item.isHidden = element.attribute("hidden") == "YES"
        item.isAlternate = element.attribute("isAlternate") == "YES"
        item.identifier = element.attribute("identifier")
        item.image = element.attribute("image")
        item.toolTip = element.attribute("toolTip")
        item.indentationLevel = Int(element.attribute("indentationLevel") ?? "") ?? 0
        for child in element.children {
            switch (child.name, child.attribute("key")) {
            case ("connections", _):
                for connection in child.children {
                    if connection.name == "action", let selector = connection.attribute("selector") { item.action = selector }
                    if connection.name == "binding" { item.bindings.append(connection.attribute("name") ?? "?") }
                }
            case ("menu", "submenu"):
                item.submenu = menu(child, notes: &notes)
            case ("attributedString", "attributedTitle"):
                item.hasAttributedTitle = !child.children.isEmpty
            case (_, "view"):
                item.hasCustomView = true
            default:
                break
            }
        }
        return item
    }

    /// The `title` attribute, or a `<string key="title">` child (which
    /// Interface Builder writes for titles an attribute can't hold well,
    /// such as one starting with a tab).
    private static func title(of element: XMLElement, notes: inout [ImportNote]) -> String {
        if let title = element.attribute("title") { return title }
        guard let child = element.child("string", key: "title") else { return "" }
        return stringValue(child, what: "title", notes: &notes) ?? ""
    }

    /// The `keyEquivalent` attribute, or a `<string key="keyEquivalent">`
    /// child (base64 for characters an attribute can't hold, such as ↩).
    private static func keyEquivalent(of element: XMLElement, notes: inout [ImportNote]) -> String {
        if let key = element.attribute("keyEquivalent"), !key.isEmpty { return key }
        guard let child = element.child("string", key: "keyEquivalent") else { return "" }
        return stringValue(child, what: "key equivalent", notes: &notes) ?? ""
    }

    /// A `<string>`'s text, decoded when it says `base64-UTF8="YES"`.
    private static func stringValue(_ element: XMLElement, what: String, notes: inout [ImportNote]) -> String? {
        guard element.attribute("base64-UTF8") == "YES" else { return element.text }
        guard let bytes = Base64.decode(element.text), isUTF8(bytes) else {
            notes.append(ImportNote(.interfaceBuilder, line: element.line, "the \(what) is marked base64 but is not base64-encoded UTF-8; it is left out"))
            return nil
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether bytes are UTF-8 (control characters allowed: key equivalents are often one).
    private static func isUTF8(_ bytes: [UInt8]) -> Bool {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}
