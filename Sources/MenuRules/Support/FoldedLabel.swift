@_spi(MenuPipeline) import MenuSemantics

/// A label as people compare two of them: without blank space at the ends,
/// ignoring letter case (`duplicate-label`).
enum FoldedLabel {
    /// The folded text; nil for a blank label.
    static func text(of label: String) -> String? {
        let folded = LabelTable.asciiFolded(label) ?? MenuQueries.trimmed(label).lowercased()
        return folded.isEmpty ? nil : folded
    }

    /// The hash of `text(of:)`'s UTF-8; nil for a blank label. A label of
    /// ASCII, "…" and "’" (nearly all) is folded as it is hashed, from the
    /// model's bytes, without making a string.
    static func hash(of id: TextID, in store: ModelStore) -> UInt32? {
        let fast: UInt32?? = store.withTextBytes(id) { bytes in
            guard let (start, end) = LabelTable.asciiTrimmedBounds(bytes) else { return nil }
            guard start < end else { return .some(nil) }
            var hash = Hash()
            for index in start..<end {
                let byte = bytes[index]
                hash.add(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
            }
            return .some(hash.value)
        }
        if let fast { return fast }
        return text(of: store.text(id)).map(hash(ofFolded:))
    }

    /// The hash of a folded text's UTF-8 (what `hash(of:in:)` computes on the way).
    static func hash(ofFolded folded: String) -> UInt32 {
        var folded = folded
        return folded.withUTF8 { bytes in
            var hash = Hash()
            for byte in bytes { hash.add(byte) }
            return hash.value
        }
    }

    /// A hash of the folded text and of the level it is compared in, so
    /// that labels of different levels seldom meet.
    static func mix(_ hash: UInt32, level: UInt32) -> UInt32 {
        guard level > 0 else { return hash }
        var mixed = UInt64(hash) ^ (UInt64(level) &* 0x9E37_79B9_7F4A_7C15)
        mixed ^= mixed >> 31
        mixed = mixed &* 0xBF58_476D_1CE4_E5B9
        return UInt32(truncatingIfNeeded: mixed ^ (mixed >> 32))
    }

    /// 64-bit FNV-1a, folded to 32 bits.
    private struct Hash {
        private var state: UInt64 = 0xCBF2_9CE4_8422_2325

        mutating func add(_ byte: UInt8) {
            state = (state ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }

        var value: UInt32 { UInt32(truncatingIfNeeded: state ^ (state >> 32)) }
    }
}
