import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// Questions the pull-down and pop-up rules ask of the checked model.
///
/// Kept in a namespace rather than as extensions on `Element`, so that the
/// helpers of other rule groups can't collide with these names.
enum PullDownQueries {
    /// Text that shows: a label that isn't empty or blank.
    static func visibleLabel(of element: Element) -> String? {
        guard let label = element.label, !label.allSatisfy(\.isWhitespace) else { return nil }
        return label
    }

    /// The SF Symbol written on the element, when it isn't blank.
    static func symbol(of element: Element) -> String? {
        guard let symbol = element.string("symbol"), !symbol.allSatisfy(\.isWhitespace) else { return nil }
        return symbol
    }

    /// A label reduced to what people read: no surrounding blanks, no
    /// trailing ellipsis, case folded ("More…" and "more" read the same).
    static func comparable(_ text: String) -> String {
        var result = text.trimmingBlanks()
        for ellipsis in ["…", "..."] where result.hasSuffix(ellipsis) {
            result.removeLast(ellipsis.count)
        }
        return result.trimmingBlanks().lowercased()
    }

    /// An identifier read as title-case words: `sortBy` → "Sort By".
    static func titleWords(of identifier: String) -> String {
        var result = ""
        for character in identifier {
            if character == "_" { result.append(" "); continue }
            if character.isUppercase, let last = result.last, !last.isUppercase, last != " " { result.append(" ") }
            result += result.isEmpty || result.last == " " ? character.uppercased() : String(character)
        }
        return result.trimmingBlanks()
    }

    /// The groups a menu shows, separated by separators: each section is
    /// one, and so is each run of items standing between sections.
    static func groups(of menu: Element) -> [[Element]] {
        var groups: [[Element]] = []
        var loose: [Element] = []
        for child in menu.children {
            if child.kind == .section {
                if !loose.isEmpty { groups.append(loose); loose = [] }
                groups.append([child])
            } else {
                loose.append(child)
            }
        }
        if !loose.isEmpty { groups.append(loose) }
        return groups
    }

    /// Items that perform an action (not checkmark items or changeable-title
    /// toggles, which choose a state), through sections and submenus.
    static func actionItems(in menu: Element) -> [Element] {
        var items: [Element] = []
        appendActionItems(in: menu, to: &items)
        return items
    }

    /// `actionItems`, into one array rather than one per child.
    private static func appendActionItems(in menu: Element, to items: inout [Element]) {
        for child in menu.children {
            switch child.kind {
            case .item: if child.property("state") == nil { items.append(child) }
            case .section, .submenu: appendActionItems(in: child, to: &items)
            default: break
            }
        }
    }

    /// The parse tree of an element written in this file, for fix-its that
    /// need its exact text (where its body opens, how it is indented).
    static func syntax(of element: Element, in file: CheckedFile) -> ElementSyntax? {
        guard element.origin == nil, element.span.file == file.source.id else { return nil }
        func find(in elements: [ElementSyntax]) -> ElementSyntax? {
            for candidate in elements where candidate.span.start <= element.span.start && element.span.end <= candidate.span.end {
                if candidate.span == element.span, candidate.keyword == element.keywordSpan { return candidate }
                let children = (candidate.body?.members ?? []).compactMap { member -> ElementSyntax? in
                    if case .element(let child) = member { return child }
                    return nil
                }
                if let found = find(in: children) { return found }
            }
            return nil
        }
        return find(in: file.syntax.elements)
    }

    /// The blank space at the start of the line holding `offset`.
    static func indentation(at offset: Int, in source: SourceFile) -> String {
        let bytes = source.bytes
        var index = source.lineStarts[source.lineIndex(of: offset)]
        var result = ""
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 {
            result.append(bytes[index] == 0x09 ? "\t" : " ")
            index += 1
        }
        return result
    }

    /// A fix-it edit that adds `property` (e.g. `symbol: "x"`) to an element
    /// without one: into its body in the body's own layout (one line with
    /// `;`, or a line of its own at the members' indentation), or by giving
    /// it a body.
    static func insertion(of property: String, into element: ElementSyntax, in source: SourceFile) -> TextEdit {
        let file = element.span.file
        guard let body = element.body, let close = body.close else {
            let end = element.span.end
            return TextEdit(span: Span(file: file, start: end, end: end), replacement: " { \(property) }")
        }
        let openLine = source.lineIndex(of: body.open.start)
        if let first = body.members.first {
            if source.lineIndex(of: first.span.start) == openLine {
                // `{ item a; item b }` → `{ property; item a; item b }`
                return TextEdit(span: Span(file: file, start: body.open.end, end: body.open.end), replacement: " \(property);")
            }
            // A line of its own, first in the body, indented like the members.
            let lineStart = source.lineStarts[openLine + 1]
            let lineBreak = lineStart >= 2 && source.bytes[lineStart - 2] == 0x0D ? "\r\n" : "\n"
            let indent = indentation(at: first.span.start, in: source)
            return TextEdit(span: Span(file: file, start: lineStart, end: lineStart), replacement: indent + property + lineBreak)
        }
        if source.lineIndex(of: close.start) == openLine {
            // `{}` or `{ }` → `{ property }`
            return TextEdit(span: Span(file: file, start: body.open.end, end: close.start), replacement: " \(property) ")
        }
        let outer = indentation(at: element.keyword.start, in: source)
        let step = outer.contains("\t") ? "\t" : "  "
        let lineStart = source.lineStarts[openLine + 1]
        let lineBreak = lineStart >= 2 && source.bytes[lineStart - 2] == 0x0D ? "\r\n" : "\n"
        return TextEdit(span: Span(file: file, start: lineStart, end: lineStart), replacement: outer + step + property + lineBreak)
    }

    /// The written `platforms` entries that `matches` picks, to point at.
    static func platformEntries(_ file: CheckedFile, where matches: (Platform) -> Bool) -> [LabeledSpan] {
        guard let directive = file.syntax.platforms else { return [] }
        return directive.entries.compactMap { entry in
            guard let name = Platform.Name(rawValue: entry.name.text),
                  matches(Platform(name: name, version: entry.version?.text)) else { return nil }
            let span = entry.version.map { entry.name.span.union($0.span) } ?? entry.name.span
            return LabeledSpan(span, "\(file.source.text(of: span)) listed here")
        }
    }

    /// Names the platforms for a message: "tvOS and watchOS".
    static func list(_ names: [String]) -> String {
        switch names.count {
        case 0: ""
        case 1: names[0]
        default: names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
        }
    }

    /// A note for findings that depend on platforms nobody wrote down.
    static func defaultPlatformsNote(_ file: CheckedFile) -> [String] {
        file.platformsWritten ? [] : ["the file has no 'platforms' directive, so it targets the defaults: iOS, iPadOS and macOS"]
    }
}
