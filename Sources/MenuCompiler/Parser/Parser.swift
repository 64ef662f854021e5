/// A hand-written recursive-descent parser with error recovery.
///
/// It never throws and never stops early: every problem becomes a
/// diagnostic, the parser skips to the next statement, and the tree holds
/// everything that could be understood. Nesting is limited to
/// `maximumDepth` so hostile input cannot overflow the stack.
public struct Parser {
    /// Deepest element nesting accepted; deeper bodies are skipped with one
    /// error. Parsing, resolving, the rules and the backends all recurse per
    /// level, on worker threads with small stacks; 64 leaves a wide margin
    /// (even under AddressSanitizer) and is far beyond any real menu, which
    /// the guidelines keep to one level of submenus.
    public static let maximumDepth = 64

    public struct Result: Sendable {
        public var syntax: SyntaxFile
        public var diagnostics: [Diagnostic]
    }

    /// Parses one file. When a brace is left open, the file is parsed a
    /// second time using indentation to guess where the `}` is missing, so
    /// that one forgotten brace gives one error at the right place.
    public static func parse(_ file: SourceFile, keepComments: Bool = false) -> Result {
        var parser = Parser(file: file, keepComments: keepComments, indentationRecovery: false)
        let first = parser.parseFile()
        guard parser.leftBraceOpenAtEnd else { return Result(syntax: first, diagnostics: parser.lexerDiagnostics + parser.diagnostics) }
        var retry = Parser(file: file, keepComments: keepComments, indentationRecovery: true)
        let second = retry.parseFile()
        return Result(syntax: second, diagnostics: retry.lexerDiagnostics + retry.diagnostics)
    }

    private let file: SourceFile
    private var lexer: Lexer
    private var current: Token
    private var lookahead: Token?
    /// The token before `current` was a line break (or `current` is the first).
    private var atLineStart = true
    private var diagnostics: [Diagnostic] = []
    private var pendingDoc: DocComment?
    private let indentationRecovery: Bool
    private var leftBraceOpenAtEnd = false
    /// Index of the end-of-file "missing }" diagnostic, so outer bodies can add to it.
    private var unclosedDiagnosticIndex: Int?
    private var depthLimitReported = false
    /// Whether any statement has been parsed yet (for the file's doc comment).
    private var sawStatement = false
    /// A doc block at the top of the file, separated from what follows.
    private var leadingFileDoc: DocComment?

    private var lexerDiagnostics: [Diagnostic] { lexer.diagnostics }

    private init(file: SourceFile, keepComments: Bool, indentationRecovery: Bool) {
        self.file = file
        self.lexer = Lexer(file: file, recordComments: keepComments)
        self.indentationRecovery = indentationRecovery
        self.current = Token(kind: .endOfFile, start: 0, end: 0)
        self.current = lexer.next()
    }

    // MARK: - Token handling

    private mutating func advance() {
        atLineStart = current.kind == .newline
        if let next = lookahead {
            current = next
            lookahead = nil
        } else {
            current = lexer.next()
        }
    }

    private mutating func peek() -> Token {
        if let next = lookahead { return next }
        let next = lexer.next()
        lookahead = next
        return next
    }

    private func span(_ token: Token) -> Span { Span(file: file.id, start: token.start, end: token.end) }
    private func span(_ start: Int, _ end: Int) -> Span { Span(file: file.id, start: start, end: end) }
    private func text(_ token: Token) -> String { file.text(token.start..<token.end) }

    private func describe(_ token: Token) -> String {
        switch token.kind {
        case .identifier: "'\(text(token))'"
        case .number: "the number \(text(token))"
        case .string: "a string"
        default: token.kind.description
        }
    }

    private mutating func error(_ message: String, at span: Span, label: String = "", help: String? = nil, fixIts: [FixIt] = [], secondary: [LabeledSpan] = []) {
        diagnostics.append(.error(.syntax, message, at: span, label: label, secondary: secondary, help: help, fixIts: fixIts))
    }

