import MenuSupport
import MenuSyntax
import MenuFormatter
import MenuCompiler

/// What an import carried over and what it left out, counted as
/// `Tests/Corpus/ib_inventory.py` counts an Interface Builder file: an
/// item is any menu item but a separator (a menu-bar title, a submenu's
/// item included), so `items + skippedItems` is the file's item count.
package struct ImportCounts: Sendable, Equatable {
    /// The main menu's menus (the menu bar's titles).
    package var menuBarMenus = 0
    /// Top-level menus other than the main one: dock, status item, unreferenced.
    package var otherMenus = 0
    /// Menus of views, written as `contextmenu`.
    package var contextMenus = 0
    /// Items, submenus and menu-bar menus written.
    package var items = 0
    /// Submenus and menu-bar menus written.
    package var submenus = 0
    /// Separators written as breaks between sections.
    package var separators = 0
    package var shortcuts = 0
    package var alternates = 0
    /// Items with a `state:`.
    package var checkmarks = 0
    package var disabled = 0
    package var hidden = 0
    /// Menus marked `dynamic: true`.
    package var dynamicMenus = 0
    package var localizedTitles = 0
    /// Titles the translations had nothing for.
    package var untranslatedTitles = 0
    /// Identifiers numbered because a sibling had them.
    package var renamed = 0
    /// Items left out: custom views, menu-bar items without a menu.
    package var skippedItems = 0
    /// Key equivalents left out: keys the language can't write, or on items that open a menu.
    package var droppedShortcuts = 0
    /// Separators left out (in the menu bar).
    package var droppedSeparators = 0

    package init() {}

    /// One line saying what was carried over, as `menuc import` ends its report.
    package func summary(localized: Bool, notes: Int) -> String {
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        var places: [String] = []
        if menuBarMenus > 0 { places.append("a menu bar of " + count(menuBarMenus, "menu")) }
        if otherMenus > 0 { places.append(count(otherMenus, "other menu")) }
        if contextMenus > 0 { places.append(count(contextMenus, "context menu")) }
        var text = [count(items, "item"), count(submenus, "submenu"), count(separators, "separator"), count(shortcuts, "shortcut"),
                    count(alternates, "alternate")].joined(separator: ", ")
        text += " in " + places.joined(separator: ", ")
        if localized { text += "; \(count(localizedTitles, "localized title")), \(untranslatedTitles) untranslated" }
        return text + "; " + count(notes, "note")
    }
}
