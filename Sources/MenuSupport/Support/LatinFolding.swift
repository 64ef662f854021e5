/// Folds the characters of a label that can become ASCII letters and
/// digits: `Café` → `Cafe`, `ＰＤＦ` → `PDF`. Identifiers and type names are
/// made of the ASCII letters and digits of what this returns.
///
/// It stands in for Foundation's
/// `folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil)`
/// (full Foundation, ICU underneath), and gives the same ASCII letters,
/// digits and apostrophes for every character:
///
/// - Latin letters whose canonical decomposition is an ASCII letter plus
///   marks (`é`, `ǖ`, `ṩ`, the Kelvin and Ångström signs) become that letter.
///   Letters without one (`ø`, `ł`, `ß`, `æ`, `ı`) are kept, as Foundation
///   keeps them.
/// - Full-width ASCII (U+FF01–U+FF5E) becomes ASCII.
/// - Combining marks and other scalars that extend the character before
///   them (`e` + U+0301, emoji skin tones) are removed.
/// - Beyond Foundation's folding, characters whose compatibility
///   decomposition holds ASCII letters or digits become that decomposition
///   (`ﬁ` → `fi`, `²` → `2`, `𝐁` → `B`; see `CompatibilityLetters`), as
///   if the text were in Unicode's NFKD form first: they are Latin letters
///   in another form, and dropping them cut words apart (`ﬁle` → `le`).
///
/// Everything else is left alone: it is neither an ASCII letter nor a
/// digit before or after folding, so it separates words either way.
/// `FoundationParityTests` checks all of this against Foundation (its
/// `decomposedStringWithCompatibilityMapping`, then its folding).
package enum LatinFolding {
    package static func folded(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let properties = scalar.properties
            if properties.isGraphemeExtend || properties.isEmojiModifier { continue }
            if !scalar.isASCII, let expansion = CompatibilityLetters.expansion(of: scalar) {
                result.append(contentsOf: expansion.unicodeScalars)
                continue
            }
            result.append(folded(scalar))
        }
        return String(result)
    }

    private static func folded(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        if scalar.isASCII { return scalar }
        if (0xFF01...0xFF5E).contains(scalar.value), let ascii = Unicode.Scalar(scalar.value - 0xFEE0) { return ascii }
        return baseLetters[scalar] ?? scalar
    }

    /// Precomposed letter → its ASCII base letter.
    private static let baseLetters: [Unicode.Scalar: Unicode.Scalar] = {
        var table: [Unicode.Scalar: Unicode.Scalar] = [:]
        for (base, letters) in lettersByBase {
            for letter in letters.unicodeScalars { table[letter] = base }
        }
        return table
    }()

    /// The precomposed Latin letters that decompose canonically to each
    /// ASCII letter (Latin-1 Supplement, Latin Extended-A and -B, Latin
    /// Extended Additional), written precomposed (NFC).
    private static let lettersByBase: [(Unicode.Scalar, String)] = [
        ("A", "ÀÁÂÃÄÅĀĂĄǍǞǠǺȀȂȦḀẠẢẤẦẨẪẬẮẰẲẴẶ\u{212B}"),
        ("a", "àáâãäåāăąǎǟǡǻȁȃȧḁạảấầẩẫậắằẳẵặ"),
        ("B", "ḂḄḆ"),
        ("b", "ḃḅḇ"),
        ("C", "ÇĆĈĊČḈ"),
        ("c", "çćĉċčḉ"),
        ("D", "ĎḊḌḎḐḒ"),
        ("d", "ďḋḍḏḑḓ"),
        ("E", "ÈÉÊËĒĔĖĘĚȄȆȨḔḖḘḚḜẸẺẼẾỀỂỄỆ"),
        ("e", "èéêëēĕėęěȅȇȩḕḗḙḛḝẹẻẽếềểễệ"),
        ("F", "Ḟ"),
        ("f", "ḟ"),
        ("G", "ĜĞĠĢǦǴḠ"),
        ("g", "ĝğġģǧǵḡ"),
        ("H", "ĤȞḢḤḦḨḪ"),
        ("h", "ĥȟḣḥḧḩḫẖ"),
        ("I", "ÌÍÎÏĨĪĬĮİǏȈȊḬḮỈỊ"),
        ("i", "ìíîïĩīĭįǐȉȋḭḯỉị"),
        ("J", "Ĵ"),
        ("j", "ĵǰ"),
        ("K", "ĶǨḰḲḴ\u{212A}"),
        ("k", "ķǩḱḳḵ"),
        ("L", "ĹĻĽḶḸḺḼ"),
        ("l", "ĺļľḷḹḻḽ"),
        ("M", "ḾṀṂ"),
        ("m", "ḿṁṃ"),
        ("N", "ÑŃŅŇǸṄṆṈṊ"),
        ("n", "ñńņňǹṅṇṉṋ"),
        ("O", "ÒÓÔÕÖŌŎŐƠǑǪǬȌȎȪȬȮȰṌṎṐṒỌỎỐỒỔỖỘỚỜỞỠỢ"),
        ("o", "òóôõöōŏőơǒǫǭȍȏȫȭȯȱṍṏṑṓọỏốồổỗộớờởỡợ"),
        ("P", "ṔṖ"),
        ("p", "ṕṗ"),
        ("R", "ŔŖŘȐȒṘṚṜṞ"),
        ("r", "ŕŗřȑȓṙṛṝṟ"),
        ("S", "ŚŜŞŠȘṠṢṤṦṨ"),
        ("s", "śŝşšșṡṣṥṧṩ"),
        ("T", "ŢŤȚṪṬṮṰ"),
        ("t", "ţťțṫṭṯṱẗ"),
        ("U", "ÙÚÛÜŨŪŬŮŰŲƯǓǕǗǙǛȔȖṲṴṶṸṺỤỦỨỪỬỮỰ"),
        ("u", "ùúûüũūŭůűųưǔǖǘǚǜȕȗṳṵṷṹṻụủứừửữự"),
        ("V", "ṼṾ"),
        ("v", "ṽṿ"),
        ("W", "ŴẀẂẄẆẈ"),
        ("w", "ŵẁẃẅẇẉẘ"),
        ("X", "ẊẌ"),
        ("x", "ẋẍ"),
        ("Y", "ÝŶŸȲẎỲỴỶỸ"),
        ("y", "ýÿŷȳẏẙỳỵỷỹ"),
        ("Z", "ŹŻŽẐẒẔ"),
        ("z", "źżžẑẓẕ"),
    ]
}