    private var isAtTerminator: Bool {
        switch current.kind {
        case .newline, .semicolon, .rightBrace, .endOfFile: true
        default: false
        }
    }

    /// Skips separators, collecting `///` lines into `pendingDoc`.
    private mutating func skipSeparators() {
        while true {
            switch current.kind {
            case .newline, .semicolon:
                advance()
            case .docComment:
                let line = file.text(current.start..<current.end)
                let trimmed = line.hasPrefix(" ") ? String(line.dropFirst()) : line
                if let doc = pendingDoc, !blankLineBetween(doc.span.end, current.start) {
                    pendingDoc = DocComment(text: doc.text + "\n" + trimmed, span: doc.span.union(span(current)))
                } else {
                    // A blank line ends a doc block. The first block of the
                    // file, if nothing follows it directly, documents the file.
                    if let doc = pendingDoc, !sawStatement, leadingFileDoc == nil { leadingFileDoc = doc }
                    pendingDoc = DocComment(text: trimmed, span: span(current.start - 3, current.end))
                }
                advance()
            default:
                return
            }
        }
    }

    /// Error recovery: skip to the end of the current statement, stepping
    /// over balanced braces (iteratively, so depth cannot hurt).
    private mutating func skipStatement() {
        var depth = 0
        while true {
            switch current.kind {
            case .endOfFile:
                return
            case .newline, .semicolon:
                if depth == 0 { return }
            case .leftBrace:
                depth += 1
            case .rightBrace:
                if depth == 0 { return }
                depth -= 1
            default:
                break
            }
            advance()
        }
    }

    /// Expects the end of a statement; reports and skips anything else.
    /// `what` is only built when there is an error: this runs for every statement.
    private mutating func expectTerminator(after what: @autoclosure () -> String) {
        guard !isAtTerminator else { return }
        let what = what()
        let found = current
        error("expected ';' or a line break after \(what), found \(describe(found))", at: span(found),
              label: "unexpected here", help: "put each property and element on its own line, or separate them with ';'")
        skipStatement()
    }

    // MARK: - File

    private mutating func parseFile() -> SyntaxFile {
        var syntax = SyntaxFile(file: file, doc: nil, platforms: nil, imports: [], elements: [], comments: [])
        var sawElement = false
        var sawAnything = false
        while true {
            skipSeparators()
            if !sawAnything {
                if let doc = leadingFileDoc {
                    syntax.doc = doc
                } else if let doc = pendingDoc, docIsFollowedByBlankLine(doc) {
                    syntax.doc = doc
                    pendingDoc = nil
                }
            }
            sawAnything = true
            sawStatement = true
            switch current.kind {
            case .endOfFile:
                syntax.comments = lexer.comments
                return syntax
            case .identifier where peek().kind != .colon && (text(current) == "platforms" || text(current) == "import"):
                if syntax.doc == nil, !sawElement, syntax.platforms == nil, syntax.imports.isEmpty, let doc = pendingDoc {
                    syntax.doc = doc
                }
                pendingDoc = nil
                let keyword = current
                if sawElement {
                    error("'\(text(keyword))' must come before the first element", at: span(keyword),
                          label: "directive after an element", help: "move the directives to the top of the file")
                }
                if text(keyword) == "platforms" {
                    parsePlatforms(into: &syntax)
                } else if let directive = parseImport() {
                    syntax.imports.append(directive)
                }
            case .rightBrace:
                error("unexpected '}' with no matching '{'", at: span(current), label: "nothing to close",
                      help: "remove this brace, or add the '{' it was meant to close")
                advance()
            default:
                if let member = parseMember(parent: nil, depth: 0) {
                    switch member {
                    case .element(let element):
                        syntax.elements.append(element)
                        sawElement = true
                    case .property(let property):
                        diagnostics.append(.error(.misplacedElement, "a property cannot appear at the top level of a file", at: property.span,
                                                  label: "outside any element", help: "move '\(property.name.text):' into the body of an element"))
                    case .use(let use):
                        diagnostics.append(.error(.misplacedElement, "'use' cannot appear at the top level of a file", at: use.span,
                                                  label: "outside any menu", help: "put 'use \(use.target.text)' inside a menubar, menu, pull-down, context menu or submenu"))
                    }
                }
            }
        }
    }

