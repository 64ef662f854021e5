import MenuSupport
import MenuSyntax

/// A comment as the formatter sees it. Ordinary line and block comments and
/// `///` doc lines are all kept and reproduced byte for byte; only the
/// indentation in front of them is the formatter's.
struct FormatComment: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        /// `// …` to the end of the line.
        case line
        /// `/* … */`, possibly spanning lines.
        case block
        /// `/// …`: documentation; never placed after code on a line.
        case doc
    }

    var kind: Kind
    var start: Int
    var end: Int
    /// The comment as written. Line breaks inside a block comment are
    /// written as `\n`, since the formatter's output uses `\n` throughout.
    var text: String

    /// Whether the comment ends the output line it is on.
    var endsLine: Bool { kind != .block }
}

/// The file's significant tokens and its comments, lexed once, with the
/// position questions the printer asks.
struct FormatSource {
    let file: SourceFile
    /// Every token except line breaks, doc comments and the end of file.
    let tokens: [Token]
    /// Every comment, ordered by position.
    let comments: [FormatComment]
    /// Start offset of each line. Unlike `SourceFile.lineStarts` this counts
    /// `\r` on its own as a line break too, as the lexer does.
    private let lineStarts: [Int]

    init(file: SourceFile) {
        self.file = file
        let lexed = Lexer.tokenize(file, recordComments: true)
        var tokens: [Token] = []
        var comments: [FormatComment] = []
        for token in lexed.tokens {
            switch token.kind {
            case .newline, .endOfFile:
                continue
            case .docComment:
                // The token covers the text after the three slashes.
                comments.append(FormatComment(kind: .doc, start: token.start - 3, end: token.end, text: file.text(token.start - 3..<token.end)))
            default:
                tokens.append(token)
            }
        }
        for span in lexed.comments {
            let isLine = span.length >= 2 && file.bytes[span.start + 1] == UInt8(ascii: "/")
            let text = file.text(of: span)
            comments.append(FormatComment(kind: isLine ? .line : .block, start: span.start, end: span.end,
                                          text: isLine ? text : FormatSource.normalizingLineBreaks(text)))
        }
        self.tokens = tokens
        self.comments = comments.sorted { $0.start < $1.start }
        self.lineStarts = FormatSource.lineStarts(file.bytes)
    }

    func text(_ token: Token) -> String { file.text(token.start..<token.end) }

    /// 0-based line holding `offset`.
    func line(of offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// Index of the first token starting at or after `offset`.
    func tokenIndex(atOrAfter offset: Int) -> Int {
        var low = 0
        var high = tokens.count
        while low < high {
            let mid = (low + high) / 2
            if tokens[mid].start < offset { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Index of the first comment starting at or after `offset`.
    func commentIndex(atOrAfter offset: Int) -> Int {
        var low = 0
        var high = comments.count
        while low < high {
            let mid = (low + high) / 2
            if comments[mid].start < offset { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Whether a line holding nothing but blank space lies between the two
    /// offsets: the author separated what comes before from what follows.
    func hasBlankLine(from start: Int, to end: Int) -> Bool {
        let bytes = file.bytes
        var sawBreak = false
        var onlyBlank = true
        var index = max(0, start)
        while index < min(end, bytes.count) {
            switch bytes[index] {
            case 0x0A, 0x0D:
                if sawBreak, onlyBlank { return true }
                sawBreak = true
                onlyBlank = true
                // `\r\n` is one line break.
                if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
            case 0x20, 0x09, 0x0B, 0x0C:
                break
            default:
                onlyBlank = false
            }
            index += 1
        }
        return false
    }

    /// Line feeds between the offsets (what the parser counts to find a
    /// blank line between doc comments).
    func lineBreakCount(from start: Int, to end: Int) -> Int {
        var count = 0
        var index = max(0, start)
        while index < min(end, file.bytes.count) {
            if file.bytes[index] == 0x0A { count += 1 }
            index += 1
        }
        return count
    }

    /// The parser's own test for whether the file's first doc block is the
    /// file's doc: a blank line right after it, before anything else (see
    /// `Parser.docIsFollowedByBlankLine`). The formatter must keep that answer.
    func parserSeesBlankLine(after offset: Int) -> Bool {
        let bytes = file.bytes
        var breaks = 0
        var index = offset
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

    private static func lineStarts(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
            if bytes[index] == 0x0A || bytes[index] == 0x0D { starts.append(index + 1) }
            index += 1
        }
        return starts
    }

    static func normalizingLineBreaks(_ text: String) -> String {
        guard text.utf8.contains(0x0D) else { return text }
        // `\r\n` is a single Character, so one pass handles both forms.
        return String(text.map { $0 == "\r\n" || $0 == "\r" ? "\n" : $0 })
    }
}
