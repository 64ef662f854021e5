import MenuSupport
import MenuSyntax

/// Prints a syntax tree in the canonical layout, putting every comment of
/// the source back where it was.
///
/// The tree gives the structure (which statements, which bodies); the
/// tokens give the exact text of each statement, so strings, numbers and
/// rule ids come out byte for byte as written. Comments are consumed in
/// source order as the printer passes them: a comment on the same line as
/// the code before it stays trailing, any other starts its own line at the
/// current indentation, and one inside a statement stays inside it.
struct FormatPrinter {
    let source: FormatSource
    let options: MenuFormatter.Options
    private(set) var lines: [String] = []

    /// The next comment not yet printed.
    private var nextComment = 0
    /// End offset of the last source piece printed (token or comment).
    private var lastEnd = 0
    /// Source line on which the last printed piece ends: a comment starting
    /// on it trails that piece.
    private var lastPieceLine = -1
    /// The last printed piece was a comment (not code), and a doc comment
    /// (if that is what it was).
    private var lastPieceWasComment = false
    private var lastPieceWasDoc = false
    /// Whether a comment may still be appended to the last output line
    /// (not after a line comment, which runs to the end of the line).
    private var lastLineOpen = false
    /// The next new line must not follow a blank line (just after `{` or `[`).
    private var suppressBlank = false
    /// The next new line must follow a blank line (between top-level declarations).
    private var forceBlank = false
    /// End of the file's first doc block, whose following blank line decides
    /// whether it documents the file or the first element.
    private let leadingDocEnd: Int?

    init(source: FormatSource, options: MenuFormatter.Options) {
        self.source = source
        self.options = options
        // Separators before the first statement don't end the leading docs.
        let firstToken = source.tokens.first { $0.kind != .semicolon }?.start ?? Int.max
        leadingDocEnd = source.comments.last { $0.kind == .doc && $0.start < firstToken }?.end
    }

