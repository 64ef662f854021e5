/// The characters no output may show as they are: they are invisible,
/// reorder the text around them, or break a line. Swift literals and
/// comments, and every human-facing diagnostic format, write them as
/// `\u{…}` escapes, so they agree on what a reader gets to see.
package enum InvisibleCharacters {
    /// `\u{202E}`: the Swift escape for one scalar, in uppercase hexadecimal.
    package static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }

    /// Whether a scalar would be invisible, reorder text, or break a line in
    /// source: everything but graphic characters and the plain space.
    /// A zero-width joiner between two emoji is kept (it joins them into one).
    package static func isInvisible(_ scalar: Unicode.Scalar, previous: Unicode.Scalar?, next: Unicode.Scalar?) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned:
            return true
        case .format:
            if scalar == "\u{200D}", let previous, let next, isEmojiPart(previous), isEmojiPart(next) { return false }
            return true
        case .spaceSeparator:
            return scalar != " "
        default:
            // Variation selectors and tag characters are nonspacing marks that can hide text.
            return (0xFE00...0xFE0E).contains(scalar.value) || (0xE0000...0xE007F).contains(scalar.value)
                || (0xE0100...0xE01EF).contains(scalar.value)
        }
    }

    private static func isEmojiPart(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isEmoji && scalar.value > 0x7F || scalar == "\u{FE0F}"
    }

    package static func isCombining(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }
}
