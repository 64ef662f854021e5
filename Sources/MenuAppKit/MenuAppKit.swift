// AppKit menus from the model: a thin translation of MenuModel's
// presentation layer (every decision is made and tested there).
#if canImport(AppKit)
import AppKit
import MenuModel

/// Builds `NSMenu`s from menuc's model.
///
/// Each item's action is the app's `action` selector on `target`; the item
/// carries its `Action` raw value (`representedObject`) and its path
/// (`identifier`), so one action method serves every item:
///
///     @objc func perform(_ sender: NSMenuItem) {
///         guard let action = MenuAppKit.action(of: sender, as: Notes.Action.self) else { return }
///         switch action { … }
///     }
///
/// Menu validation (`validateMenuItem(_:)`) reads the same two values to
/// decide enabled state and checkmarks while the app runs.
@MainActor
public enum MenuAppKit {
    /// The app's main menu from a menu bar: one item with a submenu per menu.
    public static func mainMenu(for menuBar: MenuBarProperties, localizer: MenuLocalizer = .source,
                                target: AnyObject?, action: Selector) -> NSMenu {
        let main = NSMenu(title: "")
        for menu in menuBar.menus {
            let item = NSMenuItem(title: localizer.label(of: menu) ?? "", action: nil, keyEquivalent: "")
            item.submenu = self.menu(for: menu, localizer: localizer, target: target, action: action)
            main.addItem(item)
        }
        return main
    }

    /// A menu, submenu or context menu with its items, sections (separators
    /// between them, titled sections as headers) and submenus.
    public static func menu(for element: MenuElement, localizer: MenuLocalizer = .source,
                            target: AnyObject?, action: Selector) -> NSMenu {
        let menu = NSMenu(title: localizer.label(of: element) ?? "")
        add(ElementPresentation.children(of: element), to: menu, localizer: localizer, target: target, action: action)
        return menu
    }

    private static func add(_ entries: [ElementPresentation], to menu: NSMenu, localizer: MenuLocalizer,
                            target: AnyObject?, action: Selector) {
        for entry in entries {
            switch entry.role {
            case .section(let style):
                if style.separatorBefore { menu.addItem(NSMenuItem.separator()) }
                if let title = style.title, #available(macOS 14, *) {
                    menu.addItem(NSMenuItem.sectionHeader(title: localizer.localize(entry.element.path, title)))
                }
                add(ElementPresentation.children(of: entry.element), to: menu, localizer: localizer, target: target, action: action)
            case .command, .toggle, .option:
                menu.addItem(item(for: entry, localizer: localizer, target: target, action: action))
            case .submenu:
                let item = self.item(for: entry, localizer: localizer, target: nil, action: nil)
                item.submenu = self.menu(for: entry.element, localizer: localizer, target: target, action: action)
                menu.addItem(item)
            case .other:
                break
            }
        }
    }

    /// One item: title, key equivalent and modifier mask, state, enabled,
    /// alternate, SF Symbol, and the action and path it carries.
    public static func item(for entry: ElementPresentation, localizer: MenuLocalizer = .source,
                            target: AnyObject?, action: Selector?) -> NSMenuItem {
        let shortcut = entry.element.shortcut
        let item = NSMenuItem(title: localizer.label(of: entry.element) ?? "", action: action,
                              keyEquivalent: shortcut?.appKitKeyEquivalent ?? "")
        if let shortcut { item.keyEquivalentModifierMask = NSEvent.ModifierFlags(rawValue: shortcut.appKitModifierMask) }
        item.target = target
        item.representedObject = entry.element.performedAction
        item.identifier = NSUserInterfaceItemIdentifier(rawValue: entry.element.path)
        item.state = NSControl.StateValue(rawValue: entry.appKitState)
        item.isEnabled = entry.isEnabled
        item.isAlternate = entry.element.item?.isAlternate ?? false
        if let symbol = entry.element.symbol {
            item.image = NSImage(systemSymbolName: symbol, accessibilityDescription: nil)
        }
        return item
    }

    /// The action a chosen item performs, as the file's `Action` enum.
    public static func action<Action: RawRepresentable>(of item: NSMenuItem, as type: Action.Type) -> Action?
    where Action.RawValue == String {
        (item.representedObject as? String).flatMap(Action.init(rawValue:))
    }

    /// The element behind an item, by the path it carries.
    public static func element(of item: NSMenuItem, in document: MenuDocument) -> MenuElement? {
        item.identifier.flatMap { document[path: $0.rawValue] }
    }
}
#endif
