@_spi(MenuPipeline) import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// The Markdown backend: one documentation page per `.menu` file — title,
/// doc comment and platforms, then each declaration as a section: a view's
/// controls with their roles and styles, each menu as a table (label,
/// shortcut, symbol, role, state, enabled, action), a keyboard-shortcut
/// reference for the menu bar, and links for `use`, `menu:` and `opens:`
/// to the declaration they name, on this page or another one.
///
/// Every piece of source text goes through `MarkdownEscaping`: a label is
/// shown as written, never as formatting or HTML.
package enum MarkdownBackend {
    /// Where the pages of one build go, so pages can link to each other.
    package struct Site: Sendable {
        /// Each input's page, relative to the output directory (`shared/edit.md`).
        var pages: [FileID: String] = [:]
        /// The checked files that declare each top-level identifier, in build order.
        var declaringFiles: [String: [FileID]] = [:]
        /// Which file sees which, numbered once for the build: walking the
        /// imports for each reference made the pages of a long import chain
        /// cost the square of its length.
        var numbering = ImportNumbering(imports: [])
        /// Whether pages show a picture of each declaration, which the build
        /// writes beside the page (`notes/File.svg` beside `notes.md`).
        package var embedsPictures = false

        /// A page on its own (standard output): links only within the page.
        package init() {}

        /// The pages of a build: `pages` gives each input's page path;
        /// `files` are the checked inputs, `imports` every loaded file's
        /// imports (by `FileID`).
        package init(files: [CheckedFile], imports: [[ResolvedImport]], pages: [FileID: String]) {
            self.pages = pages
            for file in files {
                for declaration in file.declarations where declaringFiles[declaration.id]?.last != file.source.id {
                    declaringFiles[declaration.id, default: []].append(file.source.id)
                }
            }
            numbering = ImportNumbering(imports: imports)
            numbering.number(group: (0..<imports.count).map(FileID.init))
            embedsPictures = true
        }

        /// The folder of a page's pictures, relative to the output
        /// directory: the page's path without `.md` (`shared/edit`).
        package static func pictureFolder(ofPage page: String) -> String {
            page.hasSuffix(".md") ? String(page.dropLast(3)) : page + ".pictures"
        }

        /// The link to the declaration `name` as seen from `file`: `#name` on
        /// the same page, `other.md#name` for an imported file with a page,
        /// nil when the declaring file has no page in this build.
        func link(to name: String, from file: CheckedFile) -> String? {
            if file.declaration(named: name) != nil { return "#" + name }
            guard let target = declaringFile(of: name, from: file.source.id), let page = pages[target] else { return nil }
            let here = pages[file.source.id] ?? ""
            return MarkdownEscaping.linkDestination(Site.relativePath(from: here, to: page), fragment: name)
        }

        /// The nearest imported file (breadth-first) with a page that declares `name`.
        private func declaringFile(of name: String, from start: FileID) -> FileID? {
            var walker = ImportWalker(numbering: numbering)
            let seen = (declaringFiles[name] ?? []).filter { $0 != start && walker.sees($0, from: start) }
            // One file: the usual case (a name declared in two files that one
            // file sees is a `duplicate-id` error).
            guard seen.count > 1 else { return seen.first }
            var nearest: FileID?
            walker.walk(from: start) { file in
                guard file != start, seen.contains(file) else { return true }
                nearest = file
                return false
            }
            return nearest
        }

        /// `to` relative to the folder of `from`; both relative to one root.
        static func relativePath(from: String, to: String) -> String {
            let fromFolder = from.split(separator: "/").dropLast()
            let target = to.split(separator: "/")
            var common = 0
            while common < fromFolder.count, common < target.count - 1, fromFolder[fromFolder.startIndex + common] == target[common] {
                common += 1
            }
            let up = Array(repeating: "..", count: fromFolder.count - common)
            return (up + target[common...].map(String.init)).joined(separator: "/")
        }
    }

    /// The page for one checked file; `site` says where the other pages of
    /// the build are, so references to their declarations become links.
    package static func render(_ file: CheckedFile, files: (FileID) -> SourceFile?, site: Site = Site()) -> String {
        String(decoding: renderBytes(file, files: files, site: site), as: UTF8.self)
    }

    /// The page as UTF-8, without making a string.
    package static func renderBytes(_ file: CheckedFile, files: (FileID) -> SourceFile?, site: Site = Site()) -> [UInt8] {
        var writer = CodeWriter()
        MarkdownPage(file: file, site: site).render(to: &writer)
        return writer.bytes
    }

    /// The page handed to `sink` in pieces as it is written (what `menuc build` does).
    package static func render(_ file: CheckedFile, files: (FileID) -> SourceFile?, site: Site = Site(), to sink: (UnsafeBufferPointer<UInt8>) -> Void) {
        withoutActuallyEscaping(sink) { sink in
            var writer = CodeWriter(streamingTo: sink)
            MarkdownPage(file: file, site: site).render(to: &writer)
            writer.flushRemaining()
        }
    }

    /// One entry of `index.md`.
    package struct IndexEntry: Sendable {
        /// The page, relative to the output directory.
        package var page: String
        /// The source file as given (shown as the link text).
        package var source: String
        /// The file's doc comment; its first paragraph is the summary.
        package var doc: String?

        /// An entry for one page.
        package init(page: String, source: String, doc: String?) {
            self.page = page
            self.source = source
            self.doc = doc
        }
    }

    /// `index.md`: a table linking every page, with each file's summary.
    package static func index(_ entries: [IndexEntry]) -> String {
        var writer = CodeWriter()
        writer.line(generatedNotice)
        writer.blankLine()
        writer.line("# Menus")
        writer.blankLine()
        writer.line("| Page | Summary |")
        writer.line("| --- | --- |")
        for entry in entries {
            let link = "[\(MarkdownEscaping.text(entry.source))](\(MarkdownEscaping.linkDestination(entry.page)))"
            writer.line("| \(link) | \(MarkdownEscaping.text(summary(of: entry.doc))) |")
        }
        return writer.text
    }

    /// The first paragraph of a doc comment, on one line.
    static func summary(of doc: String?) -> String {
        guard let doc else { return "" }
        let paragraph = doc.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.trimmingWhitespace().isEmpty }
        return paragraph.map { $0.trimmingWhitespace() }.joined(separator: " ")
    }

    static let generatedNotice = "<!-- Generated by menuc \(MenucVersion.current). DO NOT EDIT. -->"
}

