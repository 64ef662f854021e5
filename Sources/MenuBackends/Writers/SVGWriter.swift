import MenuSupport
@_spi(MenuPipeline) import MenuSemantics

/// Writes a `Drawing` as a standalone SVG document: no scripts, no
/// external fonts, images or links, whole-point coordinates, one element
/// a line. It owns the escaping: every text passes through `XMLEscaping`
/// here and nowhere else, so a label is always character data.
///
/// Colours are CSS classes defined in the document's `<style>`, light by
/// default and dark under `prefers-color-scheme: dark` (which GitHub and
/// browsers apply to an SVG shown as an image). A page that shows the
/// SVG inline can choose the appearance by setting the `--m-…` variables
/// on an ancestor (see `PreviewPage`).
struct SVGWriter {
    private var writer: CodeWriter
    /// Paths of elements (`data-path`), for a page that points at them.
    private let annotated: Bool
    /// Findings by the path of the drawn element they concern: its group
    /// is marked (`m-flag`, `m-flag-error`) and titled with them.
    private let flags: [String: SVGBackend.Flag]

    init(annotated: Bool, flags: [String: SVGBackend.Flag] = [:], writer: CodeWriter = CodeWriter(indentUnit: "  ")) {
        self.annotated = annotated
        self.flags = flags
        self.writer = writer
    }

    /// The whole document for `drawing`, `margin` points around it.
    static func document(_ drawing: Drawing, title: String, annotated: Bool, flags: [String: SVGBackend.Flag] = [:], margin: Int = 8) -> [UInt8] {
        var svg = SVGWriter(annotated: annotated, flags: flags)
        svg.write(drawing, title: title, margin: margin)
        return svg.writer.bytes
    }

    /// The document (not annotated) handed to `sink` in pieces as it is
    /// written: a build writes thousands of pictures, and collecting each
    /// in an array of its own cost an allocation and a copy of every byte.
    static func write(_ drawing: Drawing, title: String, margin: Int = 8, to sink: (UnsafeBufferPointer<UInt8>) -> Void) {
        withoutActuallyEscaping(sink) { sink in
            var svg = SVGWriter(annotated: false, writer: CodeWriter(indentUnit: "  ", streamingTo: sink))
            svg.write(drawing, title: title, margin: margin)
            svg.writer.flushRemaining()
        }
    }

    private mutating func write(_ drawing: Drawing, title: String, margin: Int) {
        let width = drawing.right + margin
        let height = drawing.bottom + margin
        writer.line("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"menuc\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" role=\"img\">")
        writer.indented { writer in
            writer.line("<title>" + XMLEscaping.text(title) + "</title>")
            writer.beginLine()
            writer.write("<style>")
            writer.write(string: SVGWriter.styleSheet)
            writer.write("</style>")
            writer.endLine()
            writer.line("<rect class=\"f-canvas\" width=\"\(width)\" height=\"\(height)\"/>")
        }
        writer.enter()
        drawing.texts.withUnsafeBufferPointer { texts in
            for shape in drawing.shapes { write(shape, texts: texts, drawing: drawing) }
        }
        writer.leave()
        writer.line("</svg>")
    }

    // Shapes are written as pieces straight into the output — no string
    // per element: a build draws every declaration, and strings made per
    // attribute cost several times the writing.

