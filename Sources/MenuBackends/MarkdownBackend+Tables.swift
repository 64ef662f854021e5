import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// The tables of a Markdown page: menus, controls, pop-up options and the
/// keyboard-shortcut reference. Every cell is escaped text or a code span.
extension MarkdownPage {
    // MARK: - Menus

    /// A menu's items as a table; sections become separator rows and
    /// submenu items are indented under their submenu.
    ///
    /// Rows are written as they are made: menus are most of a page, and
    /// items and submenus (most rows) are written from the store's bytes.
    func writeMenuTable(_ menu: Element, to writer: inout CodeWriter) {
        writer.blankLine()
        guard MarkdownPage.hasMenuRows(menu.children) else { writer.line("*No items.*"); return }
        writeTableHeader(.menu, to: &writer)
        let separatorLine = MarkdownPage.menuSeparatorLine
        writeMenuRows(menu.children, depth: 0, separatorLine: separatorLine, to: &writer)
        writeSpliceNotes(below: menu, to: &writer)
    }

    private static let menuColumns = 7
    private static let menuSeparatorRow = ["———"] + Array(repeating: "", count: menuColumns - 1)
    /// The separator row as `writeRow` writes it, made once: a menu has one
    /// between every two sections, and writing the row's cells each time
    /// took 1,400 instructions.
    private static let menuSeparatorLine: String = {
        var writer = CodeWriter()
        writeRow(menuSeparatorRow, to: &writer)
        return String(writer.text.dropLast())
    }()

    /// Whether `writeMenuRows` writes anything: every child makes a row, a
    /// separator or both, except one unlabeled section with nothing in it.
    private static func hasMenuRows(_ children: ElementChildren) -> Bool {
        guard let first = children.first else { return false }
        return children.count > 1 || first.record.kind != .section || first.label != nil || hasMenuRows(first.children)
    }

    /// `separatorLine`: `menuSeparatorLine`, read once a table (a static
    /// is a `swift_once` call at each read).
    private func writeMenuRows(_ children: ElementChildren, depth: Int, separatorLine: String, to writer: inout CodeWriter) {
        var rowsBefore = false
        var separatorPending = false
        // The item the next alternates replace (see `alternateNote`).
        var replaced: Element?
        for child in children {
            // The kind read once from the record: `Element.kind` is a call into another module.
            let kind = child.record.kind
            let isAlternate = kind == .item && MarkdownPage.isAlternate(child)
            defer { if !isAlternate { replaced = child } }
            let isSection = kind == .section
            if rowsBefore, separatorPending || isSection {
                writer.line(separatorLine)
            }
            separatorPending = isSection
            rowsBefore = true
            switch kind {
            case .section:
                let layout = child.symbol(.layout)
                if child.label != nil || layout != nil {
                    let header = child.label.map { "*" + MarkdownEscaping.text($0) + "*" } ?? ""
                    let note = layout.map { (header.isEmpty ? "" : " ") + "(\($0) layout: a row of symbols)" } ?? ""
                    MarkdownPage.writeFirstCellRow(indent(depth) + header + note, columns: MarkdownPage.menuColumns, to: &writer)
                }
                writeMenuRows(child.children, depth: depth, separatorLine: separatorLine, to: &writer)
            case .submenu:
                writeItemRow(child, depth: depth, to: &writer)
                writeMenuRows(child.children, depth: depth + 1, separatorLine: separatorLine, to: &writer)
            case .item:
                writeItemRow(child, depth: depth, replacing: isAlternate ? replaced : nil, to: &writer)
            default:
                MarkdownPage.writeRow(itemRow(child, depth: depth), to: &writer)
            }
        }
    }

