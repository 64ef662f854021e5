import MenuSupport
@_spi(MenuPipeline) import MenuSemantics

/// What a picture is made of, laid out in whole points before anything is
/// written: the layouts add shapes, the SVG writer turns them into
/// elements, and the picture's size comes from what was drawn.
///
/// A shape holds no string and no reference: its texts are slices of
/// `texts` (copied there from the model's bytes) and its element is an
/// index into `store`. A build draws every declaration, and copying and
/// releasing shapes that held strings and elements cost more than the
/// layout itself.
struct Drawing {
    /// The model the drawn elements belong to.
    let store: ModelStore
    /// The displays of `store`'s shortcuts, when made for the file (see
    /// `shortcutDisplay`); nil: each is made as it is drawn.
    let shortcuts: ShortcutDisplays?
    private(set) var shapes: [Shape] = []
    /// Every text drawn, back to back (see `TextSlice`).
    private(set) var texts: [UInt8] = []
    /// The right and bottom edges of everything drawn.
    private(set) var right = 0
    private(set) var bottom = 0

    init(store: ModelStore, shortcuts: ShortcutDisplays? = nil) {
        self.store = store
        // A table made from another model (a picture of an imported file's declaration) is not used.
        self.shortcuts = shortcuts.flatMap { $0.store === store ? $0 : nil }
        // Room for a menu of two dozen rows without growing (about five shapes a row).
        shapes.reserveCapacity(128)
        texts.reserveCapacity(2_048)
    }

    mutating func add(_ shape: Shape) {
        shapes.append(shape)
        let box = shape.bounds
        right = max(right, box.x + box.width)
        bottom = max(bottom, box.y + box.height)
    }

    /// Starts a group of shapes (a menu, a row) that `close` ends, drawing
    /// `element` (whose path the preview's findings are marked by).
    mutating func open(_ role: GroupRole, element: Element? = nil, title: TextSlice? = nil) {
        open(role, elementAt: element.map { Int32($0.index) } ?? -1, title: title)
    }

    /// `open` of the element at `index` in `store` (-1: none).
    mutating func open(_ role: GroupRole, elementAt index: Int32, title: TextSlice? = nil) {
        shapes.append(.open(role, element: index, title: title))
    }

    mutating func close() { shapes.append(.close) }

    /// Replaces a shape drawn earlier: a background sized once what it holds is known.
    mutating func replace(at index: Int, with shape: Shape) {
        shapes[index] = shape
        let box = shape.bounds
        right = max(right, box.x + box.width)
        bottom = max(bottom, box.y + box.height)
    }

    /// The drawn element a group stands for (`open`'s `element`).
    func element(_ index: Int32) -> Element? {
        index >= 0 ? Element(store: store, index: Int(index)) : nil
    }

    // MARK: Texts

