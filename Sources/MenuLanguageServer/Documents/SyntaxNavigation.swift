import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics
import MenuRules
import MenuFormatter
import MenuCompiler

/// An element around the cursor, with the context the resolver would give
/// it: `toggle` and `section` mean different things among controls and in
/// menus, and completion and hover must agree with the resolver.
struct ElementFrame {
    var syntax: ElementSyntax
    var context: ElementContext

    var kind: ElementKind { syntax.kind }

    /// The context of a child of `parent` (nil: the top level), as the resolver decides it.
    static func context(of kind: ElementKind, parent: ElementFrame?) -> ElementContext {
        if kind == .menu || kind == .menubar { return .menu }
        guard let parent else { return .control }
        if parent.kind.holdsMenuElements { return .menu }
        if parent.kind == .section { return parent.context }
        return .control
    }

    /// Properties written in the body.
    var properties: [PropertySyntax] {
        (syntax.body?.members ?? []).compactMap { member in
            if case .property(let property) = member { return property }
            return nil
        }
    }

    var childElements: [ElementSyntax] {
        (syntax.body?.members ?? []).compactMap { member in
            if case .element(let child) = member { return child }
            return nil
        }
    }
}

/// What sits at a byte offset of the syntax tree.
enum SyntaxNode {
    enum HeaderPart {
        case keyword
        case name
        case label
    }
    /// An element's keyword, identifier or label; `ancestors` are outermost first.
    case elementHeader(ElementFrame, part: HeaderPart, ancestors: [ElementFrame])
    case allowKeyword(AllowAttribute)
    case allowRule(Name)
    case propertyName(PropertySyntax, owner: ElementFrame)
    case propertyValue(PropertySyntax, owner: ElementFrame)
    case useKeyword(UseSyntax)
    case useTarget(UseSyntax)
    case platform(PlatformsDirective.Entry)
    case importPath(ImportDirective)
}

/// Questions about positions in a syntax tree. The tree may come from a
/// broken file (the parser recovers), so every answer is best effort and
/// nothing here assumes a body is closed.
struct SyntaxNavigator {
    let syntax: SyntaxFile

    private var bytes: [UInt8] { syntax.file.bytes }

    private static func contains(_ span: Span, _ offset: Int) -> Bool {
        span.start <= offset && offset <= span.end
    }

    // MARK: - Enclosing bodies

    /// The elements whose bodies contain `offset`, outermost first.
    ///
    /// A body without its `}` extends to the next statement of its parent,
    /// except that a line indented no deeper than the element's own line is
    /// taken to be outside it (the same guess the parser makes).
    func enclosingElements(at offset: Int) -> [ElementFrame] {
        var frames: [ElementFrame] = []
        var members = syntax.elements.map(MemberSyntax.element)
        var limit = bytes.count
        var searching = true
        while searching {
            searching = false
            for (index, member) in members.enumerated() {
                guard case .element(let element) = member, let body = element.body else { continue }
                let next = index + 1 < members.count ? members[index + 1].span.start : limit
                let end = body.close?.start ?? next
                guard body.open.end <= offset, offset <= end else { continue }
                if body.close == nil, !isInsideUnclosedBody(element, offset: offset) { continue }
                let frame = ElementFrame(syntax: element, context: ElementFrame.context(of: element.kind, parent: frames.last))
                frames.append(frame)
                members = body.members
                limit = end
                searching = true
                break
            }
        }
        return frames
    }

    private func isInsideUnclosedBody(_ element: ElementSyntax, offset: Int) -> Bool {
        let file = syntax.file
        let cursorLine = file.lineIndex(of: offset)
        guard cursorLine > file.lineIndex(of: element.body?.open.start ?? element.keyword.start) else { return true }
        return indentation(ofLine: cursorLine, upTo: offset) > indentation(ofLine: file.lineIndex(of: element.keyword.start), upTo: nil)
    }

    /// Width of a line's leading blank space (tabs count 4, as in the parser).
    /// A cursor inside the blank space counts only what lies before it.
    func indentation(ofLine line: Int, upTo offset: Int?) -> Int {
        let range = syntax.file.lineRange(line)
        var width = 0
        var index = range.lowerBound
        while index < range.upperBound, bytes[index] == 0x20 || bytes[index] == 0x09 {
            if let offset, index >= offset { break }
            width += bytes[index] == 0x09 ? 4 : 1
            index += 1
        }
        return width
    }

    // MARK: - Nodes

