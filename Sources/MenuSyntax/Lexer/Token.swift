import MenuSupport

/// The kinds of token the lexer produces. Keywords are contextual, so they
/// arrive as identifiers and the parser decides by position.
package enum TokenKind: UInt8, Sendable {
    case identifier
    case string
    case number
    case leftBrace, rightBrace
    case leftParen, rightParen
    case leftBracket, rightBracket
    case colon, semicolon, comma, at, minus
    /// One or more line breaks (with any blank space and comments between).
    case newline
    /// A `///` line; the span covers the text after the slashes.
    case docComment
    /// Bytes that form no token; the lexer has already reported them.
    case invalid
    case endOfFile

    /// How the token is named in "expected …, found …" messages.
    package var description: String {
        switch self {
        case .identifier: "identifier"
        case .string: "string"
        case .number: "number"
        case .leftBrace: "'{'"
        case .rightBrace: "'}'"
        case .leftParen: "'('"
        case .rightParen: "')'"
        case .leftBracket: "'['"
        case .rightBracket: "']'"
        case .colon: "':'"
        case .semicolon: "';'"
        case .comma: "','"
        case .at: "'@'"
        case .minus: "'-'"
        case .newline: "end of line"
        case .docComment: "doc comment"
        case .invalid: "invalid character"
        case .endOfFile: "end of file"
        }
    }
}

/// A token: its kind and byte range. Twelve bytes: the parser streams
/// millions of them, and the formatter and language server keep arrays.
package struct Token: Sendable, Equatable {
    package var kind: TokenKind
    /// A string token containing `\` escapes (decoding needs the slow path).
    package var hasEscapes: Bool
    // 32-bit offsets: files are limited to `SourceFile.maximumSize`.
    private var lower: UInt32
    private var upper: UInt32

    package var start: Int {
        get { Int(lower) }
        set { lower = UInt32(truncatingIfNeeded: newValue) }
    }

    package var end: Int {
        get { Int(upper) }
        set { upper = UInt32(truncatingIfNeeded: newValue) }
    }

    @inline(__always)
    package init(kind: TokenKind, start: Int, end: Int, hasEscapes: Bool = false) {
        self.kind = kind
        self.hasEscapes = hasEscapes
        self.lower = UInt32(truncatingIfNeeded: start)
        self.upper = UInt32(truncatingIfNeeded: end)
    }
}

/// Every word the language reserves somewhere, contextually. The grammar
/// files and editor syntaxes are tested against this list.
package enum Keywords {
    package static let directives: [String] = ["platforms", "language", "import"]
    package static let elementKinds: [String] = ElementKind.allCases.map(\.rawValue)
    package static let platforms: [String] = Platform.Name.allCases.map(\.rawValue)
    package static let other: [String] = ["use", "true", "false", "allow"]
    package static var all: Set<String> { Set(directives + elementKinds + platforms + other) }
}
