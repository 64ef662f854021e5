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
        var drawing = drawing
        let title = drawing.text(title)
        var svg = SVGWriter(annotated: annotated, flags: flags)
        svg.write(drawing, title: title, margin: margin)
        return svg.writer.bytes
    }

    /// The document (not annotated) handed to `sink` in pieces as it is
    /// written: a build writes thousands of pictures, and collecting each
    /// in an array of its own cost an allocation and a copy of every byte.
    /// `title` is a text of `drawing` (`Drawing.title(of:)`).
    static func write(_ drawing: Drawing, title: TextSlice, margin: Int = 8, to sink: (UnsafeBufferPointer<UInt8>) -> Void) {
        withoutActuallyEscaping(sink) { sink in
            var svg = SVGWriter(annotated: false, writer: CodeWriter(indentUnit: "  ", capacity: streamingCapacity, streamingTo: sink))
            svg.write(drawing, title: title, margin: margin)
            svg.writer.flushRemaining()
        }
    }

    /// What a streamed picture's buffer holds before handing it on: most
    /// pictures are a few kilobytes, and a build makes one buffer for each;
    /// a buffer of `OutputBuffer.streamingCapacity` touched more memory.
    static let streamingCapacity = 1 << 14

    private mutating func write(_ drawing: Drawing, title: TextSlice, margin: Int) {
        let width = drawing.right + margin
        let height = drawing.bottom + margin
        // Written in pieces: a string made for each of these lines of every picture cost more than writing them.
        writer.line(room: SVGWriter.shapeRoom) { line in
            line.put("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"menuc\" width=\"")
            line.putDecimal(width)
            line.put("\" height=\"")
            line.putDecimal(height)
            line.put("\" viewBox=\"0 0 ")
            line.putDecimal(width)
            line.put(0x20)
            line.putDecimal(height)
            line.put("\" role=\"img\">")
        }
        writer.enter()
        drawing.withBytes(title) { title in
            SVGWriter.withShown(title) { title in
                if SVGWriter.fitsInLine(title.count) {
                    writer.line(room: 16 + SVGWriter.escapedRoom(title)) { line in
                        line.put("<title>")
                        SVGWriter.putEscaped(title, into: &line)
                        line.put("</title>")
                    }
                } else {
                    writer.beginLine()
                    writer.write("<title>")
                    escaped(title)
                    writer.write("</title>")
                    writer.endLine()
                }
            }
        }
        writer.beginLine()
        writer.write("<style>")
        writer.write(string: SVGWriter.styleSheet)
        writer.write("</style>")
        writer.endLine()
        writer.line(room: SVGWriter.shapeRoom) { line in
            line.put("<rect class=\"f-canvas\" width=\"")
            line.putDecimal(width)
            line.put("\" height=\"")
            line.putDecimal(height)
            line.put("\"/>")
        }
        writer.leave()
        writer.enter()
        drawing.texts.withUnsafeBufferPointer { texts in
            for shape in drawing.shapes { write(shape, texts: texts, drawing: drawing) }
        }
        writer.leave()
        writer.line("</svg>")
    }

    // Each shape is one line put through a cursor (`CodeWriter.line(room:)`):
    // one capacity check a line, where a check and a count update for
    // each of its fifteen pieces cost more than copying them — a build
    // writes seven bytes of pictures for each byte of its input.

    /// Room for a line's fixed pieces: tags, classes (`Ink` names are at
    /// most 11 bytes), and up to six numbers of `ByteCursor.decimalRoom`.
    private static let shapeRoom = 320

    /// Room for text escaped by `putEscaped` (`&quot;`: 6 bytes for 1).
    private static func escapedRoom(_ bytes: UnsafeBufferPointer<UInt8>) -> Int { 6 * bytes.count }

    /// Whether a line's texts, `count` bytes in all, are put in the line's
    /// room. Longer ones (a label of megabytes) are escaped into the output
    /// in pieces (`escaped`): the room would be six times their size.
    private static func fitsInLine(_ count: Int) -> Bool { count <= 16_384 }

    private mutating func write(_ shape: Shape, texts: UnsafeBufferPointer<UInt8>, drawing: Drawing) {
        func bytes(_ slice: TextSlice) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: texts[slice.range]) }
        switch shape {
        case .rect(let box, let radius, let fill, let stroke, let role):
            writer.line(room: SVGWriter.shapeRoom + (role?.utf8CodeUnitCount ?? 0)) { line in
                line.put("<rect class=\"")
                if let fill { line.put("f-"); line.put(fill.name) } else { line.put("f-none") }
                if let stroke { line.put(" s-"); line.put(stroke.name) }
                if let role { line.put(" m-"); line.put(role) }
                SVGWriter.putBox(box, into: &line)
                if radius > 0 { line.put(" rx=\""); line.putDecimal(radius); line.put(0x22) }
                line.put("/>")
            }
        case .line(let x, let y, let width, let ink, let role):
            writer.line(room: SVGWriter.shapeRoom + role.utf8CodeUnitCount) { line in
                line.put("<rect class=\"f-")
                line.put(ink.name)
                line.put(" m-")
                line.put(role)
                SVGWriter.putBox(Box(x: x, y: y, width: width, height: 1), into: &line)
                line.put("/>")
            }
        case .text(let shown, let x, let y, let width, let style, let full, let role):
            let text = bytes(shown)
            SVGWriter.withShown(optional: full.map(bytes)) { full in
                let tagRoom = SVGWriter.shapeRoom + (role?.utf8CodeUnitCount ?? 0)
                func putTag(_ line: inout ByteCursor) {
                    line.put("<text class=\"m-t")
                    line.putDecimal(style.size)
                    line.put(" f-")
                    line.put(style.ink.name)
                    if style.bold { line.put(" m-b") }
                    switch style.anchor {
                    case .start: break
                    case .middle: line.put(" m-c")
                    case .end: line.put(" m-e")
                    }
                    if let role { line.put(" m-"); line.put(role) }
                    line.put("\" x=\"")
                    line.putDecimal(x)
                    line.put("\" y=\"")
                    line.putDecimal(y)
                    line.put("\" data-w=\"")
                    line.putDecimal(width)
                    line.put("\">")
                }
                guard SVGWriter.fitsInLine(text.count + (full?.count ?? 0)) else {
                    writer.beginLine()
                    if let full {
                        writer.write("<g><title>")
                        escaped(full)
                        writer.write("</title>")
                    }
                    writer.write(atMost: tagRoom, putTag)
                    escaped(text)
                    writer.write("</text>")
                    if full != nil { writer.write("</g>") }
                    writer.endLine()
                    return
                }
                writer.line(room: tagRoom + SVGWriter.escapedRoom(text) + (full.map(SVGWriter.escapedRoom) ?? 0)) { line in
                    if let full {
                        line.put("<g><title>")
                        SVGWriter.putEscaped(full, into: &line)
                        line.put("</title>")
                    }
                    putTag(&line)
                    SVGWriter.putEscaped(text, into: &line)
                    line.put("</text>")
                    if full != nil { line.put("</g>") }
                }
            }
        case .symbol(let name, let x, let y, let size, let ink):
            SVGWriter.withShown(bytes(name)) { name in
                func putTag(_ line: inout ByteCursor) {
                    line.put("<svg class=\"m-sym s-")
                    line.put(ink.name)
                    SVGWriter.putBox(Box(x: x, y: y, width: size, height: size), into: &line)
                    line.put(" viewBox=\"0 0 16 16\"><title>")
                }
                let end: StaticString = "</title><rect x=\"1.5\" y=\"1.5\" width=\"13\" height=\"13\" rx=\"4\"/><circle cx=\"8\" cy=\"8\" r=\"2\"/></svg>"
                guard SVGWriter.fitsInLine(name.count) else {
                    writer.beginLine()
                    writer.write(atMost: SVGWriter.shapeRoom, putTag)
                    escaped(name)
                    writer.write(end)
                    writer.endLine()
                    return
                }
                writer.line(room: SVGWriter.shapeRoom + SVGWriter.escapedRoom(name)) { line in
                    putTag(&line)
                    SVGWriter.putEscaped(name, into: &line)
                    line.put(end)
                }
            }
        case .mark(let mark, let x, let y, let size, let ink):
            let path = SVGWriter.path(of: mark)
            writer.line(room: SVGWriter.shapeRoom + path.utf8CodeUnitCount) { line in
                line.put("<svg class=\"m-mark s-")
                line.put(ink.name)
                SVGWriter.putBox(Box(x: x, y: y, width: size, height: size), into: &line)
                line.put(" viewBox=\"0 0 16 16\"><path d=\"")
                line.put(path)
                line.put("\"/></svg>")
            }
        case .open(let role, let element, let title):
            if annotated || !flags.isEmpty || !SVGWriter.fitsInLine(title.map { Int($0.count) } ?? 0) {
                writeOpen(role, path: drawing.element(element)?.path, title: title.map(bytes))
            } else {
                SVGWriter.withShown(optional: title.map(bytes)) { title in
                    writer.line(room: SVGWriter.shapeRoom + (title.map(SVGWriter.escapedRoom) ?? 0)) { line in
                        line.put("<g class=\"m-")
                        line.put(role.name)
                        line.put("\">")
                        if let title {
                            line.put("<title>")
                            SVGWriter.putEscaped(title, into: &line)
                            line.put("</title>")
                        }
                    }
                }
            }
            writer.enter()
        case .close:
            writer.leave()
            writer.line(room: 4) { $0.put("</g>") }
        }
    }

    /// A group's opening tag on a page that points at elements (the
    /// preview): its path, and its findings marked.
    private mutating func writeOpen(_ role: GroupRole, path: String?, title: UnsafeBufferPointer<UInt8>?) {
        writer.beginLine()
        writer.write("<g class=\"m-")
        writer.write(role.name)
        var flagText: String?
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
            SVGWriter.withShown(title) { escaped($0) }
            writer.write("</title>")
        }
        writer.endLine()
    }

    /// ` x="…" y="…" width="…" height="…"` (after a class, whose quote it closes).
    private static func putBox(_ box: Box, into line: inout ByteCursor) {
        line.put("\" x=\"")
        line.putDecimal(box.x)
        line.put("\" y=\"")
        line.putDecimal(box.y)
        line.put("\" width=\"")
        line.putDecimal(box.width)
        line.put("\" height=\"")
        line.putDecimal(box.height)
        line.put(0x22)
    }

    /// Hands `body` `XMLEscaping.shown` of the text: its own bytes when it
    /// is shown as it is (most), else those of the string `shown` makes.
    private static func withShown<Result>(optional bytes: UnsafeBufferPointer<UInt8>?, _ body: (UnsafeBufferPointer<UInt8>?) -> Result) -> Result {
        guard let bytes, !XMLEscaping.isShownAsItIs(bytes) else { return body(bytes) }
        var shown = XMLEscaping.shown(String(decoding: bytes, as: UTF8.self))
        return shown.withUTF8 { body($0) }
    }

    private static func withShown<Result>(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withShown(optional: bytes) { body($0 ?? bytes) }
    }

    /// Text already `XMLEscaping.shown`, escaped as it is put (runs
    /// without `&`, `<`, `>` or quotes are copied whole); at most
    /// `escapedRoom` bytes.
    private static func putEscaped(_ bytes: UnsafeBufferPointer<UInt8>, into line: inout ByteCursor) {
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
            if index > runStart { line.put(UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
            line.put(replacement)
            runStart = index + 1
        }
        if bytes.count > runStart { line.put(UnsafeBufferPointer(rebasing: bytes[runStart...])) }
    }

    /// Text already `XMLEscaping.shown`, escaped as it is written.
    private mutating func escaped(_ text: String) {
        var text = text
        text.withUTF8 { escaped($0) }
    }

    /// In pieces of at most 4 KB, so a text of any length asks for a bounded room.
    private mutating func escaped(_ bytes: UnsafeBufferPointer<UInt8>) {
        var start = 0
        while start < bytes.count {
            let piece = UnsafeBufferPointer(rebasing: bytes[start..<min(start + 4_096, bytes.count)])
            writer.write(atMost: SVGWriter.escapedRoom(piece)) { SVGWriter.putEscaped(piece, into: &$0) }
            start += piece.count
        }
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
