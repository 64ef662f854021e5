@_spi(MenuPipeline) import MenuSemantics

/// What a picture is made of, laid out in whole points before anything is
/// written: the layouts add shapes, the SVG writer turns them into
/// elements, and the picture's size comes from what was drawn.
struct Drawing {
    private(set) var shapes: [Shape] = []
    /// The right and bottom edges of everything drawn.
    private(set) var right = 0
    private(set) var bottom = 0

    mutating func add(_ shape: Shape) {
        shapes.append(shape)
        let box = shape.bounds
        right = max(right, box.x + box.width)
        bottom = max(bottom, box.y + box.height)
    }

    /// Starts a group of shapes (a menu, a row) that `close` ends, drawing
    /// `element` (whose path the preview's findings are marked by).
    mutating func open(_ role: GroupRole, element: Element? = nil, title: String? = nil) {
        shapes.append(.open(role, element: element, title: title))
    }

    mutating func close() { shapes.append(.close) }

    /// Replaces a shape drawn earlier: a background sized once what it holds is known.
    mutating func replace(at index: Int, with shape: Shape) {
        shapes[index] = shape
        let box = shape.bounds
        right = max(right, box.x + box.width)
        bottom = max(bottom, box.y + box.height)
    }
}

/// A rectangle in points.
struct Box: Equatable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int
}

/// The colours of a picture, by what they are for: each is a CSS class
/// whose colour depends on the appearance (light or dark), except the
/// watch's, which is dark in both.
enum Ink: String {
    case canvas, panel, stroke, text, dimmed, secondary, accent, onAccent, destructive, separator
    case control, tint, gray, selection, on
    case watchCanvas = "wcanvas", watchButton = "wbutton", watchText = "wtext", watchAccent = "waccent"

    /// `rawValue` without making a string (what the writer copies).
    var name: StaticString {
        switch self {
        case .canvas: "canvas"
        case .panel: "panel"
        case .stroke: "stroke"
        case .text: "text"
        case .dimmed: "dimmed"
        case .secondary: "secondary"
        case .accent: "accent"
        case .onAccent: "onAccent"
        case .destructive: "destructive"
        case .separator: "separator"
        case .control: "control"
        case .tint: "tint"
        case .gray: "gray"
        case .selection: "selection"
        case .on: "on"
        case .watchCanvas: "wcanvas"
        case .watchButton: "wbutton"
        case .watchText: "wtext"
        case .watchAccent: "waccent"
        }
    }
}

/// How a text is set.
struct TextStyle {
    enum Anchor { case start, middle, end }
    var size: Int
    var bold = false
    var ink: Ink
    var anchor: Anchor = .start
}

/// Small shapes drawn from fixed paths, in a box of the given size.
enum Mark {
    case check, mixed, chevronRight, chevronDown, upDown, question, info
}

/// What a group is, as a class the browser tests find it by.
enum GroupRole: String {
    var name: StaticString {
        switch self {
        case .menu: "menu"
        case .row: "row"
        case .control: "control"
        case .heading: "heading"
        }
    }

    /// A menu's panel; its rows and separators are inside.
    case menu
    /// One entry of a menu (its `rowbox` rectangle bounds the text).
    case row
    /// A control (button, toggle, pop-up, pull-down).
    case control
    /// A picture's caption or a view's title bar.
    case heading
}

enum Shape {
    case rect(Box, radius: Int, fill: Ink?, stroke: Ink?, role: String? = nil)
    /// A horizontal line (a separator, `role` says which).
    case line(x: Int, y: Int, width: Int, ink: Ink, role: String)
    /// `shown` at the baseline (`x`, `y`); `full` is the label before it
    /// was truncated (its `<title>`); `role` a class for the tests
    /// (`label`, `key`). `width` is its measured width.
    case text(String, x: Int, y: Int, width: Int, style: TextStyle, full: String?, role: String?)
    /// A neutral stand-in for an SF Symbol, titled with its name.
    case symbol(String, x: Int, y: Int, size: Int, ink: Ink)
    case mark(Mark, x: Int, y: Int, size: Int, ink: Ink)
    case open(GroupRole, element: Element?, title: String?)
    case close

    var bounds: Box {
        switch self {
        case .rect(let box, _, _, _, _): box
        case .line(let x, let y, let width, _, _): Box(x: x, y: y, width: width, height: 1)
        case .text(_, let x, let y, let width, let style, _, _):
            switch style.anchor {
            case .start: Box(x: x, y: y - style.size, width: width, height: style.size + style.size / 4)
            case .middle: Box(x: x - width / 2, y: y - style.size, width: width, height: style.size + style.size / 4)
            case .end: Box(x: x - width, y: y - style.size, width: width, height: style.size + style.size / 4)
            }
        case .symbol(_, let x, let y, let size, _), .mark(_, let x, let y, let size, _): Box(x: x, y: y, width: size, height: size)
        case .open, .close: Box(x: 0, y: 0, width: 0, height: 0)
        }
    }
}
