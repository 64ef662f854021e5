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

/// The commands of a menu bar, for a SwiftUI app's `.commands { … }`: each
/// of the bar's standard menus (File, Edit, View, … — ``StandardMenu``)
/// takes the place of SwiftUI's own groups of that menu, and every other
/// menu becomes a `CommandMenu`. Choosing an item calls `perform`.
///
///     WindowGroup { ContentView() }
///         .commands { MenuBarCommands(Notes.menubar, localizer: .bundle()) { (action: Notes.Action) in … } }
///
/// A commands builder can't loop, so the bar's first ten menus are shown
/// (a menu bar with more doesn't fit beside an app's name); give each
/// further menu its own ``MenuCommands``.
public struct MenuBarCommands<Action: RawRepresentable>: Commands where Action.RawValue == String {
    let menus: [MenuElement]
    let localizer: MenuLocalizer
    let perform: (Action) -> Void

    /// The commands of `bar`, its labels through `localizer`.
    public init(_ bar: MenuBarProperties, localizer: MenuLocalizer = .source, perform: @escaping (Action) -> Void) {
        menus = bar.menus
        self.localizer = localizer
        self.perform = perform
    }

    public var body: some Commands {
        menu(0)
        menu(1)
        menu(2)
        menu(3)
        menu(4)
        menu(5)
        menu(6)
        menu(7)
        menu(8)
        menu(9)
    }

    @CommandsBuilder private func menu(_ index: Int) -> some Commands {
        if index < menus.count {
            MenuCommands(menus[index], localizer: localizer, perform: perform)
        } else {
            EmptyCommands()
        }
    }
}

/// The commands of one menu of a menu bar: a standard menu's items replace
/// SwiftUI's groups of that menu (the first group gets them, the others
/// are emptied, as ``StandardMenu/replacedGroups`` lists them); any other
/// menu is a `CommandMenu` of its own.
public struct MenuCommands<Action: RawRepresentable>: Commands where Action.RawValue == String {
    let menu: MenuElement
    let groups: [StandardMenu.CommandGroup]
    let localizer: MenuLocalizer
    let perform: (Action) -> Void

    /// The commands of `menu`, a menu of a menu bar, its labels through `localizer`.
    public init(_ menu: MenuElement, localizer: MenuLocalizer = .source, perform: @escaping (Action) -> Void) {
        self.menu = menu
        groups = StandardMenu(menu)?.replacedGroups ?? []
        self.localizer = localizer
        self.perform = perform
    }

    public var body: some Commands {
        if groups.isEmpty {
            CommandMenu(localizer.label(of: menu) ?? "") {
                MenuContent(menu, localizer: localizer, perform: perform)
            }
        } else {
            // One slot per group a standard menu may replace (`StandardMenu.mostReplacedGroups`).
            group(0)
            group(1)
            group(2)
            group(3)
        }
    }

    @CommandsBuilder private func group(_ index: Int) -> some Commands {
        if index < groups.count {
            CommandGroup(replacing: MenuCommands.placement(groups[index])) {
                if index == 0 { MenuContent(menu, localizer: localizer, perform: perform) }
            }
        } else {
            EmptyCommands()
        }
    }

    /// SwiftUI's placement of each group, by its name.
    static func placement(_ group: StandardMenu.CommandGroup) -> CommandGroupPlacement {
        switch group {
        case .appInfo: .appInfo
        case .appSettings: .appSettings
        case .systemServices: .systemServices
        case .appVisibility: .appVisibility
        case .appTermination: .appTermination
        case .newItem: .newItem
        case .saveItem: .saveItem
        case .importExport: .importExport
        case .printItem: .printItem
        case .undoRedo: .undoRedo
        case .pasteboard: .pasteboard
        case .textEditing: .textEditing
        case .textFormatting: .textFormatting
        case .toolbar: .toolbar
        case .sidebar: .sidebar
        case .windowSize: .windowSize
        case .windowArrangement: .windowArrangement
        case .windowList: .windowList
        case .singleWindowList: .singleWindowList
        case .help: .help
        }
    }
}
#endif
