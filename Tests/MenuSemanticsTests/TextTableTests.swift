import Testing
@testable import MenuSupport
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics

struct TextTableTests {
    /// The hash as first written, a byte at a time past the last whole word:
    /// the word loads of `hashAndASCII` must give the same values.
    func referenceHash(_ bytes: [UInt8]) -> UInt32 {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        var index = 0
        while index + 8 <= bytes.count {
            var word: UInt64 = 0
            for offset in 0..<8 { word |= UInt64(bytes[index + offset]) << (UInt64(offset) * 8) }
            state = (state ^ word) &* 0xBF58_476D_1CE4_E5B9
            state ^= state >> 29
            index += 8
        }
        if index < bytes.count {
            var word: UInt64 = 0
            for offset in 0..<(bytes.count - index) { word |= UInt64(bytes[index + offset]) << (UInt64(offset) * 8) }
            state = (state ^ word) &* 0x94D0_49BB_1331_11EB
        }
        state ^= state >> 32
        state = state &* 0xD6E8_FEB8_6659_FD93
        return UInt32(truncatingIfNeeded: state ^ (state >> 32))
    }

    @Test func hashAndASCIIAgreeWithTheByteLoop() {
        var state: UInt64 = 7
        func next() -> UInt8 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        for length in 0...40 {
            for round in 0..<50 {
                // Half the rounds ASCII only, the others with a high byte somewhere.
                let bytes = (0..<length).map { _ in round % 2 == 0 ? next() & 0x7F : next() }
                let (hash, isASCII) = bytes.withUnsafeBufferPointer { TextTable.hashAndASCII($0) }
                #expect(hash == referenceHash(bytes), "length \(length): \(bytes)")
                #expect(isASCII == bytes.allSatisfy { $0 < 0x80 }, "length \(length): \(bytes)")
            }
        }
    }

    @Test func equalTextsShareAnIdAndReadBack() {
        var table = TextTable()
        let texts = (0...40).map { String(repeating: "ab…", count: $0 / 3) + String(repeating: "x", count: $0 % 3) } + ["", "Copy", "Copy ", "copy", "\u{0}"]
        let ids = texts.map { table.intern($0) }
        for (text, id) in zip(texts, ids) {
            #expect(table[id] == text)
            #expect(table.intern(text) == id)
            var copy = text
            #expect(copy.withUTF8 { table.intern($0) } == id)
        }
        #expect(Set(ids).count == Set(texts).count)
        // Ill-formed UTF-8 is interned as the string decoding makes of it.
        let broken: [UInt8] = [0x41, 0xFF, 0x42]
        let brokenID = broken.withUnsafeBufferPointer { table.intern($0) }
        #expect(table[brokenID] == "A\u{FFFD}B")
        #expect(table.intern("A\u{FFFD}B") == brokenID)
    }

    /// Slots hold only a string's number, so every probe compares bytes and
    /// every growth places each string again by its hash: through many
    /// doublings, texts of one length that differ in one byte (the
    /// hardest case for both) keep their ids and are each stored once.
    @Test func idsSurviveTheLookupTableGrowing() {
        var table = TextTable()
        let texts = (0..<20_000).map { "a" + String($0 + 100_000) }
        let ids = texts.map { table.intern($0) }
        #expect(ids.map(\.rawValue) == Array(0..<UInt32(texts.count)))
        for (text, id) in zip(texts, ids) {
            #expect(table.intern(text) == id)
            #expect(table[id] == text)
        }
        #expect(table.count == texts.count)
    }

    /// A table told how many texts to expect grows its lookup to room for
    /// them rather than to the next doubling, and still finds each text
    /// once, past the estimate too.
    @Test func aReservedTableGrowsItsLookupToTheExpectedTexts() {
        var table = TextTable()
        let expected = 100_000
        table.reserve(texts: expected, bytes: expected * 8)
        let texts = (0..<expected).map { "t" + String($0 + 1_000_000) }
        // Made at the expected size by the first text, not grown to it:
        // growing kept each outgrown table's pages.
        _ = table.intern(texts[0])
        let first = table.lookupSize
        #expect(first >= expected * 4 / 3 && first < 140_000)
        let ids = texts.map { table.intern($0) }
        // Doubling would have made 262,144 slots, for 98,304 texts and a few more.
        #expect(table.lookupSize == first)
        let more = (0..<10_000).map { "u" + String($0) }
        let moreIDs = more.map { table.intern($0) }
        for (text, id) in zip(texts + more, ids + moreIDs) {
            #expect(table.intern(text) == id)
            #expect(table[id] == text)
        }
        #expect(table.count == expected + more.count)
    }

    /// A sealed table reads as before, and refuses a new text (which would
    /// repeat one it has, without the lookup table to find it).
    @Test func aSealedTableReadsAndRefusesNewTexts() async {
        var table = TextTable()
        let ids = ["Copy", "Paste", "copy"].map { table.intern($0) }
        table.seal()
        #expect(ids.map { table[$0] } == ["Copy", "Paste", "copy"])
        #expect(table.count == 3)
        await #expect(processExitsWith: .failure) {
            var sealed = TextTable()
            _ = sealed.intern("Copy")
            sealed.seal()
            _ = sealed.intern("Copy")
        }
    }

    /// The text table skips decoding for bytes it finds well-formed: that
    /// must be exactly when `String(decoding:)` keeps them as they are.
    @Test func wellFormedUTF8AgreesWithStringDecoding() {
        func keptByDecoding(_ bytes: [UInt8]) -> Bool { String(decoding: bytes, as: UTF8.self).utf8.elementsEqual(bytes) }
        func check(_ bytes: [UInt8]) {
            let wellFormed = bytes.withUnsafeBufferPointer { TextTable.isWellFormedUTF8($0) }
            #expect(wellFormed == keptByDecoding(bytes), "\(bytes.map { String($0, radix: 16) })")
        }
        // Every one- and two-byte sequence, and edges of longer ones.
        for first in 0...255 {
            check([UInt8(first)])
            for second in 0...255 { check([UInt8(first), UInt8(second)]) }
        }
        let edges: [[UInt8]] = [[0xE0, 0xA0, 0x80], [0xE0, 0x9F, 0xBF], [0xED, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xEF, 0xBF, 0xBF],
                                [0xF0, 0x90, 0x80, 0x80], [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80],
                                [0xF5, 0x80, 0x80, 0x80], [0xE2, 0x80, 0xA6], [0xE2, 0x80], [0x41, 0xE2, 0x80, 0xA6, 0x42]]
        for bytes in edges { check(bytes) }
        // Random sequences biased towards multi-byte leads and continuations (seeded).
        var state: UInt64 = 42
        func next() -> UInt8 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let value = UInt8(truncatingIfNeeded: state >> 56)
            return value < 0x60 ? 0x80 | (value & 0x3F) : value
        }
        for _ in 0..<20_000 { check((0..<Int(next() % 7 + 1)).map { _ in next() }) }
    }
}
