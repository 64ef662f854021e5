/// Hovers and completion documentation are written in Markdown; a client
/// that takes only plain text gets what a reader of the rendered Markdown
/// sees: no `**`, no backticks around code, no backslash escapes or
/// entities, links as "text (url)", code blocks without their fences.
/// Only the Markdown the server itself writes is read here — strong
/// emphasis, code spans and blocks, links, escapes and the entities of
/// `MarkdownEscaping` — and anything else is left as written.
enum PlainTextRendering {
    static func plainText(fromMarkdown markdown: String) -> String {
        var lines: [String] = []
        var fence: Int?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let backticks = line.prefix { $0 == "`" }.count
            if let open = fence {
                if backticks >= open, line.dropFirst(backticks).allSatisfy({ $0 == " " }) { fence = nil } else { lines.append(String(line)) }
                continue
            }
            if backticks >= 3 {
                fence = backticks
                continue
            }
            lines.append(inline(Array(line)))
        }
        return lines.joined(separator: "\n")
    }

    /// One line outside code blocks.
    private static func inline(_ characters: [Character]) -> String {
        var output = ""
        var index = 0
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "\\" where index + 1 < characters.count && isASCIIPunctuation(characters[index + 1]):
                output.append(characters[index + 1])
                index += 2
            case "`":
                var run = 0
                while index + run < characters.count, characters[index + run] == "`" { run += 1 }
                if let close = closingRun(of: run, in: characters, from: index + run) {
                    var content = String(characters[(index + run)..<close])
                    // A space on both sides only pads a span that starts or ends with a backtick.
                    if content.count >= 2, content.first == " ", content.last == " " { content = String(content.dropFirst().dropLast()) }
                    output += content
                    index = close + run
                } else {
                    output += String(repeating: "`", count: run)
                    index += run
                }
            case "*" where index + 1 < characters.count && characters[index + 1] == "*":
                index += 2
            case "&":
                if let (text, length) = entity(in: characters, at: index) {
                    output += text
                    index += length
                } else {
                    output.append(character)
                    index += 1
                }
            case "[":
                if let (text, url, end) = link(in: characters, at: index) {
                    output += inline(text) + " (" + url + ")"
                    index = end
                } else {
                    output.append(character)
                    index += 1
                }
            default:
                output.append(character)
                index += 1
            }
        }
        return output
    }

    private static func closingRun(of length: Int, in characters: [Character], from start: Int) -> Int? {
        var index = start
        while index < characters.count {
            guard characters[index] == "`" else { index += 1; continue }
            var run = 0
            while index + run < characters.count, characters[index + run] == "`" { run += 1 }
            if run == length { return index }
            index += run
        }
        return nil
    }

    private static let entities: [(String, String)] = [("&lt;", "<"), ("&gt;", ">"), ("&amp;", "&"), ("&#32;", " "), ("&quot;", "\"")]

    private static func entity(in characters: [Character], at index: Int) -> (String, Int)? {
        for (name, text) in entities {
            let end = index + name.count
            if end <= characters.count, String(characters[index..<end]) == name { return (text, name.count) }
        }
        return nil
    }

    /// `[text](url)` starting at `index`: its text, its URL and the index after it.
    private static func link(in characters: [Character], at index: Int) -> ([Character], String, Int)? {
        var close = index + 1
        var depth = 1
        while close < characters.count {
            if characters[close] == "\\" { close += 2; continue }
            if characters[close] == "[" { depth += 1 }
            if characters[close] == "]" { depth -= 1; if depth == 0 { break } }
            close += 1
        }
        guard close + 1 < characters.count, characters[close + 1] == "(",
              let end = characters[(close + 2)...].firstIndex(of: ")") else { return nil }
        return (Array(characters[(index + 1)..<close]), String(characters[(close + 2)..<end]), end + 1)
    }

    private static func isASCIIPunctuation(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue else { return false }
        return (0x21...0x2F).contains(ascii) || (0x3A...0x40).contains(ascii) || (0x5B...0x60).contains(ascii) || (0x7B...0x7E).contains(ascii)
    }
}
