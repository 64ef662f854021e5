import MenuSupport
import MenuSyntax

/// A string of the checked model: an index into its store's `TextTable`.
/// Equal texts of one store have equal ids, so comparing two labels or
/// identifiers is comparing two integers.
public struct TextID: Hashable, Sendable, Comparable {
    public let rawValue: UInt32

    @usableFromInline package init(_ rawValue: UInt32) { self.rawValue = rawValue }

    /// "No text" (an element without a label).
    static let none = TextID(UInt32.max)

    // Asked of every label by the rules, in another module: inlinable (so public to the pipeline).
    @_spi(MenuPipeline) @inlinable
    public var exists: Bool { rawValue != UInt32.max }

    public static func < (lhs: TextID, rhs: TextID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Every distinct string of one checked model, interned by its bytes.
///
/// Labels, identifiers and values repeat ("Copy", "section", "cmd+c",
/// "normal"): each distinct one is stored once, as bytes (for comparing and
/// for the backends' escaping). A `String` is made when a rule or tool asks
/// for one: keeping one beside every text took 16 bytes a text, more than a
/// file of millions of one-line names can spare, and a text of up to 15
/// ASCII bytes (most identifiers and labels) is made without allocating.
/// Interning runs once per label and value while resolving.
@usableFromInline package struct TextTable: Sendable {
    // Read in place by the model's inlinable readers (`ModelStore.withTextBytes`).
    @usableFromInline private(set) var interner = ByteInterner()

    /// The bytes of every text, back to back (see `byteRange`).
    var bytes: [UInt8] { interner.bytes }

    package var count: Int { interner.count }

    /// Room for `texts` more texts of `bytes` bytes in all, reserved but not
    /// touched: see `ByteInterner.reserve`.
    mutating func reserve(texts: Int, bytes: Int) { interner.reserve(texts: texts, bytes: bytes) }

    /// Frees what only adding texts needs (see `ByteInterner.seal`).
    mutating func seal() { interner.seal() }

    /// How many slots the lookup table has (for tests of its growth).
    var lookupSize: Int { interner.lookupSize }

    /// The text as a `String`. The stored bytes are always well-formed
    /// UTF-8 (`intern` repairs ill-formed ones first), so decoding keeps them.
    package subscript(id: TextID) -> String {
        let range = interner.byteRange(Int(id.rawValue))
        return interner.bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }

    package func byteRange(_ id: TextID) -> Range<Int> { interner.byteRange(Int(id.rawValue)) }

    /// The id of `text`, adding it when new.
    mutating func intern(_ text: String) -> TextID {
        var bytes = text
        return bytes.withUTF8 { intern($0, isWellFormed: true) }
    }

    /// The id of these bytes (valid UTF-8, or decoded the way `String(decoding:)` does), adding them when new.
    mutating func intern(_ buffer: UnsafeBufferPointer<UInt8>, isWellFormed: Bool = false) -> TextID {
        let (hash, isASCII) = TextTable.hashAndASCII(buffer)
        if !isWellFormed, !isASCII, !TextTable.isWellFormedUTF8(buffer) {
            // Texts are what `String(decoding:)` makes of the bytes: ill-formed
            // UTF-8 becomes U+FFFD, so equal strings get equal ids.
            return intern(String(decoding: buffer, as: UTF8.self))
        }
        return TextID(interner.intern(buffer, hash: hash).index)
    }

    /// Whether `String(decoding:)` keeps these bytes as they are. Checked on
    /// the bytes: decoding and comparing cost 800 instructions for each
    /// label with a "…" in it.
    static func isWellFormedUTF8(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < buffer.count {
            // ASCII in place: the sequence reader is a call into the lexer's
            // module, and most of a label with a "…" is ASCII.
            if buffer[index] < 0x80 {
                index += 1
                continue
            }
            guard let width = Lexer.validSequenceLength(buffer, at: index) else { return false }
            index += width
        }
        return true
    }

    /// A fast, well-mixed hash of short byte strings (eight bytes per step).
    static func hash(_ buffer: UnsafeBufferPointer<UInt8>) -> UInt32 { hashAndASCII(buffer).hash }

    /// The hash, and whether every byte is ASCII — read in the same pass:
    /// interning needs both for every label and value.
    static func hashAndASCII(_ buffer: UnsafeBufferPointer<UInt8>) -> (hash: UInt32, isASCII: Bool) {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(buffer.count)
        var highBits: UInt64 = 0
        var index = 0
        let count = buffer.count
        let raw = UnsafeRawBufferPointer(buffer)
        while index + 8 <= count {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            highBits |= word
            state = (state ^ word) &* 0xBF58_476D_1CE4_E5B9
            state ^= state >> 29
            index += 8
        }
        if index < count {
            let word = tail(raw, from: index)
            highBits |= word
            state = (state ^ word) &* 0x94D0_49BB_1331_11EB
        }
        state ^= state >> 32
        state = state &* 0xD6E8_FEB8_6659_FD93
        return (UInt32(truncatingIfNeeded: state ^ (state >> 32)), highBits & 0x8080_8080_8080_8080 == 0)
    }

    /// The last one to seven bytes from `index`, little-endian, as one word
    /// (byte `index` lowest): three loads at most instead of a loop per byte.
    private static func tail(_ raw: UnsafeRawBufferPointer, from index: Int) -> UInt64 {
        let remaining = raw.count - index
        if raw.count >= 8 {
            // The eight bytes ending at the end, without those already hashed.
            let last = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: raw.count - 8, as: UInt64.self))
            return last >> (UInt64(8 - remaining) * 8)
        }
        var word: UInt64 = 0
        var shift: UInt64 = 0
        var position = index
        if remaining & 4 != 0 {
            word = UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: position, as: UInt32.self)))
            position += 4
            shift = 32
        }
        if remaining & 2 != 0 {
            word |= UInt64(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: position, as: UInt16.self))) << shift
            position += 2
            shift += 16
        }
        if remaining & 1 != 0 { word |= UInt64(raw[position]) << shift }
        return word
    }
}

