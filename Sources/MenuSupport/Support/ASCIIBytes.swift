extension UInt8 {
    /// An ASCII letter or digit: what the byte-level fast paths of the
    /// label rules accept as part of a plain word.
    // Asked per byte by the rules, in another module: inlinable (so public to the pipeline).
    @_spi(MenuPipeline) @inlinable
    public var isASCIIAlphanumeric: Bool {
        (self >= 0x30 && self <= 0x39) || (self >= 0x41 && self <= 0x5A) || (self >= 0x61 && self <= 0x7A)
    }

    /// The byte with A–Z lowercased and every other byte as it is: ASCII
    /// case folded a byte at a time, without a string.
    // Asked per byte by the rules, in another module: inlinable.
    @inlinable
    package var asciiLowercased: UInt8 {
        self >= 0x41 && self <= 0x5A ? self | 0x20 : self
    }

    /// An ASCII letter, digit or space, from two 64-bit masks (one bit per
    /// byte value) instead of comparisons: this runs for every byte of
    /// every label a backend writes.
    @inline(__always)
    package var isASCIIAlphanumericOrSpace: Bool {
        // Bits 0x20 (space) and 0x30...0x39 (digits); then 0x41...0x5A and 0x61...0x7A, counted from 0x40.
        let below64: UInt64 = 0x03FF_0001_0000_0000
        let from64: UInt64 = 0x07FF_FFFE_07FF_FFFE
        return self < 64 ? (below64 >> self) & 1 != 0 : self < 128 && (from64 >> (self &- 64)) & 1 != 0
    }
}

extension UnsafeBufferPointer where Element == UInt8 {
    /// Whether these bytes are exactly `word`: keywords and property names
    /// are matched on bytes, without making a string for each token.
    // The parser and resolver ask it per keyword and property name, in
    // other modules: inlinable (so public to the pipeline) to compare in place.
    @_spi(MenuPipeline) @inlinable
    public func spells(_ word: StaticString) -> Bool {
        guard count == word.utf8CodeUnitCount else { return false }
        let expected = word.utf8Start
        for offset in 0..<count where self[offset] != expected[offset] { return false }
        return true
    }

    /// Whether the last three bytes are "…" (E2 80 A6), the ellipsis
    /// character labels end with.
    package var endsWithEllipsisCharacter: Bool {
        count >= 3 && self[count - 3] == 0xE2 && self[count - 2] == 0x80 && self[count - 1] == 0xA6
    }
}
