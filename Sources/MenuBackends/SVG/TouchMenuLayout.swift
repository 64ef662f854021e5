@_spi(MenuPipeline) import MenuSemantics

/// An iOS and iPadOS menu (a context menu, a pull-down's menu): a rounded
/// panel of 44-point rows in 17-point text, symbols on the trailing side,
/// checkmarks leading, destructive entries in red, thick bands between
/// sections, hairlines between rows. In the small and medium layouts the
/// first entries make a top row of symbols (four, or three with labels).
enum TouchMenuLayout {
    static let textSize = 17
    static let rowHeight = 44
    static let subtitleRowHeight = 58
    static let bandHeight = 8
    static let width = 260
    static let tileHeight = (small: 52, medium: 68)

    /// `layout`: `small`, `medium` or `large`; `title` is shown at the top.
    @discardableResult
    static func draw(_ content: MenuContent, layout: String, title: TextSlice?, x: Int, y: Int, element: Element?,
                     into drawing: inout Drawing) -> Box {
        var lines = content.lines
        var symbolRows = content.symbolRows
        // The small and medium layouts lift the first entries into a row of symbols.
        if layout == "small" || layout == "medium" {
            let count = layout == "small" ? 4 : 3
            var lifted: [MenuContent.Entry] = []
            while lifted.count < count, case .entry(let entry)? = lines.first {
                lifted.append(entry)
                lines.removeFirst()
            }
            if !lifted.isEmpty {
                if case .separator? = lines.first { lines.removeFirst() }
                symbolRows.append(lifted)
                lines.insert(.symbols(row: symbolRows.count - 1, small: layout == "small"), at: 0)
                if !lines.isEmpty, lines.count > 1 { lines.insert(.separator, at: 1) }
            }
        }
        let titleHeight = title == nil ? 0 : 34
        let height = titleHeight + lines.reduce(0) { $0 + TouchMenuLayout.height(of: $1) }
        let panel = Box(x: x, y: y, width: width, height: max(height, rowHeight))
        drawing.open(.menu, element: element)
        drawing.add(.rect(panel, radius: 13, fill: .panel, stroke: .stroke, role: "panel"))
        var top = y
        if let title {
            let shown = drawing.truncated(title, toFit: width - 32, size: 13)
            let text = shown ?? title
            drawing.add(.text(text, x: x + width / 2, y: top + 22, width: drawing.width(text, size: 13),
                              style: TextStyle(size: 13, ink: .secondary, anchor: .middle), full: shown == nil ? nil : title, role: "label"))
            drawing.add(.line(x: x, y: top + titleHeight - 1, width: width, ink: .separator, role: "hair"))
            top += titleHeight
        }
        var previousWasEntry = false
        for line in lines {
            switch line {
            case .separator:
                drawing.add(.rect(Box(x: x + 1, y: top, width: width - 2, height: bandHeight), radius: 0, fill: .gray, stroke: nil, role: "sep"))
                previousWasEntry = false
            case .header(let text):
                let shown = drawing.truncated(text, toFit: width - 32, size: 13)
                drawing.add(.text(shown ?? text, x: x + 16, y: top + 22, width: drawing.width(shown ?? text, size: 13),
                                  style: TextStyle(size: 13, ink: .secondary), full: shown == nil ? nil : text, role: "label"))
                previousWasEntry = false
            case .entry(let entry):
                if previousWasEntry { drawing.add(.line(x: x + 16, y: top, width: width - 16, ink: .separator, role: "hair")) }
                drawRow(entry, top: top, x: x, marks: content.hasMarks, into: &drawing)
                previousWasEntry = true
            case .symbols(let row, let small):
                drawTiles(symbolRows[row], small: small, top: top, x: x, into: &drawing)
                previousWasEntry = false
            }
            top += Self.height(of: line)
        }
        drawing.close()
        return panel
    }

