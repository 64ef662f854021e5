import MenuSupport

/// Widths of text as the pictures lay it out, from a fixed table, so a
/// picture is the same on every machine whatever fonts it has.
///
/// The table holds the advance widths of DejaVu Sans (in thousandths of
/// an em), the sans-serif font a browser falls back to on Linux: wider than
/// SF Pro, Helvetica or Arial, so text measured here never overflows its
/// row in any of them (the browser tests check this in Chromium). Other
/// characters take a width by their Unicode class.
enum TextMetrics {
    /// Advance widths of U+0020…U+007E, regular weight.
    private static let ascii: [UInt16] = [
        318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337,
        636, 636, 636, 636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531,
        1000, 684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787,
        603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390, 337, 390, 838, 500,
        500, 613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612,
        635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838,
    ]
    /// Bold text is about this much wider (thousandths), DejaVu Sans Bold against Regular.
    private static let boldStretch = 1_100

    /// The width of `text` at `size` points, rounded up to a whole point.
    static func width(_ text: String, size: Int, bold: Bool = false) -> Int {
        let units = emUnits(text)
        let stretched = bold ? units * boldStretch / 1_000 : units
        return (stretched * size + 999) / 1_000
    }

    /// The width in thousandths of an em, regular weight.
    static func emUnits(_ text: String) -> Int {
        var total = 0
        var plain = true
        for byte in text.utf8 {
            guard byte >= 0x20, byte < 0x7F else {
                plain = false
                break
            }
            total += Int(ascii[Int(byte) - 0x20])
        }
        if plain { return total }
        total = 0
        for scalar in text.unicodeScalars { total += emUnits(of: scalar) }
        return total
    }

    /// One scalar's width by its class: marks and joiners take none, wide
    /// (East Asian) characters and emoji a full em or more, the rest about
    /// the width of a capital letter.
    static func emUnits(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value >= 0x20, value < 0x7F { return Int(ascii[Int(value) - 0x20]) }
        if value == 0x2026 { return 1_000 }  // …
        if value == 0x200D || (0xFE00...0xFE0F).contains(value) || InvisibleCharacters.isCombining(scalar) { return 0 }
        if isWide(value) { return 1_000 }
        if scalar.properties.isEmojiPresentation { return 1_250 }
        if (0x2190...0x2BFF).contains(value) { return 1_000 }  // arrows, technical symbols (⌘ ⌥ ⇧), shapes
        return 780
    }

    /// East Asian wide and fullwidth ranges.
    private static func isWide(_ value: UInt32) -> Bool {
        (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value) || (0xAC00...0xD7A3).contains(value)
            || (0xF900...0xFAFF).contains(value) || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
            || (0xFFE0...0xFFE6).contains(value) || (0x20000...0x3FFFD).contains(value)
    }

    /// `text` cut at the end to fit `width` points, with "…" where it was
    /// cut, as menus and buttons truncate a label; nil when it fits as it is.
    /// Cuts between grapheme clusters, so an emoji or an accented letter is
    /// never split.
    static func truncated(_ text: String, toFit width: Int, size: Int, bold: Bool = false) -> String? {
        guard TextMetrics.width(text, size: size, bold: bold) > width else { return nil }
        let budget = width * 1_000 / size * 1_000 / (bold ? boldStretch : 1_000) - 1_000  // room left for the "…"
        var used = 0
        var kept = ""
        for character in text {
            let units = character.unicodeScalars.reduce(0) { $0 + emUnits(of: $1) }
            if used + units > budget { break }
            used += units
            kept.append(character)
        }
        while kept.last == " " { kept.removeLast() }
        return kept + "…"
    }
}
