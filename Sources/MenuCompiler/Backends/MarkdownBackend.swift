/// The Markdown backend: one documentation page per `.menu` file — title,
/// doc comment and platforms, then each declaration as a section: a view's
/// controls with their roles and styles, each menu as a table (label,
/// shortcut, symbol, role, state, enabled, action), a keyboard-shortcut
/// reference for the menu bar, and links for `use`, `menu:` and `opens:`
/// to the declaration they name, on this page or another one.
///
/// Every piece of source text goes through `MarkdownEscaping`: a label is
/// shown as written, never as formatting or HTML.
public enum MarkdownBackend {
    /// Where the pages of one build go, so pages can link to each other.
    public struct Site: Sendable {
        /// Each input's page, relative to the output directory (`shared/edit.md`).
        var pages: [FileID: String] = [:]
        /// Top-level identifiers of each input.
        var declarations: [FileID: Set<String>] = [:]
        /// Each loaded file's direct imports.
        var imports: [FileID: [FileID]] = [:]

        /// A page on its own (standard output): links only within the page.
        public init() {}

        /// The pages of a build: `pages` gives each input's page path.
        public init(compilation: Compilation, pages: [FileID: String]) {
            self.pages = pages
            for file in compilation.files {
                declarations[file.source.id] = Set(file.declarations.map(\.id))
            }
            for (index, resolved) in compilation.workspace.imports.enumerated() {
                imports[FileID(index)] = resolved.compactMap(\.file)
            }
        }

        /// The link to the declaration `name` as seen from `file`: `#name` on
        /// the same page, `other.md#name` for an imported file with a page,
        /// nil when the declaring file has no page in this build.
        func link(to name: String, from file: CheckedFile) -> String? {
            if file.declarations.contains(where: { $0.id == name }) { return "#" + name }
            guard let target = declaringFile(of: name, from: file.source.id), let page = pages[target] else { return nil }
            let here = pages[file.source.id] ?? ""
            return MarkdownEscaping.linkDestination(Site.relativePath(from: here, to: page), fragment: name)
        }

        /// The nearest imported file (breadth-first) with a page that declares `name`.
        private func declaringFile(of name: String, from start: FileID) -> FileID? {
            var queue = imports[start] ?? []
            var seen: Set<FileID> = [start]
            var index = 0
            while index < queue.count {
                let file = queue[index]
                index += 1
                guard seen.insert(file).inserted else { continue }
                if declarations[file]?.contains(name) == true { return file }
                queue.append(contentsOf: imports[file] ?? [])
            }
            return nil
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
    public static func render(_ file: CheckedFile, files: (FileID) -> SourceFile?, site: Site = Site()) -> String {
        String(decoding: renderBytes(file, files: files, site: site), as: UTF8.self)
    }

    /// The page as UTF-8, without making a string.
    public static func renderBytes(_ file: CheckedFile, files: (FileID) -> SourceFile?, site: Site = Site()) -> [UInt8] {
        var writer = CodeWriter()
        MarkdownPage(file: file, site: site).render(to: &writer)
        return writer.bytes
    }

    /// The page handed to `sink` in pieces as it is written (what `menuc build` does).
    public static func render(_ file: CheckedFile, files: (FileID) -> SourceFile?, site: Site = Site(), to sink: (UnsafeBufferPointer<UInt8>) -> Void) {
        withoutActuallyEscaping(sink) { sink in
            var writer = CodeWriter(streamingTo: sink)
            MarkdownPage(file: file, site: site).render(to: &writer)
            writer.flushRemaining()
        }
    }

    /// One entry of `index.md`.
    public struct IndexEntry: Sendable {
        /// The page, relative to the output directory.
        public var page: String
        /// The source file as given (shown as the link text).
        public var source: String
        /// The file's doc comment; its first paragraph is the summary.
        public var doc: String?

        /// An entry for one page.
        public init(page: String, source: String, doc: String?) {
            self.page = page
            self.source = source
            self.doc = doc
        }
    }

    /// `index.md`: a table linking every page, with each file's summary.
    public static func index(_ entries: [IndexEntry]) -> String {
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

    static let generatedNotice = "<!-- Generated by menuc \(MenuCompiler.version). DO NOT EDIT. -->"
}

extension Substring {
    fileprivate func trimmingWhitespace() -> String { String(self).trimmingWhitespace() }
}

/// Writes one page; the state of a single `MarkdownBackend.render` call.
struct MarkdownPage {
    let file: CheckedFile
    let site: MarkdownBackend.Site
    /// Escaped shortcut displays, by shortcut index: made once per page.
    let shortcutCells = ShortcutCells()

    /// Memo of escaped shortcut displays (a class: the page writes through
    /// non-mutating methods).
    final class ShortcutCells {
        private var escaped: [String?] = []

        func display(_ index: Int, of store: ModelStore) -> String {
            if escaped.isEmpty { escaped = Array(repeating: nil, count: store.shortcuts.count) }
            if let known = escaped[index] { return known }
            let text = MarkdownEscaping.text(store.shortcuts[index].display)
            escaped[index] = text
            return text
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
        if file.declarations.count > 1 {
            let contents = file.declarations.map { "[\(MarkdownEscaping.text(title(of: $0)))](#\($0.id))" }
            writer.line("- **Contents:** " + contents.joined(separator: " · "))
        }
        for declaration in file.declarations {
            writer.blankLine()
            writeDeclaration(declaration, to: &writer)
        }
    }

    /// A declaration's heading text: its label, else its identifier.
    func title(of element: Element) -> String {
        if element.kind == .menubar { return element.label ?? "Menu bar" }
        return element.label ?? element.id
    }

    private func writeDeclaration(_ element: Element, to writer: inout CodeWriter) {
        writeHeading(element, to: &writer)
        writer.blankLine()
        writer.line(summaryLine(of: element))
        writeDoc(element.doc, to: &writer)
        switch element.kind {
        case .menubar:
            for menu in element.children {
                writer.blankLine()
                writer.line("### " + MarkdownEscaping.text(title(of: menu)))
                writer.blankLine()
                writer.line(summaryLine(of: menu))
                writeDoc(menu.doc, to: &writer)
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
        if let presentation = element.symbol(.presentation) { add("presented as \(presentation)") }
        if element.flag(.editable) == true { add("editable") }
        if element.flag(.scrolling) == true { add("scrolls") }
        if let layout = element.symbol(.layout) { add("\(layout) layout") }
        if element.flag(.dynamic) == true { add("dynamic content") }
        if element.flag(.enabled) == false { add("disabled") }
        if let reference = element[.menu]?.name { add("items from " + declarationLink(reference)) }
        if let origin = element.origin { add("from " + declarationLink(origin.menu) + " by " + MarkdownEscaping.code(origin.via == .use ? "use \(origin.menu)" : "menu: \(origin.menu)")) }
        return line
    }

    /// A link to a declaration, or its name in code when it has no page here.
    func declarationLink(_ name: String) -> String {
        guard let destination = site.link(to: name, from: file) else { return MarkdownEscaping.code(name) }
        return "[\(MarkdownEscaping.text(name))](\(destination))"
    }

    func writeDoc(_ doc: String?, to writer: inout CodeWriter) {
        guard let doc else { return }
        writer.blankLine()
        for line in MarkdownEscaping.docLines(doc) { writer.line(line) }
    }
}
