import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// Which platform's look a picture has: macOS; iOS, iPadOS and the other
/// touch platforms; watchOS.
package enum PictureFamily: String, CaseIterable, Sendable {
    case mac, touch, watch

    /// The family of a platform.
    init(_ platform: Platform.Name) {
        switch platform {
        case .macOS: self = .mac
        case .watchOS: self = .watch
        case .iOS, .iPadOS, .tvOS, .visionOS: self = .touch
        }
    }

    /// What people call it (the preview's switch).
    package var title: String {
        switch self {
        case .mac: "macOS"
        case .touch: "iOS and iPadOS"
        case .watch: "watchOS"
        }
    }
}

/// Controls drawn closed: buttons of each type and style, toggles, and the
/// buttons of pop-ups and pull-downs (whose open menus `DeclarationLayout`
/// draws below them).
enum ControlLayout {
    /// Draws `element` at (`x`, `y`), at most `room` wide (or exactly, when `fill`).
    @discardableResult
    static func draw(_ element: Element, family: PictureFamily, x: Int, y: Int, room: Int, fill: Bool = false,
                     into drawing: inout Drawing) -> Box {
        drawing.open(.control, element: element)
        defer { drawing.close() }
        switch family {
        case .mac: return mac(element, x: x, y: y, room: room, into: &drawing)
        case .touch: return touch(element, x: x, y: y, room: room, fill: fill, into: &drawing)
        case .watch: return watch(element, x: x, y: y, width: room, into: &drawing)
        }
    }

    /// The width `element` takes when it has room.
    static func estimateWidth(_ element: Element, family: PictureFamily) -> Int {
        var scratch = Drawing(store: element.store)
        return draw(element, family: family, x: 0, y: 0, room: 400, into: &scratch).width
    }

    /// The label a control shows (a pop-up shows its chosen option), kept in `drawing`.
    static func shownLabel(of element: Element, into drawing: inout Drawing) -> TextSlice {
        if element.kind == .popup, let chosen = chosenOption(of: element) { return MenuContent.shownLabel(of: chosen, into: &drawing) }
        return MenuContent.shownLabel(of: element, into: &drawing)
    }

    /// The symbol a control shows (`symbol:`), kept in `drawing`.
    private static func symbol(of element: Element, into drawing: inout Drawing) -> TextSlice? {
        ElementProperties(element.record, of: element.store).string(.symbol).map { drawing.text($0, of: element.store) }
    }

    /// A pop-up's default option, else its first.
    static func chosenOption(of element: Element) -> Element? {
        var first: Element?
        var chosen: Element?
        let wanted = element[.default]?.name
        element.forEachMenuEntry { option in
            guard option.kind == .option else { return }
            if first == nil { first = option }
            if chosen == nil, option.id == wanted { chosen = option }
        }
        return chosen ?? first
    }

    private static func number(_ element: Element, _ name: PropertyName) -> Int? {
        element.number(name).flatMap { $0.isFinite && $0 > 0 && $0 < 2_000 ? Int($0) : nil }
    }

    /// A label truncated to `room`, drawn at (`x`, `baseline`).
    private static func label(_ text: TextSlice, x: Int, baseline: Int, room: Int, style: TextStyle, into drawing: inout Drawing) {
        let cut = drawing.truncated(text, toFit: max(room, 12), size: style.size, bold: style.bold)
        let shown = cut ?? text
        drawing.add(.text(shown, x: x, y: baseline, width: drawing.width(shown, size: style.size, bold: style.bold),
                          style: style, full: cut == nil ? nil : text, role: "label"))
    }

    private static func isPrimary(_ element: Element) -> Bool {
        element.flag(.preferred) == true || element.symbol(.role) == "primary"
    }

    // MARK: macOS

