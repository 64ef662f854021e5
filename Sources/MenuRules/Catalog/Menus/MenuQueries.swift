import MenuSupport
@_spi(MenuPipeline) import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// Questions about menus that several Menus rules ask: which element holds a
/// menu level, where a declared menu is shown, how to point at spliced
/// content, and how to rewrite a label's string literal safely.
enum MenuQueries {

    // MARK: - Menu levels

    /// The nearest element that holds a menu level (menu, pull-down, context
    /// menu or submenu), skipping sections: sections only add separators.
    static func container(in ancestors: Ancestors) -> Element? {
        ancestors.last { $0.kind.holdsMenuElements }
    }

    /// Submenus of Apple's standard menus, which AppKit fills with standard
    /// items (Edit ▸ Find, Format ▸ Font ▸ Kern…): their length and depth
    /// are the system's, not the app's.
    static let standardSubmenuTitles: Set<String> = [
        "baseline", "find", "font", "kern", "ligatures", "open recent", "services", "speech", "spelling",
        "spelling and grammar", "substitutions", "text", "transformations", "writing direction",
    ]

    /// Whether the element is a submenu titled like one of Apple's standard submenus.
    static func isStandardSubmenu(_ element: Element) -> Bool {
        guard element.kind == .submenu, let label = element.label else { return false }
        return standardSubmenuTitles.contains(trimmed(label).lowercased())
    }

    /// Whether the element's items are "generated" (`dynamic: true`), also
    /// through `menu: X` when X is declared in this file. (A menu declared in
    /// an imported file can't be looked at from here.)
    static func isDynamic(_ element: Element, in file: CheckedFile) -> Bool {
        if element.flag(.dynamic) == true { return true }
        guard element.has(.menu), case .reference(let name)? = element.explicit(.menu) else { return false }
        return file.declaration(named: name, kind: .menu)?.flag(.dynamic) == true
    }

    // MARK: - Where declared menus are shown

    /// Names of declared menus that a menu bar in this file adds with `use`.
    static func menuBarMenuNames(in file: CheckedFile) -> Set<String> {
        var names = Set<String>()
        for bar in file.declarations where bar.kind == .menubar {
            for child in bar.children { if let origin = child.origin { names.insert(origin.menu) } }
        }
        return names
    }

    /// Names of declared menus whose items this file splices into a menu,
    /// pull-down, context menu or submenu (`use X` there, or `menu: X`).
    static func splicedMenuNames(in file: CheckedFile) -> Set<String> {
        var names = Set<String>()
        for (element, ancestors) in file.walk().matching({ $0.isSpliced }) {
            guard let origin = element.origin, let parent = ancestors.last,
                  parent.kind != .menubar, parent.origin != origin else { continue }
            names.insert(origin.menu)
        }
        return names
    }

    /// Whether the element, written in this file, has a `use` statement in
    /// its body (the model only keeps what `use` spliced, which may be
    /// nothing). Read from the element's own syntax node: the few rules that
    /// ask, ask about a few elements.
    static func hostsUse(_ element: Element, in file: CheckedFile) -> Bool {
        guard element.sourceFile == file.source.id else { return false }
        return file.syntax.tree.memberRefs(of: element.syntax.index).contains { $0.kind == .use }
    }

    // MARK: - Spans

    /// Where to point at something about `element`: `own` when it is written
    /// in this file, else the `use` or `menu:` that spliced it here.
    static func span(_ own: Span, of element: Element, in file: CheckedFile) -> Span? {
        if element.origin == nil { return own }
        guard let site = element.origin?.site, site.file == file.source.id else { return nil }
        return site
    }

    /// How spliced content is named in messages: "item 'Copy' (from 'Edit')".
    static func name(of element: Element) -> String {
        guard let origin = element.origin else { return element.displayName }
        return "\(element.displayName) (from '\(origin.menu)')"
    }

    // MARK: - Labels

    /// The text without blank space at either end.
    static func trimmed(_ text: String) -> String {
        // Most labels are ASCII without blank space at either end: asking
        // each `Character` whether it is whitespace looked up Unicode
        // properties for every label.
        let utf8 = text.utf8
        if let first = utf8.first, let last = utf8.last, first > 0x20, first < 0x80, last > 0x20, last < 0x80 { return text }
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
              let last = text.lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(text[first...last])
    }

    // MARK: - String literals

    /// A fix-it that replaces a string literal's content with `text`, or nil
    /// when the literal is written with escapes: its text then differs from
    /// its value, and rewriting it from the value could lose what was meant.
    static func replacingLiteral(at span: Span, in file: CheckedFile, with text: String, message: String, isCertain: Bool = true) -> FixIt? {
        let raw = file.source.text(of: span)
        guard raw.count >= 2, raw.first == "\"", raw.last == "\"", !raw.contains("\\"),
              !text.contains("\\"), !text.contains("\"") else { return nil }
        return FixIt(message: message, edits: [TextEdit(span: span, replacement: "\"\(text)\"")], isCertain: isCertain)
    }

    /// The span of `range` (a range of the literal's value) in the source,
    /// when the literal has no escapes; else the whole literal.
    static func span(of range: Range<String.Index>, in value: String, literal span: Span, file: CheckedFile) -> Span {
        let raw = file.source.text(of: span)
        guard !raw.contains("\\"), raw.utf8.count == value.utf8.count + 2 else { return span }
        let start = span.start + 1 + value.utf8.distance(from: value.startIndex, to: range.lowerBound)
        let end = start + value.utf8.distance(from: range.lowerBound, to: range.upperBound)
        return Span(file: span.file, start: start, end: end)
    }
}
