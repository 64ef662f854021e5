import MenuSupport

/// Eight source bytes at a time, for the lexer's two longest runs: the
/// characters of an identifier and the plain characters of a string
/// literal (together about three quarters of a typical file's bytes).
///
/// A word is classified lane by lane with additions that can never carry
/// from one byte into the next: each test works on the low seven bits of a
/// lane (at most 0x7F) and adds at most 0x80, so every sum stays below
/// 0x100 and each lane's high bit answers for that lane alone. The answers
/// are therefore exact for every byte, not only for the first match, and
/// `ByteWordsTests` checks them against the byte-at-a-time predicates.
/// Measured on the 10 MB corpus: scanning a string cost about 14
/// instructions per byte one byte at a time, and an identifier about 9.
enum ByteWords {
    private static let lanes: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080
    private static let lowBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F

    /// The high bit of each lane whose value (at most 0x7F) is `low` or more.
    @inline(__always)
    private static func atLeast(_ low: UInt8, _ sevenBits: UInt64) -> UInt64 {
        (sevenBits &+ lanes &* UInt64(0x80 &- low)) & highBits
    }

    /// The high bit of each lane whose value (at most 0x7F) is above `high`.
    @inline(__always)
    private static func above(_ high: UInt8, _ sevenBits: UInt64) -> UInt64 {
        (sevenBits &+ lanes &* UInt64(0x7F &- high)) & highBits
    }

    /// The high bit of each lane whose value (at most 0x7F) is `byte`.
    @inline(__always)
    private static func equal(_ byte: UInt8, _ sevenBits: UInt64) -> UInt64 {
        // A lane of the difference is non-zero exactly when adding 0x7F sets its high bit.
        ~((sevenBits ^ lanes &* UInt64(byte)) &+ lowBits) & highBits
    }

    /// The high bit of each lane holding an identifier byte, `[A-Za-z0-9_]`.
    @inline(__always)
    static func identifierLanes(_ word: UInt64) -> UInt64 {
        let sevenBits = word & lowBits
        // Setting bit 5 maps 'A'…'Z' onto 'a'…'z' and nothing else into that range.
        let folded = sevenBits | lanes &* 0x20
        let letters = atLeast(UInt8(ascii: "a"), folded) & ~above(UInt8(ascii: "z"), folded)
        let digits = atLeast(UInt8(ascii: "0"), sevenBits) & ~above(UInt8(ascii: "9"), sevenBits)
        let underscores = equal(UInt8(ascii: "_"), sevenBits)
        return (letters | digits | underscores) & ~word & highBits
    }

    /// The high bit of each lane holding a byte a string literal simply
    /// steps over: printable ASCII other than `"` and `\`.
    @inline(__always)
    static func plainStringLanes(_ word: UInt64) -> UInt64 {
        let sevenBits = word & lowBits
        let printable = atLeast(0x20, sevenBits) & ~above(0x7E, sevenBits)
        let special = equal(UInt8(ascii: "\""), sevenBits) | equal(UInt8(ascii: "\\"), sevenBits)
        return printable & ~special & ~word & highBits
    }

    /// The end of the run of identifier bytes starting at `index`.
    @inline(__always)
    static func identifierEnd(in buffer: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
        runEnd(in: buffer, from: index, lanes: identifierLanes, byte: Lexer.isIdentifierByte)
    }

    /// The end of the run of plain string bytes (see `plainStringLanes`) starting at `index`.
    @inline(__always)
    static func plainStringEnd(in buffer: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
        runEnd(in: buffer, from: index, lanes: plainStringLanes, byte: isPlainStringByte)
    }

    @inline(__always)
    static func isPlainStringByte(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }

    /// Steps over the bytes in `lanes` a word at a time while eight bytes
    /// remain, and the rest one at a time with `byte`, the same test.
    @inline(__always)
    private static func runEnd(in buffer: UnsafeBufferPointer<UInt8>, from start: Int,
                               lanes: (UInt64) -> UInt64, byte: (UInt8) -> Bool) -> Int {
        var index = start
        let count = buffer.count
        if let base = buffer.baseAddress {
            // In bounds: the loop condition keeps all eight bytes read below `count`.
            while index + 8 <= count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                let stops = ~lanes(word) & highBits
                if stops != 0 { return index + stops.trailingZeroBitCount >> 3 }
                index += 8
            }
        }
        while index < count, byte(buffer[index]) { index += 1 }
        return index
    }
}
