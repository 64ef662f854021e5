@_spi(MenuPipeline) import MenuSemantics

/// A macOS menu: a rounded panel of 22-point rows in 13-point text, a
/// column for checkmarks on the left, symbols before the labels, keyboard
/// shortcuts right-aligned in their own column, chevrons for submenus,
/// and separators between sections.
enum MacMenuLayout {
    static let textSize = 13
    static let rowHeight = 22
    static let separatorHeight = 11
    static let inset = 5
    /// Widest a label may be before it is truncated (menus cut at the end).
    static let labelLimit = 320
    static let minimumWidth = 160

    /// Draws `content` with its top-left corner at (`x`, `y`); returns the panel.
    @discardableResult
    static func draw(_ content: MenuContent, x: Int, y: Int, minimumWidth: Int = minimumWidth, element: Element?, into drawing: inout Drawing) -> Box {
        let labelX = 22 + (content.hasSymbols ? 20 : 0)
        var labelWidth = 0
        var keyWidth = 0
        // Each row's label and key are measured once: the columns, the cut
        // and the drawn widths all come from these.
        var measured = [(label: Int, key: Int)](repeating: (0, 0), count: content.lines.count)
        for (index, line) in content.lines.enumerated() {
            switch line {
            case .entry(let entry):
                let label = drawing.width(entry.label, size: textSize)
                let key = entry.shortcut.map { drawing.width($0, size: textSize) } ?? 0
                measured[index] = (label, key)
                labelWidth = max(labelWidth, min(label, labelLimit))
                keyWidth = max(keyWidth, key)
            case .header(let title):
                labelWidth = max(labelWidth, min(drawing.width(title, size: 11, bold: true), labelLimit))
            case .symbols(let row, _):
                labelWidth = max(labelWidth, content.symbolRows[row].count * 28 - labelX + 14)
            case .separator: break
            }
        }
        let trailing = (keyWidth > 0 ? 28 + keyWidth : 0) + (content.hasSubmenus ? 22 : 0) + 14
        let width = max(minimumWidth, labelX + labelWidth + trailing)
        let height = 2 * inset + content.lines.reduce(0) { $0 + MacMenuLayout.height(of: $1) }
        let panel = Box(x: x, y: y, width: width, height: max(height, 2 * inset + rowHeight))
        drawing.open(.menu, element: element)
        drawing.add(.rect(panel, radius: 6, fill: .panel, stroke: .stroke, role: "panel"))
        var top = y + inset
        let keyRight = x + width - 14 - (content.hasSubmenus ? 22 : 0)
        let labelRoom = keyRight - (keyWidth > 0 ? keyWidth + 28 : 0) - (x + labelX)
        for (index, line) in content.lines.enumerated() {
            switch line {
            case .separator:
                drawing.add(.line(x: x + 10, y: top + separatorHeight / 2, width: width - 20, ink: .separator, role: "sep"))
            case .header(let title):
                let shown = drawing.truncated(title, toFit: labelRoom, size: 11, bold: true)
                let style = TextStyle(size: 11, bold: true, ink: .secondary)
                drawing.add(.text(shown ?? title, x: x + 14, y: top + 15, width: drawing.width(shown ?? title, size: 11, bold: true),
                                  style: style, full: shown == nil ? nil : title, role: "label"))
            case .entry(let entry):
                drawRow(entry, measured: measured[index], top: top, x: x, width: width, labelX: x + labelX, labelRoom: labelRoom, keyRight: keyRight,
                        into: &drawing)
            case .symbols(let row, _):
                for (index, entry) in content.symbolRows[row].enumerated() {
                    drawing.open(.row, elementAt: entry.element, title: entry.label)
                    let symbol = entry.symbol ?? drawing.text("questionmark" as StaticString)
                    drawing.add(.symbol(symbol, x: x + labelX + index * 28, y: top + 3, size: 16,
                                        ink: entry.enabled ? .text : .dimmed))
                    drawing.close()
                }
            }
            top += Self.height(of: line)
        }
        drawing.close()
        return panel
    }

    static func height(of line: MenuContent.Line) -> Int {
        switch line {
        case .entry, .header, .symbols: rowHeight
        case .separator: separatorHeight
        }
    }

    private static func drawRow(_ entry: MenuContent.Entry, measured: (label: Int, key: Int), top: Int, x: Int, width: Int, labelX: Int, labelRoom: Int, keyRight: Int,
                                into drawing: inout Drawing) {
        let ink: Ink = entry.enabled ? .text : .dimmed
        let title = entry.alternate ? drawing.text("Alternate: shown in place of the item above while Option (⌥) is held" as StaticString) : nil
        drawing.open(.row, elementAt: entry.element, title: title)
        drawing.add(.rect(Box(x: x + 5, y: top, width: width - 10, height: rowHeight), radius: 4, fill: nil,
                          stroke: entry.alternate ? .secondary : nil, role: entry.alternate ? "rowbox m-alt" : "rowbox"))
        if let mark = entry.mark { drawing.add(.mark(mark, x: x + 5, y: top + 4, size: 14, ink: ink)) }
        if let symbol = entry.symbol { drawing.add(.symbol(symbol, x: labelX - 20, y: top + 4, size: 14, ink: ink)) }
        let shown = measured.label > labelRoom ? drawing.truncated(entry.label, toFit: labelRoom, size: textSize) : nil
        let label = shown ?? entry.label
        drawing.add(.text(label, x: labelX, y: top + 15, width: shown.map { drawing.width($0, size: textSize) } ?? measured.label,
                          style: TextStyle(size: textSize, ink: ink), full: shown == nil ? nil : entry.label, role: "label"))
        if let key = entry.shortcut {
            drawing.add(.text(key, x: keyRight, y: top + 15, width: measured.key,
                              style: TextStyle(size: textSize, ink: entry.enabled ? .secondary : .dimmed, anchor: .end), full: nil, role: "key"))
        }
        if entry.submenu { drawing.add(.mark(.chevronRight, x: x + width - 24, y: top + 4, size: 14, ink: ink)) }
        drawing.close()
    }
}