    private mutating func write(_ shape: Shape, texts: UnsafeBufferPointer<UInt8>, drawing: Drawing) {
        func bytes(_ slice: TextSlice) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: texts[slice.range]) }
        switch shape {
        case .rect(let box, let radius, let fill, let stroke, let role):
            writer.beginLine()
            writer.write("<rect class=\"")
            if let fill { writer.write("f-"); writer.write(fill.name) } else { writer.write("f-none") }
            if let stroke { writer.write(" s-"); writer.write(stroke.name) }
            if let role { writer.write(" m-"); writer.write(role) }
            writeBox(box)
            if radius > 0 { writer.write(" rx=\""); number(radius); writer.write("\"") }
            writer.write("/>")
            writer.endLine()
        case .line(let x, let y, let width, let ink, let role):
            writer.beginLine()
            writer.write("<rect class=\"f-")
            writer.write(ink.name)
            writer.write(" m-")
            writer.write(role)
            writeBox(Box(x: x, y: y, width: width, height: 1))
            writer.write("/>")
            writer.endLine()
        case .text(let shown, let x, let y, let width, let style, let full, let role):
            writer.beginLine()
            if let full {
                writer.write("<g><title>")
                shownAndEscaped(bytes(full))
                writer.write("</title>")
            }
            writer.write("<text class=\"m-t")
            number(style.size)
            writer.write(" f-")
            writer.write(style.ink.name)
            if style.bold { writer.write(" m-b") }
            switch style.anchor {
            case .start: break
            case .middle: writer.write(" m-c")
            case .end: writer.write(" m-e")
            }
            if let role { writer.write(" m-"); writer.write(role) }
            writer.write("\" x=\"")
            number(x)
            writer.write("\" y=\"")
            number(y)
            writer.write("\" data-w=\"")
            number(width)
            writer.write("\">")
            escaped(bytes(shown))
            writer.write("</text>")
            if full != nil { writer.write("</g>") }
            writer.endLine()
        case .symbol(let name, let x, let y, let size, let ink):
            writer.beginLine()
            writer.write("<svg class=\"m-sym s-")
            writer.write(ink.name)
            writeSquare(x: x, y: y, size: size)
            writer.write(" viewBox=\"0 0 16 16\"><title>")
            shownAndEscaped(bytes(name))
            writer.write("</title><rect x=\"1.5\" y=\"1.5\" width=\"13\" height=\"13\" rx=\"4\"/><circle cx=\"8\" cy=\"8\" r=\"2\"/></svg>")
            writer.endLine()
        case .mark(let mark, let x, let y, let size, let ink):
            writer.beginLine()
            writer.write("<svg class=\"m-mark s-")
            writer.write(ink.name)
            writeSquare(x: x, y: y, size: size)
            writer.write(" viewBox=\"0 0 16 16\"><path d=\"")
            writer.write(SVGWriter.path(of: mark))
            writer.write("\"/></svg>")
            writer.endLine()
        case .open(let role, let element, let title):
            var flagText: String?
            // Paths are made only for a page that points at elements (the preview).
            let path = annotated || !flags.isEmpty ? drawing.element(element)?.path : nil
            writer.beginLine()
            writer.write("<g class=\"m-")
            writer.write(role.name)
            if let path, let flag = flags[path] {
                writer.write(" m-flag m-flag-")
                writer.write(string: flag.severity)
                flagText = flag.text
            }
            writer.write("\"")
            if annotated, let path {
                writer.write(" data-path=\"")
                escaped(XMLEscaping.shown(path))
                writer.write("\"")
            }
            writer.write(">")
            if let flagText {
                writer.write("<title>")
                escaped(XMLEscaping.shown(flagText))
                writer.write("</title>")
            } else if let title {
                writer.write("<title>")
                shownAndEscaped(bytes(title))
                writer.write("</title>")
            }
            writer.endLine()
            writer.enter()
        case .close:
            writer.leave()
            writer.beginLine()
            writer.write("</g>")
            writer.endLine()
        }
    }

    /// ` x="…" y="…" width="…" height="…"`.
    private mutating func writeBox(_ box: Box) {
        writer.write("\" x=\"")
        number(box.x)
        writer.write("\" y=\"")
        number(box.y)
        writer.write("\" width=\"")
        number(box.width)
        writer.write("\" height=\"")
        number(box.height)
        writer.write("\"")
    }

    /// `" x="…" y="…" width="…" height="…"` of a square (after a class).
    private mutating func writeSquare(x: Int, y: Int, size: Int) {
        writeBox(Box(x: x, y: y, width: size, height: size))
    }

    /// A whole number in decimal.
    private mutating func number(_ value: Int) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { digits in
            var magnitude = value.magnitude
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 {
                start -= 1
                digits[start] = UInt8(ascii: "-")
            }
            writer.write(UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    /// Text already `XMLEscaping.shown`, escaped as it is written (runs
    /// without `&`, `<`, `>` or quotes are copied whole).
    private mutating func escaped(_ text: String) {
        var text = text
        text.withUTF8 { escaped($0) }
    }

    /// `escaped(XMLEscaping.shown(text))` of UTF-8 bytes: most texts are
    /// shown as they are and are escaped without making a string.
    private mutating func shownAndEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
        if XMLEscaping.isShownAsItIs(bytes) {
            escaped(bytes)
        } else {
            escaped(XMLEscaping.shown(String(decoding: bytes, as: UTF8.self)))
        }
    }

    private mutating func escaped(_ bytes: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        for (index, byte) in bytes.enumerated() {
            let replacement: StaticString
            switch byte {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\""): replacement = "&quot;"
            case UInt8(ascii: "'"): replacement = "&#39;"
            default: continue
            }
            if index > runStart { writer.write(UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
            writer.write(replacement)
            runStart = index + 1
        }
        if bytes.count > runStart { writer.write(UnsafeBufferPointer(rebasing: bytes[runStart...])) }
    }

    /// Path data of each mark in a 16-point box.
    private static func path(of mark: Mark) -> StaticString {
        switch mark {
        case .check: "M3.5 8.5l3 3 6-7"
        case .mixed: "M4 8h8"
        case .chevronRight: "M6 3l5 5-5 5"
        case .chevronDown: "M3 6l5 5 5-5"
        case .upDown: "M5 6l3-3 3 3M5 10l3 3 3-3"
        case .question: "M8 1.5a6.5 6.5 0 1 0 0.01 0M6 6.2a2 2 0 1 1 2.6 1.9c-.5.2-.6.6-.6 1.2M8 11.5v.5"
        case .info: "M8 1.5a6.5 6.5 0 1 0 0.01 0M8 7v4.5M8 4.5v.5"
        }
    }

    private static let lightColours: [(Ink, String)] = [
        (.canvas, "#f5f5f7"), (.panel, "#fbfbfd"), (.stroke, "#c6c6c8"), (.text, "#1d1d1f"), (.dimmed, "#a1a1a6"),
        (.secondary, "#6e6e73"), (.accent, "#0a66d8"), (.onAccent, "#ffffff"), (.destructive, "#d70015"),
        (.separator, "#d1d1d6"), (.control, "#ffffff"), (.tint, "#dce9fb"), (.gray, "#e3e3e8"), (.selection, "#dcdce1"),
        (.on, "#34c759"),
    ]

    private static let darkColours: [(Ink, String)] = [
        (.canvas, "#1c1c1e"), (.panel, "#2c2c2e"), (.stroke, "#545458"), (.text, "#f5f5f7"), (.dimmed, "#6c6c70"),
        (.secondary, "#98989d"), (.accent, "#0a84ff"), (.onAccent, "#ffffff"), (.destructive, "#ff453a"),
        (.separator, "#48484a"), (.control, "#636366"), (.tint, "#1f3a5c"), (.gray, "#3a3a3c"), (.selection, "#48484a"),
        (.on, "#30d158"),
    ]

    /// The colour variables of one appearance (`--m-text:#1d1d1f;…`).
    static func variables(dark: Bool) -> String {
        (dark ? darkColours : lightColours).map { "--m-\($0.0.rawValue):\($0.1)" }.joined(separator: ";")
    }

    /// The document's style sheet: fonts, sizes and the colours of both appearances.
    static let styleSheet: String = {
        let light = lightColours
        let watch: [(Ink, String)] = [(.watchCanvas, "#000000"), (.watchButton, "#262629"), (.watchText, "#ffffff"), (.watchAccent, "#30d158")]
        var css = ".menuc{" + variables(dark: false) + "}"
        css += "@media (prefers-color-scheme:dark){.menuc{" + variables(dark: true) + "}}"
        for (ink, _) in light + watch {
            let colour = watch.contains { $0.0 == ink } ? watch.first { $0.0 == ink }?.1 ?? "" : "var(--m-\(ink.rawValue))"
            css += ".f-\(ink.rawValue){fill:\(colour)}.s-\(ink.rawValue){stroke:\(colour)}"
        }
        css += ".f-none{fill:none}"
        css += ".m-sym,.m-mark{fill:none;stroke-width:1.5;stroke-linecap:round;stroke-linejoin:round}.m-mark{stroke-width:2}"
        css += "text{font-family:-apple-system,BlinkMacSystemFont,\"SF Pro Text\",\"Helvetica Neue\",Helvetica,Arial,sans-serif;white-space:pre}"
        for size in [11, 12, 13, 15, 17] { css += ".m-t\(size){font-size:\(size)px}" }
        css += ".m-b{font-weight:600}.m-c{text-anchor:middle}.m-e{text-anchor:end}.m-alt{stroke-dasharray:3 2}"
        css += ".m-flag>rect:first-of-type{stroke:#e0245e;stroke-width:2}.m-flag-warning>rect:first-of-type{stroke:#d98b00}"
        css += ".m-flag-note>rect:first-of-type{stroke:#0a84ff}"
        return css
    }()
}