    /// `itemRow` of an item or submenu, written from the store's records
    /// and texts without making the row's strings, in one write. Its nine
    /// columns ask for properties through `ElementProperties`: most are
    /// neither written nor defaulted, and are answered without a look.
    ///
    /// The cells' bytes are ranges of `pieces.cache`: the kept ones (labels,
    /// symbols, shortcuts, defaults) are made first, then the row's own
    /// after them, dropped once the row is written. Written piece by piece,
    /// a row took about 1,900 instructions.
    private func writeItemRow(_ item: Element, depth: Int, replacing replaced: Element? = nil, to writer: inout CodeWriter) {
        let store = item.store
        let record = item.record
        let properties = ElementProperties(record, of: store)
        let pieces = self.pieces
        let cache = pieces.cache
        var label = record.label.exists ? pieces.text(record.label, of: store) : nil
        let shortcut = properties.shortcutIndex.map { pieces.shortcut($0, of: store) }
        let interned = properties.string(.symbol)
        var symbol: Range<Int>?
        if case .interned(let text)? = interned { symbol = pieces.code(text, of: store) }
        // Written symbols are the row's own (below); defaults are kept.
        let role = record.kind != .submenu && !properties.isWritten(.role) && properties.isSet(.role) ? pieces.defaultSymbol(.role, of: record) : nil
        let state = !properties.isWritten(.state) && properties.isSet(.state) ? pieces.defaultSymbol(.state, of: record) : nil
        let asksForInput = properties.flag(.input) == true && !labelEndsWithEllipsis(record, of: store)
        let enabled: StaticString = properties.flag(.enabled) == false ? "no" : "yes"

        let rowStart = cache.count
        defer { cache.truncate(to: rowStart) }
        if label == nil { label = RowPieces.append(to: cache) { cache in store.withIDBytes(of: record) { cache.appendMarkdownText($0) } } }
        let shortcutCell = shortcut ?? RowPieces.append(to: cache) { cache in
            if !properties.isWritten(.shortcut), properties.isSet(.shortcut), let shortcut = item["shortcut"]?.shortcutValue {
                cache.appendString(MarkdownEscaping.text(shortcut.display))
            }
        }
        if case .other(let text)? = interned { symbol = RowPieces.append(to: cache) { $0.appendString(MarkdownEscaping.code(text)) } }
        let roleCell = role ?? RowPieces.append(to: cache) { cache in
            guard record.kind != .submenu, properties.isWritten(.role) else { return }
            properties.withSymbol(.role) { if let role = $0 { cache.append(role) } }
        }
        let stateCell = state ?? RowPieces.append(to: cache) { cache in
            guard properties.isWritten(.state) else { return }
            properties.withSymbol(.state) { if let state = $0 { cache.append(state) } }
        }
        let actionCell = RowPieces.append(to: cache) { cache in writeActionCell(item, properties, to: cache) }
        let alternateCell = replaced.map { replaced in RowPieces.append(to: cache) { $0.appendString(MarkdownPage.alternateNote(item, replacing: replaced)) } }

        let labelCell = label ?? rowStart..<rowStart
        writer.line(room: 64 + 12 * depth + labelCell.count + (alternateCell?.count ?? 0) + shortcutCell.count + (symbol?.count ?? 0) + roleCell.count
                    + stateCell.count + actionCell.count) { row in
            row.put("| ")
            let cellStart = row.position
            for _ in 0..<depth * 2 { row.put("&emsp;") }
            row.put(cache.bytes(labelCell))
            if record.kind == .submenu { row.put(" ▸") }
            if asksForInput { row.put(" (asks for input)") }
            if let alternateCell { row.put(cache.bytes(alternateCell)) }
            if row.position == cellStart { row.put(UInt8(ascii: " ")) }
            MarkdownPage.putCell(cache.bytes(shortcutCell), to: &row)
            MarkdownPage.putCell(symbol.map { cache.bytes($0) }, to: &row)
            MarkdownPage.putCell(cache.bytes(roleCell), to: &row)
            row.put(" | ")
            let checkmark = cache.bytes(stateCell)
            if checkmark.isEmpty {
                row.put(UInt8(ascii: " "))
            } else {
                if checkmark.elementsEqual("on".utf8) { row.put("✓ ") } else if checkmark.elementsEqual("mixed".utf8) { row.put("– ") }
                row.put(checkmark)
            }
            row.put(" | ")
            row.put(enabled)
            MarkdownPage.putCell(cache.bytes(actionCell), to: &row)
            row.put(" |")
        }
    }

