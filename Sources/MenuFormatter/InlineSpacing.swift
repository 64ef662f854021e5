import MenuSupport
import MenuSyntax

/// The spacing between two pieces printed on one line: tokens of a
/// header, property, directive or attribute, and comments between them.
enum InlineSpacing {
    /// A piece of an inline run.
    enum Piece {
        case token(TokenKind, start: Int, end: Int)
        case comment
    }

    /// Whether a space goes between `previous` and `next`.
    static func spaceBetween(_ previous: Piece, _ next: Piece) -> Bool {
        if case .token(let kind, _, _) = next {
            switch kind {
            case .comma, .leftParen, .rightParen, .rightBracket, .colon: return false
            default: break
            }
        }
        if case .token(let kind, _, let previousEnd) = previous {
            switch kind {
            case .leftParen, .leftBracket, .at:
                return false
            case .minus:
                // The parser only accepts a minus glued to what follows (`-4`, `rule-id`).
                return false
            case .identifier, .number:
                // A minus glued to a word is inside a rule id (`label-title-case`).
                if case .token(.minus, let nextStart, _) = next { return nextStart != previousEnd }
            default:
                break
            }
        }
        return true
    }
}
