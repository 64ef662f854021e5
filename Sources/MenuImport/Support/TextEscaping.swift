import MenuSupport
import MenuSyntax
import MenuFormatter
import MenuCompiler

/// Text from an imported file, made safe to print in a report or a
/// comment: control, invisible, bidirectional and private-use characters
/// become `\u{…}`, so nothing in a XIB can move the terminal's cursor,
/// hide text or reorder a line. Long texts are shortened.
enum TextEscaping {
    static func visible(_ text: String, limit: Int = 80) -> String {
        var result = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == limit {
                result += "…"
                break
            }
            if needsEscape(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return result
    }

    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        // Invisible: soft hyphen, Arabic letter mark, zero-width characters,
        // direction marks and embeddings, line and paragraph separators,
        // word joiner and invisible operators, isolates, byte-order mark.
        case 0xAD, 0x061C, 0x180E, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2069, 0xFEFF: true
        // Private use (AppKit's function keys live at U+F700…U+F8FF).
        case 0xE000...0xF8FF, 0xF0000...0x10FFFF: true
        // Tag characters and variation selectors of the supplement.
        case 0xE0000...0xE01EF: true
        default: false
        }
    }
}