/// Distinct byte strings, each stored once and numbered from 0 in the order
/// first seen: the core of `TextTable`, and of keys that need no `String`
/// kept beside them (`suggest-submenu`'s lead-word keys).
///
/// The bytes go back to back in one array. Lookup is open addressing in a
/// table whose slots hold a string's number + 1 (0: empty); a probe
/// compares lengths, then bytes. About 20 bytes per string beyond
/// its own, where a `[String: Int]` took about 60 while it grew. Slots of
/// 4 bytes, without the hash beside the number: a file of millions of
/// distinct names and labels is as many texts, and the wider slots were a
/// tenth of the peak of checking it (and twice that while the table grew).
@usableFromInline package struct ByteInterner: Sendable {
    @usableFromInline private(set) var bytes: [UInt8] = []
    @usableFromInline private(set) var offsets: [UInt32] = [0]
    /// Empty until the first string: a table per file that is never asked costs nothing.
    private var slots: [UInt32] = []
    /// Set by `seal`: the slots are gone, and no string can be added.
    private var isSealed = false
    /// How many strings `reserve` was told to expect in all (0: no estimate).
    private var expectedCount = 0

    package init() {}

    var count: Int { offsets.count - 1 }

    var lookupSize: Int { slots.count }

    /// Reserves the byte and offset arrays, so that they are not regrown.
    /// Regrowing left each old array's pages behind: in a file of millions
    /// of names, a tenth of the peak was arrays the table had outgrown.
    /// Capacity that is never written takes no memory, so an estimate on
    /// the high side costs nothing. The slots are left to grow, for every
    /// slot of a table is written; the estimate only caps their growth
    /// (see `grow`).
    mutating func reserve(texts: Int, bytes: Int) {
        offsets.reserveCapacity(offsets.count + texts)
        self.bytes.reserveCapacity(self.bytes.count + bytes)
        expectedCount = count + texts
    }

    /// Frees the lookup table once every string is in: what reads the
    /// strings by number needs only the bytes and offsets, and the table
    /// of a file of millions of names would stay for as long as its model.
    mutating func seal() {
        slots = []
        isSealed = true
    }

    /// Where string `index` lies in `bytes`.
    func byteRange(_ index: Int) -> Range<Int> {
        Int(offsets[index])..<Int(offsets[index + 1])
    }

    /// The number of these bytes, and whether they were added now.
    package mutating func intern(_ buffer: UnsafeBufferPointer<UInt8>) -> (index: UInt32, isNew: Bool) {
        intern(buffer, hash: TextTable.hash(buffer))
    }

    /// The same, with the bytes' `TextTable.hash` already known (`grow`
    /// places every string by that hash).
    mutating func intern(_ buffer: UnsafeBufferPointer<UInt8>, hash: UInt32) -> (index: UInt32, isNew: Bool) {
        assert(hash == TextTable.hash(buffer), "a string is placed by its TextTable.hash")
        precondition(!isSealed, "a string added to a sealed table would repeat one it already has")
        if slots.isEmpty { slots = Array(repeating: 0, count: ByteInterner.firstSize(expecting: expectedCount)) }
        var slot = ByteInterner.home(of: hash, in: slots.count)
        while true {
            let entry = slots[slot]
            if entry == 0 { break }
            if equals(Int(entry - 1), buffer) { return (entry - 1, false) }
            slot += 1
            if slot == slots.count { slot = 0 }
        }
        let index = UInt32(count)
        bytes.append(contentsOf: buffer)
        offsets.append(UInt32(bytes.count))
        slots[slot] = index + 1
        // At most three quarters full: a table of millions of distinct
        // labels took twice the slots (and both tables while growing) at
        // half full.
        if count * 4 > slots.count * 3 { grow() }
        return (index, true)
    }

    private func equals(_ index: Int, _ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = Int(offsets[index])
        let length = Int(offsets[index + 1]) - start
        guard length == buffer.count else { return false }
        guard length > 0, let other = buffer.baseAddress else { return true }
        return bytes.withUnsafeBufferPointer { stored in
            // In bounds: `offsets` delimit strings appended to `bytes`.
            memcmp(stored.baseAddress.unsafelyUnwrapped + start, other, length) == 0
        }
    }

    /// A hash's first slot in a table of `size` slots: the hash scaled to
    /// the size (its high bits), so that a table can have any size.
    @inline(__always)
    private static func home(of hash: UInt32, in size: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(hash) &* UInt64(size)) >> 32)
    }

    /// Grows the slots, hashing every string again (strings are placed
    /// by their number, so the new table holds each once): to room for
    /// the strings `reserve` expects when that is less than twice their
    /// number, or not much more, else to twice their number. A table
    /// reserved before its first string starts at the expected size
    /// (`firstSize`) and grows only past it (splices add texts); one
    /// reserved later ends just past a power of two when doubled: doubling
    /// then made it nearly twice what it needs, and growing once more near
    /// the end put the old table and the new one, both at once, at the
    /// peak of checking a file of millions of distinct labels.
    private mutating func grow() {
        let fitting = ByteInterner.slots(toHold: count + 1)
        let expected = ByteInterner.slots(toHold: expectedCount + expectedCount / 32 + 64)
        let size = expected >= fitting && expected <= slots.count / 2 * 5 ? expected : slots.count * 2
        var resized = Array(repeating: UInt32(0), count: size)
        bytes.withUnsafeBufferPointer { stored in
            for index in 0..<count {
                let range = byteRange(index)
                var slot = ByteInterner.home(of: TextTable.hash(UnsafeBufferPointer(rebasing: stored[range])), in: size)
                while resized[slot] != 0 {
                    slot += 1
                    if slot == size { slot = 0 }
                }
                resized[slot] = UInt32(index + 1)
            }
        }
        slots = resized
    }

    /// The first lookup's size: room for the strings `reserve` expects, at
    /// once, else 64. Small without an estimate: most tables belong to small
    /// files (a build of thousands of them made and zeroed thousands of
    /// large tables), and their estimates are small too. With one, growing
    /// to it by doubling left each outgrown table's pages behind (the
    /// allocator keeps freed arrays for the next ones): in a file of
    /// millions of labels, 25 MB at the peak of checking it.
    private static func firstSize(expecting expected: Int) -> Int {
        max(64, slots(toHold: expected + expected / 32 + 64))
    }

    /// Slots enough for `strings` strings at most three quarters full.
    private static func slots(toHold strings: Int) -> Int { strings / 3 * 4 + 4 }
}