    private static func mac(_ element: Element, x: Int, y: Int, room: Int, into drawing: inout Drawing) -> Box {
        let text = shownLabel(of: element, into: &drawing)
        let symbol = symbol(of: element, into: &drawing)
        let enabled = element.flag(.enabled) != false
        let size = element.symbol(.size)
        let height = size == "mini" ? 16 : size == "small" ? 19 : size == "large" ? 28 : 22
        let textSize = size == "mini" ? 11 : 13
        let textInk: Ink = enabled ? (element.symbol(.role) == "destructive" ? .destructive : .text) : .dimmed
        switch (element.kind, element.symbol(.type) ?? "push") {
        case (.toggle, _):
            let on = element.symbol(.state) == "on"
            drawing.add(.rect(Box(x: x, y: y + 4, width: 14, height: 14), radius: 3, fill: on ? .accent : .control, stroke: .stroke))
            if on { drawing.add(.mark(.check, x: x, y: y + 4, size: 14, ink: .onAccent)) }
            let width = min(room - 20, drawing.width(text, size: 13))
            label(text, x: x + 20, baseline: y + 15, room: room - 20, style: TextStyle(size: 13, ink: textInk), into: &drawing)
            return Box(x: x, y: y, width: 20 + width, height: 22)
        case (.button, "help"):
            drawing.add(.rect(Box(x: x, y: y, width: 22, height: 22), radius: 11, fill: .control, stroke: .stroke))
            drawing.add(.mark(.question, x: x + 3, y: y + 3, size: 16, ink: .text))
            return Box(x: x, y: y, width: 22, height: 22)
        case (.button, "info"):
            drawing.add(.mark(.info, x: x, y: y + 2, size: 18, ink: .accent))
            return Box(x: x, y: y, width: 18, height: 22)
        case (.button, "image"):
            let side = number(element, .width) ?? 24
            let shown = symbol ?? drawing.text("photo" as StaticString)
            drawing.add(.symbol(shown, x: x, y: y, size: min(side, 64), ink: textInk))
            return Box(x: x, y: y, width: min(side, 64), height: min(side, 64))
        case (.button, "gradient"):
            let width = max(24, min(number(element, .width) ?? 24, 200))
            drawing.add(.rect(Box(x: x, y: y, width: width, height: 22), radius: 0, fill: .control, stroke: .stroke))
            if let symbol {
                drawing.add(.symbol(symbol, x: x + (width - 14) / 2, y: y + 4, size: 14, ink: textInk))
            } else {
                label(text, x: x + width / 2, baseline: y + 15, room: width - 6, style: TextStyle(size: 13, ink: textInk, anchor: .middle), into: &drawing)
            }
            return Box(x: x, y: y, width: width, height: 22)
        default:
            let primary = isPrimary(element) && enabled
            let isMenu = element.kind == .popup || element.kind == .pulldown
            let more = element.kind == .pulldown && element.symbol(.type) == "more"
            let symbolWidth = symbol == nil ? 0 : 20
            let chevron = isMenu ? 22 : 0
            let textWidth = more ? 0 : drawing.width(text, size: textSize)
            var width = number(element, .width) ?? max(64, 14 + symbolWidth + textWidth + 14 + chevron)
            width = min(width, room)
            drawing.add(.rect(Box(x: x, y: y, width: width, height: height), radius: 5, fill: primary ? .accent : .control, stroke: .stroke))
            let ink: Ink = primary ? .onAccent : textInk
            var left = x + 12
            if let symbol {
                drawing.add(.symbol(symbol, x: left, y: y + (height - 14) / 2, size: 14, ink: ink))
                left += symbolWidth
            }
            if !more {
                let room = x + width - chevron - 10 - left
                label(text, x: left, baseline: y + (height + textSize) / 2 - 2, room: room, style: TextStyle(size: textSize, ink: ink), into: &drawing)
            }
            if isMenu {
                drawing.add(.rect(Box(x: x + width - 20, y: y + 2, width: 17, height: height - 4), radius: 4, fill: .accent, stroke: nil))
                drawing.add(.mark(element.kind == .popup ? .upDown : .chevronDown, x: x + width - 19, y: y + (height - 14) / 2, size: 14, ink: .onAccent))
            }
            return Box(x: x, y: y, width: width, height: height)
        }
    }

    // MARK: iOS and iPadOS