    /// The most specific node at `offset` (a cursor just after a word still
    /// counts as on it, as editors expect).
    func node(at offset: Int) -> SyntaxNode? {
        if let platforms = syntax.platforms {
            for entry in platforms.entries where SyntaxNavigator.contains(entry.name.span, offset) {
                return .platform(entry)
            }
        }
        for directive in syntax.imports where SyntaxNavigator.contains(directive.path.span, offset) {
            return .importPath(directive)
        }
        var ancestors: [ElementFrame] = []
        var candidates = syntax.elements
        while true {
            guard let element = candidates.first(where: { SyntaxNavigator.contains($0.span, offset) }) else { return nil }
            let frame = ElementFrame(syntax: element, context: ElementFrame.context(of: element.kind, parent: ancestors.last))
            if let found = headerNode(of: frame, at: offset, ancestors: ancestors) { return found }
            let members = element.body?.members ?? []
            if let found = memberNode(in: members, owner: frame, at: offset) { return found }
            ancestors.append(frame)
            candidates = members.compactMap { member in
                if case .element(let child) = member { return child }
                return nil
            }
        }
    }

    private func headerNode(of frame: ElementFrame, at offset: Int, ancestors: [ElementFrame]) -> SyntaxNode? {
        let element = frame.syntax
        if let found = attributeNode(element.attributes, at: offset) { return found }
        if SyntaxNavigator.contains(element.keyword, offset) { return .elementHeader(frame, part: .keyword, ancestors: ancestors) }
        if let name = element.name, SyntaxNavigator.contains(name.span, offset) { return .elementHeader(frame, part: .name, ancestors: ancestors) }
        if let label = element.label, SyntaxNavigator.contains(label.span, offset) { return .elementHeader(frame, part: .label, ancestors: ancestors) }
        return nil
    }

    private func attributeNode(_ attributes: [AllowAttribute], at offset: Int) -> SyntaxNode? {
        for attribute in attributes where SyntaxNavigator.contains(attribute.span, offset) {
            if let rule = attribute.ruleIDs.first(where: { SyntaxNavigator.contains($0.span, offset) }) { return .allowRule(rule) }
            return .allowKeyword(attribute)
        }
        return nil
    }

    private func memberNode(in members: [MemberSyntax], owner: ElementFrame, at offset: Int) -> SyntaxNode? {
        for member in members where SyntaxNavigator.contains(member.span, offset) {
            switch member {
            case .property(let property):
                if SyntaxNavigator.contains(property.name.span, offset) { return .propertyName(property, owner: owner) }
                if SyntaxNavigator.contains(property.value.span, offset) { return .propertyValue(property, owner: owner) }
            case .use(let use):
                if let found = attributeNode(use.attributes, at: offset) { return found }
                if SyntaxNavigator.contains(use.target.span, offset) { return .useTarget(use) }
                return .useKeyword(use)
            case .element:
                continue
            }
        }
        return nil
    }

    // MARK: - Elements by position

    /// The innermost element whose span covers the whole of `span`.
    func innermostElement(covering span: Span) -> ElementSyntax? {
        var found: ElementSyntax?
        var candidates = syntax.elements
        while let element = candidates.first(where: { $0.span.start <= span.start && span.end <= $0.span.end }) {
            found = element
            candidates = (element.body?.members ?? []).compactMap { member in
                if case .element(let child) = member { return child }
                return nil
            }
        }
        return found
    }

    /// Every element of the file, depth first in source order, with its frame.
    func allElements() -> [(frame: ElementFrame, depth: Int)] {
        var result: [(ElementFrame, Int)] = []
        var pending: [(ElementSyntax, ElementFrame?, Int)] = syntax.elements.reversed().map { ($0, nil, 0) }
        while let (element, parent, depth) = pending.popLast() {
            let frame = ElementFrame(syntax: element, context: ElementFrame.context(of: element.kind, parent: parent))
            result.append((frame, depth))
            for child in frame.childElements.reversed() { pending.append((child, frame, depth + 1)) }
        }
        return result
    }
}

extension CheckedFile {
    /// The resolved element written at `keyword` (not a spliced copy).
    func element(withKeyword keyword: Span) -> Element? {
        var pending = Array(declarations.reversed())
        while let element = pending.popLast() {
            if element.origin == nil, element.keywordSpan == keyword { return element }
            // Only descend where the keyword can be: inside this element's text.
            if element.origin == nil, element.span.start <= keyword.start, keyword.end <= element.span.end {
                pending.append(contentsOf: element.children.reversed())
            }
        }
        return nil
    }
}
