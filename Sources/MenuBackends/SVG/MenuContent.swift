import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// A menu as the pictures draw it: its entries in order, sections turned
/// into separators (or rows of symbols), whatever the platform.
struct MenuContent {
    /// One entry: an item, a toggle, a submenu or a pop-up's option. Its
    /// texts are kept in the drawing the menu is drawn into.
    struct Entry {
        /// The label as drawn on one line (`XMLEscaping.shown`).
        var label: TextSlice
        var symbol: TextSlice?
        /// The shortcut as menus display it, modifiers in Apple's order (⌃⌥⇧⌘).
        var shortcut: TextSlice?
        var mark: Mark?
        var enabled = true
        var destructive = false
        var submenu = false
        /// Shown in place of the entry before it while Option is held (macOS).
        var alternate = false
        var subtitle: TextSlice?
        /// The element drawn, by index in its store (the preview marks findings by its path).
        var element: Int32

        init(label: TextSlice, element: Element) {
            self.label = label
            self.element = Int32(element.index)
        }
    }

    enum Line {
        case entry(Entry)
        case separator
        /// A section's title (or a menu's).
        case header(TextSlice)
        /// A section laid out as a row of symbols (iOS small and medium
        /// layouts): `symbolRows[row]`, in four small tiles or three medium.
        case symbols(row: Int, small: Bool)
    }

    // A line holds no reference (its row of symbols is kept beside the
    // lines): a menu's lines are then freed at once, where lines that held
    // arrays and strings were destroyed one by one for every picture.
    var lines: [Line] = []
    var symbolRows: [[Entry]] = []
    /// Whether any entry shows a symbol, a shortcut, a mark, a chevron.
    var hasSymbols = false
    var hasMarks = false
    var hasSubmenus = false

    /// Sections nest at most this deep in a picture; deeper ones are drawn flat.
    private static let depthLimit = 32

    /// The entries of `element` (a menu, a pull-down, a context menu, a
    /// submenu), their texts kept in `drawing`. `checked`: the option a
    /// pop-up shows as chosen.
    /// A picture draws at most this many lines of a menu, then says how
    /// many more there are: a menu of thousands (made by `use`) is no
    /// picture anyone reads, and the picture's size stays bounded.
    static let lineLimit = 200

    init(of element: Element, checked: Element? = nil, into drawing: inout Drawing) {
        lines.reserveCapacity(Int(element.record.childCount) + 8)
        add(children: element.children, checked: checked, depth: 0, into: &drawing)
        while case .separator? = lines.last { lines.removeLast() }
        if lines.count > MenuContent.lineLimit {
            let hidden = lines[MenuContent.lineLimit...].reduce(0) { count, line in
                if case .entry = line { return count + 1 }
                return count
            }
            lines.removeSubrange(MenuContent.lineLimit...)
            lines.append(.header(drawing.text("… and \(hidden) more")))
        }
    }

    private mutating func add(children: ElementChildren, checked: Element?, depth: Int, into drawing: inout Drawing) {
        for child in children {
            switch child.record.kind {
            case .section:
                if !lines.isEmpty, !isSeparator(lines.last) { lines.append(.separator) }
                if child.record.label.exists {
                    let title = child.record.label
                    let empty = child.store.withTextBytes(title) { $0.isEmpty }
                    if !empty { lines.append(.header(child.store.withTextBytes(title) { drawing.shown($0) })) }
                }
                // nil: large (no row of symbols); else whether it is small.
                let small = ElementProperties(child.record, of: child.store).withSymbol(.layout) { bytes -> Bool? in
                    guard let bytes, !MenuContent.equals(bytes, "large") else { return nil }
                    return MenuContent.equals(bytes, "small")
                }
                if let small, depth == 0 {
                    var entries: [Entry] = []
                    child.forEachMenuEntry { entries.append(entry(for: $0, checked: checked, into: &drawing)) }
                    if !entries.isEmpty {
                        symbolRows.append(entries)
                        lines.append(.symbols(row: symbolRows.count - 1, small: small))
                    }
                } else if depth < MenuContent.depthLimit {
                    add(children: child.children, checked: checked, depth: depth + 1, into: &drawing)
                }
                if !lines.isEmpty, !isSeparator(lines.last) { lines.append(.separator) }
            case .item, .toggle, .submenu, .option, .button, .popup, .pulldown:
                lines.append(.entry(entry(for: child, checked: checked, into: &drawing)))
            case .menu, .menubar, .view, .contextmenu, .toolbar, .row:
                // Not an entry of a menu (reported as misplaced); shown by its label if it has one.
                if child.record.label.exists {
                    let label = child.record.label
                    lines.append(.entry(Entry(label: child.store.withTextBytes(label) { drawing.shown($0) }, element: child)))
                }
            }
        }
    }

