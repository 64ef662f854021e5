import MenuSupport

/// Widths of text as the pictures lay it out, from fixed tables, so a
/// picture is the same on every machine whatever fonts it has.
///
/// For each ASCII character the tables hold the wider of its advances in
/// DejaVu Sans and Liberation Sans (thousandths of an em), the fonts a
/// browser falls back to on Linux; both are at least as wide as SF Pro,
/// Helvetica and Arial, so text measured here doesn't overflow its row in
/// any of them (the browser tests check it in Chromium). Other characters
/// take a width by their Unicode class.
enum TextMetrics {
    /// Advance widths of U+0020…U+007E, regular weight.
    private static let regular: [UInt16] = [
        318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337,
        636, 636, 636, 636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 556,
        1015, 684, 686, 722, 770, 667, 611, 778, 752, 295, 500, 667, 557, 863, 748, 787,
        667, 787, 722, 667, 611, 732, 684, 989, 685, 667, 685, 390, 337, 390, 838, 556,
        500, 613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612,
        635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838,
    ]
    /// The same, semibold and bold.
    private static let bold: [UInt16] = [
        348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365,
        696, 696, 696, 696, 696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838, 611,
        1000, 774, 762, 734, 830, 683, 683, 821, 837, 372, 556, 775, 637, 995, 837, 850,
        733, 850, 770, 720, 682, 812, 774, 1103, 771, 724, 725, 457, 365, 457, 838, 556,
        500, 675, 716, 593, 716, 678, 435, 716, 712, 343, 343, 665, 343, 1042, 712, 687,
        716, 716, 493, 595, 478, 712, 652, 924, 645, 652, 582, 712, 365, 712, 838,
    ]
    /// Other characters in bold are about this much wider (thousandths).
    private static let boldStretch = 1_150

    /// The width of `text` at `size` points, rounded up to a whole point.
    static func width(_ text: String, size: Int, bold: Bool = false) -> Int {
        (emUnits(text, bold: bold) * size + 999) / 1_000
    }

    /// The width in thousandths of an em.
    static func emUnits(_ text: String, bold: Bool = false) -> Int {
        var total = 0
        var plain = true
        let table = bold ? TextMetrics.bold : regular
        for byte in text.utf8 {
            guard byte >= 0x20, byte < 0x7F else {
                plain = false
                break
            }
            total += Int(table[Int(byte) - 0x20])
        }
        if plain { return total }
        total = 0
        for scalar in text.unicodeScalars { total += emUnits(of: scalar, bold: bold) }
        return total
    }

    /// The width of UTF-8 `bytes` at `size` points (`width(_:size:bold:)`).
    static func width(_ bytes: UnsafeBufferPointer<UInt8>, size: Int, bold: Bool = false) -> Int {
        (emUnits(bytes, bold: bold) * size + 999) / 1_000
    }

    /// The width of UTF-8 `bytes` in thousandths of an em: printable ASCII
    /// from the table, anything else as `emUnits(_ text:)` measures it.
    static func emUnits(_ bytes: UnsafeBufferPointer<UInt8>, bold: Bool = false) -> Int {
        var total = 0
        let table = bold ? TextMetrics.bold : regular
        for byte in bytes {
            guard byte >= 0x20, byte < 0x7F else { return scalarEmUnits(bytes, bold: bold) }
            total += Int(table[Int(byte) - 0x20])
        }
        return total
    }

    /// The sum of `emUnits(of:)` over the scalars of `bytes` (what
    /// `emUnits(_ text:)` adds up for text that isn't plain), decoded in
    /// place: making a string of each label with a "…" or a shortcut's
    /// "⌘" cost more than measuring it.
    private static func scalarEmUnits(_ bytes: UnsafeBufferPointer<UInt8>, bold: Bool) -> Int {
        var total = 0
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): total += emUnits(of: scalar, bold: bold)
            case .emptyInput: return total
            // Ill-formed: measured as the string it decodes to (with U+FFFD).
            case .error: return emUnits(String(decoding: bytes, as: UTF8.self), bold: bold)
            }
        }
    }

    /// Where `truncated` cuts a text.
    enum Cut: Equatable {
        /// It fits as it is.
        case fits
        /// Its first `count` bytes are kept, then "…".
        case keep(count: Int)
        /// It holds more than printable ASCII and "…": cut it as a string.
        case notPlain
    }

    /// `truncated(_:toFit:size:bold:)` of a text of printable ASCII and
    /// "…" (most labels), on its bytes: each of those characters is one
    /// grapheme cluster, so the cut falls between the same ones.
    static func cut(_ bytes: UnsafeBufferPointer<UInt8>, toFit width: Int, size: Int, bold: Bool = false) -> Cut {
        guard XMLEscaping.isShownAsItIs(bytes) else { return .notPlain }
        guard TextMetrics.width(bytes, size: size, bold: bold) > width else { return .fits }
        let ellipsis = emUnits(of: "…", bold: bold)
        let budget = width * 1_000 / size - ellipsis  // room left for the "…"
        let table = bold ? TextMetrics.bold : regular
        var used = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let (units, length) = byte < 0x7F ? (Int(table[Int(byte) - 0x20]), 1) : (ellipsis, 3)
            if used + units > budget { break }
            used += units
            index += length
        }
        while index > 0, bytes[index - 1] == 0x20 { index -= 1 }
        return .keep(count: index)
    }

    /// One scalar's width by its class: marks and joiners take none, wide
    /// (East Asian) characters and emoji a full em or more, the rest about
    /// the width of a capital letter.
    static func emUnits(of scalar: Unicode.Scalar, bold: Bool = false) -> Int {
        let value = scalar.value
        if value >= 0x20, value < 0x7F { return Int((bold ? TextMetrics.bold : regular)[Int(value) - 0x20]) }
        let units = otherUnits(of: scalar)
        return bold ? units * boldStretch / 1_000 : units
    }

    private static func otherUnits(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value == 0x2026 { return 1_000 }  // …
        // The modifier keys of every shortcut, before the class lookups
        // below (symbols, neither marks, wide nor emoji: the same widths).
        if value == 0x2318 { return 1_000 }  // ⌘
        if value == 0x2303 || value == 0x21E7 { return 840 }  // ⌃ ⇧
        if value == 0x2325 { return 1_160 }  // ⌥
        if value == 0x200D || (0xFE00...0xFE0F).contains(value) || InvisibleCharacters.isCombining(scalar) { return 0 }
        if isWide(value) { return 1_000 }
        if scalar.properties.isEmojiPresentation { return 1_250 }
        switch value {
        case 0x2318: return 1_000  // ⌘
        case 0x2303, 0x21E7: return 840  // ⌃ ⇧
        case 0x2325: return 1_160  // ⌥
        case 0x2300...0x23FF: return 1_450  // other technical symbols (⌫ ⌦ ⎋): wide, or from a fallback font
        case 0x2190...0x2BFF: return 1_000  // arrows, shapes
        default: break
        }
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
        let budget = width * 1_000 / size - emUnits(of: "…", bold: bold)  // room left for the "…"
        var used = 0
        var kept = ""
        for character in text {
            let units = character.unicodeScalars.reduce(0) { $0 + emUnits(of: $1, bold: bold) }
            if used + units > budget { break }
            used += units
            kept.append(character)
        }
        while kept.last == " " { kept.removeLast() }
        return kept + "…"
    }
}
