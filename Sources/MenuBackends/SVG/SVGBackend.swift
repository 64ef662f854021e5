import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// The SVG backend: a picture of each declaration as it appears on a
/// platform — a menu-bar menu opened under its title, menus, context menus
/// (small, medium and large), pop-up and pull-down buttons with their menus
/// open, buttons, and views with their controls.
///
/// A picture is a standalone SVG: no scripts, no fonts, images or links
/// from elsewhere, and the same bytes on every machine (text is measured
/// with `TextMetrics`, coordinates are whole points). SF Symbols can't be
/// embedded, so a symbol is a neutral rounded glyph titled with its name.
package enum SVGBackend {
    /// One picture of a file: a top-level declaration, or one menu of a menu bar.
    package struct Picture {
        /// The file name without `.svg`: unique in the file (ignoring case),
        /// safe on every file system (see `fileName`).
        package var name: String
        package var element: Element
        /// The menu bar `element` opens from, when it is one of its menus.
        package var menuBar: Element?

        /// Alternative text (`File menu`). Made when asked: a build's
        /// pictures write theirs from the model's bytes (`Drawing.title`).
        package var title: String { SVGBackend.title(of: element) }
    }

    /// The file's pictures, in the order of its declarations.
    package static func pictures(of file: CheckedFile) -> [Picture] {
        var pictures: [Picture] = []
        var taken = Set<String>()
        // Most declarations are one picture: sized once, not grown (and rehashed) a dozen times.
        pictures.reserveCapacity(file.declarations.count)
        taken.reserveCapacity(file.declarations.count)
        func add(_ element: Element, menuBar: Element?) {
            var name = fileName(for: element.id)
            if !taken.insert(name.lowercased()).inserted {
                var number = 2
                while taken.contains("\(name)-\(number)".lowercased()) { number += 1 }
                name = "\(name)-\(number)"
                taken.insert(name.lowercased())
            }
            pictures.append(Picture(name: name, element: element, menuBar: menuBar))
        }
        for declaration in file.declarations {
            if declaration.record.kind == .menubar {
                for menu in declaration.children where menu.record.kind == .menu || menu.record.kind == .submenu { add(menu, menuBar: declaration) }
            } else {
                add(declaration, menuBar: nil)
            }
        }
        return pictures
    }

    /// A file name for an identifier: ASCII letters, digits, `-` and `_`
    /// kept, anything else as `_` and its hexadecimal code, at most 100
    /// bytes — never a separator, never `.` or `..`, never empty.
    package static func fileName(for identifier: String) -> String {
        // Most identifiers are short words: the name as it is.
        if !identifier.isEmpty, identifier.utf8.count <= 100, identifier.utf8.allSatisfy(isKeptInFileName) { return identifier }
        var name = ""
        for scalar in identifier.unicodeScalars {
            guard name.utf8.count < 100 else { break }
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "-": name.unicodeScalars.append(scalar)
            default: name += "_" + String(scalar.value, radix: 16, uppercase: true)
            }
        }
        return name.isEmpty ? "_" : name
    }

    /// ASCII letters, digits and `-`: what `fileName(for:)` keeps.
    private static func isKeptInFileName(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"): true
        default: false
        }
    }

    /// `File menu`, `More pull-down`, `Edit Note view`: the element's label
    /// (else its identifier) and what it is — a menu bar is `Menu bar`.
    static func title(of element: Element) -> String {
        guard let suffix = titleSuffix(of: element.record.kind) else { return "Menu bar" }
        return (element.label ?? element.id) + suffix.description
    }

    /// What `title(of:)` puts after the name; nil for a menu bar, whose title is its own.
    static func titleSuffix(of kind: ElementKind) -> StaticString? {
        switch kind {
        case .menu, .submenu: " menu"
        case .contextmenu: " context menu"
        case .pulldown: " pull-down button"
        case .popup: " pop-up button"
        case .button: " button"
        case .toggle: " toggle"
        case .view: " view"
        case .menubar: nil
        case .option, .toolbar, .row, .item, .section: ""
        }
    }

    /// A picture `--emit markdown` writes beside its page, in the look the
    /// documentation shows (`family(for:in:)`). `menuc build` and
    /// `CompilerStages` both write these, so what is timed is what is built.
    package struct PageFigure: Sendable {
        /// The file's name in the page's folder (`File.svg`).
        package var fileName: String
        let picture: Picture
        let family: PictureFamily
        /// The file's shortcut displays, shared by all its figures.
        let shortcuts: ShortcutDisplays

        /// Hands the SVG document to `write`.
        package func write(to write: (UnsafeBufferPointer<UInt8>) -> Void) {
            var drawing = DeclarationLayout.draw(picture, family: family, shortcuts: shortcuts)
            let title = drawing.title(of: picture.element)
            SVGWriter.write(drawing, title: title, to: write)
        }
    }

    /// The pictures of `file` that its Markdown page embeds, in its order.
    package static func pageFigures(of file: CheckedFile) -> [PageFigure] {
        let families = families(of: file)
        let shortcuts = ShortcutDisplays(file.store)
        return pictures(of: file).map { picture in
            PageFigure(fileName: picture.name + ".svg", picture: picture, family: family(for: picture, families: families), shortcuts: shortcuts)
        }
    }

    /// The family a picture in the documentation shows: the file's first
    /// platform that has the control — a menu bar and its menus on macOS,
    /// a context menu on iOS when the file targets it.
    package static func family(for picture: Picture, in file: CheckedFile) -> PictureFamily {
        family(for: picture, families: families(of: file))
    }

    private static func family(for picture: Picture, families: [PictureFamily]) -> PictureFamily {
        if picture.menuBar != nil, families.contains(.mac) { return .mac }
        if picture.element.record.kind == .contextmenu, families.contains(.touch) { return .touch }
        return families.first ?? .mac
    }

    /// The families of the file's platforms, macOS first, without repeats.
    package static func families(of file: CheckedFile) -> [PictureFamily] {
        let present = Set(file.platforms.map { PictureFamily($0.name) })
        let ordered = PictureFamily.allCases.filter(present.contains)
        return ordered.isEmpty ? [.mac] : ordered
    }

    /// The picture as an SVG document. `annotated` adds each drawn
    /// element's path (`data-path`), for the preview's diagnostics.
    package static func render(_ picture: Picture, family: PictureFamily, annotated: Bool = false) -> [UInt8] {
        let drawing = DeclarationLayout.draw(picture, family: family)
        return SVGWriter.document(drawing, title: picture.title, annotated: annotated)
    }

    /// A finding shown on the element it concerns (the preview).
    package struct Flag: Sendable {
        /// `error`, `warning` or `note`: the worst of the element's findings.
        package var severity: String
        /// The findings' messages, one a line (the element's tooltip).
        package var text: String

        package init(severity: String, text: String) {
            self.severity = severity
            self.text = text
        }
    }

    /// The picture annotated with element paths, each finding marked on
    /// the drawn element nearest the one it concerns (a finding about an
    /// item inside a closed submenu marks the submenu). Returns the SVG
    /// and, by finding path, the drawn path that carries it.
    package static func render(_ picture: Picture, family: PictureFamily, flags: [String: Flag]) -> (svg: [UInt8], marked: [String: String]) {
        let drawing = DeclarationLayout.draw(picture, family: family)
        var drawn = Set<String>()
        for shape in drawing.shapes {
            if case .open(_, let index, _) = shape, let element = drawing.element(index) { drawn.insert(element.path) }
        }
        var placed: [String: Flag] = [:]
        var marked: [String: String] = [:]
        // Only inside the picture's own element: a finding about another
        // menu of the same menu bar doesn't mark the bar drawn here.
        let root = picture.element.path
        for (path, flag) in flags.sorted(by: { $0.key < $1.key }) where path == root || path.hasPrefix(root + "/") {
            var components = path.split(separator: "/", omittingEmptySubsequences: false)
            while !components.isEmpty, !drawn.contains(components.joined(separator: "/")) { components.removeLast() }
            guard components.count >= root.split(separator: "/", omittingEmptySubsequences: false).count else { continue }
            let target = components.joined(separator: "/")
            marked[path] = target
            if var existing = placed[target] {
                existing.text += "\n" + flag.text
                if rank(flag.severity) > rank(existing.severity) { existing.severity = flag.severity }
                placed[target] = existing
            } else {
                placed[target] = flag
            }
        }
        return (SVGWriter.document(drawing, title: picture.title, annotated: true, flags: placed), marked)
    }

    private static func rank(_ severity: String) -> Int {
        switch severity {
        case "error": 3
        case "warning": 2
        default: 1
        }
    }
}
