/// The siblings of one large body by identifier: for each identifier, the
/// position of the first sibling that has it.
///
/// Sized once for the body (its count is known), open-addressed by the
/// identifier's hash, each slot the hash and the position in eight bytes;
/// texts are compared only when hashes match, reading the earlier one back
/// through `text`. A dictionary by `String` took three times the memory,
/// and both tables while it grew: the peak of checking a menu of millions
/// of items.
struct SiblingIndex {
    private var slots: [UInt64]
    private let mask: Int

    /// Room for `count` identifiers, the table at most three quarters full
    /// (none for 0: small bodies compare their siblings pairwise).
    init(count: Int) {
        guard count > 0 else {
            slots = []
            mask = 0
            return
        }
        var capacity = 16
        while capacity * 3 < count * 4 { capacity *= 2 }
        slots = [UInt64](repeating: 0, count: capacity)
        mask = capacity - 1
    }

    /// The position of the first sibling identified by `id`; if there is
    /// none, `position` becomes it. `text(p)` is the identifier of the
    /// sibling at position `p`.
    mutating func first(_ id: String, orInsert position: Int, text: (Int) -> String) -> Int? {
        let hash = SiblingIndex.hash(id)
        var slot = Int(hash) & mask
        while slots[slot] != 0 {
            let entry = slots[slot]
            let earlier = Int(UInt32(truncatingIfNeeded: entry)) - 1
            if UInt32(truncatingIfNeeded: entry >> 32) == hash, text(earlier) == id { return earlier }
            slot = (slot + 1) & mask
        }
        slots[slot] = UInt64(hash) << 32 | UInt64(position + 1)
        return nil
    }

    /// Whether some sibling is identified by `id`.
    func contains(_ id: String, text: (Int) -> String) -> Bool {
        let hash = SiblingIndex.hash(id)
        var slot = Int(hash) & mask
        while slots[slot] != 0 {
            let entry = slots[slot]
            if UInt32(truncatingIfNeeded: entry >> 32) == hash, text(Int(UInt32(truncatingIfNeeded: entry)) - 1) == id { return true }
            slot = (slot + 1) & mask
        }
        return false
    }

    private static func hash(_ id: String) -> UInt32 {
        var id = id
        return id.withUTF8 { TextTable.hash($0) }
    }
}