    static func height(of line: MenuContent.Line) -> Int {
        switch line {
        case .entry(let entry): entry.subtitle == nil ? rowHeight : subtitleRowHeight
        case .header: 34
        case .separator: bandHeight
        case .symbols(_, let small): small ? tileHeight.small : tileHeight.medium
        }
    }

    private static func ink(of entry: MenuContent.Entry) -> Ink {
        entry.enabled ? (entry.destructive ? .destructive : .text) : .dimmed
    }

    private static func drawRow(_ entry: MenuContent.Entry, top: Int, x: Int, marks: Bool, into drawing: inout Drawing) {
        let ink = ink(of: entry)
        let rowHeight = entry.subtitle == nil ? rowHeight : subtitleRowHeight
        drawing.open(.row, elementAt: entry.element)
        drawing.add(.rect(Box(x: x, y: top, width: width, height: rowHeight), radius: 0, fill: nil, stroke: nil, role: "rowbox"))
        let labelX = x + (marks ? 40 : 16)
        if let mark = entry.mark { drawing.add(.mark(mark, x: x + 14, y: top + 14, size: 16, ink: ink)) }
        var trailing = x + width - 16
        if entry.submenu {
            drawing.add(.mark(.chevronRight, x: trailing - 14, y: top + (rowHeight - 14) / 2, size: 14, ink: .secondary))
            trailing -= 22
        }
        if let symbol = entry.symbol {
            drawing.add(.symbol(symbol, x: trailing - 20, y: top + (rowHeight - 20) / 2, size: 20, ink: ink))
            trailing -= 28
        }
        let room = trailing - labelX - 4
        let shown = drawing.truncated(entry.label, toFit: room, size: textSize)
        let label = shown ?? entry.label
        let baseline = entry.subtitle == nil ? top + 28 : top + 25
        drawing.add(.text(label, x: labelX, y: baseline, width: drawing.width(label, size: textSize),
                          style: TextStyle(size: textSize, ink: ink), full: shown == nil ? nil : entry.label, role: "label"))
        if let subtitle = entry.subtitle {
            let cut = drawing.truncated(subtitle, toFit: room, size: 13)
            drawing.add(.text(cut ?? subtitle, x: labelX, y: top + 45, width: drawing.width(cut ?? subtitle, size: 13),
                              style: TextStyle(size: 13, ink: .secondary), full: cut == nil ? nil : subtitle, role: "label"))
        }
        drawing.close()
    }

    /// A row of symbol tiles; medium tiles have their label under the symbol.
    private static func drawTiles(_ entries: [MenuContent.Entry], small: Bool, top: Int, x: Int, into drawing: inout Drawing) {
        let tileWidth = width / max(entries.count, 1)
        let tileHeight = small ? tileHeight.small : tileHeight.medium
        for (index, entry) in entries.enumerated() {
            let left = x + index * tileWidth
            let ink = ink(of: entry)
            drawing.open(.row, elementAt: entry.element, title: small ? entry.label : nil)
            drawing.add(.rect(Box(x: left, y: top, width: tileWidth, height: tileHeight), radius: 0, fill: nil, stroke: nil, role: "rowbox"))
            if index > 0 { drawing.add(.rect(Box(x: left, y: top, width: 1, height: tileHeight), radius: 0, fill: .separator, stroke: nil)) }
            let symbolY = small ? top + 16 : top + 12
            let symbol = entry.symbol ?? drawing.text("questionmark" as StaticString)
            drawing.add(.symbol(symbol, x: left + tileWidth / 2 - 10, y: symbolY, size: 20, ink: ink))
            if !small {
                let shown = drawing.truncated(entry.label, toFit: tileWidth - 10, size: 12)
                let label = shown ?? entry.label
                drawing.add(.text(label, x: left + tileWidth / 2, y: top + 54, width: drawing.width(label, size: 12),
                                  style: TextStyle(size: 12, ink: ink, anchor: .middle), full: shown == nil ? nil : entry.label, role: "label"))
            }
            drawing.close()
        }
    }
}
