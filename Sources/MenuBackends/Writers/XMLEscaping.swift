import MenuSupport

/// Turns arbitrary text into XML character data (SVG, HTML) that shows
/// exactly that text — never markup, never a character XML forbids.
///
/// Labels can hold anything (`<script>`, `&`, quotes, control characters,
/// bidirectional overrides). What a picture shows is what the file says:
/// line breaks and tabs become spaces (a menu row is one line), and
/// invisible or reordering characters are shown as `\u{…}`, as in the
/// Markdown and Swift outputs.
package enum XMLEscaping {
    /// What a label looks like when drawn on one line: line breaks and tabs
    /// as spaces, invisible characters (and those XML 1.0 forbids) as `\u{…}`.
    package static func shown(_ text: String) -> String {
        if isShownAsItIs(text) { return text }
        var result = ""
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            if scalar == "\n" || scalar == "\r" || scalar == "\t" || scalar == "\u{0B}" || scalar == "\u{0C}"
                || scalar == "\u{85}" || scalar == "\u{2028}" || scalar == "\u{2029}" {
                result += " "
            } else if isForbiddenInXML(scalar)
                || InvisibleCharacters.isInvisible(scalar, previous: index > 0 ? scalars[index - 1] : nil,
                                                   next: index + 1 < scalars.count ? scalars[index + 1] : nil) {
                result += InvisibleCharacters.unicodeEscape(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Text already `shown`, escaped for XML character data or a quoted
    /// attribute value (`&`, `<`, `>`, `"` and `'` as references).
    package static func escaped(_ text: String) -> String {
        var needs = false
        for byte in text.utf8 where byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 || byte == 0x27 {
            needs = true
            break
        }
        guard needs else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `escaped(shown(text))`: any text as XML that shows it on one line.
    package static func text(_ text: String) -> String { escaped(shown(text)) }

    /// Printable ASCII and "…" only (most labels: `Save As…`): shown as
    /// it is, without asking each scalar's Unicode properties.
    static func isShownAsItIs(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { isShownAsItIs($0) }
    }

    /// `isShownAsItIs` of UTF-8 bytes.
    static func isShownAsItIs(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= 0x20, byte < 0x7F {
                index += 1
            } else if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] == 0xA6 {
                index += 3  // U+2026: a graphic character
            } else {
                return false
            }
        }
        return true
    }

    /// Characters XML 1.0 does not allow in a document at all (C0 controls
    /// other than tab and line breaks, and the non-characters U+FFFE, U+FFFF),
    /// plus the C1 controls, which it discourages.
    static func isForbiddenInXML(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || value == 0xFFFE || value == 0xFFFF
    }
}