    /// Whether an item is an alternate (`item.flag(.alternate) == true`),
    /// read from its written property in place: the default is false.
    private static func isAlternate(_ item: Element) -> Bool {
        guard let stored = item.storedProperty(.alternate) else { return false }
        return stored.kind == .bool && stored.payload != 0
    }

    /// ` — alternate of Close (⌥)`: the item an alternate replaces, and the
    /// modifiers that show it (those it has beyond the replaced item's; ⌥
    /// when neither has a shortcut).
    static func alternateNote(_ item: Element, replacing replaced: Element) -> String {
        let own = item["shortcut"]?.shortcutValue
        let other = replaced["shortcut"]?.shortcutValue
        var modifiers = own?.modifiers.filter { !(other?.modifiers.contains($0) ?? false) } ?? [.option]
        if modifiers.isEmpty { modifiers = own?.modifiers ?? [] }
        let name = replaced.kind == .toggle ? (replaced.string(.off) ?? replaced.label) : replaced.label
        return " — alternate of " + MarkdownEscaping.text(name ?? replaced.id) + (modifiers.isEmpty ? "" : " (" + modifiers.map(\.glyph).joined() + ")")
    }

    /// ` | ` and a cell's bytes, or a space for an empty cell.
    @inline(__always)
    private static func putCell(_ bytes: UnsafeBufferPointer<UInt8>?, to row: inout ByteCursor) {
        row.put(" | ")
        if let bytes, !bytes.isEmpty { row.put(bytes) } else { row.put(UInt8(ascii: " ")) }
    }

    /// `actionCell` of an item or submenu, from its properties.
    private func writeActionCell(_ item: Element, _ properties: ElementProperties, to cache: OutputBuffer) {
        var parts = 0
        properties.withSymbol(.action) { action in
            guard let action else { return }
            cache.appendMarkdownCode(action)
            parts += 1
        }
        if let view = properties.withSymbol(.opens, { $0.map { String(decoding: $0, as: UTF8.self) } }) {
            if parts > 0 { cache.append(", ") }
            cache.appendString("opens " + declarationLink(view))
            parts += 1
        }
        if properties.isSet(.confirm), let question = item.string(.confirm) {
            if parts > 0 { cache.append(", ") }
            cache.appendString("asks “" + MarkdownEscaping.text(question) + "”")
            parts += 1
        }
        // A control's own column shows these (`appendDetails`).
        guard item.kind == .item else { return }
        if properties.isSet(.subtitle), let subtitle = item.string(.subtitle) {
            if parts > 0 { cache.append(", ") }
            cache.appendString("subtitle “" + MarkdownEscaping.text(subtitle) + "”")
            parts += 1
        }
        if properties.isSet(.accessibilityLabel), let name = item.string(.accessibilityLabel) {
            if parts > 0 { cache.append(", ") }
            cache.appendString("VoiceOver “" + MarkdownEscaping.text(name) + "”")
            parts += 1
        }
        if properties.flag(.undoable) == true {
            if parts > 0 { cache.append(", ") }
            cache.append("undoable")
        }
    }

    /// `(item.label ?? "").hasSuffix("…")`, on the label's bytes when what
    /// comes before the "…" is ASCII (a character of its own); otherwise
    /// as characters, since a prepended mark would make one with it.
    private func labelEndsWithEllipsis(_ record: ElementRecord, of store: ModelStore) -> Bool {
        guard record.label.exists else { return false }
        return store.withTextBytes(record.label) { bytes in
            guard bytes.endsWithEllipsisCharacter else { return false }
            if bytes.count == 3 || bytes[bytes.count - 4] < 0x80 { return true }
            return String(decoding: bytes, as: UTF8.self).hasSuffix("…")
        }
    }