    private func blankLineBetween(_ start: Int, _ end: Int) -> Bool {
        var breaks = 0
        for index in start..<min(end, file.bytes.count) where file.bytes[index] == 0x0A { breaks += 1 }
        return breaks >= 2
    }

    private func docIsFollowedByBlankLine(_ doc: DocComment) -> Bool {
        var index = doc.span.end
        var breaks = 0
        let bytes = file.bytes
        while index < bytes.count {
            switch bytes[index] {
            case 0x0A: breaks += 1
            case 0x20, 0x09, 0x0D: break
            default: return breaks >= 2
            }
            index += 1
        }
        return true
    }

    private mutating func parsePlatforms(into syntax: inout SyntaxFile) {
        let keyword = span(current)
        advance()
        var entries: [PlatformsDirective.Entry] = []
        var end = keyword.end
        while true {
            guard current.kind == .identifier else {
                error("expected a platform name (\(Platform.Name.allCases.map(\.rawValue).joined(separator: ", "))), found \(describe(current))",
                      at: span(current), label: "platform expected")
                skipStatement()
                break
            }
            let name = Name(text: text(current), span: span(current))
            end = current.end
            advance()
            var version: Name?
            if current.kind == .number {
                version = Name(text: text(current), span: span(current))
                end = current.end
                advance()
            }
            entries.append(.init(name: name, version: version))
            if current.kind == .comma {
                advance()
                continue
            }
            expectTerminator(after: "the platform list")
            break
        }
        let directive = PlatformsDirective(keyword: keyword, entries: entries, span: span(keyword.start, end))
        if let earlier = syntax.platforms {
            error("'platforms' is declared twice", at: keyword, label: "second declaration",
                  help: "list every platform in one 'platforms' line", secondary: [LabeledSpan(earlier.keyword, "first declared here")])
        } else {
            syntax.platforms = directive
        }
    }

    private mutating func parseImport() -> ImportDirective? {
        let keyword = span(current)
        advance()
        guard current.kind == .string else {
            error("expected a file path string after 'import', found \(describe(current))", at: span(current),
                  label: "path expected", help: "write import \"other.menu\"")
            skipStatement()
            return nil
        }
        let path = StringLiteral(value: Lexer.decodeString(current, in: file), span: span(current))
        advance()
        expectTerminator(after: "the import path")
        return ImportDirective(path: path, span: keyword.union(path.span))
    }

    // MARK: - Members

    private mutating func parseAttributes() -> [AllowAttribute] {
        var attributes: [AllowAttribute] = []
        while current.kind == .at {
            let at = current
            advance()
            guard current.kind == .identifier, text(current) == "allow" else {
                let found = current.kind == .identifier ? "'@\(text(current))'" : describe(current)
                error("unknown attribute \(found); the only attribute is @allow(rule-id, …)", at: span(at.start, current.end), label: "not an attribute")
                skipStatement()
                continue
            }
            advance()
            guard current.kind == .leftParen else {
                error("expected '(' after '@allow', found \(describe(current))", at: span(current), label: "rule ids go in parentheses",
                      help: "write @allow(rule-id)")
                skipStatement()
                continue
            }
            advance()
            var ids: [Name] = []
            var failed = false
            while current.kind != .rightParen {
                guard let id = parseRuleID() else {
                    error("expected a rule id such as 'label-title-case', found \(describe(current))", at: span(current), label: "rule id expected")
                    failed = true
                    break
                }
                ids.append(id)
                if current.kind == .comma { advance() } else if current.kind != .rightParen {
                    error("expected ',' or ')' in @allow, found \(describe(current))", at: span(current), label: "unexpected here")
                    failed = true
                    break
                }
            }
            if failed {
                skipStatement()
                continue
            }
            let close = current
            advance()
            if ids.isEmpty {
                error("@allow needs at least one rule id", at: span(at.start, close.end), label: "empty", help: "write @allow(rule-id)")
            }
            attributes.append(AllowAttribute(ruleIDs: ids, span: span(at.start, close.end)))
            while current.kind == .newline || current.kind == .docComment {
                if current.kind == .docComment { skipSeparators() } else { advance() }
            }
        }
        return attributes
    }

