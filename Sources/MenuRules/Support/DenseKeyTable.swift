import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// Values by small dense integer key (such as `LabelTable.leadWordKey`), for a
/// rule that fills and empties a table once per menu level or group.
///
/// An array indexed by key, each slot stamped with the generation that set
/// it: `removeAll` starts a new generation, which forgets every key at once
/// without touching the array. A dictionary, or a list grown into one,
/// paid a hash per key: `menuc-bench --phases` on the 10 MB corpus shows
/// it in the check row, where `suggest-submenu` with a `[Int: Int]` emptied
/// for each group ran several times as long.
///
/// The keys number a whole import group's labels, and a file of a large
/// group uses a few of them, far along: an array grown to each file's
/// largest key cost every file the group's size (10,000 files that each
/// import the next zeroed 1.2 GB). Keys far past what the table holds go
/// to a dictionary instead, stamped the same way.
///
/// A generation is 32 bits (a table is emptied at most once per element):
/// with a value of 12 bytes a slot takes 16, not 24. A table whose keys
/// are known to stay below a bound grows to that bound at most, not to
/// the next power of two past it: a menu of millions of labels is
/// millions of keys.
struct DenseKeyTable<Value> {
    private var slots: [(generation: UInt32, value: Value)] = []
    private var far: [Int: (generation: UInt32, value: Value)] = [:]
    private var generation: UInt32 = 1
    /// How many times a key was set: what the file uses, roughly.
    private var sets = 0
    /// Every key is below it.
    private let keyLimit: Int

    init(keyLimit: Int = Int.max) {
        self.keyLimit = keyLimit
    }

    subscript(key: Int) -> Value? {
        @inline(__always) get {
            if key < slots.count {
                let slot = slots[key]
                return slot.generation == generation ? slot.value : nil
            }
            guard !far.isEmpty, let slot = far[key], slot.generation == generation else { return nil }
            return slot.value
        }
    }

    @inline(__always)
    mutating func set(_ value: Value, for key: Int) {
        sets &+= 1
        if key < slots.count {
            slots[key] = (generation, value)
        } else {
            setPastTheArray(value, for: key)
        }
    }

    /// Forgets every key, keeping the room.
    mutating func removeAll() { generation &+= 1 }

    @inline(never)
    private mutating func setPastTheArray(_ value: Value, for key: Int) {
        // Grown while the array stays within a few times what is set.
        guard key < 2 * slots.count + 16 * sets + 64 else {
            far[key] = (generation, value)
            return
        }
        // Generation 0 is never current: the filler is never read.
        let count = max(key + 1, min(2 * slots.count, keyLimit))
        slots += repeatElement((generation: 0, value: value), count: count - slots.count)
        slots[key] = (generation, value)
        // Far keys the array now covers move into it.
        for (farKey, slot) in far where farKey < slots.count {
            if slot.generation == generation { slots[farKey] = slot }
            far[farKey] = nil
        }
    }
}