    private func itemRow(_ item: Element, depth: Int) -> [String] {
        var label = MarkdownEscaping.text(currentLabel(of: item) ?? item.id)
        if item.kind == .submenu { label += " ▸" }
        if item.bool("input") == true, !(item.label ?? "").hasSuffix("…") { label += " (asks for input)" }
        var state = ""
        if item.kind == .toggle {
            let other = item.symbol("state") == "on" ? item.string("off") : item.string("on")
            state = (item.symbol("state") ?? "off") + (other.map { " (else “" + MarkdownEscaping.text($0) + "”)" } ?? "")
        } else if let checkmark = item.symbol("state") {
            state = (checkmark == "on" ? "✓ " : checkmark == "mixed" ? "– " : "") + checkmark
        }
        return [
            indent(depth) + label,
            item["shortcut"]?.shortcutValue.map { MarkdownEscaping.text($0.display) } ?? "",
            item.string("symbol").map(MarkdownEscaping.code) ?? "",
            item.kind == .submenu ? "" : item.symbol("role") ?? "",
            state,
            item.bool("enabled") == false ? "no" : "yes",
            actionCell(item),
        ]
    }

    /// The label a changeable-title toggle shows in its state; else the label.
    func currentLabel(of element: Element) -> String? {
        guard element.kind == .toggle else { return element.label }
        return (element.symbol("state") == "on" ? element.string("on") : element.string("off")) ?? element.label
    }

    private func actionCell(_ element: Element) -> String {
        var parts: [String] = []
        if let action = element.symbol("action") { parts.append(MarkdownEscaping.code(action)) }
        if let view = element["opens"]?.name { parts.append("opens " + declarationLink(view)) }
        if let question = element.string("confirm") { parts.append("asks “" + MarkdownEscaping.text(question) + "”") }
        return parts.joined(separator: ", ")
    }

    /// Where spliced items came from: one line per `use` or `menu:` below `menu`.
    private func writeSpliceNotes(below menu: Element, to writer: inout CodeWriter) {
        // Most files splice nothing: then there is nothing to look for.
        guard !menu.store.origins.isEmpty else { return }
        // In order of first appearance; the set answers "seen before?" (the
        // list alone made 40,000 spliced menus take seconds).
        var seen: [String] = []
        var seenSet = Set<String>()
        var stack = Array(menu.children.reversed())
        while let element = stack.popLast() {
            if let origin = element.origin, origin != menu.origin {
                // `menu: X` on the table's own element is already in its summary line.
                if origin.via == .menu, menu["menu"]?.name == origin.menu { continue }
                let note = (origin.via == .use ? "`use` " : "`menu:` ") + declarationLink(origin.menu)
                if seenSet.insert(note).inserted { seen.append(note) }
                continue
            }
            stack.append(contentsOf: element.children.reversed())
        }
        guard !seen.isEmpty else { return }
        writer.blankLine()
        writer.line("Items spliced in: " + seen.joined(separator: ", ") + ".")
    }

    // MARK: - Views and controls

    func writeView(_ view: Element, to writer: inout CodeWriter) {
        let controls = view.children.filter { $0.kind != .contextmenu }
        if !controls.isEmpty { writeControlTable(controls, to: &writer) }
        writeControlDetails(view.children, to: &writer)
    }

    /// Controls as a table; toolbars and rows become headed groups.
    func writeControlTable(_ elements: some Collection<Element>, to writer: inout CodeWriter) {
        writer.blankLine()
        writeTableHeader(.controls, to: &writer)
        writeControlRows(elements, depth: 0, to: &writer)
    }

    private static let controlColumns = 9

    private func writeControlRows(_ elements: some Collection<Element>, depth: Int, to writer: inout CodeWriter) {
        for element in elements {
            switch element.kind {
            case .toolbar, .row:
                let name = element.kind == .toolbar ? "Toolbar" : "Row"
                let heading = indent(depth) + "*" + name + "*" + (element.label.map { ": " + MarkdownEscaping.text($0) } ?? "")
                MarkdownPage.writeFirstCellRow(heading, columns: MarkdownPage.controlColumns, to: &writer)
                writeControlRows(element.children, depth: depth + 1, to: &writer)
            case .contextmenu:
                continue  // shown in its own section
            default:
                writeControlRow(element, depth: depth, to: &writer)
            }
        }
    }

