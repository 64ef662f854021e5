import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics
import MenuRules
import MenuFormatter
import MenuCompiler

/// What may be typed at the cursor, worked out from the token stream (what
/// is on the current statement before the cursor) and the syntax tree (which
/// element's body the cursor is in). Both survive broken text: the lexer
/// never fails and the parser recovers, which matters because a document
/// being typed is usually incomplete.
struct CompletionContext {
    enum Kind: Equatable {
        /// Nothing sensible to offer (inside a string, a comment, a name being invented).
        case none
        /// The start of a statement: element kinds, properties, `use`, directives.
        case statementStart(directivesAllowed: Bool)
        /// After `name:`.
        case propertyValue(String)
        /// After `use`.
        case useTarget
        /// In the `platforms` list; the names already listed.
        case platform(listed: [String])
        /// Right after `@`.
        case attributeName
        /// Inside `@allow(…)`; the ids already listed.
        case ruleID(listed: [String])
    }

    var kind: Kind
    /// The partly typed word that a chosen completion replaces (empty at a fresh position).
    var replace: Range<Int>
    /// Elements whose bodies hold the cursor, outermost first.
    var enclosing: [ElementFrame]

    var innermost: ElementFrame? { enclosing.last }

    static func at(_ offset: Int, in syntax: SyntaxFile, lexed: LexedFile? = nil) -> CompletionContext {
        let file = syntax.file
        let offset = min(max(0, offset), file.bytes.count)
        let lexed = lexed ?? LexedFile(file)
        let empty = CompletionContext(kind: .none, replace: offset..<offset, enclosing: [])

        if isInComment(offset, comments: lexed.comments, tokens: lexed.tokens, bytes: file.bytes) { return empty }
        // Only the tokens before the cursor matter (found by binary search: files can be long).
        let tokens = lexed.tokens[..<lexed.tokens.partitionPoint { $0.start >= offset }]
        // The token the cursor is in or just after.
        let touching = tokens.last { $0.kind != .endOfFile && $0.kind != .newline && $0.start < offset && offset <= $0.end }
        var wordStart = offset
        if let token = touching {
            switch token.kind {
            case .string:
                // Inside a string (or at the end of an unterminated one): free text.
                if offset < token.end || !isTerminatedString(token, bytes: file.bytes) { return empty }
            case .number:
                return empty
            case .identifier:
                wordStart = token.start
            default:
                break
            }
        }
        // A line-break token runs up to the next token, so it may reach past the cursor.
        // Only the current statement matters: look back from the cursor to its start.
        let statementStart = tokens.lastIndex { token in
            [.semicolon, .leftBrace, .rightBrace].contains(token.kind) ? token.end <= wordStart
                : token.kind == .newline && token.start < wordStart
        }.map { $0 + 1 } ?? tokens.startIndex
        let before = tokens[statementStart...].filter { token in
            switch token.kind {
            case .newline: token.start < wordStart
            case .endOfFile, .docComment: false
            default: token.end <= wordStart
            }
        }
        var statement = before
        let text = { (token: Token) in file.text(token.start..<token.end) }
        let enclosing = SyntaxNavigator(syntax: syntax).enclosingElements(at: offset)
        func context(_ kind: Kind, replace: Range<Int>? = nil) -> CompletionContext {
            CompletionContext(kind: kind, replace: replace ?? (wordStart..<offset), enclosing: enclosing)
        }

        // Attributes written before an element on the same line are complete; skip them.
        while statement.count >= 3, statement[0].kind == .at, text(statement[1]) == "allow", statement[2].kind == .leftParen,
              let close = statement.firstIndex(where: { $0.kind == .rightParen }) {
            statement.removeFirst(close + 1)
        }
        if let first = statement.first, first.kind == .at {
            if statement.count == 1 { return context(.attributeName) }
            guard statement.count >= 3, text(statement[1]) == "allow", statement[2].kind == .leftParen else { return empty }
            // Rule ids contain '-', which the lexer splits: take the whole id as the word.
            var start = offset
            while start > statement[2].end, isRuleIDByte(file.bytes[start - 1]) { start -= 1 }
            let listed = file.text(statement[2].end..<start).split(separator: ",")
                .map { $0.trimmingBlanks() }.filter { !$0.isEmpty }
            return context(.ruleID(listed: listed), replace: start..<offset)
        }
        switch statement.count {
        case 0:
            let beforeElements = enclosing.isEmpty && (syntax.elements.first.map { $0.span.start >= wordStart } ?? true)
            return context(.statementStart(directivesAllowed: beforeElements))
        case 1 where statement[0].kind == .identifier:
            switch text(statement[0]) {
            case "use" where !enclosing.isEmpty: return context(.useTarget)
            case "platforms" where enclosing.isEmpty: return context(.platform(listed: []))
            default: return empty
            }
        case 2 where statement[0].kind == .identifier && statement[1].kind == .colon:
            return context(.propertyValue(text(statement[0])))
        default:
            if enclosing.isEmpty, statement[0].kind == .identifier, text(statement[0]) == "platforms", statement.last?.kind == .comma {
                let listed = statement.dropFirst().filter { $0.kind == .identifier }.map(text)
                return context(.platform(listed: listed))
            }
            return empty
        }
    }

    private static func isRuleIDByte(_ byte: UInt8) -> Bool {
        Lexer.isIdentifierByte(byte) || byte == UInt8(ascii: "-")
    }

    private static func isTerminatedString(_ token: Token, bytes: [UInt8]) -> Bool {
        guard token.end - token.start >= 2, bytes[token.end - 1] == UInt8(ascii: "\"") else { return false }
        // A closing quote preceded by an odd run of backslashes is escaped.
        var backslashes = 0
        var index = token.end - 2
        while index > token.start, bytes[index] == UInt8(ascii: "\\") {
            backslashes += 1
            index -= 1
        }
        return backslashes % 2 == 0
    }

    private static func isInComment(_ offset: Int, comments: [Span], tokens: [Token], bytes: [UInt8]) -> Bool {
        // Comments and tokens are in source order: only the last ones starting before the cursor can hold it.
        let comments = comments[..<comments.partitionPoint { $0.start >= offset }].suffix(1)
        let tokens = tokens[..<tokens.partitionPoint { $0.start >= offset }].suffix(1)
        for comment in comments where comment.start < offset && offset <= comment.end {
            let isLine = comment.end - comment.start >= 2 && bytes[comment.start + 1] == UInt8(ascii: "/")
            let isClosedBlock = !isLine && comment.end - comment.start >= 4
                && bytes[comment.end - 2] == UInt8(ascii: "*") && bytes[comment.end - 1] == UInt8(ascii: "/")
            // A line comment or an unclosed block runs to its end; after a closing `*/` is outside.
            if !isClosedBlock || offset < comment.end { return true }
        }
        // Doc comments are tokens whose span starts after the `///`.
        return tokens.contains { $0.kind == .docComment && $0.start - 3 < offset && offset <= $0.end }
    }
}
