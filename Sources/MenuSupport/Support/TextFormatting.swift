/// Small text operations that used to come from full Foundation
/// (`trimmingCharacters(in:)`, `String(format:)`), written with the
/// standard library so menuc links only FoundationEssentials.
extension Substring {
    /// The text without leading and trailing blanks: tabs and the Unicode
    /// space separators (category Zs, e.g. U+0020 and U+00A0), not line
    /// breaks. The same as `trimmingCharacters(in: .whitespaces)`, and
    /// like it, works on Unicode scalars.
    package func trimmingBlanks() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.isBlank }),
              let last = scalars.lastIndex(where: { !$0.isBlank }) else { return "" }
        return String(scalars[first...last])
    }
}

extension String {
    /// See `Substring.trimmingBlanks()`.
    package func trimmingBlanks() -> String { self[...].trimmingBlanks() }
}

extension Unicode.Scalar {
    /// A tab or a space separator: what `CharacterSet.whitespaces` holds.
    var isBlank: Bool {
        self == "\t" || properties.generalCategory == .spaceSeparator
    }
}

extension Int {
    /// The number in decimal with leading zeros up to `width` characters:
    /// `7.zeroPadded(to: 4)` is `0007`, like `String(format: "%04d", 7)`.
    /// Longer numbers keep all their digits; a minus sign counts in the width.
    package func zeroPadded(to width: Int) -> String {
        let digits = String(magnitude)
        let sign = self < 0 ? "-" : ""
        return sign + String(repeating: "0", count: Swift.max(0, width - digits.count - sign.count)) + digits
    }
}
