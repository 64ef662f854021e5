@_spi(MenuPipeline) import MenuSupport

/// A hand-written recursive-descent parser with error recovery.
///
/// It never throws and never stops early: every problem becomes a
/// diagnostic, the parser skips to the next statement, and the tree holds
/// everything that could be understood. Nesting is limited to
/// `maximumDepth` so hostile input cannot overflow the stack.
package struct Parser: ~Copyable {
    /// Deepest element nesting accepted; deeper bodies are skipped with one
    /// error. Parsing, resolving, the rules and the backends all recurse per
    /// level, on worker threads with small stacks; 64 leaves a wide margin
    /// (even under AddressSanitizer) and is far beyond any real menu, which
    /// the guidelines keep to one level of submenus.
    package static let maximumDepth = 64
    /// Deepest nesting of lists in a value (`[[…]]`); a deeper value is
    /// skipped with one error, like a deep body. No property takes a list,
    /// so any nesting is already an error downstream; the limit only keeps
    /// `parseValue`, and everything that walks values after it (the syntax
    /// views, the formatter, hover, semantic tokens), off a hostile stack.
    package static let maximumListDepth = 64

    package struct Result: Sendable {
        package var syntax: SyntaxFile
        /// The file's first syntax errors (at most `DiagnosticLimits.errorsPerFile`).
        package var listedErrors: [Diagnostic]
        /// The syntax errors past those, counted.
        package var unlistedErrors: UnlistedErrors?

        /// The errors listed, then the `too-many-errors` that stands for the rest.
        package var diagnostics: [Diagnostic] { listedErrors + (unlistedErrors.map { [$0.diagnostic] } ?? []) }
    }

    /// Parses one file. When a brace is left open, the file is parsed a
    /// second time using indentation to guess where the `}` is missing, so
    /// that one forgotten brace gives one error at the right place.
    ///
    /// `skipsUnlistedMisplaced`: for a check, which lists a file's first
    /// `DiagnosticLimits.errorsPerFile` errors. An element that can't be
    /// declared at the top level (an `item` there) is built all the same,
    /// and the resolver reports it. Once that many errors are certain
    /// before one, its report could only be counted, and it is skipped with
    /// its body and counted here instead: a file of `item` lines is ten
    /// million of them in 50 MB, each some 250 bytes once built and
    /// resolved. What such an element holds is then not checked (nor
    /// counted), and names it declares are not seen: a flood of misplaced
    /// elements is counted, not analysed. Tools that need every element as
    /// written (the formatter) leave it off.
    package static func parse(_ file: SourceFile, keepComments: Bool = false, skipsUnlistedMisplaced: Bool = false) -> Result {
        // The lexer reads through the buffer pointer, so the whole parse runs inside this one scope.
        file.bytes.withUnsafeBufferPointer { buffer in
            withUnsafeTemporaryAllocation(of: Token.self, capacity: Parser.lexedAheadCapacity) { lexedAhead in
                func parseOnce(indentationRecovery: Bool) -> (result: Result, leftBraceOpen: Bool) {
                    var parser = Parser(file: file, buffer: buffer, lexedAhead: lexedAhead, keepComments: keepComments,
                                        indentationRecovery: indentationRecovery, skipsUnlistedMisplaced: skipsUnlistedMisplaced)
                    let syntax = parser.parseFile()
                    return (parser.result(syntax), parser.leftBraceOpenAtEnd)
                }
                // The first tree is let go before the second parse, not kept
                // beside it: a file of millions of properties with one brace
                // left open held both.
                let balanced: Result? = {
                    let first = parseOnce(indentationRecovery: false)
                    return first.leftBraceOpen ? nil : first.result
                }()
                if let balanced { return balanced }
                return parseOnce(indentationRecovery: true).result
            }
        }
    }

    /// The lexer's and the parser's errors, limited together.
    private func result(_ syntax: SyntaxFile) -> Result {
        let (listed, unlisted) = ErrorLog.merge([lexer.errors.listed, errors.listed], unlisted: [lexer.errors.unlisted, errors.unlisted])
        return Result(syntax: syntax, listedErrors: listed, unlistedErrors: unlisted)
    }

    /// Tokens lexed per call to the lexer. In batches the scanner keeps its
    /// state in registers; one call per token spent about fifty
    /// instructions on each in saving and restoring them. Small enough for
    /// the stack of a worker thread (12 bytes a token).
    static let lexedAheadCapacity = 128

    private let file: SourceFile
    /// `file.bytes`, valid for the parser's whole life (see `parse`).
    private let bytes: UnsafeBufferPointer<UInt8>
    private var lexer: Lexer
    /// Tokens the lexer has produced after `current`:
    /// `lexedAhead[lexedAheadIndex..<lexedAheadCount]`, never empty.
    private let lexedAhead: UnsafeMutableBufferPointer<Token>
    private var lexedAheadIndex = 0
    private var lexedAheadCount = 0
    private var current = Token(kind: .endOfFile, start: 0, end: 0)
    /// The token before `current` was a line break (or `current` is the first).
    private var atLineStart = true
    /// Its errors: the first listed, the rest counted (see `ErrorLog`).
    private let errors = ErrorLog()
    private var pendingDoc: DocComment?
    private let indentationRecovery: Bool
    private var leftBraceOpenAtEnd = false
    /// Whether the end-of-file "missing }" error was reported, and where
    /// it is listed (if it is), so outer bodies can add to it.
    private var unclosedReported = false
    private var unclosedDiagnosticIndex: Int?
    private var depthLimitReported = false
    private var listDepthLimitReported = false
    /// Set when a value was skipped for nesting too deeply (already
    /// reported): the lists and the property around it give up quietly.
    private var abandonedValue = false
    /// Whether any statement has been parsed yet (for the file's doc comment).
    private var sawStatement = false
    /// A doc block at the top of the file, separated from what follows.
    private var leadingFileDoc: DocComment?
    private var tree: SyntaxTreeBuilder
    /// Members of the bodies being parsed, innermost body last.
    private var openMembers = MemberStack()
    private let skipsUnlistedMisplaced: Bool
    /// Top-level elements built that can't be declared there: each is one
    /// error the resolver will report, at its keyword (see `parse`).
    private var misplacedDeclarations = 0

    private init(file: SourceFile, buffer: UnsafeBufferPointer<UInt8>, lexedAhead: UnsafeMutableBufferPointer<Token>,
                 keepComments: Bool, indentationRecovery: Bool, skipsUnlistedMisplaced: Bool) {
        self.file = file
        self.skipsUnlistedMisplaced = skipsUnlistedMisplaced
        self.bytes = buffer
        self.lexer = Lexer(file: file, buffer: buffer, recordComments: keepComments)
        self.lexedAhead = lexedAhead
        self.indentationRecovery = indentationRecovery
        self.tree = SyntaxTreeBuilder(lines: file.lineCount)
        lexAhead()
        advance()
        atLineStart = true
    }

    // MARK: - Token handling

    @inline(__always)
    private mutating func advance() {
        atLineStart = current.kind == .newline
        // In bounds: the lexed-ahead run is never empty (see `lexAhead`).
        current = lexedAhead[lexedAheadIndex]
        lexedAheadIndex += 1
        if lexedAheadIndex == lexedAheadCount { lexAhead() }
    }

    /// The token after `current`, always at hand: every statement looks at
    /// its second token. (Read in place: copying it on every advance cost
    /// more than reading it where needed.)
    private var next: Token {
        // In bounds: the lexed-ahead run is never empty (see `lexAhead`).
        lexedAhead[lexedAheadIndex]
    }

    /// Refills `lexedAhead` once `current` has taken its last token. The
    /// lexer works a batch at a time and returns at least one token (it
    /// repeats `endOfFile` at the end), so the run is never empty.
    private mutating func lexAhead() {
        lexedAheadCount = lexer.lex(into: lexedAhead)
        lexedAheadIndex = 0
    }

    private func span(_ token: Token) -> Span { Span(file: file.id, start: token.start, end: token.end) }
    private func span(_ start: Int, _ end: Int) -> Span { Span(file: file.id, start: start, end: end) }
    private func span(_ range: TextRange) -> Span { Span(file: file.id, start: Int(range.start), end: Int(range.end)) }
    private func text(_ token: Token) -> String { file.text(token.start..<token.end) }
    private func text(_ range: TextRange) -> String { file.text(Int(range.start)..<Int(range.end)) }
    private func range(_ token: Token) -> TextRange { TextRange(token.start, token.end) }

    /// The text of a token's range, for messages built inside a mutating
    /// method's autoclosure: reading `bytes` from a local copy retains
    /// nothing, where capturing `file` cost a retain and a release per statement.
    private static func text(_ range: TextRange, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(range.start)..<Int(range.end)]), as: UTF8.self)
    }

    /// Whether the token's bytes are exactly `word` (ASCII). Keywords are
    /// matched on bytes: no string is made for the tokens of a statement.
    private func isWord(_ token: Token, _ word: StaticString) -> Bool { tokenBytes(token).spells(word) }

    /// The element kind a keyword token names, if any.
    private func elementKind(_ token: Token) -> ElementKind? { ElementKind(keywordBytes: tokenBytes(token)) }

    private func tokenBytes(_ token: Token) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: bytes[token.start..<token.end]) }

    private func describe(_ token: Token) -> String {
        switch token.kind {
        case .identifier: "'\(text(token))'"
        case .number: "the number \(text(token))"
        case .string: "a string"
        default: token.kind.description
        }
    }

    /// Reports a syntax error. Its texts are only made while errors are
    /// listed: past the limit, junk costs a count per error.
    private func error(_ message: @autoclosure () -> String, at span: Span, label: @autoclosure () -> String = "", help: @autoclosure () -> String? = nil,
                       fixIts: @autoclosure () -> [FixIt] = [], secondary: @autoclosure () -> [LabeledSpan] = []) {
        errors.add(at: span) { .error(.syntax, message(), at: span, label: label(), secondary: secondary(), help: help(), fixIts: fixIts()) }
    }

    private var isAtTerminator: Bool {
        switch current.kind {
        case .newline, .semicolon, .rightBrace, .endOfFile: true
        default: false
        }
    }

    /// Skips separators, collecting `///` lines into `pendingDoc`.
    @inline(__always)
    private mutating func skipSeparators() {
        while true {
            switch current.kind {
            case .newline, .semicolon:
                advance()
            case .docComment:
                collectDocLine()
                advance()
            default:
                return
            }
        }
    }

    /// Adds the `///` line `current` to `pendingDoc`. Kept out of
    /// `skipSeparators`, which runs before every statement: the string work
    /// here made that loop save and restore every register on each call.
    @inline(never)
    private mutating func collectDocLine() {
        let line = file.text(current.start..<current.end)
        let trimmed = line.hasPrefix(" ") ? String(line.dropFirst()) : line
        if var doc = pendingDoc, !blankLineBetween(doc.span.end, current.start) {
            // Taken out first, so the line is appended in place: building a
            // new text for each line made 100,000 doc lines take a minute.
            pendingDoc = nil
            doc.text += "\n"
            doc.text += trimmed
            doc.span = doc.span.union(span(current))
            pendingDoc = doc
        } else {
            // A blank line ends a doc block. The first block of the
            // file, if nothing follows it directly, documents the file.
            if let doc = pendingDoc, !sawStatement, leadingFileDoc == nil { leadingFileDoc = doc }
            pendingDoc = DocComment(text: trimmed, span: span(current.start - 3, current.end))
        }
    }

    /// Forgets the doc comment read before a statement that takes none.
    /// Tested first: storing nil releases the old value through the
    /// runtime even when there is none, once per property.
    @inline(__always)
    private mutating func discardPendingDoc() {
        if pendingDoc != nil { pendingDoc = nil }
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
    /// `what` is only built when there is an error: this runs for every
    /// statement, so the test is inlined and the report is not.
    @inline(__always)
    private mutating func expectTerminator(after what: @autoclosure () -> String) {
        if !isAtTerminator { reportMissingTerminator(after: what()) }
    }

    @inline(never)
    private mutating func reportMissingTerminator(after what: String) {
        let found = current
        error("expected ';' or a line break after \(what), found \(describe(found))", at: span(found),
              label: "unexpected here", help: "put each property and element on its own line, or separate them with ';'")
        skipStatement()
    }

    // MARK: - File

    /// What the directives at the top of a file say.
    private struct Header {
        var doc: DocComment?
        var platforms: PlatformsDirective?
        var imports: [ImportDirective] = []
        var language: LanguageDirective?
    }

    private mutating func parseFile() -> SyntaxFile {
        var header = Header()
        var sawElement = false
        var sawAnything = false
        while true {
            skipSeparators()
            if !sawAnything {
                if let doc = leadingFileDoc {
                    header.doc = doc
                } else if let doc = pendingDoc, docIsFollowedByBlankLine(doc) {
                    header.doc = doc
                    pendingDoc = nil
                }
            }
            sawAnything = true
            sawStatement = true
            switch current.kind {
            case .endOfFile:
                let built = SyntaxTree(file: file, builder: &tree)
                return SyntaxFile(tree: built, doc: header.doc, platforms: header.platforms, imports: header.imports, language: header.language,
                                  comments: lexer.comments)
            case .identifier where (isWord(current, "platforms") || isWord(current, "import") || isWord(current, "language")) && next.kind != .colon:
                if header.doc == nil, !sawElement, header.platforms == nil, header.imports.isEmpty, header.language == nil, let doc = pendingDoc {
                    header.doc = doc
                }
                pendingDoc = nil
                let keyword = current
                if sawElement {
                    error("'\(text(keyword))' must come before the first element", at: span(keyword),
                          label: "directive after an element", help: "move the directives to the top of the file")
                }
                if isWord(keyword, "platforms") {
                    parsePlatforms(into: &header)
                } else if isWord(keyword, "language") {
                    parseLanguage(into: &header)
                } else if let directive = parseImport() {
                    header.imports.append(directive)
                }
            case .rightBrace:
                // A run of them on a line is one mistake (and a file of them one error a line).
                let first = current
                var last = current
                var count = 1
                advance()
                while current.kind == .rightBrace {
                    last = current
                    count += 1
                    advance()
                }
                if count == 1 {
                    error("unexpected '}' with no matching '{'", at: span(first), label: "nothing to close",
                          help: "remove this brace, or add the '{' it was meant to close")
                } else {
                    error("\(count) unexpected '}' with no matching '{'", at: span(first.start, last.end), label: "nothing to close",
                          help: "remove these braces, or add the '{' they were meant to close")
                }
            default:
                if let member = parseMember(parent: nil, depth: 0) {
                    switch member.kind {
                    case .element:
                        tree.topLevel.append(Int32(member.index))
                        sawElement = true
                    case .property:
                        let property = tree.properties[Int(member.index)]
                        errors.add(at: span(property.span)) {
                            .error(.misplacedElement, "a property cannot appear at the top level of a file", at: span(property.span),
                                   label: "outside any element", help: "move '\(text(property.name)):' into the body of an element")
                        }
                    case .use:
                        let use = tree.uses[Int(member.index)]
                        errors.add(at: span(use.span)) {
                            .error(.misplacedElement, "'use' cannot appear at the top level of a file", at: span(use.span),
                                   label: "outside any menu", help: "put 'use \(text(use.target))' inside a menubar, menu, pull-down, context menu or submenu")
                        }
                    }
                }
            }
        }
    }

    private func blankLineBetween(_ start: Int, _ end: Int) -> Bool {
        var breaks = 0
        for index in start..<min(end, bytes.count) where bytes[index] == 0x0A { breaks += 1 }
        return breaks >= 2
    }

    private func docIsFollowedByBlankLine(_ doc: DocComment) -> Bool {
        var index = doc.span.end
        var breaks = 0
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

    private mutating func parsePlatforms(into header: inout Header) {
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
        if let earlier = header.platforms {
            error("'platforms' is declared twice", at: keyword, label: "second declaration",
                  help: "list every platform in one 'platforms' line", secondary: [LabeledSpan(earlier.keyword, "first declared here")])
        } else {
            header.platforms = directive
        }
    }

    /// `language TAG`: a BCP 47 tag, letters and digits in subtags joined by '-' ("en", "de", "pt-BR", "zh-Hans").
    private mutating func parseLanguage(into header: inout Header) {
        let keyword = span(current)
        advance()
        guard current.kind == .identifier, current.start > keyword.end else {
            error("expected a language tag after 'language', found \(describe(current))", at: span(current),
                  label: "language tag expected", help: "write language en, language de or language pt-BR")
            skipStatement()
            return
        }
        let start = current.start
        var end = current.end
        advance()
        while current.kind == .minus, current.start == end, next.kind == .identifier || next.kind == .number, next.start == current.end {
            advance()
            end = current.end
            advance()
        }
        let tag = Name(text: file.text(start..<end), span: span(start, end))
        let primary = tag.text.split(separator: "-").first ?? ""
        if !(2...3).contains(primary.count) || !primary.allSatisfy({ $0.isASCII && $0.isLetter }) {
            error("'\(tag.text)' is not a language tag", at: tag.span, label: "not a language",
                  help: "a language tag starts with a two- or three-letter language code: en, de, fr, pt-BR")
        }
        expectTerminator(after: "the language tag")
        let directive = LanguageDirective(keyword: keyword, tag: tag, span: span(keyword.start, end))
        if let earlier = header.language {
            error("'language' is declared twice", at: keyword, label: "second declaration",
                  help: "a file's labels are in one language", secondary: [LabeledSpan(earlier.keyword, "first declared here")])
        } else {
            header.language = directive
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

    /// The attributes just parsed: a run of `tree.attributes`.
    private struct Attributes {
        var first: UInt32
        var count: UInt32
        var isEmpty: Bool { count == 0 }
    }

    private func firstSpan(of attributes: Attributes) -> Span { span(tree.attributes[Int(attributes.first)].span) }

    /// The attributes before a statement; inlined for the usual case of none.
    @inline(__always)
    private mutating func parseAttributes() -> Attributes {
        let first = UInt32(tree.attributes.count)
        if current.kind == .at { parseAllowAttributes() }
        return Attributes(first: first, count: UInt32(tree.attributes.count) - first)
    }

    /// Parses `@allow(…)` attributes into `tree.attributes` while `current` is '@'.
    private mutating func parseAllowAttributes() {
        while current.kind == .at {
            let at = current
            advance()
            guard current.kind == .identifier, isWord(current, "allow") else {
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
            let firstRuleID = UInt32(tree.ruleIDs.count)
            var failed = false
            while current.kind != .rightParen {
                guard let id = parseRuleID() else {
                    error("expected a rule id such as 'label-title-case', found \(describe(current))", at: span(current), label: "rule id expected")
                    failed = true
                    break
                }
                tree.ruleIDs.append(id)
                if current.kind == .comma { advance() } else if current.kind != .rightParen {
                    error("expected ',' or ')' in @allow, found \(describe(current))", at: span(current), label: "unexpected here")
                    failed = true
                    break
                }
            }
            if failed {
                tree.ruleIDs.removeSubrange(Int(firstRuleID)...)
                skipStatement()
                continue
            }
            let close = current
            advance()
            let count = UInt32(tree.ruleIDs.count) - firstRuleID
            if count == 0 {
                error("@allow needs at least one rule id", at: span(at.start, close.end), label: "empty", help: "write @allow(rule-id)")
            }
            tree.attributes.append(AttributeNode(span: TextRange(at.start, close.end), firstRuleID: firstRuleID, ruleIDCount: count))
            while current.kind == .newline || current.kind == .docComment {
                if current.kind == .docComment { skipSeparators() } else { advance() }
            }
        }
    }

    /// A kebab-case rule id: identifier or number segments joined by '-' with no spaces.
    private mutating func parseRuleID() -> TextRange? {
        guard current.kind == .identifier else { return nil }
        let start = current.start
        var end = current.end
        advance()
        while current.kind == .minus, current.start == end {
            guard (next.kind == .identifier || next.kind == .number), next.start == current.end else { break }
            advance()
            end = current.end
            advance()
        }
        return TextRange(start, end)
    }

    private mutating func parseMember(parent: ElementKind?, depth: Int) -> MemberRef? {
        let attributes = parseAttributes()
        guard current.kind == .identifier else {
            if !attributes.isEmpty, isAtTerminator {
                error("@allow must be followed by the element it applies to", at: firstSpan(of: attributes), label: "applies to nothing")
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
            discardPendingDoc()
            return nil
        }
        let word = current
        if next.kind == .colon {
            if !attributes.isEmpty {
                error("@allow applies to elements, not properties", at: firstSpan(of: attributes), label: "on a property",
                      help: "put @allow on the element that holds '\(text(word))'")
            }
            discardPendingDoc()
            return parseProperty().map { MemberRef(kind: .property, index: $0) }
        }
        if next.kind == .identifier, isWord(word, "use") {
            discardPendingDoc()
            let start = current.start
            advance()
            let target = range(current)
            advance()
            let bytes = self.bytes
            expectTerminator(after: "'use \(Parser.text(target, in: bytes))'")
            let spanStart = attributes.isEmpty ? start : Int(tree.attributes[Int(attributes.first)].span.start)
            tree.uses.append(UseNode(firstAttribute: attributes.first, attributeCount: attributes.count, target: target,
                                     span: TextRange(spanStart, Int(target.end))))
            return MemberRef(kind: .use, index: UInt32(tree.uses.count - 1))
        }
        if let kind = elementKind(word) {
            if parent == nil, !kind.mayBeDeclared {
                // The errors certain before it (this parser's, and one for
                // each misplaced element before it) fill the file's list:
                // its own would only be counted.
                if skipsUnlistedMisplaced, misplacedDeclarations + errors.listed.count >= errors.limit {
                    skipMisplacedDeclaration(attributes: attributes)
                    return nil
                }
                misplacedDeclarations += 1
            }
            return MemberRef(kind: .element, index: UInt32(parseElement(kind: kind, attributes: attributes, depth: depth + 1)))
        }
        reportUnknownStatement(word: word, next: next, parent: parent)
        discardPendingDoc()
        skipStatement()
        return nil
    }

    private static let elementKindNames = ElementKind.allCases.map(\.rawValue)

    /// Steps over a top-level element whose `misplaced-element` error is
    /// past the file's listed errors (see `parse`), body and all, building
    /// nothing, and counts that error where the resolver would report it:
    /// at the keyword. What its body holds is not looked at.
    @inline(never)
    private mutating func skipMisplacedDeclaration(attributes: Attributes) {
        errors.count(at: span(current))
        if !attributes.isEmpty {
            tree.ruleIDs.removeSubrange(Int(tree.attributes[Int(attributes.first)].firstRuleID)...)
            tree.attributes.removeSubrange(Int(attributes.first)...)
        }
        discardPendingDoc()
        advance()  // the keyword
        // The header as `parseElement` reads it: identifier, label, a '{' on the next line.
        if current.kind == .identifier { advance() }
        if current.kind == .string { advance() }
        if current.kind == .newline, next.kind == .leftBrace { advance() }
        if current.kind == .leftBrace {
            advance()
            // An unclosed body has the file parsed again by indentation, as a built one would.
            if !skipBalancedBody() { leftBraceOpenAtEnd = true }
        }
        if !isAtTerminator { skipStatement() }
    }

    /// An identifier at the start of a statement that is neither a property
    /// (no ':') nor an element kind: say what it most likely was meant to be.
    private mutating func reportUnknownStatement(word token: Token, next: Token, parent: ElementKind?) {
        let wordSpan = span(token)
        if isWord(token, "use") {
            error("expected the name of a declared menu after 'use', found \(describe(next))", at: span(next), label: "menu name expected",
                  help: "write use MenuName")
            return
        }
        let word = text(token)
        if PropertyName(word) != nil {
            let insertion = TextEdit(span: span(wordSpan.end, wordSpan.end), replacement: ":")
            error("expected ':' after property name '\(word)'", at: span(wordSpan.end, wordSpan.end), label: "':' goes here",
                  help: "write \(word): followed by the value", fixIts: [FixIt(message: "insert ':'", edits: [insertion])],
                  secondary: [LabeledSpan(wordSpan, "property name")])
            return
        }
        if word == "separator" || word == "divider" {
            error("'\(word)' is not an element: sections draw the separators", at: wordSpan, label: "not an element kind",
                  help: "put the items on each side of it in their own section { … }; a separator is drawn between sections")
            return
        }
        // Past the error limit nothing is listed, so no suggestion is looked for.
        let kinds = Parser.elementKindNames
        if errors.hasRoom, let suggestion = Suggest.closest(to: word, in: kinds) {
            error("unknown element kind '\(word)'; did you mean '\(suggestion)'?", at: wordSpan, label: "not an element kind",
                  help: "element kinds are: \(kinds.joined(separator: ", "))",
                  fixIts: [FixIt(message: "replace with '\(suggestion)'", edits: [TextEdit(span: wordSpan, replacement: suggestion)])])
            return
        }
        error("expected \(parent == nil ? "an element" : "a property, an element or 'use'"), found '\(word)'", at: wordSpan,
              label: "not an element kind", help: parent == nil
                  ? "a file holds directives (platforms, language, import) and then elements: \(kinds.joined(separator: ", "))"
                  : "a property is written name: value; element kinds are: \(kinds.joined(separator: ", "))")
    }

    /// Parses `name: value`; returns its index in `tree.properties`.
    private mutating func parseProperty() -> UInt32? {
        let name = range(current)
        advance()  // name
        let colon = current
        advance()  // ':'
        guard let value = parseValue(listDepth: 0) else {
            if abandonedValue {
                abandonedValue = false
                let bytes = self.bytes
                expectTerminator(after: "the value of '\(Parser.text(name, in: bytes))'")
                return nil
            }
            let nameText = text(name)
            error("expected a value after '\(nameText):', found \(describe(current))", at: current.kind == .newline ? span(colon.end, colon.end) : span(current),
                  label: "value expected", help: "write \(nameText): followed by a string, identifier, number, true or false")
            skipStatement()
            return nil
        }
        if current.kind == .invalid, current.start == Int(value.range.end), isPlus(current), value.kind == .identifier || value.kind == .number {
            skipUnquotedShortcut(name: name, from: Int(value.range.start))
            return nil
        }
        tree.values.append(value)
        let valueIndex = UInt32(tree.values.count - 1)
        let bytes = self.bytes
        expectTerminator(after: "the value of '\(Parser.text(name, in: bytes))'")
        tree.properties.append(PropertyNode(name: name, value: valueIndex, span: TextRange(Int(name.start), Int(value.range.end))))
        return UInt32(tree.properties.count - 1)
    }

    /// `cmd+q` where `"cmd+q"` was meant: the lexer left the '+' to this
    /// one error, whose fix-it adds the quotes. The words joined to it are
    /// stepped over, and the property is dropped, so nothing else reports it.
    @inline(never)
    private mutating func skipUnquotedShortcut(name: TextRange, from start: Int) {
        var end = current.start
        while current.start == end, isPlus(current) || [.identifier, .number, .comma, .minus].contains(current.kind) {
            end = current.end
            advance()
        }
        let written = file.text(start..<end)
        let nameText = text(name)
        let quoted = "\"\(written)\""
        let whole = span(start, end)
        error("a shortcut is a string: write \(quoted) with its quotes", at: whole, label: "not quoted",
              help: "\(nameText): takes a string such as \"cmd+shift+n\" or \"⌘⇧N\"",
              fixIts: [FixIt(message: "add quotes", edits: [TextEdit(span: whole, replacement: quoted)])])
        expectTerminator(after: "the value of '\(nameText)'")
    }

    private func isPlus(_ token: Token) -> Bool {
        token.kind == .invalid && token.end == token.start + 1 && bytes[token.start] == UInt8(ascii: "+")
    }

    /// A string literal token's value reference (decoding only when it has escapes).
    @inline(__always)
    private mutating func stringRef(_ token: Token) -> StringRef {
        if token.hasEscapes {
            tree.decodedStrings.append(Lexer.decodeString(token, in: file))
            tree.decodedStarts.append(UInt32(truncatingIfNeeded: token.start))
            return StringRef(token: range(token), decoded: Int32(tree.decodedStrings.count - 1))
        }
        // Closed when a quote ends it (an unterminated literal was reported and runs to the line's end).
        let closed = token.end - token.start >= 2 && bytes[token.end - 1] == UInt8(ascii: "\"")
        return StringRef(token: range(token), decoded: closed ? StringRef.closed : StringRef.unclosed)
    }

    /// A value, not yet stored (a list stores its items itself, contiguously).
    /// `listDepth`: how many lists it is inside.
    private mutating func parseValue(listDepth: Int) -> ValueNode? {
        switch current.kind {
        case .string:
            let literal = stringRef(current)
            advance()
            return ValueNode(string: literal)
        case .identifier:
            let token = current
            advance()
            if isWord(token, "true") { return ValueNode(kind: .bool, flag: true, range: range(token)) }
            if isWord(token, "false") { return ValueNode(kind: .bool, flag: false, range: range(token)) }
            return ValueNode(kind: .identifier, range: range(token))
        case .number:
            let value = ValueNode(kind: .number, range: range(current))
            advance()
            return value
        case .minus where next.kind == .number && next.start == current.end:
            let start = current.start
            advance()
            let value = ValueNode(kind: .number, range: TextRange(start, current.end))
            advance()
            return value
        case .leftBracket:
            return parseList(depth: listDepth + 1)
        default:
            return nil
        }
    }

    /// A list whose '[' is `current`, `depth` lists deep (itself included).
    private mutating func parseList(depth: Int) -> ValueNode? {
        let open = current
        if depth > Parser.maximumListDepth {
            if !listDepthLimitReported {
                listDepthLimitReported = true
                error("lists nest more than \(Parser.maximumListDepth) levels deep", at: span(open), label: "too deep",
                      help: "no property takes a list; write a single value")
            }
            skipOpenLists(depth)
            abandonedValue = true
            return nil
        }
        advance()
        var items: [ValueNode] = []
        while true {
            while current.kind == .newline { advance() }
            if current.kind == .rightBracket {
                let close = current
                advance()
                let range = TextRange(open.start, close.end)
                let header = UInt32(tree.values.count)
                tree.values.append(ValueNode.header(count: UInt32(items.count), range: range))
                tree.values.append(contentsOf: items)
                return ValueNode(listWithHeader: header, range: range)
            }
            guard let value = parseValue(listDepth: depth) else {
                if abandonedValue { return nil }
                error("expected a value or ']' in the list, found \(describe(current))", at: span(current), label: "unexpected here",
                      secondary: [LabeledSpan(span(open), "list starts here")])
                return nil
            }
            items.append(value)
            while current.kind == .newline { advance() }
            if current.kind == .comma { advance() } else if current.kind != .rightBracket {
                error("expected ',' or ']' in the list, found \(describe(current))", at: span(current), label: "unexpected here",
                      secondary: [LabeledSpan(span(open), "list starts here")])
                return nil
            }
        }
    }

    /// Skips the lists being parsed — `open` of them, the one at `current`
    /// included — without recursion. Stops early at a brace or the end of
    /// the file, which no value holds: an unclosed list doesn't swallow the
    /// rest of its element.
    private mutating func skipOpenLists(_ open: Int) {
        var open = open
        advance()  // the '['
        while open > 0 {
            switch current.kind {
            case .leftBracket: open += 1
            case .rightBracket: open -= 1
            case .leftBrace, .rightBrace, .endOfFile: return
            default: break
            }
            advance()
        }
    }

    // MARK: - Elements

    /// How an element is named in messages: `menu 'File'`.
    private func describeElement(_ index: Int) -> String {
        let node = tree.elements[index]
        let name = node.hasName ? text(node.name) : node.hasLabel ? labelValue(node.label) : nil
        return name.map { "\(node.kind.rawValue) '\($0)'" } ?? node.kind.rawValue
    }

    private func labelValue(_ literal: StringRef) -> String {
        SyntaxTree.decodedIndex(of: literal, starts: tree.decodedStarts).map { tree.decodedStrings[$0] } ?? text(literal.content)
    }

    /// Parses an element; returns its index in `tree.elements`.
    private mutating func parseElement(kind: ElementKind, attributes: Attributes, depth: Int) -> Int {
        let keyword = range(current)
        // Built here, stored when its header is read (messages from the
        // body describe their element by it) and again when it is done:
        // each store into `tree.elements` checks the array's uniqueness,
        // and field by field that was nine checks per element.
        var node = ElementNode(kind: kind, keyword: keyword)
        if let doc = pendingDoc {
            tree.docs.append(doc)
            node.hasDoc = true
            pendingDoc = nil
        }
        // Indentation only matters when re-parsing to place a missing '}'.
        let lineIndent = indentationRecovery ? indentation(ofLineAt: current.start) : 0
        advance()
        if current.kind == .identifier {
            if current.end - current.start > ElementNode.maximumNameLength {
                error("identifier is longer than \(ElementNode.maximumNameLength) bytes", at: span(range(current)), label: "too long",
                      help: "name it in a few words; an identifier is code an app refers to")
            } else {
                node.hasName = true
                node.name = range(current)
            }
            advance()
        }
        if current.kind == .string {
            node.hasLabel = true
            node.label = stringRef(current)
            advance()
            if current.kind == .identifier, !node.hasName {
                let misplaced = text(current)
                error("the identifier '\(misplaced)' must come before the label", at: span(current), label: "identifier after the label",
                      help: "write \(kind.rawValue) \(misplaced) \(text(node.label.token))")
                advance()
            }
        }
        // Allow the brace on the next line, as some people write it.
        if current.kind == .newline, next.kind == .leftBrace { advance() }
        // Appended before the body, so that a parent precedes its children
        // (and the side tables stay in the order of elements).
        let index = tree.elements.count
        if node.hasDoc { tree.documentedElements.append(UInt32(index)) }
        if !attributes.isEmpty {
            node.hasAttributes = true
            tree.elementAttributes.append(ElementAttributes(element: UInt32(index), first: attributes.first, count: attributes.count))
        }
        tree.elements.append(node)
        if current.kind == .leftBrace {
            parseBody(of: index, into: &node, lineIndent: lineIndent, depth: depth)
        }
        if node.hasBody, !node.hasClose {
            let body = tree.bodies[Int(node.body)]
            tree.bodies[Int(node.body)].closeBrace = body.memberCount > 0
                ? tree.spanOfMember(tree.members[Int(body.firstMember + body.memberCount - 1)]).end : body.open.end
        }
        tree.elements[index] = node
        if node.hasClose || !node.hasBody, !isAtTerminator {
            let shown = node.hasName ? text(node.name) : node.hasLabel ? labelValue(node.label) : kind.rawValue
            expectTerminator(after: "\(kind.rawValue) '\(shown)'")
        }
        return index
    }

    private func indentation(ofLineAt offset: Int) -> Int {
        let line = file.lineIndex(of: offset)
        var index = file.lineStarts[line]
        var width = 0
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 {
            width += bytes[index] == 0x09 ? 4 : 1
            index += 1
        }
        return width
    }

    /// Parses the body of element `owner` (whose node is `node`, stored
    /// back by the caller), starting at its '{'.
    private mutating func parseBody(of owner: Int, into node: inout ElementNode, lineIndent: Int, depth: Int) {
        let open = current
        node.hasBody = true
        // Its place is taken before its members', whose bodies come after it.
        node.body = UInt32(tree.bodies.count)
        tree.bodies.append(BodyNode(openBrace: UInt32(open.start)))
        advance()
        let mark = openMembers.count
        var closeBrace: UInt32 = 0
        if let close = parseMembers(of: owner, kind: node.kind, open: range(open), lineIndent: lineIndent, depth: depth) {
            node.hasClose = true
            closeBrace = close.start
        }
        tree.bodies[Int(node.body)] = BodyNode(openBrace: UInt32(open.start), closeBrace: closeBrace,
                                               firstMember: UInt32(tree.members.count), memberCount: UInt32(openMembers.count - mark))
        openMembers.moveRun(from: mark, to: &tree.members)
    }

    /// Parses the members of a body into `openMembers`; returns the range
    /// of its closing brace, or nil when the brace is missing.
    private mutating func parseMembers(of owner: Int, kind ownerKind: ElementKind, open: TextRange, lineIndent: Int, depth: Int) -> TextRange? {
        if depth > Parser.maximumDepth {
            if !depthLimitReported {
                depthLimitReported = true
                error("elements nest more than \(Parser.maximumDepth) levels deep", at: span(open), label: "too deep",
                      help: "flatten the structure; menus should stay shallow (one level of submenus)")
            }
            skipBalancedBody()
            return TextRange(current.start, current.start)
        }
        // Indentation hints at a missing '}' only in indented or one-line bodies.
        var bodyIsIndented = false
        var sawMemberLine = false
        while true {
            skipSeparators()
            switch current.kind {
            case .rightBrace:
                let close = range(current)
                advance()
                return close
            case .endOfFile:
                reportUnclosed(open: span(open), owner: owner)
                return nil
            default:
                if indentationRecovery, !sawMemberLine {
                    // A body that starts on the '{' line is a one-line body:
                    // a following line at the opener's depth is outside it.
                    sawMemberLine = true
                    bodyIsIndented = !atLineStart || indentation(ofLineAt: current.start) > lineIndent
                }
                if indentationRecovery, bodyIsIndented, atLineStart, current.start > Int(open.end), indentation(ofLineAt: current.start) <= lineIndent {
                    error("expected '}' to close the body of \(describeElement(owner))", at: span(current.start, current.start),
                          label: "'}' is missing before this line", help: "add '}' at the end of the body",
                          secondary: [LabeledSpan(span(open), "this '{' is never closed")])
                    return nil
                }
                if let member = parseMember(parent: ownerKind, depth: depth) {
                    openMembers.push(member)
                }
            }
        }
    }

    private mutating func reportUnclosed(open: Span, owner: Int) {
        leftBraceOpenAtEnd = true
        if unclosedReported {
            if let index = unclosedDiagnosticIndex { errors.update(index) { $0.secondary.append(LabeledSpan(open, "this '{' is not closed either")) } }
            return
        }
        unclosedReported = true
        let at = span(current.start, current.start)
        unclosedDiagnosticIndex = errors.add(at: at) {
            let ownerDescription = describeElement(owner)
            return .error(.syntax, "expected '}' to close the body of \(ownerDescription), found end of file", at: at,
                          label: "file ends here", secondary: [LabeledSpan(open, "this '{' is never closed")],
                          help: "add '}' where the body of \(ownerDescription) ends")
        }
    }

    /// Skips to the brace matching an already consumed '{', without recursion.
    /// Returns whether it found it (else it stops at the end of the file).
    @discardableResult
    private mutating func skipBalancedBody() -> Bool {
        var depth = 1
        while current.kind != .endOfFile {
            if current.kind == .leftBrace { depth += 1 }
            if current.kind == .rightBrace {
                depth -= 1
                if depth == 0 {
                    advance()
                    return true
                }
            }
            advance()
        }
        return false
    }
}
