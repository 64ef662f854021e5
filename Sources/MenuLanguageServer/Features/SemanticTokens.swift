import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics
import MenuRules
import MenuFormatter
import MenuCompiler

/// `textDocument/semanticTokens/full`: colours from meaning, not just
/// spelling — `menu` is a keyword at the start of an element and a plain
/// name in `item menu "Menu"`; an identifier after `style:` is an
/// enumeration value, after `menu:` a reference to a declaration.
enum SemanticTokensFeature {
    enum TokenType: Int, CaseIterable {
        case keyword, variable, property, enumMember, string, number, comment, decorator, macro, type, function

        var name: String {
            switch self {
            case .keyword: "keyword"
            case .variable: "variable"
            case .property: "property"
            case .enumMember: "enumMember"
            case .string: "string"
            case .number: "number"
            case .comment: "comment"
            case .decorator: "decorator"
            case .macro: "macro"
            case .type: "type"
            case .function: "function"
            }
        }
    }

    /// Modifier bits, in legend order.
    enum Modifier: Int, CaseIterable {
        case declaration, documentation, defaultLibrary

        var name: String {
            switch self {
            case .declaration: "declaration"
            case .documentation: "documentation"
            case .defaultLibrary: "defaultLibrary"
            }
        }

        var bit: Int { 1 << rawValue }
    }

    static var legend: JSON {
        ["tokenTypes": .array(TokenType.allCases.map { .string($0.name) }),
         "tokenModifiers": .array(Modifier.allCases.map { .string($0.name) })]
    }

    struct Classified: Equatable {
        var start: Int
        var end: Int
        var type: TokenType
        var modifiers: Int
    }

    static func tokens(_ document: DocumentContext) -> JSON {
        ["data": .array(encode(classify(document.syntax, lexed: document.lexed), in: document.source).map(JSON.int))]
    }

    /// Every classified range of the file, sorted and without overlaps.
    static func classify(_ syntax: SyntaxFile, lexed: LexedFile? = nil) -> [Classified] {
        var byStart: [Int: Classified] = [:]
        var useTargets: Set<Int> = []
        func mark(_ span: Span, _ type: TokenType, _ modifiers: Int = 0) {
            guard span.end > span.start else { return }
            byStart[span.start] = Classified(start: span.start, end: span.end, type: type, modifiers: modifiers)
        }
        if let platforms = syntax.platforms {
            mark(platforms.keyword, .keyword)
            for entry in platforms.entries { mark(entry.name.span, .type, Modifier.defaultLibrary.bit) }
        }
        for directive in syntax.imports {
            mark(Span(file: directive.span.file, start: directive.span.start, end: directive.span.start + 6), .keyword)
        }
        for entry in SyntaxNavigator(syntax: syntax).allElements() {
            let element = entry.frame.syntax
            markAttributes(element.attributes, mark: mark)
            mark(element.keyword, .keyword)
            if let name = element.name { mark(name.span, .variable, Modifier.declaration.bit) }
            for member in element.body?.members ?? [] {
                switch member {
                case .property(let property):
                    mark(property.name.span, .property)
                    markValue(property, owner: entry.frame, mark: mark)
                case .use(let use):
                    markAttributes(use.attributes, mark: mark)
                    useTargets.insert(use.target.span.start)
                    mark(use.target.span, .variable)
                case .element:
                    continue
                }
            }
        }
        // Then every token the tree did not classify, by its spelling.
        let lexed = lexed ?? LexedFile(syntax.file)
        let tokens = lexed.tokens
        for (index, token) in tokens.enumerated() where byStart[token.start] == nil {
            let span = Span(file: syntax.file.id, start: token.start, end: token.end)
            switch token.kind {
            case .string: mark(span, .string)
            case .number: mark(span, .number)
            case .docComment: mark(Span(file: span.file, start: token.start - 3, end: token.end), .comment, Modifier.documentation.bit)
            case .at:
                mark(span, .decorator)
            case .identifier:
                if index > 0, tokens[index - 1].kind == .at {
                    mark(span, .decorator)  // the `allow` of `@allow`
                } else if index + 1 < tokens.count, useTargets.contains(tokens[index + 1].start) {
                    mark(span, .keyword)  // `use` is a keyword only when it introduces a splice
                }
            case .leftBrace, .rightBrace, .leftParen, .rightParen, .leftBracket, .rightBracket,
                 .colon, .semicolon, .comma, .minus, .newline, .invalid, .endOfFile:
                continue
            }
        }
        for comment in lexed.comments { mark(comment, .comment) }
        // Drop anything that starts inside an earlier range (a rule id spans several lexer tokens).
        var result: [Classified] = []
        for item in byStart.values.sorted(by: { $0.start < $1.start }) {
            if let last = result.last, item.start < last.end { continue }
            result.append(item)
        }
        return result
    }

    /// Rule ids span several lexer tokens (`label`, `-`, `title`, …): one range each.
    /// (`@` and `allow` are marked from the tokens.)
    private static func markAttributes(_ attributes: [AllowAttribute], mark: (Span, TokenType, Int) -> Void) {
        for attribute in attributes {
            for rule in attribute.ruleIDs { mark(rule.span, .macro, 0) }
        }
    }

    private static func markValue(_ property: PropertySyntax, owner: ElementFrame, mark: (Span, TokenType, Int) -> Void) {
        guard case .identifier(let name) = property.value else { return }
        let type = PropertyCatalog.spec(property.name.text, for: owner.kind, in: owner.context)?.type
        switch type {
        case .enumeration?: mark(name.span, .enumMember, 0)
        case .menuReference?, .viewReference?, .optionReference?: mark(name.span, .variable, 0)
        case .identifier?: mark(name.span, .function, 0)
        case .string?, .bool?, .number?, .shortcut?, nil: return
        }
    }

    /// The protocol's relative encoding: per token, the line delta, start
    /// delta (from the previous token on the same line), length, type and
    /// modifiers — in UTF-16 units, one token per line (a block comment
    /// spanning lines is split, since clients need not support multi-line tokens).
    static func encode(_ tokens: [Classified], in file: SourceFile) -> [Int] {
        var data: [Int] = []
        data.reserveCapacity(tokens.count * 5)
        var previousLine = 0
        var previousCharacter = 0
        for token in tokens {
            var start = token.start
            while start < token.end {
                let line = file.lineIndex(of: start)
                let lineEnd = file.lineRange(line).upperBound
                let end = min(token.end, max(lineEnd, start))
                let character = file.utf16Column(of: start, onLine: line)
                let length = file.utf16Length(from: start, to: end)
                if length > 0 {
                    let deltaLine = line - previousLine
                    data.append(deltaLine)
                    data.append(deltaLine == 0 ? character - previousCharacter : character)
                    data.append(length)
                    data.append(token.type.rawValue)
                    data.append(token.modifiers)
                    previousLine = line
                    previousCharacter = character
                }
                // Continue on the next line, if the token goes on.
                let nextLine = line + 1
                guard nextLine < file.lineStarts.count else { break }
                start = max(end, file.lineStarts[nextLine])
            }
        }
        return data
    }
}
