// The app code menuc is for, end to end: MenuBuildPlugin generated the
// `DemoMenus` namespace from Menus/demo-menus.menu and `DemoEdit` from
// Menus/demo-edit.menu. This reads typed handles, handles every action in
// an exhaustive switch, and prints the menu an AppKit adapter would build,
// with the decisions of MenuModel's presentation layer.
import MenuModel

/// What the app does for each action. No `default`: an item added to the
/// .menu file is a compile error here until it is handled.
func perform(_ action: DemoMenus.Action) -> String {
    switch action {
    case .newNote: "create a note"
    case .exportPDF: "ask where to save the PDF"
    case .closeWindow: "close the window"
    case .undo, .redo: "step through the undo stack"
    case .cut, .copy, .paste: "use the clipboard"
    case .date, .title: "sort the notes"
    }
}

/// One line per menu item, as `NSMenu` would show it: separators between
/// sections, checkmarks, key equivalents and their modifier masks.
func lines(of element: MenuElement, depth: Int) -> [String] {
    var result: [String] = []
    for entry in ElementPresentation.children(of: element) {
        let indent = String(repeating: "  ", count: depth)
        switch entry.role {
        case .section(let style):
            if style.separatorBefore { result.append(indent + "---") }
            result += lines(of: entry.element, depth: depth)
            continue
        case .command, .toggle, .submenu, .option, .other:
            break
        }
        let check = entry.state == .on ? "✓ " : "  "
        var line = indent + check + entry.title
        if let shortcut = entry.element.shortcut {
            line += String(repeating: " ", count: max(1, 30 - line.count)) + shortcut.display
            line += "  (key \"\(shortcut.appKitKeyEquivalent)\", mask 0x\(String(shortcut.appKitModifierMask, radix: 16)))"
        }
        if let action = entry.element.action(DemoMenus.Action.self) { line += "  → " + perform(action) }
        result.append(line)
        if entry.role == .submenu { result += lines(of: entry.element, depth: depth + 1) }
    }
    return result
}

print("Menu bar of \(DemoMenus.document.file) (\(DemoMenus.document.declarations.count) declaration, Edit menu from \(DemoEdit.document.file)):")
for menu in DemoMenus.menubar.menus {
    print(menu.label ?? menu.id)
    for line in lines(of: menu, depth: 1) { print(line) }
}

// Typed handles: no path strings, no optional-chaining through kinds.
let newNote = DemoMenus.MenuBar.File.newNote
print("\(newNote.sourceLabel ?? "") is \(newNote.path), \(newNote.shortcut?.display ?? "no shortcut")")
print("Sort By offers \(DemoMenus.MenuBar.View.sortBy.entries.map { $0.label ?? $0.id }.joined(separator: ", "))")
// A translation the app supplies (here a table; by default the compiled String Catalog of the file).
let german = MenuLocalizer.table(["\(newNote.path)": "Neue Notiz"])
print("In German: \(DemoMenus.label(newNote, localizer: german) ?? "")")
print("Every action: \(DemoMenus.Action.allCases.map(\.rawValue).joined(separator: ", "))")
