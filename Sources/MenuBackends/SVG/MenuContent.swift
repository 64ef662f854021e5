import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// A menu as the pictures draw it: its entries in order, sections turned
/// into separators (or rows of symbols), whatever the platform.
struct MenuContent {
    /// One entry: an item, a toggle, a submenu or a pop-up's option.
    struct Entry {
        /// The label as drawn on one line (`XMLEscaping.shown`).
        var label: String
        var symbol: String?
        /// The shortcut as menus display it, modifiers in Apple's order (⌃⌥⇧⌘).
        var shortcut: String?
        var mark: Mark?
        var enabled = true
        var destructive = false
        var submenu = false
        /// Shown in place of the entry before it while Option is held (macOS).
        var alternate = false
        var subtitle: String?
        /// The element drawn (the preview marks findings by its path).
        var element: Element?
    }

    enum Line {
        case entry(Entry)
        case separator
        /// A section's title (or a menu's).
        case header(String)
        /// A section laid out as a row of symbols (iOS small and medium layouts).
        case symbols([Entry], layout: String)
    }

    var lines: [Line] = []
    /// Whether any entry shows a symbol, a shortcut, a mark, a chevron.
    var hasSymbols = false
    var hasMarks = false
    var hasSubmenus = false

    /// Sections nest at most this deep in a picture; deeper ones are drawn flat.
    private static let depthLimit = 32

    /// The entries of `element` (a menu, a pull-down, a context menu, a
    /// submenu). `checked`: the option a pop-up shows as chosen.
    /// A picture draws at most this many lines of a menu, then says how
    /// many more there are: a menu of thousands (made by `use`) is no
    /// picture anyone reads, and the picture's size stays bounded.
    static let lineLimit = 200

    init(of element: Element, checked: String? = nil) {
        add(children: element.children, checked: checked, depth: 0)
        while case .separator? = lines.last { lines.removeLast() }
        if lines.count > MenuContent.lineLimit {
            let hidden = lines[MenuContent.lineLimit...].reduce(0) { count, line in
                if case .entry = line { return count + 1 }
                return count
            }
            lines.removeSubrange(MenuContent.lineLimit...)
            lines.append(.header("… and \(hidden) more"))
        }
    }

    private mutating func add(children: ElementChildren, checked: String?, depth: Int) {
        for child in children {
            switch child.kind {
            case .section:
                if !lines.isEmpty, !isSeparator(lines.last) { lines.append(.separator) }
                if let title = child.label, !title.isEmpty { lines.append(.header(XMLEscaping.shown(title))) }
                if let layout = child.symbol(.layout), layout != "large", depth == 0 {
                    var entries: [Entry] = []
                    child.forEachMenuEntry { entries.append(entry(for: $0, checked: checked)) }
                    if !entries.isEmpty { lines.append(.symbols(entries, layout: layout)) }
                } else if depth < MenuContent.depthLimit {
                    add(children: child.children, checked: checked, depth: depth + 1)
                }
                if !lines.isEmpty, !isSeparator(lines.last) { lines.append(.separator) }
            case .item, .toggle, .submenu, .option, .button, .popup, .pulldown:
                lines.append(.entry(entry(for: child, checked: checked)))
            case .menu, .menubar, .view, .contextmenu, .toolbar, .row:
                // Not an entry of a menu (reported as misplaced); shown by its label if it has one.
                if let label = child.label { lines.append(.entry(Entry(label: XMLEscaping.shown(label), element: child))) }
            }
        }
    }

    private func isSeparator(_ line: Line?) -> Bool {
        if case .separator? = line { return true }
        return false
    }

    private mutating func entry(for element: Element, checked: String?) -> Entry {
        var entry = Entry(label: XMLEscaping.shown(MenuContent.label(of: element)), element: element)
        entry.symbol = element.string(.symbol)
        entry.shortcut = element[.shortcut]?.shortcutValue?.display
        entry.enabled = element.flag(.enabled) != false
        entry.destructive = element.symbol(.role) == "destructive"
        entry.submenu = element.kind == .submenu
        entry.alternate = element.flag(.alternate) == true
        entry.subtitle = element.string(.subtitle).map(XMLEscaping.shown)
        if element.kind == .option {
            if let checked, element.id == checked { entry.mark = .check }
        } else if element.kind == .toggle {
            // A toggle with two labels changes its title; one without shows a checkmark.
            if !element.has(.on) || !element.has(.off) { entry.mark = element.symbol(.state) == "on" ? .check : nil }
        } else {
            switch element.symbol(.state) {
            case "on": entry.mark = .check
            case "mixed": entry.mark = .mixed
            default: break
            }
        }
        if entry.symbol != nil { hasSymbols = true }
        if entry.mark != nil || element.has(.state) || (element.kind == .option && checked != nil) { hasMarks = true }
        if entry.submenu { hasSubmenus = true }
        return entry
    }

    /// What an element shows as its label: a toggle's label for its state,
    /// else its label, else its accessibility label, else its identifier.
    static func label(of element: Element) -> String {
        if element.kind == .toggle {
            let on = element.symbol(.state) == "on"
            if let label = element.string(on ? .on : .off) { return label }
        }
        return element.label ?? element.string(.accessibilityLabel) ?? element.id
    }
}