extension Substring {
    fileprivate func trimmingWhitespace() -> String { String(self).trimmingWhitespace() }
}

/// Writes one page; the state of a single `MarkdownBackend.render` call.
struct MarkdownPage {
    let file: CheckedFile
    let site: MarkdownBackend.Site
    /// Escaped cells kept for the page's rows (see `RowPieces`).
    let pieces: RowPieces
    /// The picture of each drawn element (by store index), as a link from
    /// the page; empty when the page has no pictures.
    let pictures: [Int: (title: String, link: String)]

    init(file: CheckedFile, site: MarkdownBackend.Site) {
        self.file = file
        self.site = site
        pieces = RowPieces(file.store, elements: file.walkIndex.order.count)
        var pictures: [Int: (title: String, link: String)] = [:]
        if site.embedsPictures, let page = site.pages[file.source.id] {
            let folder = PathNames.lastComponent(of: MarkdownBackend.Site.pictureFolder(ofPage: page))
            let list = SVGBackend.pictures(of: file)
            pictures.reserveCapacity(list.count)
            for picture in list {
                pictures[picture.element.index] = (picture.title, folder + "/" + picture.name + ".svg")
            }
        }
        self.pictures = pictures
    }

    /// `![File menu](notes/File.svg)`, when the element has a picture.
    func writePicture(of element: Element, to writer: inout CodeWriter) {
        guard let picture = pictures[element.index] else { return }
        writer.blankLine()
        writer.line("![" + MarkdownEscaping.text(picture.title) + "](" + MarkdownEscaping.linkDestination(picture.link) + ")")
    }

