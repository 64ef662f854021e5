// Prints the demo's menu bar from the code MenuBuildPlugin generated out of
// Menus/demo-menus.menu (the `DemoMenus` namespace) and Menus/demo-edit.menu
// (`DemoEdit`).
import MenuModel

/// One line per element, indented by depth; sections become separators.
func lines(of element: MenuElement, depth: Int) -> [String] {
    let indent = String(repeating: "  ", count: depth)
    switch element.kind {
    case .section:
        return ["\(indent)---"] + element.children.flatMap { lines(of: $0, depth: depth) }
    default:
        var line = indent + (element.label ?? element.id)
        if let shortcut = element.shortcut {
            line += String(repeating: " ", count: max(1, 28 - line.count)) + shortcut.display
        }
        return [line] + element.children.flatMap { lines(of: $0, depth: depth + 1) }
    }
}

print("Menu bar of \(DemoMenus.document.file) (\(DemoMenus.document.declarations.count) declaration, Edit menu from \(DemoEdit.document.file)):")
for menu in DemoMenus.menubar.children {
    for line in lines(of: menu, depth: 0) { print(line) }
}