    /// The formatted text: the lines, each ended by a line break.
    var text: String {
        lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    // MARK: - File

    mutating func printFile(_ syntax: SyntaxFile) {
        enum Item {
            case platforms(PlatformsDirective)
            case language(LanguageDirective)
            case importDirective(ImportDirective)
            case element(ElementSyntax)
        }
        var directives: [(start: Int, item: Item)] = syntax.imports.map { ($0.span.start, .importDirective($0)) }
        if let platforms = syntax.platforms { directives.append((platforms.span.start, .platforms(platforms))) }
        if let language = syntax.language { directives.append((language.span.start, .language(language))) }
        directives.sort { $0.start < $1.start }
        let items = directives.map(\.item) + syntax.elements.map(Item.element)
        for (index, item) in items.enumerated() {
            switch item {
            case .platforms(let directive):
                printStatement(directive.span.start, directive.span.end, indent: 0)
            case .importDirective(let directive):
                printStatement(directive.span.start, directive.span.end, indent: 0)
            case .language(let directive):
                printStatement(directive.span.start, directive.span.end, indent: 0)
            case .element(let element):
                // Declarations are separated by a blank line, before any comments that lead them.
                forceBlank = index > 0
                flushComments(before: element.span.start, indent: 0)
                printElement(element, indent: 0)
            }
        }
        forceBlank = false
        flushComments(before: Int.max, indent: 0)
    }

    // MARK: - Elements

    private mutating func printElement(_ element: ElementSyntax, indent: Int) {
        printAttributes(element.attributes, indent: indent)
        flushComments(before: element.keyword.start, indent: indent)
        let headerEnd = element.label?.span.end ?? element.name?.span.end ?? element.keyword.end
        let header = inline(from: element.keyword.start, to: headerEnd)
        guard let body = element.body, let close = body.close else {
            startLine(header, indent: indent, sourceStart: element.keyword.start)
            finishCode(at: headerEnd)
            return
        }
        if let oneLine = oneLineBody(body, close: close, header: header, headerEnd: headerEnd, indent: indent) {
            startLine(header + oneLine, indent: indent, sourceStart: element.keyword.start)
            finishCode(at: close.end)
            return
        }
        startLine(header + " {", indent: indent, sourceStart: element.keyword.start)
        finishCode(at: headerEnd)
        keepTrailingComments(onLinesOf: [headerEnd - 1, body.open.start], before: body.members.first?.span.start ?? close.start)
        lastEnd = max(lastEnd, body.open.end)
        lastPieceLine = source.line(of: lastEnd - 1)
        // Whatever else comes before the first member starts its own line.
        lastLineOpen = false
        suppressBlank = true
        for member in body.members {
            printMember(member, indent: indent + options.indentWidth)
        }
        flushComments(before: close.start, indent: indent + options.indentWidth)
        suppressBlank = true
        startLine("}", indent: indent, sourceStart: close.start)
        finishCode(at: close.end)
    }

    /// `{ name: value; name: value }` when the body holds properties only,
    /// no comments, and the whole line fits the width; nil otherwise.
    private mutating func oneLineBody(_ body: BodySyntax, close: Span, header: String, headerEnd: Int, indent: Int) -> String? {
        var properties: [PropertySyntax] = []
        for member in body.members {
            guard case .property(let property) = member else { return nil }
            properties.append(property)
        }
        guard !hasComment(from: headerEnd, to: close.end) else { return nil }
        if properties.isEmpty { return " {}" }
        let text = " { " + properties.map { inlineWithoutComments(from: $0.span.start, to: $0.span.end) }.joined(separator: "; ") + " }"
        let width = indent + DisplayWidth.of(header) + DisplayWidth.of(text)
        return width <= options.lineWidth ? text : nil
    }

    private mutating func printAttributes(_ attributes: [AllowAttribute], indent: Int) {
        for attribute in attributes {
            flushComments(before: attribute.span.start, indent: indent)
            startLine(inline(from: attribute.span.start, to: attribute.span.end), indent: indent, sourceStart: attribute.span.start)
            finishCode(at: attribute.span.end)
        }
    }

    private mutating func printMember(_ member: MemberSyntax, indent: Int) {
        flushComments(before: member.span.start, indent: indent)
        switch member {
        case .property(let property):
            printProperty(property, indent: indent)
        case .element(let element):
            printElement(element, indent: indent)
        case .use(let use):
            printAttributes(use.attributes, indent: indent)
            // `use` is the token right before its target (the parser requires them adjacent).
            let targetIndex = source.tokenIndex(atOrAfter: use.target.span.start)
            let keywordStart = targetIndex > 0 ? source.tokens[targetIndex - 1].start : use.target.span.start
            flushComments(before: keywordStart, indent: indent)
            printStatement(keywordStart, use.target.span.end, indent: indent)
        }
    }

    /// One statement on one line: a directive, a `use`, a property.
    private mutating func printStatement(_ start: Int, _ end: Int, indent: Int) {
        flushComments(before: start, indent: indent)
        startLine(inline(from: start, to: end), indent: indent, sourceStart: start)
        finishCode(at: end)
    }

    // MARK: - Properties and lists

    private mutating func printProperty(_ property: PropertySyntax, indent: Int) {
        guard case .list(let values, let span) = property.value, hasComment(from: span.start, to: span.end) else {
            printStatement(property.span.start, property.span.end, indent: indent)
            return
        }
        // A list holding comments is printed one value per line, so that
        // line comments inside it keep a line of their own.
        startLine(inline(from: property.span.start, to: span.start + 1), indent: indent, sourceStart: property.span.start)
        finishCode(at: span.start + 1)
        printListValues(values, span: span, indent: indent + options.indentWidth)
    }

    private mutating func printListValues(_ values: [ValueSyntax], span: Span, indent: Int) {
        suppressBlank = true
        for value in values {
            flushComments(before: value.span.start, indent: indent)
            if case .list(let inner, let innerSpan) = value, hasComment(from: innerSpan.start, to: innerSpan.end) {
                startLine("[", indent: indent, sourceStart: innerSpan.start)
                finishCode(at: innerSpan.start + 1)
                printListValues(inner, span: innerSpan, indent: indent + options.indentWidth)
            } else {
                printStatement(value.span.start, value.span.end, indent: indent)
            }
            // The comma after the value, when the source has one (a trailing one too).
            let index = source.tokenIndex(atOrAfter: value.span.end)
            if index < source.tokens.count, source.tokens[index].kind == .comma, source.tokens[index].start < span.end, !lines.isEmpty {
                lines[lines.count - 1] += ","
                lastEnd = source.tokens[index].end
                lastPieceLine = source.line(of: lastEnd - 1)
            }
        }
        flushComments(before: span.end - 1, indent: indent)
        suppressBlank = true
        startLine("]", indent: indent - options.indentWidth, sourceStart: span.end - 1)
        finishCode(at: span.end)
    }

    // MARK: - Inline runs

    /// The tokens in `start..<end` on one line, with the comments among them.
    private mutating func inline(from start: Int, to end: Int) -> String {
        var text = ""
        var previous: InlineSpacing.Piece?
        var tokenIndex = source.tokenIndex(atOrAfter: start)
        while true {
            let token = tokenIndex < source.tokens.count && source.tokens[tokenIndex].start < end ? source.tokens[tokenIndex] : nil
            let comment = nextComment < source.comments.count && source.comments[nextComment].start < end ? source.comments[nextComment] : nil
            let piece: InlineSpacing.Piece
            let pieceText: String
            if let comment, token.map({ comment.start < $0.start }) ?? true {
                piece = .comment
                pieceText = comment.text
                nextComment += 1
            } else if let token {
                piece = .token(token.kind, start: token.start, end: token.end)
                pieceText = source.text(token)
                tokenIndex += 1
            } else {
                return text
            }
            if let previous, InlineSpacing.spaceBetween(previous, piece) { text += " " }
            text += pieceText
            previous = piece
        }
    }

    /// `inline` for a range known to hold no comment (it consumes none).
    private mutating func inlineWithoutComments(from start: Int, to end: Int) -> String {
        let saved = nextComment
        nextComment = source.comments.count
        defer { nextComment = saved }
        return inline(from: start, to: end)
    }

    /// Whether an unprinted comment starts in `start..<end`.
    private func hasComment(from start: Int, to end: Int) -> Bool {
        let index = max(nextComment, source.commentIndex(atOrAfter: start))
        return index < source.comments.count && source.comments[index].start < end
    }

    // MARK: - Lines and comments

    /// Begins a new output line for code or a comment that starts at
    /// `sourceStart`, after a blank line where the author left one.
    private mutating func startLine(_ text: String, indent: Int, sourceStart: Int, isDoc: Bool = false) {
        var blank: Bool
        if let leadingDocEnd, lastEnd == leadingDocEnd {
            blank = source.parserSeesBlankLine(after: leadingDocEnd)
        } else if isDoc, lastPieceWasDoc {
            // A blank line between doc lines ends a doc block: measured as the parser does.
            blank = source.lineBreakCount(from: lastEnd, to: sourceStart) >= 2
        } else {
            blank = (source.hasBlankLine(from: lastEnd, to: sourceStart) && !suppressBlank) || forceBlank
        }
        if lines.isEmpty { blank = false }
        if blank { lines.append("") }
        lines.append(String(repeating: " ", count: max(0, indent)) + text)
        suppressBlank = false
        forceBlank = false
    }

    private mutating func finishCode(at end: Int) {
        lastEnd = max(lastEnd, end)
        lastPieceLine = source.line(of: max(0, end - 1))
        lastLineOpen = true
        lastPieceWasComment = false
        lastPieceWasDoc = false
    }

    /// Prints the comments that come before `offset`: on the line of the
    /// code before them, trailing it; otherwise each line on its own.
    private mutating func flushComments(before offset: Int, indent: Int) {
        while nextComment < source.comments.count, source.comments[nextComment].start < offset {
            let comment = source.comments[nextComment]
            nextComment += 1
            // A doc comment never follows code on a line, but may follow a
            // block comment it followed in the source.
            let mayTrail = comment.kind != .doc || lastPieceWasComment
            if mayTrail, lastLineOpen, !lines.isEmpty, source.line(of: comment.start) == lastPieceLine {
                lines[lines.count - 1] += " " + comment.text
            } else {
                startLine(comment.text, indent: indent, sourceStart: comment.start, isDoc: comment.kind == .doc)
            }
            lastEnd = max(lastEnd, comment.end)
            lastPieceLine = source.line(of: comment.end - 1)
            lastLineOpen = !comment.endsLine
            lastPieceWasComment = true
            lastPieceWasDoc = comment.kind == .doc
        }
    }

    /// After `header {`: comments written on the header's line or the
    /// brace's line stay on that line (up to the first line comment, which
    /// must end it); the others go inside the body.
    private mutating func keepTrailingComments(onLinesOf offsets: [Int], before limit: Int) {
        let trailingLines = Set(offsets.map { source.line(of: max(0, $0)) })
        while nextComment < source.comments.count {
            let comment = source.comments[nextComment]
            guard comment.start < limit, comment.kind != .doc, trailingLines.contains(source.line(of: comment.start)) else { return }
            lines[lines.count - 1] += " " + comment.text
            nextComment += 1
            lastEnd = max(lastEnd, comment.end)
            lastPieceLine = source.line(of: comment.end - 1)
            lastPieceWasComment = true
            if comment.endsLine { return }
        }
    }
}
