/// Values by small dense integer key (such as `LabelTable.foldKey`), for a
/// rule that fills and empties a table once per menu level or group.
///
/// An array indexed by key, each slot stamped with the generation that set
/// it: `removeAll` starts a new generation, which forgets every key at once
/// without touching the array. A dictionary, or a list grown into one,
/// paid a hash per key.
struct DenseKeyTable<Value> {
    private var slots: [(generation: Int, value: Value)] = []
    private var generation = 1

    subscript(key: Int) -> Value? {
        @inline(__always) get {
            guard key < slots.count else { return nil }
            let slot = slots[key]
            return slot.generation == generation ? slot.value : nil
        }
    }

    @inline(__always)
    mutating func set(_ value: Value, for key: Int) {
        if key >= slots.count { grow(toHold: key, filler: value) }
        slots[key] = (generation, value)
    }

    /// Forgets every key, keeping the room.
    mutating func removeAll() { generation += 1 }

    @inline(never)
    private mutating func grow(toHold key: Int, filler: Value) {
        // Generation 0 is never current: the filler is never read.
        let count = max(key + 1, 2 * slots.count)
        slots += repeatElement((generation: 0, value: filler), count: count - slots.count)
    }
}