    /// Keeps `bytes` as a text of the drawing.
    mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) -> TextSlice {
        let start = texts.count
        texts.append(contentsOf: bytes)
        return TextSlice(start: start, count: bytes.count)
    }

    mutating func text(_ string: String) -> TextSlice {
        var string = string
        return string.withUTF8 { text($0) }
    }

    mutating func text(_ string: StaticString) -> TextSlice {
        text(UnsafeBufferPointer(start: string.utf8Start, count: string.utf8CodeUnitCount))
    }

    /// The display (`⇧⌘N`) of `store`'s shortcut `index`, kept.
    mutating func shortcutDisplay(_ index: Int) -> TextSlice {
        if let shortcuts, let kept = shortcuts.withDisplay(index, { text($0) }) { return kept }
        return text(store.shortcuts[index].display)
    }

    /// `SVGBackend.title(of:)` of `element`, kept: copied from the model's
    /// bytes, not made as a string for every picture of a build.
    mutating func title(of element: Element) -> TextSlice {
        let record = element.record
        guard let suffix = SVGBackend.titleSuffix(of: record.kind) else { return text("Menu bar" as StaticString) }
        let start = texts.count
        if record.label.exists {
            store.withTextBytes(record.label) { texts.append(contentsOf: $0) }
        } else {
            store.withIDBytes(of: record) { texts.append(contentsOf: $0) }
        }
        texts.append(contentsOf: UnsafeBufferPointer(start: suffix.utf8Start, count: suffix.utf8CodeUnitCount))
        return TextSlice(start: start, count: texts.count - start)
    }

    /// `XMLEscaping.shown` of `bytes`, kept: most labels are shown as they
    /// are and are copied without making a string.
    mutating func shown(_ bytes: UnsafeBufferPointer<UInt8>) -> TextSlice {
        if XMLEscaping.isShownAsItIs(bytes) { return text(bytes) }
        return text(XMLEscaping.shown(String(decoding: bytes, as: UTF8.self)))
    }

    mutating func shown(_ string: String) -> TextSlice {
        var string = string
        return string.withUTF8 { shown($0) }
    }

    /// The start of `slice` (`count` bytes) followed by "…", kept as a new text.
    mutating func text(prefixOf slice: TextSlice, count: Int, thenEllipsis: Bool) -> TextSlice {
        let start = texts.count
        texts.reserveCapacity(start + count + 3)
        // Byte by byte: appending a slice of `texts` to itself would copy the whole array first.
        for index in slice.start..<(slice.start + count) { texts.append(texts[index]) }
        if thenEllipsis { texts.append(contentsOf: [0xE2, 0x80, 0xA6]) }
        return TextSlice(start: start, count: texts.count - start)
    }

    /// Hands `body` the bytes of a text.
    func withBytes<Result>(_ slice: TextSlice, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        texts.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[slice.range])) }
    }

    /// A text as a string (the rare paths: truncating text that isn't plain).
    func string(_ slice: TextSlice) -> String {
        withBytes(slice) { String(decoding: $0, as: UTF8.self) }
    }

    /// The width of a text at `size` points (see `TextMetrics`).
    func width(_ slice: TextSlice, size: Int, bold: Bool = false) -> Int {
        withBytes(slice) { TextMetrics.width($0, size: size, bold: bold) }
    }

    /// The text cut to fit `width` points, with "…" where it was cut; nil
    /// when it fits as it is (`TextMetrics.truncated`).
    mutating func truncated(_ slice: TextSlice, toFit width: Int, size: Int, bold: Bool = false) -> TextSlice? {
        switch withBytes(slice, { TextMetrics.cut($0, toFit: width, size: size, bold: bold) }) {
        case .fits: return nil
        case .keep(let count): return text(prefixOf: slice, count: count, thenEllipsis: true)
        case .notPlain:
            guard let cut = TextMetrics.truncated(string(slice), toFit: width, size: size, bold: bold) else { return nil }
            return text(cut)
        }
    }
}

/// Where a text of a `Drawing` is in its `texts` (whole integers: a
/// label may be gigabytes long).
struct TextSlice: Equatable {
    var start: Int
    var count: Int

    var range: Range<Int> { start..<(start + count) }
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
    case rect(Box, radius: Int, fill: Ink?, stroke: Ink?, role: StaticString? = nil)
    /// A horizontal line (a separator, `role` says which).
    case line(x: Int, y: Int, width: Int, ink: Ink, role: StaticString)
    /// `shown` at the baseline (`x`, `y`); `full` is the label before it
    /// was truncated (its `<title>`); `role` a class for the tests
    /// (`label`, `key`). `width` is its measured width.
    case text(TextSlice, x: Int, y: Int, width: Int, style: TextStyle, full: TextSlice?, role: StaticString?)
    /// A neutral stand-in for an SF Symbol, titled with its name.
    case symbol(TextSlice, x: Int, y: Int, size: Int, ink: Ink)
    case mark(Mark, x: Int, y: Int, size: Int, ink: Ink)
    /// A group drawing the element at that index of the drawing's store (-1: none).
    case open(GroupRole, element: Int32, title: TextSlice?)
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