    /// A control's row, in one write from cells in `pieces.cache`, as
    /// `writeItemRow` writes an item's. Its names are asked through
    /// `ElementProperties`: as `[String]` cells from lookups by string
    /// name, the rows were most of a view's cost.
    private func writeControlRow(_ control: Element, depth: Int, to writer: inout CodeWriter) {
        let store = control.store
        let record = control.record
        let properties = ElementProperties(record, of: store)
        let pieces = self.pieces
        let cache = pieces.cache
        // A toggle's label can come from `on:` or `off:` (`currentLabel`).
        var label = record.kind != .toggle && record.label.exists ? pieces.text(record.label, of: store) : nil
        let interned = properties.string(.symbol)
        var symbol: Range<Int>?
        if case .interned(let text)? = interned { symbol = pieces.code(text, of: store) }
        let enabled: StaticString = properties.flag(.enabled) == false ? "no" : "yes"

        let rowStart = cache.count
        defer { cache.truncate(to: rowStart) }
        if label == nil {
            label = RowPieces.append(to: cache) { cache in
                if record.kind == .toggle {
                    cache.appendString(MarkdownEscaping.text(currentLabel(of: control) ?? control.id))
                } else {
                    store.withIDBytes(of: record) { cache.appendMarkdownText($0) }
                }
            }
        }
        let kindCell = RowPieces.append(to: cache) { cache in
            cache.appendString(MarkdownPage.controlKindName(record.kind))
            properties.withSymbol(.type) { type in
                guard let type, !type.elementsEqual("system".utf8) else { return }
                cache.append(" (")
                cache.append(type)
                cache.append(")")
            }
        }
        let roleCell = RowPieces.append(to: cache) { MarkdownPage.appendSymbol(.role, properties, to: $0) }
        let styleCell = RowPieces.append(to: cache) { MarkdownPage.appendSymbol(.style, properties, to: $0) }
        let sizeCell = RowPieces.append(to: cache) { MarkdownPage.appendSymbol(.size, properties, to: $0) }
        if case .other(let text)? = interned { symbol = RowPieces.append(to: cache) { $0.appendString(MarkdownEscaping.code(text)) } }
        let actionCell = RowPieces.append(to: cache) { cache in writeActionCell(control, properties, to: cache) }
        let detailsCell = RowPieces.append(to: cache) { cache in appendDetails(of: control, properties, to: cache) }

        let labelCell = label ?? rowStart..<rowStart
        let cells = labelCell.count + kindCell.count + roleCell.count + styleCell.count + sizeCell.count + (symbol?.count ?? 0) + actionCell.count + detailsCell.count
        writer.line(room: 64 + 12 * depth + cells) { row in
            row.put("| ")
            let cellStart = row.position
            for _ in 0..<depth * 2 { row.put("&emsp;") }
            row.put(cache.bytes(labelCell))
            if row.position == cellStart { row.put(UInt8(ascii: " ")) }
            MarkdownPage.putCell(cache.bytes(kindCell), to: &row)
            MarkdownPage.putCell(cache.bytes(roleCell), to: &row)
            MarkdownPage.putCell(cache.bytes(styleCell), to: &row)
            MarkdownPage.putCell(cache.bytes(sizeCell), to: &row)
            MarkdownPage.putCell(symbol.map { cache.bytes($0) }, to: &row)
            MarkdownPage.putCell(cache.bytes(actionCell), to: &row)
            row.put(" | ")
            row.put(enabled)
            MarkdownPage.putCell(cache.bytes(detailsCell), to: &row)
            row.put(" |")
        }
    }

    /// What the Kind column and the subsections call a control's kind.
    private static func controlKindName(_ kind: ElementKind) -> String {
        switch kind {
        case .popup: "pop-up button"
        case .pulldown: "pull-down button"
        case .toggle: "toggle button"
        default: kind.rawValue
        }
    }

    /// A symbol property's bytes as written or defaulted (nothing when neither).
    private static func appendSymbol(_ name: PropertyName, _ properties: ElementProperties, to cache: OutputBuffer) {
        properties.withSymbol(name) { if let symbol = $0 { cache.append(symbol) } }
    }

