/// Values by small dense integer key (numbers given in the order first
/// seen, such as `suggest-submenu`'s lead-word keys), for a rule that fills
/// and empties a table once per menu level or group.
///
/// An array indexed by key, each slot stamped with the generation that set
/// it: `removeAll` starts a new generation, which forgets every key at once
/// without touching the array. A dictionary, or a list grown into one,
/// paid a hash per key: `menuc-bench --phases` on the 10 MB corpus shows
/// it in the check row, where `suggest-submenu` with a `[Int: Int]` emptied
/// for each group ran several times as long.
///
/// The array grows to the largest key set, so keys must be dense: a key
/// is at most the number of keys given out before it.
///
/// A generation is 32 bits (a table is emptied at most once per element):
/// with a value of 12 bytes a slot takes 16, not 24.
struct DenseKeyTable<Value> {
    private var slots: [(generation: UInt32, value: Value)] = []
    private var generation: UInt32 = 1

    subscript(key: Int) -> Value? {
        @inline(__always) get {
            guard key < slots.count else { return nil }
            let slot = slots[key]
            return slot.generation == generation ? slot.value : nil
        }
    }

    @inline(__always)
    mutating func set(_ value: Value, for key: Int) {
        if key < slots.count {
            slots[key] = (generation, value)
        } else {
            grow(setting: value, for: key)
        }
    }

    /// Forgets every key, keeping the room.
    mutating func removeAll() { generation &+= 1 }

    @inline(never)
    private mutating func grow(setting value: Value, for key: Int) {
        // Generation 0 is never current: the filler is never read.
        let count = max(key + 1, 2 * slots.count)
        slots += repeatElement((generation: 0, value: value), count: count - slots.count)
        slots[key] = (generation, value)
    }
}
