// Which standard macOS menu a menu bar's menu stands for, and which of the
// groups SwiftUI fills that menu with it takes over: decided here, so the
// SwiftUI adapter only translates names into `CommandGroupPlacement` values.

/// A menu every macOS app's menu bar has (Human Interface Guidelines ›
/// The menu bar), which SwiftUI fills with its own command groups.
///
/// A `.menu` file's menu with one of these names replaces SwiftUI's groups
/// of that menu (`CommandGroup(replacing:)`), so its items are not shown
/// twice; any other menu is a menu of its own (`CommandMenu`).
public enum StandardMenu: String, Sendable, Hashable, CaseIterable {
    case app, file, edit, format, view, window, help

    /// The standard menu `menu` stands for: a menu directly in a menu bar
    /// (its path is `menubar/Name`) whose identifier is the standard
    /// menu's name in any case (`File`, `file`); nil for any other element.
    public init?(_ menu: MenuElement) {
        let parts = menu.path.split(separator: "/")
        guard menu.kind == .menu, parts.count == 2, let standard = StandardMenu(rawValue: menu.id.lowercased()) else { return nil }
        self = standard
    }

    /// One of SwiftUI's standard command groups, by the name of its
    /// `CommandGroupPlacement` (developer.apple.com/documentation/swiftui/commandgroupplacement).
    public enum CommandGroup: String, Sendable, Hashable, CaseIterable {
        case appInfo, appSettings, systemServices, appVisibility, appTermination
        case newItem, saveItem, importExport, printItem
        case undoRedo, pasteboard, textEditing
        case textFormatting
        case toolbar, sidebar
        case windowSize, windowArrangement, windowList, singleWindowList
        case help
    }

    /// The groups the `.menu` file's menu replaces, in the menu's order;
    /// the menu's items go into the first, and the others are emptied.
    ///
    /// Every group of items an app may declare is replaced. The lists the
    /// system keeps up to date stay: Services (`systemServices`) and the
    /// open windows (`windowList`, `singleWindowList`), which a `.menu`
    /// file can't declare.
    public var replacedGroups: [CommandGroup] {
        switch self {
        case .app: [.appInfo, .appSettings, .appVisibility, .appTermination]
        case .file: [.newItem, .saveItem, .importExport, .printItem]
        case .edit: [.undoRedo, .pasteboard, .textEditing]
        case .format: [.textFormatting]
        case .view: [.toolbar, .sidebar]
        case .window: [.windowSize, .windowArrangement]
        case .help: [.help]
        }
    }

    /// The most groups one standard menu replaces: the SwiftUI adapter has
    /// a `CommandGroup` slot for each (a commands builder can't loop).
    public static let mostReplacedGroups = 4
}
