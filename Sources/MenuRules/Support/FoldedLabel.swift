import MenuSupport
@_spi(MenuPipeline) import MenuSemantics

/// A label as people compare two of them: without blank space at the ends,
/// ignoring letter case (`duplicate-label`).
enum FoldedLabel {
    /// The folded text; nil for a blank label.
    static func text(of label: String) -> String? {
        let folded = asciiFolded(label) ?? MenuQueries.trimmed(label).lowercased()
        return folded.isEmpty ? nil : folded
    }

    /// The hash of `text(of:)`'s UTF-8; nil for a blank label. A label of
    /// ASCII, "…" and "’" (nearly all) is folded as it is hashed, from the
    /// model's bytes, without making a string.
    static func hash(of id: TextID, in store: ModelStore) -> UInt32? {
        let fast: UInt32?? = store.withTextBytes(id) { bytes in
            // As `asciiTrimmedBounds` does, but the blank space trimmed
            // first is ASCII, so only the bytes between need checking.
            var (start, end) = (0, bytes.count)
            while start < end, isSpace(bytes[start]) { start += 1 }
            while end > start, isSpace(bytes[end - 1]) { end -= 1 }
            guard start < end else { return .some(nil) }
            // Nil (folded as a string) for a text with other characters than ASCII, "…" and "’".
            return foldingHash(UnsafeBufferPointer(rebasing: bytes[start..<end]), checkingNonASCII: true).map { .some($0) }
        }
        if let fast { return fast }
        return text(of: store.text(id)).map(hash(ofFolded:))
    }

    /// `MenuQueries.trimmed(text).lowercased()`, byte by byte, for a text of
    /// ASCII, "…" and "’" (where every whitespace character is one byte, or
    /// "\r\n", and only A–Z change case); nil for any other. Trimming and
    /// lowercasing by `Character` cost 5,000 instructions a label.
    static func asciiFolded(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            guard let (start, end) = asciiTrimmedBounds(bytes) else { return nil }
            return String(unsafeUninitializedCapacity: end - start) { folded in
                for offset in 0..<(end - start) { folded[offset] = bytes[start + offset].asciiLowercased }
                return end - start
            }
        }
    }

    /// Where a text of ASCII, "…" and "’" starts and ends without the blank
    /// space at its ends; nil for any other text (see `asciiFolded`).
    static func asciiTrimmedBounds(_ bytes: UnsafeBufferPointer<UInt8>) -> (start: Int, end: Int)? {
        guard onlyEllipsesAndApostrophes(bytes, from: 0) else { return nil }
        var start = 0
        var end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        return (start, end)
    }

    /// Space, and tab through carriage return (as `asciiTrimmedBounds` trims).
    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }

    /// The hash of a folded text's UTF-8 (what `hash(of:in:)` computes on the way).
    static func hash(ofFolded folded: String) -> UInt32 {
        var folded = folded
        // A folded text has no A–Z left to lowercase: its hash is its own.
        return folded.withUTF8 { foldingHash($0, checkingNonASCII: false) } ?? 0
    }

    /// The hash of the bytes with A–Z lowercased, eight bytes a step:
    /// equal folds hash alike, whichever of the two ways they were folded.
    /// Byte by byte, hashing was half of `duplicate-label`'s time.
    /// `checkingNonASCII`: nil unless every byte from 0x80 up is part of a
    /// "…" (E2 80 A6) or "’" (E2 80 99), which fold as they are.
    private static func foldingHash(_ bytes: UnsafeBufferPointer<UInt8>, checkingNonASCII: Bool) -> UInt32? {
        guard let base = UnsafeRawPointer(bytes.baseAddress) else { return Hash().value(length: 0) }
        let high: UInt64 = 0x8080_8080_8080_8080
        // Bytes before the first word with a byte from 0x80 up need no check.
        var checked = !checkingNonASCII
        var hash = Hash()
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            if !checked, word & high != 0 {
                guard onlyEllipsesAndApostrophes(bytes, from: offset) else { return nil }
                checked = true
            }
            hash.add(lowercased(word))
            offset += 8
        }
        let left = bytes.count - offset
        if left > 0 {
            // The last one to seven bytes, as one little-endian word.
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            if left & 4 != 0 {
                tail = UInt64(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
                shift = 32
            }
            if left & 2 != 0 {
                tail |= UInt64(UInt16(littleEndian: base.loadUnaligned(fromByteOffset: offset + Int(shift / 8), as: UInt16.self))) << shift
                shift += 16
            }
            if left & 1 != 0 { tail |= UInt64(bytes[offset + Int(shift / 8)]) << shift }
            if !checked, tail & high != 0, !onlyEllipsesAndApostrophes(bytes, from: offset) { return nil }
            hash.add(lowercased(tail))
        }
        return hash.value(length: bytes.count)
    }

    /// Whether every byte from 0x80 up, from `start` on, is part of a "…"
    /// (E2 80 A6) or "’" (E2 80 99): the texts the byte-level label readers
    /// answer themselves (see `asciiTrimmedBounds`).
    static func onlyEllipsesAndApostrophes(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        var index = start
        while index < bytes.count {
            if bytes[index] < 0x80 {
                index += 1
                continue
            }
            guard index + 3 <= bytes.count, bytes[index] == 0xE2, bytes[index + 1] == 0x80,
                  bytes[index + 2] == 0xA6 || bytes[index + 2] == 0x99 else { return false }
            index += 3
        }
        return true
    }

    /// Eight bytes with each of A–Z lowercased (others, and every byte from
    /// 0x80 up, unchanged): per byte, the low seven bits plus 0x3F reach
    /// 0x80 from "A" up, plus 0x25 from past "Z" up, without carrying into
    /// the next byte.
    private static func lowercased(_ word: UInt64) -> UInt64 {
        let high: UInt64 = 0x8080_8080_8080_8080
        let low = word & ~high
        let fromA = low &+ 0x3F3F_3F3F_3F3F_3F3F
        let pastZ = low &+ 0x2525_2525_2525_2525
        let upper = fromA & ~pastZ & ~word & high
        return word | (upper >> 2)
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

    /// Eight bytes at a time, multiplied and shifted (FNV-1a's constants),
    /// folded to 32 bits with the length.
    private struct Hash {
        private var state: UInt64 = 0xCBF2_9CE4_8422_2325

        mutating func add(_ word: UInt64) {
            state = (state ^ word) &* 0x0000_0100_0000_01B3
            state ^= state >> 29
        }

        func value(length: Int) -> UInt32 {
            let mixed = (state ^ UInt64(length)) &* 0x9E37_79B9_7F4A_7C15
            return UInt32(truncatingIfNeeded: mixed ^ (mixed >> 32))
        }
    }
}
