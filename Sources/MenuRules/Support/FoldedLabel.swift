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
            // `LabelTable.asciiTrimmedBounds` and the hash in one pass: the
            // blank space trimmed first is ASCII, so only the bytes between
            // need checking (a pass of its own cost as much as the hash).
            var (start, end) = (0, bytes.count)
            while start < end, isSpace(bytes[start]) { start += 1 }
            while end > start, isSpace(bytes[end - 1]) { end -= 1 }
            var hash = Hash()
            var index = start
            while index < end {
                let byte = bytes[index]
                if byte < 0x80 {
                    hash.add(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
                    index += 1
                    continue
                }
                // "…" is E2 80 A6, "’" E2 80 99: hashed as they are.
                guard index + 3 <= end, byte == 0xE2, bytes[index + 1] == 0x80,
                      bytes[index + 2] == 0xA6 || bytes[index + 2] == 0x99 else { return nil }
                hash.add(0xE2)
                hash.add(0x80)
                hash.add(bytes[index + 2])
                index += 3
            }
            return start < end ? .some(hash.value) : .some(nil)
        }
        if let fast { return fast }
        return text(of: store.text(id)).map(hash(ofFolded:))
    }

    /// Space, and tab through carriage return (as `LabelTable.asciiTrimmedBounds` trims).
    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }

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