    /// A kebab-case rule id: identifier or number segments joined by '-' with no spaces.
    private mutating func parseRuleID() -> Name? {
        guard current.kind == .identifier else { return nil }
        let start = current.start
        var end = current.end
        advance()
        while current.kind == .minus, current.start == end {
            let next = peek()
            guard (next.kind == .identifier || next.kind == .number), next.start == current.end else { break }
            advance()
            end = current.end
            advance()
        }
        return Name(text: file.text(start..<end), span: span(start, end))
    }

    private mutating func parseMember(parent: ElementKind?, depth: Int) -> MemberSyntax? {
        let attributes = parseAttributes()
        guard current.kind == .identifier else {
            if !attributes.isEmpty, isAtTerminator {
                error("@allow must be followed by the element it applies to", at: attributes[0].span, label: "applies to nothing")
            } else if current.kind == .string, parent != nil {
                error("expected a property or an element, found a string", at: span(current), label: "a label needs an element kind before it",
                      help: "write for example: item \(text(current))")
                skipStatement()
            } else if !isAtTerminator {
                error("expected \(parent == nil ? "an element" : "a property, an element or 'use'"), found \(describe(current))",
                      at: span(current), label: "unexpected here")
                if current.kind == .invalid || current.kind == .leftBrace { advance() }
                skipStatement()
            }
            pendingDoc = nil
            return nil
        }
        let word = text(current)
        let next = peek()
        if next.kind == .colon {
            if !attributes.isEmpty {
                error("@allow applies to elements, not properties", at: attributes[0].span, label: "on a property",
                      help: "put @allow on the element that holds '\(word)'")
            }
            pendingDoc = nil
            return parseProperty().map(MemberSyntax.property)
        }
        if word == "use", next.kind == .identifier {
            pendingDoc = nil
            let start = current.start
            advance()
            let target = Name(text: text(current), span: span(current))
            advance()
            expectTerminator(after: "'use \(target.text)'")
            return .use(UseSyntax(attributes: attributes, target: target, span: span(attributes.first?.span.start ?? start, target.span.end)))
        }
        if let kind = ElementKind(rawValue: word) {
            return parseElement(kind: kind, attributes: attributes, depth: depth + 1).map(MemberSyntax.element)
        }
        reportUnknownStatement(word: word, next: next, parent: parent)
        pendingDoc = nil
        skipStatement()
        return nil
    }

    /// An identifier at the start of a statement that is neither a property
    /// (no ':') nor an element kind: say what it most likely was meant to be.
    private mutating func reportUnknownStatement(word: String, next: Token, parent: ElementKind?) {
        let wordSpan = span(current)
        if word == "use" {
            error("expected the name of a declared menu after 'use', found \(describe(next))", at: span(next), label: "menu name expected",
                  help: "write use MenuName")
            return
        }
        if PropertyCatalog.allPropertyNames.contains(word) {
            let insertion = TextEdit(span: span(wordSpan.end, wordSpan.end), replacement: ":")
            error("expected ':' after property name '\(word)'", at: span(wordSpan.end, wordSpan.end), label: "':' goes here",
                  help: "write \(word): followed by the value", fixIts: [FixIt(message: "insert ':'", edits: [insertion])],
                  secondary: [LabeledSpan(wordSpan, "property name")])
            return
        }
        let kinds = ElementKind.allCases.map(\.rawValue)
        if let suggestion = Suggest.closest(to: word, in: kinds) {
            error("unknown element kind '\(word)'; did you mean '\(suggestion)'?", at: wordSpan, label: "not an element kind",
                  help: "element kinds are: \(kinds.joined(separator: ", "))",
                  fixIts: [FixIt(message: "replace with '\(suggestion)'", edits: [TextEdit(span: wordSpan, replacement: suggestion)])])
            return
        }
        error("expected \(parent == nil ? "an element" : "a property, an element or 'use'"), found '\(word)'", at: wordSpan,
              label: "not an element kind", help: parent == nil
                  ? "a file holds directives (platforms, import) and then elements: \(kinds.joined(separator: ", "))"
                  : "a property is written name: value; element kinds are: \(kinds.joined(separator: ", "))")
    }