    private static let sizeNames: [PropertyName] = [.width, .height, .hitTarget, .padding, .cornerRadius]

    /// The Details cell of a control: what sets it apart, comma-separated.
    /// A name neither written nor defaulted is not looked up (most are).
    private func appendDetails(of control: Element, _ properties: ElementProperties, to cache: OutputBuffer) {
        var parts = 0
        func add(_ part: String) {
            if parts > 0 { cache.append(", ") }
            cache.appendString(part)
            parts += 1
        }
        func value(_ name: PropertyName) -> Value? { properties.isSet(name) ? control[name] : nil }
        if control.kind == .toggle {
            add("state " + (value(.state)?.name ?? "off"))
            if let on = value(.on)?.stringValue { add("on “" + MarkdownEscaping.text(on) + "”") }
            if let off = value(.off)?.stringValue { add("off “" + MarkdownEscaping.text(off) + "”") }
            if let indicator = value(.indicator)?.name { add("indicator " + indicator) }
        }
        if value(.preferred)?.boolValue == true { add("preferred") }
        if let shortcut = value(.shortcut)?.shortcutValue { add("shortcut " + MarkdownEscaping.text(shortcut.display)) }
        if let subtitle = value(.subtitle)?.stringValue { add("subtitle “" + MarkdownEscaping.text(subtitle) + "”") }
        if let name = value(.accessibilityLabel)?.stringValue { add("VoiceOver “" + MarkdownEscaping.text(name) + "”") }
        if value(.undoable)?.boolValue == true { add("undoable") }
        if let layout = value(.layout)?.name { add(layout + " layout") }
        if value(.dynamic)?.boolValue == true { add("dynamic content") }
        if let activity = value(.activity)?.stringValue { add("while busy “" + MarkdownEscaping.text(activity) + "”") }
        if let option = value(.default)?.name { add("default " + MarkdownEscaping.code(option)) }
        if value(.multiple)?.boolValue == true { add("multiple selection") }
        for name in MarkdownPage.sizeNames {
            if let size = value(name), case .number(let text) = size { add("\(name == .hitTarget ? "tap area" : name.text) \(text)") }
        }
        if let title = value(.title)?.stringValue { add("menu title “" + MarkdownEscaping.text(title) + "”") }
    }

    /// Sections for what a control table can't show: the options of pop-ups,
    /// the menus of pull-downs and the context menus, in source order.
    func writeControlDetails(_ elements: some Collection<Element>, to writer: inout CodeWriter) {
        for element in elements {
            switch element.kind {
            case .toolbar, .row:
                writeControlDetails(element.children, to: &writer)
            case .popup:
                writeSubsection(element, kindName: MarkdownPage.controlKindName(.popup), to: &writer)
                writeOptionTable(element, to: &writer)
            case .pulldown, .contextmenu:
                writeSubsection(element, kindName: element.kind == .pulldown ? MarkdownPage.controlKindName(.pulldown) : "context menu", to: &writer)
                writeMenuTable(element, to: &writer)
            default:
                continue
            }
        }
    }

    private func writeSubsection(_ element: Element, kindName: String, to writer: inout CodeWriter) {
        writer.blankLine()
        writer.line("### " + MarkdownEscaping.text(element.label ?? element.id) + " (\(kindName))")
        writer.blankLine()
        writer.line(summaryLine(of: element))
        writeDoc(element.doc, to: &writer)
    }

    private func writeOptionTable(_ popup: Element, to writer: inout CodeWriter) {
        var rows: [[String]] = []
        let defaultOption = popup["default"]?.name
        for (index, child) in popup.children.enumerated() {
            let options = child.kind == .section ? Array(child.children) : [child]
            if child.kind == .section, index > 0 { rows.append(["———", "", "", ""]) }
            if child.kind == .section, let label = child.label { rows.append(["*" + MarkdownEscaping.text(label) + "*", "", "", ""]) }
            for option in options {
                rows.append([
                    MarkdownEscaping.text(option.label ?? option.id),
                    option.string("symbol").map(MarkdownEscaping.code) ?? "",
                    option.bool("enabled") == false ? "no" : "yes",
                    option.id == defaultOption ? "✓ default" : "",
                ])
            }
        }
        writer.blankLine()
        guard !rows.isEmpty else { writer.line("*No options.*"); return }
        writeTable(header: .options, rows: rows, to: &writer)
    }

