import MenuSupport
import MenuSyntax
import MenuFormatter
import MenuCompiler

/// The menus of an Interface Builder file, as `menuc import` needs them:
/// what `IBReader` found in the XML, before anything is named or written.

/// Which modifier flags a `<modifierMask key="keyEquivalentModifierMask">` sets.
struct IBModifierMask: Equatable, Sendable {
    var control = false
    var option = false
    var shift = false
    var command = false
    /// AppKit's Function flag: the globe (fn) modifier, or part of a function key.
    var function = false
}

struct IBMenuItem: Sendable {
    var objectID: String
    var line: Int
    /// The title as written in the file (the base language).
    var title: String
    var isSeparator = false
    /// The key equivalent's text, decoded (base64 included); "" when none.
    var keyEquivalent = ""
    /// nil when the item has no mask element: AppKit then uses Command.
    var modifierMask: IBModifierMask?
    var state: String?
    var isEnabled = true
    var isHidden = false
    var isAlternate = false
    /// NSUserInterfaceItemIdentifier, when set.
    var identifier: String?
    /// The selector of its action connection, e.g. `performClose:`.
    var action: String?
    var hasCustomView = false
    /// Names of the properties bound with Cocoa bindings (`hidden`, `enabled`, …).
    var bindings: [String] = []
    var image: String?
    var toolTip: String?
    var hasAttributedTitle = false
    var indentationLevel = 0
    var submenu: IBMenu?
}

struct IBMenu: Sendable {
    var objectID: String
    var line: Int
    var title: String
    /// `systemMenu`: main, apple, services, recentDocuments, window, font, help.
    var systemMenu: String?
    /// A delegate outlet: the app fills or updates it at run time.
    var hasDelegate = false
    var items: [IBMenuItem] = []
}

/// A menu that is not inside another: the main menu, or one the app
/// shows itself (dock, status item, a view's context menu).
struct IBTopLevelMenu: Sendable {
    enum Role: Sendable, Equatable {
        case main
        /// The application's `dockMenu` outlet.
        case dock
        /// A view's `menu`: a context menu; the view's element name.
        case contextMenu(view: String)
        /// Other outlets that point at it (`statusMenu`, `menuBarMenu`, …), sorted.
        case outlets([String])
        /// Nothing in the file refers to it.
        case unreferenced
    }

    var role: Role
    var menu: IBMenu
}

struct IBDocument: Sendable {
    enum Layout: Sendable {
        case xib
        case storyboard
    }

    var layout: Layout
    /// The main menu first, then the others in file order.
    var menus: [IBTopLevelMenu]
    /// Every object id in the file, to tell a translation for another kind
    /// of object from one for an object the file lacks.
    var objectIDs: Set<String>
}