    private static func touch(_ element: Element, x: Int, y: Int, room: Int, fill: Bool, into drawing: inout Drawing) -> Box {
        let text = shownLabel(of: element, into: &drawing)
        let symbol = symbol(of: element, into: &drawing)
        let enabled = element.flag(.enabled) != false
        let destructive = element.symbol(.role) == "destructive"
        let tint: Ink = enabled ? (destructive ? .destructive : .accent) : .dimmed
        let bold = isPrimary(element)
        if element.kind == .toggle {
            let on = element.symbol(.state) == "on"
            let width = fill ? room : min(room, drawing.width(text, size: 17) + 16 + 51)
            label(text, x: x, baseline: y + 26, room: width - 59, style: TextStyle(size: 17, ink: enabled ? .text : .dimmed), into: &drawing)
            drawing.add(.rect(Box(x: x + width - 51, y: y + 6, width: 51, height: 31), radius: 15, fill: on ? .on : .gray, stroke: nil))
            drawing.add(.rect(Box(x: x + width - (on ? 29 : 49), y: y + 8, width: 27, height: 27), radius: 13, fill: .control, stroke: .stroke))
            return Box(x: x, y: y, width: width, height: 44)
        }
        if element.kind == .pulldown, element.symbol(.type) == "more" || (element.label == nil && symbol != nil) {
            let shown = symbol ?? drawing.text("ellipsis.circle" as StaticString)
            drawing.add(.symbol(shown, x: x + 6, y: y + 8, size: 28, ink: tint))
            return Box(x: x, y: y, width: 40, height: 44)
        }
        let style = element.symbol(.style) ?? (element.kind == .button ? "plain" : "plain")
        let subtitle = element.string(.subtitle).map { drawing.shown($0) }
        let height = number(element, .height).map { min(max($0, 28), 120) } ?? (subtitle == nil ? (element.symbol(.size) == "large" ? 50 : 44) : 58)
        let isMenu = element.kind == .popup || element.kind == .pulldown
        let symbolWidth = symbol == nil ? 0 : 26
        let textWidth = drawing.width(text, size: 17, bold: bold)
        let padding = style == "plain" ? 0 : 20
        var width = number(element, .width) ?? (padding + symbolWidth + textWidth + (isMenu ? 20 : 0) + padding)
        width = fill ? room : min(max(width, style == "plain" ? 0 : 88), room)
        let (background, ink): (Ink?, Ink) = switch style {
        case "filled": (enabled ? (destructive ? .destructive : .accent) : .gray, enabled ? .onAccent : .dimmed)
        case "tinted", "bordered": (.tint, tint)
        case "gray": (.gray, tint)
        default: (nil, tint)
        }
        if let background {
            drawing.add(.rect(Box(x: x, y: y, width: width, height: height), radius: style == "bordered" ? height / 2 : 10, fill: background, stroke: nil))
        }
        let content = symbolWidth + min(textWidth, width - 2 * padding - symbolWidth) + (isMenu ? 20 : 0)
        var left = fill || background != nil ? x + max(padding, (width - content) / 2) : x
        if let symbol {
            drawing.add(.symbol(symbol, x: left, y: y + (height - 20) / 2 - (subtitle == nil ? 0 : 7), size: 20, ink: ink))
            left += symbolWidth
        }
        let textRoom = x + width - padding - (isMenu ? 20 : 0) - left
        let baseline = subtitle == nil ? y + height / 2 + 6 : y + height / 2 - 2
        label(text, x: left, baseline: baseline, room: textRoom, style: TextStyle(size: 17, bold: bold, ink: ink), into: &drawing)
        if let subtitle {
            label(subtitle, x: left, baseline: baseline + 18, room: textRoom, style: TextStyle(size: 13, ink: background == nil ? .secondary : ink), into: &drawing)
        }
        if isMenu {
            let textEnd = left + min(textWidth, textRoom) + 4
            drawing.add(.mark(element.kind == .popup ? .upDown : .chevronDown, x: textEnd, y: y + (height - 14) / 2, size: 14, ink: ink))
        }
        return Box(x: x, y: y, width: width, height: height)
    }

    // MARK: watchOS

    /// watchOS buttons: full width (or shared in a row), rounded, dark.
    private static func watch(_ element: Element, x: Int, y: Int, width: Int, into drawing: inout Drawing) -> Box {
        let text = shownLabel(of: element, into: &drawing)
        let symbol = symbol(of: element, into: &drawing)
        let enabled = element.flag(.enabled) != false
        let height = number(element, .height).map { min(max($0, 32), 120) } ?? 44
        let radius = min(number(element, .cornerRadius) ?? 22, height / 2)
        let on = element.kind == .toggle && element.symbol(.state) == "on"
        let indicator = element.symbol(.indicator)
        let filled = element.symbol(.style) == "filled" || (on && indicator == "background")
        let destructive = element.symbol(.role) == "destructive"
        drawing.add(.rect(Box(x: x, y: y, width: width, height: height), radius: radius,
                          fill: filled ? (destructive ? .destructive : .watchAccent) : .watchButton, stroke: nil))
        let ink: Ink = enabled ? (filled ? .watchCanvas : (destructive ? .destructive : (on && indicator == "content" ? .watchAccent : .watchText))) : .dimmed
        let narrow = width < 120
        if narrow, let symbol {
            // A button sharing a row shows its symbol over its label.
            drawing.add(.symbol(symbol, x: x + (width - 20) / 2, y: y + 6, size: 20, ink: ink))
            label(text, x: x + width / 2, baseline: y + height - 10, room: width - 12, style: TextStyle(size: 13, ink: ink, anchor: .middle), into: &drawing)
        } else {
            var left = x + 12
            if let symbol {
                drawing.add(.symbol(symbol, x: left, y: y + (height - 20) / 2, size: 20, ink: ink))
                left += 28
            }
            label(text, x: left, baseline: y + height / 2 + 5, room: x + width - 10 - left, style: TextStyle(size: 15, ink: ink), into: &drawing)
        }
        return Box(x: x, y: y, width: width, height: height)
    }
}
