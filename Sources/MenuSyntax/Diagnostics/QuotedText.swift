import MenuSupport

/// Keeps a diagnostic readable when it quotes something huge — a label of
/// ten megabytes would otherwise be repeated whole in the message, the
/// label under the excerpt and the help, in every output format.
///
/// Only texts longer than `threshold` are touched (no real message is), and
/// in them each quoted piece ('…') longer than `longestQuote` bytes keeps
/// its first `keptCharacters` characters and an ellipsis.
enum QuotedText {
    static let threshold = 1_000
    static let longestQuote = 120
    static let keptCharacters = 100

    static func shortened(_ text: String) -> String {
        guard text.utf8.count > threshold else { return text }
        var result = ""
        var rest = text[...]
        // Quotes found by byte: walking ten megabytes by Character is slow.
        while let open = rest.utf8.firstIndex(of: UInt8(ascii: "'")) {
            let inside = rest[rest.utf8.index(after: open)...]
            guard let close = inside.utf8.firstIndex(of: UInt8(ascii: "'")) else { break }
            result += rest[...open]
            let quoted = inside[..<close]
            if quoted.utf8.count > longestQuote,
               let cut = quoted.index(quoted.startIndex, offsetBy: keptCharacters, limitedBy: quoted.endIndex), cut < quoted.endIndex {
                result += quoted[..<cut]
                result += "…"
            } else {
                result += quoted
            }
            result += "'"
            rest = inside[inside.utf8.index(after: close)...]
        }
        result += rest
        return result
    }
}