    private func isSeparator(_ line: Line?) -> Bool {
        if case .separator? = line { return true }
        return false
    }

    private mutating func entry(for element: Element, checked: Element?, into drawing: inout Drawing) -> Entry {
        let store = element.store
        let record = element.record
        let kind = record.kind
        // Each property is read from the store's record and bytes: through
        // `Element`, every one made a `Value` and most a string.
        let properties = ElementProperties(record, of: store)
        var entry = Entry(label: MenuContent.shownLabel(of: element, into: &drawing), element: element)
        entry.symbol = properties.string(.symbol).map { drawing.text($0, of: store) }
        if properties.isSet(.shortcut) {
            if let index = properties.shortcutIndex {
                entry.shortcut = drawing.shortcutDisplay(index)
            } else if let display = element[.shortcut]?.shortcutValue?.display {
                entry.shortcut = drawing.text(display)
            }
        }
        entry.enabled = properties.flag(.enabled) != false
        entry.destructive = properties.withSymbol(.role) { MenuContent.equals($0, "destructive") }
        entry.submenu = kind == .submenu
        entry.alternate = properties.flag(.alternate) == true
        entry.subtitle = properties.string(.subtitle).map { subtitle in
            switch subtitle {
            case .interned(let id): store.withTextBytes(id) { drawing.shown($0) }
            case .other(let text): drawing.shown(text)
            }
        }
        let state = properties.withSymbol(.state) { bytes -> Mark? in
            if MenuContent.equals(bytes, "on") { return .check }
            if MenuContent.equals(bytes, "mixed") { return .mixed }
            return nil
        }
        if kind == .option {
            if let checked, MenuContent.sameID(element, checked) { entry.mark = .check }
        } else if kind == .toggle {
            // A toggle with two labels changes its title; one without shows a checkmark.
            if !properties.isWritten(.on) || !properties.isWritten(.off) { entry.mark = state == .check ? .check : nil }
        } else {
            entry.mark = state
        }
        if entry.symbol != nil { hasSymbols = true }
        if entry.mark != nil || properties.isWritten(.state) || (kind == .option && checked != nil) { hasMarks = true }
        if entry.submenu { hasSubmenus = true }
        return entry
    }

    /// Whether two elements have the same identifier.
    private static func sameID(_ element: Element, _ other: Element) -> Bool {
        element.store.withIDBytes(of: element.record) { bytes in
            other.store.withIDBytes(of: other.record) { otherBytes in bytes.elementsEqual(otherBytes) }
        }
    }

    /// Whether a symbol's bytes are `text`.
    static func equals(_ bytes: UnsafeBufferPointer<UInt8>?, _ text: StaticString) -> Bool {
        guard let bytes else { return false }
        return bytes.elementsEqual(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
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

    /// `XMLEscaping.shown(label(of: element))`, kept in `drawing`: read
    /// from the store's bytes when it is the label or the identifier.
    static func shownLabel(of element: Element, into drawing: inout Drawing) -> TextSlice {
        let store = element.store
        let record = element.record
        if record.kind == .toggle {
            let on = element.symbol(.state) == "on"
            if let label = element.string(on ? .on : .off) { return drawing.shown(label) }
        }
        if record.label.exists { return store.withTextBytes(record.label) { drawing.shown($0) } }
        if let label = element.string(.accessibilityLabel) { return drawing.shown(label) }
        return store.withIDBytes(of: record) { drawing.shown($0) }
    }
}

extension Drawing {
    /// Keeps a string value of the model as it is.
    mutating func text(_ value: TextValue, of store: ModelStore) -> TextSlice {
        switch value {
        case .interned(let id): store.withTextBytes(id) { text($0) }
        case .other(let string): text(string)
        }
    }
}