    private mutating func parseProperty() -> PropertySyntax? {
        let name = Name(text: text(current), span: span(current))
        advance()  // name
        let colon = current
        advance()  // ':'
        guard let value = parseValue() else {
            error("expected a value after '\(name.text):', found \(describe(current))", at: current.kind == .newline ? span(colon.end, colon.end) : span(current),
                  label: "value expected", help: "write \(name.text): followed by a string, identifier, number, true or false")
            skipStatement()
            return nil
        }
        expectTerminator(after: "the value of '\(name.text)'")
        return PropertySyntax(name: name, value: value, span: name.span.union(value.span))
    }

    private mutating func parseValue() -> ValueSyntax? {
        switch current.kind {
        case .string:
            let literal = StringLiteral(value: Lexer.decodeString(current, in: file), span: span(current))
            advance()
            return .string(literal)
        case .identifier:
            let word = text(current)
            let tokenSpan = span(current)
            advance()
            switch word {
            case "true": return .bool(true, tokenSpan)
            case "false": return .bool(false, tokenSpan)
            default: return .identifier(Name(text: word, span: tokenSpan))
            }
        case .number:
            let value = ValueSyntax.number(text(current), span(current))
            advance()
            return value
        case .minus where peek().kind == .number && peek().start == current.end:
            let start = current.start
            advance()
            let value = ValueSyntax.number("-" + text(current), span(start, current.end))
            advance()
            return value
        case .leftBracket:
            return parseList()
        default:
            return nil
        }
    }

    private mutating func parseList() -> ValueSyntax? {
        let open = current
        advance()
        var values: [ValueSyntax] = []
        while true {
            while current.kind == .newline { advance() }
            if current.kind == .rightBracket {
                let close = current
                advance()
                return .list(values, span(open.start, close.end))
            }
            guard let value = parseValue() else {
                error("expected a value or ']' in the list, found \(describe(current))", at: span(current), label: "unexpected here",
                      secondary: [LabeledSpan(span(open), "list starts here")])
                return nil
            }
            values.append(value)
            while current.kind == .newline { advance() }
            if current.kind == .comma { advance() } else if current.kind != .rightBracket {
                error("expected ',' or ']' in the list, found \(describe(current))", at: span(current), label: "unexpected here",
                      secondary: [LabeledSpan(span(open), "list starts here")])
                return nil
            }
        }
    }

    // MARK: - Elements

    private mutating func parseElement(kind: ElementKind, attributes: [AllowAttribute], depth: Int) -> ElementSyntax? {
        let doc = pendingDoc
        pendingDoc = nil
        let keyword = span(current)
        // Indentation only matters when re-parsing to place a missing '}'.
        let lineIndent = indentationRecovery ? indentation(ofLineAt: current.start) : 0
        advance()
        var name: Name?
        var label: StringLiteral?
        if current.kind == .identifier {
            name = Name(text: text(current), span: span(current))
            advance()
        }
        if current.kind == .string {
            label = StringLiteral(value: Lexer.decodeString(current, in: file), span: span(current))
            advance()
            if current.kind == .identifier, name == nil {
                let misplaced = text(current)
                error("the identifier '\(misplaced)' must come before the label", at: span(current), label: "identifier after the label",
                      help: "write \(kind.rawValue) \(misplaced) \(file.text(of: label?.span ?? keyword))")
                advance()
            }
        }
        // Allow the brace on the next line, as some people write it.
        if current.kind == .newline, peek().kind == .leftBrace { advance() }
        var body: BodySyntax?
        if current.kind == .leftBrace {
            body = parseBody(owner: kind, ownerName: name?.text ?? label?.value, lineIndent: lineIndent, depth: depth)
        }
        let start = attributes.first?.span.start ?? keyword.start
        let end = body?.close?.end ?? body.map { lastEnd($0) } ?? label?.span.end ?? name?.span.end ?? keyword.end
        let element = ElementSyntax(attributes: attributes, doc: doc, kind: kind, keyword: keyword, name: name, label: label,
                                    body: body, span: span(start, end))
        if body?.close != nil || body == nil { expectTerminator(after: "\(kind.rawValue) '\(name?.text ?? label?.value ?? kind.rawValue)'") }
        return element
    }

