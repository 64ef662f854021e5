/// Values by small dense integer key (such as `LabelTable.foldKey`), for a
/// rule that fills and empties a table once per menu level or group.
///
/// Two arrays indexed by key, and a generation number: `removeAll` starts
/// a new generation, which forgets every key at once without touching the
/// arrays. A dictionary, or a list grown into one, paid a hash per key.
struct DenseKeyTable<Value> {
    /// The generation that set each key's value.
    private var generations: [Int] = []
    private var values: [Value] = []
    private var generation = 1

    subscript(key: Int) -> Value? {
        key < generations.count && generations[key] == generation ? values[key] : nil
    }

    mutating func set(_ value: Value, for key: Int) {
        if key >= generations.count {
            // The new value fills the new room: it is never read before being set.
            let count = max(key + 1, 2 * generations.count)
            generations += repeatElement(0, count: count - generations.count)
            values += repeatElement(value, count: count - values.count)
        }
        generations[key] = generation
        values[key] = value
    }

    /// Forgets every key, keeping the room.
    mutating func removeAll() { generation += 1 }
}