    /// What a page's item rows repeat, escaped once per page and kept as
    /// bytes in `cache`: labels, symbols' code spans, shortcut displays,
    /// the kinds' default symbols. A row's own pieces (an action, an id
    /// shown as its label) go after them and are dropped after the row.
    /// (A class: the page writes through non-mutating methods.)
    final class RowPieces {
        let cache = OutputBuffer(capacity: 1 << 14)
        /// Ranges of `cache` by `TextID`.
        private let texts: RangeTable
        private let codes: RangeTable
        /// By shortcut index.
        private let shortcuts: RangeTable
        /// By `(ElementKind.ordinal * 2 + context) * names + name`.
        private let defaultSymbols: RangeTable

        /// How many property names there are (kept: read for every row, a
        /// static was a `swift_once` call each time).
        private let names = PropertyName.allCases.count

        /// `elements`: how many elements the page shows (the store's
        /// numbering of texts and shortcuts covers its whole import group).
        init(_ store: ModelStore, elements: Int) {
            texts = RangeTable(count: store.texts.count, expectedKeys: elements)
            codes = RangeTable(count: store.texts.count, expectedKeys: elements)
            shortcuts = RangeTable(count: store.shortcuts.count, expectedKeys: elements)
            let slots = ElementKind.allCases.count * 2 * names
            defaultSymbols = RangeTable(count: slots, expectedKeys: slots)
        }

        /// What `body` appends to `cache`, as a range of it.
        @inline(__always)
        static func append(to cache: OutputBuffer, _ body: (OutputBuffer) -> Void) -> Range<Int> {
            let start = cache.count
            body(cache)
            return start..<cache.count
        }

        /// The range of `cache` kept at `index` of `table`, made by `make` the first time.
        @inline(__always)
        private func kept(_ table: RangeTable, _ index: Int, _ make: (OutputBuffer) -> Void) -> Range<Int> {
            if let range = table[index] { return range }
            let range = RowPieces.append(to: cache, make)
            table[index] = range
            return range
        }

        /// `MarkdownEscaping.text` of a text of the model.
        func text(_ id: TextID, of store: ModelStore) -> Range<Int> {
            kept(texts, Int(id.rawValue)) { cache in store.withTextBytes(id) { cache.appendMarkdownText($0) } }
        }

        /// `MarkdownEscaping.code` of a text of the model.
        func code(_ id: TextID, of store: ModelStore) -> Range<Int> {
            kept(codes, Int(id.rawValue)) { cache in store.withTextBytes(id) { cache.appendMarkdownCode($0) } }
        }

        /// The escaped display of the model's shortcut `index`.
        func shortcut(_ index: Int, of store: ModelStore) -> Range<Int> {
            kept(shortcuts, index) { $0.appendString(MarkdownEscaping.text(store.shortcuts[index].display)) }
        }

        /// The bytes of the default symbol of `name` on the record's kind in
        /// its context (what `ModelStore.withSymbol` gives when not written;
        /// empty when the default is no symbol).
        func defaultSymbol(_ name: PropertyName, of record: ElementRecord) -> Range<Int> {
            let slot = (record.kind.ordinal * 2 + (record.context == .menu ? 1 : 0)) * names + Int(name.rawValue)
            return kept(defaultSymbols, slot) { cache in
                if let symbol = PropertyCatalog.defaultValue(name, for: record.kind, in: record.context)?.name { cache.appendString(symbol) }
            }
        }
    }

    /// Ranges by index, nil until set, in memory the table owns: the row
    /// memo reads them for every row, and as arrays stored in a class each
    /// access was a dynamic exclusivity check (about 80 instructions).
    final class RangeTable {
        // Used by one page at a time: the dynamic exclusivity checks of a
        // class property cost more than the lookups they guard.
        @exclusivity(unchecked) private var table: GroupKeyedTable<Range<Int>>

