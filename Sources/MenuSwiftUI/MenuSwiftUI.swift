// SwiftUI menus from the model: a thin translation of MenuModel's
// presentation layer (every decision is made and tested there).
#if canImport(SwiftUI)
import SwiftUI
import MenuModel

/// The content of a SwiftUI `Menu`, context menu or `CommandMenu`, from a
/// menu of the model: buttons with their keyboard shortcuts (destructive
/// ones with that role), sections separated by dividers, submenus as
/// nested `Menu`s. Choosing a button calls `perform` with the file's `Action`.
///
///     Menu("File") { MenuContent(Notes.MenuBar.file.element) { (action: Notes.Action) in … } }
///     .contextMenu { MenuContent(Notes.EditNote.more.element, perform: handle) }
public struct MenuContent<Action: RawRepresentable>: View where Action.RawValue == String {
    let entries: [ElementPresentation]
    let localizer: MenuLocalizer
    let perform: (Action) -> Void

    /// The content of `menu`, its labels through `localizer`.
    public init(_ menu: MenuElement, localizer: MenuLocalizer = .source, perform: @escaping (Action) -> Void) {
        entries = ElementPresentation.children(of: menu)
        self.localizer = localizer
        self.perform = perform
    }

    public var body: some View {
        ForEach(entries, id: \.element.path) { entry in
            MenuEntry(entry: entry, localizer: localizer, perform: perform)
        }
    }
}

/// One entry of a menu.
struct MenuEntry<Action: RawRepresentable>: View where Action.RawValue == String {
    let entry: ElementPresentation
    let localizer: MenuLocalizer
    let perform: (Action) -> Void

    var title: String { localizer.label(of: entry.element) ?? "" }

    /// The entry as a button: its title (a toggle's current one), its role, enabled or not.
    var button: some View {
        Button(title, role: entry.isDestructive ? .destructive : nil) {
            if let action = entry.element.action(Action.self) { perform(action) }
        }
        .disabled(!entry.isEnabled)
    }

    var body: some View {
        switch entry.role {
        case .section(let style):
            if style.separatorBefore { Divider() }
            MenuContent(entry.element, localizer: localizer, perform: perform)
        case .submenu:
            Menu(title) { MenuContent(entry.element, localizer: localizer, perform: perform) }
        case .command, .toggle, .option:
            if let shortcut = entry.element.shortcut {
                button.keyboardShortcut(KeyEquivalent(shortcut.swiftUIKeyEquivalent), modifiers: EventModifiers(rawValue: shortcut.swiftUIModifiers))
            } else {
                button
            }
        case .other:
            EmptyView()
        }
    }
}
#endif