    // MARK: - Keyboard shortcuts

    /// Every shortcut of the menu bar, sorted by key, then by modifiers.
    func writeShortcutReference(_ menubar: Element, to writer: inout CodeWriter) {
        var entries: [(shortcut: Shortcut, label: String, menu: String, path: String)] = []
        func collect(_ element: Element, trail: [String]) {
            for child in element.children {
                var childTrail = trail
                if child.kind == .menu || child.kind == .submenu { childTrail.append(title(of: child)) }
                if let shortcut = child["shortcut"]?.shortcutValue {
                    entries.append((shortcut, currentLabel(of: child) ?? child.id, trail.joined(separator: " › "), child.path))
                }
                collect(child, trail: childTrail)
            }
        }
        collect(menubar, trail: [])
        guard !entries.isEmpty else { return }
        entries.sort { a, b in
            if a.shortcut.key != b.shortcut.key { return a.shortcut.key < b.shortcut.key }
            if a.shortcut.modifiers.count != b.shortcut.modifiers.count { return a.shortcut.modifiers.count < b.shortcut.modifiers.count }
            if a.shortcut.canonical != b.shortcut.canonical { return a.shortcut.canonical < b.shortcut.canonical }
            return a.path < b.path
        }
        writer.blankLine()
        writer.line("### Keyboard shortcuts")
        writer.blankLine()
        writeTable(header: .shortcuts, rows: entries.map { entry in
            [MarkdownEscaping.text(entry.shortcut.display), MarkdownEscaping.text(entry.label), MarkdownEscaping.text(entry.menu)]
        }, to: &writer)
    }

    // MARK: - Tables

    private func writeTable(header: TableHeader, rows: [[String]], to writer: inout CodeWriter) {
        writeTableHeader(header, to: &writer)
        for row in rows { MarkdownPage.writeRow(row, to: &writer) }
    }

    private func writeTableHeader(_ header: TableHeader, to writer: inout CodeWriter) {
        writer.line(header.titles)
        writer.line(header.delimiter)
    }

    /// A table's first two rows, made once: a page has a table for every
    /// menu, and joining the titles each time cost more than the rows.
    struct TableHeader {
        let titles: String
        let delimiter: String

        init(_ columns: [String]) {
            titles = "| " + columns.joined(separator: " | ") + " |"
            delimiter = "|" + String(repeating: " --- |", count: columns.count)
        }

        static let menu = TableHeader(["Item", "Shortcut", "Symbol", "Role", "State", "Enabled", "Action"])
        static let controls = TableHeader(["Control", "Kind", "Role", "Style", "Size", "Symbol", "Action", "Enabled", "Details"])
        static let options = TableHeader(["Option", "Symbol", "Enabled", "Default"])
        static let shortcuts = TableHeader(["Shortcut", "Item", "Menu"])
    }

    /// A row written as pieces (cells never hold line breaks; the row ends in '|').
    private static func writeRow(_ row: [String], to writer: inout CodeWriter) {
        writer.beginLine()
        writer.write("| ")
        for (index, cell) in row.enumerated() {
            if index > 0 { writer.write(" | ") }
            writer.write(string: cell.isEmpty ? " " : cell)
        }
        writer.write(" |")
        writer.endLine()
    }

    /// A row whose only filled cell is the first (a group's heading).
    private static func writeFirstCellRow(_ cell: String, columns: Int, to writer: inout CodeWriter) {
        writer.beginLine()
        writer.write("| ")
        writer.write(string: cell.isEmpty ? " " : cell)
        for _ in 1..<columns { writer.write(" |  ") }
        writer.write(" |")
        writer.endLine()
    }

    /// Indentation inside a table cell, where leading spaces are dropped.
    private func indent(_ depth: Int) -> String {
        String(repeating: "&emsp;", count: depth * 2)
    }
}
