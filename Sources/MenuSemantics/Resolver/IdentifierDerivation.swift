import MenuSupport
import MenuSyntax

/// Identifiers derived from labels: `"Open Recent…"` → `openRecent`.
package enum IdentifierDerivation {
    /// lowerCamelCase of the label's ASCII words (diacritics folded), or nil
    /// when the label has no ASCII letters or digits at all.
    package static func derive(from label: String) -> String? {
        // ASCII labels, the common case, have nothing to fold, and are
        // derived on their bytes: through `String` words, a file of millions
        // of labelled declarations spent a third of its check here.
        if label.utf8.allSatisfy({ $0 < 0x80 }) {
            var bytes = label
            return bytes.withUTF8 { deriveASCII($0) }
        }
        return deriveScalars(from: LatinFolding.folded(label))
    }

    /// `derive(from:)` of a label's UTF-8, as UTF-8: a declaration's
    /// identifier is derived again each time it is read (see
    /// `ElementRecord.id`), and its label is nearly always ASCII.
    static func derive(fromUTF8 label: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        if label.allSatisfy({ $0 < 0x80 }) { return deriveASCIIBytes(label) }
        return derive(from: String(decoding: label, as: UTF8.self)).map { Array($0.utf8) }
    }

    /// The length in bytes of `derive(fromUTF8:)` of the label (0 when it
    /// derives none), without deriving it: the resolver sizes each
    /// declaration's path by its identifier, and a file of a million
    /// labelled declarations derived each one only to count it. The same
    /// rules as `deriveASCIIBytes`, which change no length but these: letters
    /// and digits are kept, `+ % -` may be spelled, and a digit first gets `_`.
    static func derivedCount(fromUTF8 label: UnsafeBufferPointer<UInt8>) -> Int {
        guard label.allSatisfy({ $0 < 0x80 }) else { return derive(fromUTF8: label)?.count ?? 0 }
        var count = 0
        // Whether the first byte written is a digit; nil until one is written.
        var digitFirst: Bool?
        for position in label.indices {
            let byte = label[position]
            if isASCIIAlphanumeric(byte) {
                if digitFirst == nil { digitFirst = byte <= UInt8(ascii: "9") }
                count += 1
                continue
            }
            let spelled: Int
            switch byte {
            case UInt8(ascii: "+"): spelled = 4  // plus
            case UInt8(ascii: "%"): spelled = 7  // percent
            case UInt8(ascii: "-"):
                if position > label.startIndex, isASCIIAlphanumeric(label[position - 1]) { continue }
                let next = label[(position + 1)...].first { $0 != UInt8(ascii: " ") }
                spelled = next.map({ $0 >= 0x30 && $0 <= 0x39 }) ?? true ? 5 : 0  // minus
            default: spelled = 0
            }
            if spelled > 0, digitFirst == nil { digitFirst = false }
            count += spelled
        }
        return digitFirst == true ? count + 1 : count
    }

    /// `derive(from:)` of a label of ASCII bytes, the same rules on bytes.
    static func deriveASCII(_ label: UnsafeBufferPointer<UInt8>) -> String? {
        deriveASCIIBytes(label).map { String(decoding: $0, as: UTF8.self) }
    }

    private static func deriveASCIIBytes(_ label: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        // Each word is read straight into the result, and its case set
        // when it ends: a word list, filtered and mapped per word, cost
        // more than reading a declaration's identifier did.
        var result: [UInt8] = []
        result.reserveCapacity(label.count + 8)
        var wordStart = 0
        var words = 0
        /// Ends the word `result[wordStart...]`, if any.
        func endWord() {
            guard wordStart < result.count else { return }
            if words == 0 {
                // `PDF` → `pdf`, `Open` → `open`, `iCloud` → `iCloud`.
                var (letters, allCapitals) = (0, true)
                for byte in result[wordStart...] where isASCIILetter(byte) {
                    letters += 1
                    if byte > 0x5A { allCapitals = false }
                }
                if letters > 1, allCapitals {
                    for index in wordStart..<result.count where isASCIILetter(result[index]) { result[index] |= 0x20 }
                } else if isASCIILetter(result[wordStart]) {
                    result[wordStart] |= 0x20
                }
            } else if isASCIILetter(result[wordStart]) {
                result[wordStart] &= ~0x20
            }
            words += 1
            wordStart = result.count
        }
        func addWord(_ spelled: StaticString) {
            result.append(contentsOf: UnsafeBufferPointer(start: spelled.utf8Start, count: spelled.utf8CodeUnitCount))
            endWord()
        }
        for position in label.indices {
            let byte = label[position]
            if isASCIIAlphanumeric(byte) {
                result.append(byte)
            } else if byte == UInt8(ascii: "'") {
                continue
            } else {
                endWord()
                switch byte {
                case UInt8(ascii: "+"): addWord("plus")
                case UInt8(ascii: "%"): addWord("percent")
                case UInt8(ascii: "-"):
                    if position > label.startIndex, isASCIIAlphanumeric(label[position - 1]) { break }
                    let next = label[(position + 1)...].first { $0 != UInt8(ascii: " ") }
                    if next.map({ $0 >= 0x30 && $0 <= 0x39 }) ?? true { addWord("minus") }
                default: break
                }
            }
        }
        endWord()
        guard let lead = result.first else { return nil }
        if lead >= 0x30, lead <= 0x39 { result.insert(UInt8(ascii: "_"), at: 0) }
        return result
    }

    private static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || isASCIILetter(byte)
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
    }

    /// `derive(from:)` on the label's scalars (after folding).
    static func deriveScalars(from folded: String) -> String? {
        var words: [String] = []
        var current = ""
        let scalars = folded.unicodeScalars
        for position in scalars.indices {
            let scalar = scalars[position]
            if isASCIIAlphanumeric(scalar) {
                current.unicodeScalars.append(scalar)
            } else if scalar == "'" || scalar == "’" {
                continue  // "Don't" → "dont", not "don" + "t"
            } else {
                if !current.isEmpty {
                    words.append(current)
                    current = ""
                }
                // "Volume + 5%" and "Volume - 5%" must not both be volume5.
                if let word = spelledSymbol(at: position, in: scalars) { words.append(word) }
            }
        }
        if !current.isEmpty { words.append(current) }
        guard let first = words.first else { return nil }
        var result = lowercasedLeadingWord(first)
        for word in words.dropFirst() {
            result += word.prefix(1).uppercased() + word.dropFirst()
        }
        if let lead = result.unicodeScalars.first, ("0"..."9").contains(lead) { result = "_" + result }
        return result
    }

    /// The word a symbol is spelled as: `+` plus, `%` percent, and a
    /// minus sign minus — `−`, or a `-` that doesn't follow a word (as in
    /// "Wi-Fi") and comes before a number or ends the label ("Volume - 5%",
    /// "Zoom -"), not a dash between words ("Recent - Today"). Other
    /// symbols only separate words.
    private static func spelledSymbol(at position: String.UnicodeScalarView.Index, in scalars: String.UnicodeScalarView) -> String? {
        switch scalars[position] {
        case "+": return "plus"
        case "%": return "percent"
        case "−": return "minus"
        case "-":
            if position > scalars.startIndex, isASCIIAlphanumeric(scalars[scalars.index(before: position)]) { return nil }
            guard let next = scalars[scalars.index(after: position)...].first(where: { $0 != " " }) else { return "minus" }
            return ("0"..."9").contains(next) ? "minus" : nil
        default: return nil
        }
    }

    private static func isASCIIAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        default: false
        }
    }

    /// `PDF` → `pdf`, `Open` → `open`, `iCloud` → `iCloud`.
    private static func lowercasedLeadingWord(_ word: String) -> String {
        // Words here are ASCII letters and digits only.
        let letters = word.utf8.filter { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }
        if letters.count > 1, letters.allSatisfy({ $0 >= 0x41 && $0 <= 0x5A }) { return word.lowercased() }
        return word.prefix(1).lowercased() + word.dropFirst()
    }

    /// Whether `text` is a valid identifier of the language.
    package static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.utf8.first, first == UInt8(ascii: "_") || (first | 0x20) >= UInt8(ascii: "a") && (first | 0x20) <= UInt8(ascii: "z") else { return false }
        return text.utf8.allSatisfy(Lexer.isIdentifierByte)
    }
}