    private func lastEnd(_ body: BodySyntax) -> Int {
        body.members.last?.span.end ?? body.open.end
    }

    private func indentation(ofLineAt offset: Int) -> Int {
        let line = file.lineIndex(of: offset)
        var index = file.lineStarts[line]
        var width = 0
        let bytes = file.bytes
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 {
            width += bytes[index] == 0x09 ? 4 : 1
            index += 1
        }
        return width
    }

    private mutating func parseBody(owner: ElementKind, ownerName: String?, lineIndent: Int, depth: Int) -> BodySyntax {
        let open = span(current)
        advance()
        var body = BodySyntax(open: open, close: nil, members: [])
        if depth > Parser.maximumDepth {
            if !depthLimitReported {
                depthLimitReported = true
                error("elements nest more than \(Parser.maximumDepth) levels deep", at: open, label: "too deep",
                      help: "flatten the structure; menus should stay shallow (one level of submenus)")
            }
            skipBalancedBody()
            body.close = span(current.start, current.start)
            return body
        }
        // Built only when a message needs it: bodies are parsed by the million.
        var ownerDescription: String { ownerName.map { "\(owner.rawValue) '\($0)'" } ?? owner.rawValue }
        // Indentation hints at a missing '}' only in indented or one-line bodies.
        var bodyIsIndented = false
        var sawMemberLine = false
        while true {
            skipSeparators()
            switch current.kind {
            case .rightBrace:
                body.close = span(current)
                advance()
                return body
            case .endOfFile:
                reportUnclosed(open: open, ownerDescription: ownerDescription)
                return body
            default:
                if indentationRecovery, !sawMemberLine {
                    // A body that starts on the '{' line is a one-line body:
                    // a following line at the opener's depth is outside it.
                    sawMemberLine = true
                    bodyIsIndented = !atLineStart || indentation(ofLineAt: current.start) > lineIndent
                }
                if indentationRecovery, bodyIsIndented, atLineStart, current.start > open.end, indentation(ofLineAt: current.start) <= lineIndent {
                    error("expected '}' to close the body of \(ownerDescription)", at: span(current.start, current.start),
                          label: "'}' is missing before this line", help: "add '}' at the end of the body",
                          secondary: [LabeledSpan(open, "this '{' is never closed")])
                    return body
                }
                if let member = parseMember(parent: owner, depth: depth) {
                    body.members.append(member)
                }
            }
        }
    }

    private mutating func reportUnclosed(open: Span, ownerDescription: String) {
        leftBraceOpenAtEnd = true
        if let index = unclosedDiagnosticIndex {
            diagnostics[index].secondary.append(LabeledSpan(open, "this '{' is not closed either"))
            return
        }
        unclosedDiagnosticIndex = diagnostics.count
        error("expected '}' to close the body of \(ownerDescription), found end of file", at: span(current.start, current.start),
              label: "file ends here", help: "add '}' where the body of \(ownerDescription) ends",
              secondary: [LabeledSpan(open, "this '{' is never closed")])
    }

    /// Skips to the brace matching an already consumed '{', without recursion.
    private mutating func skipBalancedBody() {
        var depth = 1
        while current.kind != .endOfFile {
            if current.kind == .leftBrace { depth += 1 }
            if current.kind == .rightBrace {
                depth -= 1
                if depth == 0 {
                    advance()
                    return
                }
            }
            advance()
        }
    }
}