        /// `expectedKeys`: see `GroupKeyedTable`.
        init(count: Int, expectedKeys: Int) {
            table = GroupKeyedTable(keyCount: count, missing: -1..<(-1), expectedKeys: expectedKeys)
        }

        subscript(index: Int) -> Range<Int>? {
            get {
                let range = table[index]
                return range.lowerBound < 0 ? nil : range
            }
            set {
                table[index] = newValue ?? -1..<(-1)
            }
        }
    }

    func render(to writer: inout CodeWriter) {
        writer.line(MarkdownBackend.generatedNotice)
        writer.blankLine()
        let name = file.source.displayPath.split(separator: "/").last.map(String.init) ?? file.source.displayPath
        writer.line("# " + MarkdownEscaping.text(name))
        writeDoc(file.doc, to: &writer)
        writer.blankLine()
        writer.line("- **Source:** " + MarkdownEscaping.code(file.source.displayPath))
        let platforms = file.platforms.map { $0.name.rawValue + ($0.version.map { " " + $0 } ?? "") }
        writer.line("- **Platforms:** " + MarkdownEscaping.text(platforms.joined(separator: ", ")) + (file.platformsWritten ? "" : " (default)"))
        if !file.imports.isEmpty {
            let imports = file.imports.map { resolved -> String in
                guard let target = resolved.file, let page = site.pages[target] else { return MarkdownEscaping.code(resolved.path) }
                let here = site.pages[file.source.id] ?? ""
                let destination = MarkdownEscaping.linkDestination(MarkdownBackend.Site.relativePath(from: here, to: page))
                return "[\(MarkdownEscaping.text(resolved.path))](\(destination))"
            }
            writer.line("- **Imports:** " + imports.joined(separator: ", "))
        }
        if file.declarations.count > 1 { writeContents(to: &writer) }
        for declaration in file.declarations {
            writer.blankLine()
            writeDeclaration(declaration, to: &writer)
        }
    }

    /// `- **Contents:**` and a link to every declaration, written as pieces:
    /// joined as strings, the line cost 2,300 instructions a declaration.
    /// (Titles are escaped and identifiers are words: no line breaks inside,
    /// and the line ends in ')'.)
    private func writeContents(to writer: inout CodeWriter) {
        writer.beginLine()
        writer.write("- **Contents:** ")
        for (index, declaration) in file.declarations.enumerated() {
            if index > 0 { writer.write(" · ") }
            writer.write("[")
            // A plain label (most) is its own escaped title: copied from the store.
            let store = declaration.store
            let record = declaration.record
            if record.kind != .menubar, record.label.exists, store.withTextBytes(record.label, { MarkdownEscaping.isPlainText($0) }) {
                store.withTextBytes(record.label) { writer.write($0) }
            } else {
                writer.write(string: MarkdownEscaping.text(title(of: declaration)))
            }
            writer.write("](#")
            store.withIDBytes(of: record) { writer.write($0) }
            writer.write(")")
        }
        writer.endLine()
    }

    /// A declaration's heading text: its label, else its identifier.
    func title(of element: Element) -> String {
        if element.record.kind == .menubar { return element.label ?? "Menu bar" }
        return element.label ?? element.id
    }

    private func writeDeclaration(_ element: Element, to writer: inout CodeWriter) {
        writeHeading(element, to: &writer)
        writer.blankLine()
        writer.line(summaryLine(of: element))
        writeDoc(element.doc, to: &writer)
        writePicture(of: element, to: &writer)
        switch element.kind {
        case .menubar:
            for menu in element.children {
                writer.blankLine()
                writer.line("### " + MarkdownEscaping.text(title(of: menu)))
                writer.blankLine()
                writer.line(summaryLine(of: menu))
                writeDoc(menu.doc, to: &writer)
                writePicture(of: menu, to: &writer)
                writeMenuTable(menu, to: &writer)
            }
            writeShortcutReference(element, to: &writer)
        case .menu, .contextmenu, .pulldown, .submenu:
            writeMenuTable(element, to: &writer)
        case .view:
            writeView(element, to: &writer)
        case .button, .toggle, .popup:
            writeControlTable([element], to: &writer)
            writeControlDetails(element.children.isEmpty ? [] : [element], to: &writer)
        case .option, .toolbar, .row, .item, .section:
            // Not top-level kinds; already reported as misplaced.
            writeControlTable(element.children, to: &writer)
        }
    }

