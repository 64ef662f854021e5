import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics
import MenuRules
import MenuFormatter
import MenuCompiler

/// Short descriptions of the language's words, shown in hovers and
/// completion lists. They follow `docs/language.md`.
enum LanguageDocs {
    /// What an element of this kind is, in its context.
    static func summary(of kind: ElementKind, in context: ElementContext) -> String {
        switch kind {
        case .menubar: "The app's menu bar (one per program): holds menus."
        case .menu: "A menu: a menu-bar menu, or a declared menu spliced elsewhere with `use` or `menu:`."
        case .view: "A screen, window, sheet, alert or popover: the context that groups controls."
        case .contextmenu: "A context menu: menu elements shown for a view or a selection."
        case .button: "A button that performs an action or opens a view."
        case .toggle:
            context == .menu
                ? "A changeable-title item: its label switches between `on` and `off` (\"Hide Ruler\" / \"Show Ruler\")."
                : "A toggle button: a button that switches between on and off states."
        case .popup: "A pop-up button: a menu of mutually exclusive options, showing the current one."
        case .pulldown: "A pull-down button: a menu of actions related to the button's purpose."
        case .option: "An option of a pop-up button."
        case .toolbar: "Controls in the window frame (toolbar) rather than in the view's content."
        case .row: "Controls sharing one horizontal space, such as a set of options."
        case .item: "A menu item: performs an action when chosen."
        case .section:
            context == .menu
                ? "A group of menu elements; sections are separated by separators."
                : "A group of options in a pop-up button."
        case .submenu: "A submenu: a nested menu of related items."
        }
    }

    /// How a kind is named with its context, where the keyword is ambiguous.
    static func title(of kind: ElementKind, in context: ElementContext) -> String {
        switch (kind, context) {
        case (.toggle, .menu): "toggle (changeable-title item)"
        case (.toggle, .control): "toggle (toggle button)"
        case (.section, .control): "section (of options)"
        default: kind.rawValue
        }
    }

    /// Where a kind may appear.
    static func placement(of kind: ElementKind) -> String {
        "Belongs in " + Placement.homes(of: kind) + "."
    }

    static let directives: [(word: String, doc: String)] = [
        ("platforms", "Names the platforms the file targets, e.g. `platforms iOS 17, macOS 14`. Without it: iOS, iPadOS and macOS."),
        ("import", "Makes the top-level declarations of another file visible: `import \"shared/edit.menu\"` (relative to this file)."),
    ]

    static let use = "Splices the items of a declared top-level menu here (in a menu bar: adds the menu itself)."

    static let allow = "`@allow(rule-id, …)` silences the named guideline rules on this element and everything inside it. "
        + "An `@allow` that silences nothing is reported (`unused-allow`)."

    static func platform(_ name: String) -> String? {
        switch Platform.Name(rawValue: name) {
        case .iOS?: "iPhone: touch screen, 44-point hit targets."
        case .iPadOS?: "iPad: touch screen (and menu bar with a keyboard attached)."
        case .macOS?: "Mac: menu bar, keyboard shortcuts, pointer."
        case .tvOS?: "Apple TV: focus-driven, no menus of actions in views."
        case .watchOS?: "Apple Watch: no pull-down buttons; round buttons."
        case .visionOS?: "Apple Vision Pro: spatial windows and ornaments."
        case nil: nil
        }
    }

    /// A property value as written in source (plain text: callers escape it).
    static func describe(_ value: Value) -> String {
        describe(value, depth: 0)
    }

    /// Lists nested deeper than this show as `[…]`: a hover has no use for
    /// them, and the recursion stays bounded whatever the file holds.
    private static let describedListDepth = 8

    private static func describe(_ value: Value, depth: Int) -> String {
        switch value {
        case .string(let text): "\"\(text)\""
        case .bool(let flag): flag ? "true" : "false"
        case .number(let text): text
        case .symbol(let name), .reference(let name): name
        case .shortcut(let shortcut): "\(shortcut.display) (\(shortcut.canonical))"
        case .list(let values):
            depth >= describedListDepth ? "[…]" : "[" + values.map { describe($0, depth: depth + 1) }.joined(separator: ", ") + "]"
        }
    }
}
