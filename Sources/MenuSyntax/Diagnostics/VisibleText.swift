import MenuSupport

/// Text as people read it in a terminal, a log or an editor's problem
/// list: every character that could control the terminal, break or
/// overwrite the line, or reorder or hide text is written as a visible
/// escape (`\n`, `\r`, `\t`, `\0`, `\u{1B}`, `\u{202E}`).
///
/// Labels, file names and import paths come from files anyone can send in
/// a pull request. Printed raw, a line break in a label forges a
/// `file:line:col: error:` line that Xcode and CI parse, an escape sequence
/// clears the screen, writes the clipboard (OSC 52) or plants a link
/// (OSC 8), and a bidirectional override makes a line read differently
/// from what it holds. Diagnostics never contain such characters of their
/// own, so every human-facing format escapes each text it prints whole,
/// here (`DiagnosticRenderer`, `UnifiedDiff`, the command line's messages).
/// Machine formats (JSON, SARIF) carry the exact text, escaped by their
/// own rules instead.
///
/// The characters escaped are those `InvisibleCharacters.isInvisible` names —
/// controls (C0, DEL, C1), line and paragraph separators, bidirectional
/// and other format characters, non-ASCII spaces, private-use and
/// unassigned code points — so a terminal shows what the generated code
/// shows. A backslash is not escaped: messages quote escapes of their own
/// (`unknown escape sequence '\q'`), and what matters is that nothing
/// written here can act on the terminal or start a line.
public enum VisibleText {
    public static func escaped(_ text: String, keepingTabs: Bool = false) -> String {
        // Printable ASCII (nearly every message and path) is left as it is.
        var text = text
        if text.withUTF8({ isPlain($0, keepingTabs: keepingTabs) }) { return text }
        var result = ""
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += keepingTabs ? "\t" : "\\t"
            case "\0": result += "\\0"
            default:
                if InvisibleCharacters.isInvisible(scalar, previous: index > 0 ? scalars[index - 1] : nil,
                                             next: index + 1 < scalars.count ? scalars[index + 1] : nil) {
                    result += InvisibleCharacters.unicodeEscape(scalar)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// Whether UTF-8 needs no escape: printable ASCII (and tabs, when kept).
    private static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>, keepingTabs: Bool) -> Bool {
        for byte in bytes where byte < 0x20 || byte >= 0x7F {
            if byte == 0x09, keepingTabs { continue }
            return false
        }
        return true
    }
}
