import MenuSupport
import MenuSyntax
import MenuFormatter
import MenuCompiler

/// Lines of `.menu` source being written, and the literals in them.
struct MenuSource {
    private(set) var lines: [String] = []

    mutating func line(_ depth: Int, _ text: String) {
        lines.append(String(repeating: "  ", count: depth) + text)
    }

    mutating func blank() { lines.append("") }

    var text: String { lines.joined(separator: "\n") + "\n" }

    /// A string literal of the language: quotes, backslashes, line breaks
    /// and tabs escaped, and every control, invisible, bidirectional or
    /// private-use character written as `\u{…}`, so the file shows what
    /// the title holds.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default:
                if TextEscaping.needsEscape(scalar) {
                    result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