    /// `## <a id="ID"></a>Title`. The anchor is the identifier: unique in
    /// the file, stable, the same on every renderer.
    private func writeHeading(_ element: Element, to writer: inout CodeWriter) {
        let store = element.store
        let record = element.record
        // Written from the store's bytes when the title is an identifier or
        // plain text that `line` would not trim (most labels); else as a string.
        let fromBytes = record.kind != .menubar
            && (!record.label.exists || store.withTextBytes(record.label) { MarkdownEscaping.isPlainText($0) && $0.last != 0x20 })
        guard fromBytes else {
            writer.line("## <a id=\"\(element.id)\"></a>" + MarkdownEscaping.text(title(of: element)))
            return
        }
        writer.beginLine()
        writer.write("## <a id=\"")
        store.withIDBytes(of: record) { writer.write($0) }
        writer.write("\"></a>")
        if record.label.exists {
            store.withTextBytes(record.label) { writer.write($0) }
        } else {
            store.withIDBytes(of: record) { writer.writeMarkdownText($0) }
        }
        writer.endLine()
    }

    /// `` `menu File` `` followed by what sets the element apart: how it is
    /// presented, its layout, where its items come from.
    func summaryLine(of element: Element) -> String {
        // A made-up identifier (`menubar`, `section2`) says nothing: show the kind alone.
        let name = element.idSource == .synthetic ? element.kind.rawValue : "\(element.kind.rawValue) \(element.id)"
        // One per declaration and most have nothing to add: no array of parts, names looked up as cases.
        var line = MarkdownEscaping.code(name)
        func add(_ part: String) { line += " · " + part }
        // Read from the store's record (`ElementProperties`): through
        // `Element`, each of these made a value, and most are not set.
        let properties = ElementProperties(element.record, of: element.store)
        func symbol(_ name: PropertyName) -> String? { properties.withSymbol(name) { $0.map { String(decoding: $0, as: UTF8.self) } } }
        if let presentation = symbol(.presentation) { add("presented as \(presentation)") }
        if properties.flag(.editable) == true { add("editable") }
        if properties.flag(.scrolling) == true { add("scrolls") }
        if element.kind == .contextmenu, properties.isSet(.title), let title = element.string(.title) { add("titled “" + MarkdownEscaping.text(title) + "”") }
        if let layout = symbol(.layout) { add("\(layout) layout") }
        if properties.flag(.dynamic) == true { add("dynamic content") }
        if properties.flag(.enabled) == false { add("disabled") }
        if properties.isSet(.menu), let reference = element[.menu]?.name { add("items from " + declarationLink(reference)) }
        if let origin = element.origin { add("from " + declarationLink(origin.menu) + " by " + MarkdownEscaping.code(origin.via == .use ? "use \(origin.menu)" : "menu: \(origin.menu)")) }
        return line
    }

    /// A link to a declaration, or its name in code when it has no page here.
    func declarationLink(_ name: String) -> String {
        guard let destination = site.link(to: name, from: file) else { return MarkdownEscaping.code(name) }
        return "[\(MarkdownEscaping.text(name))](\(destination))"
    }

    /// A doc comment, sanitised, between blank lines: whatever it holds
    /// (a list, a quote, a table) ends before what follows it.
    func writeDoc(_ doc: String?, to writer: inout CodeWriter) {
        guard let doc else { return }
        writer.blankLine()
        for line in MarkdownEscaping.docLines(doc) { writer.line(line) }
        writer.blankLine()
    }
}
