/// Values by a key numbered densely across a whole import group (a
/// `TextID`, a shortcut's index), kept for one file of the group.
///
/// The model of a group is one store, so its numbering covers every file
/// of the group, and a table the size of the numbering made for each file
/// costs the group's size once per file: a chain of 5,000 files, each
/// importing the next, zeroed gigabytes. This one starts as a dictionary
/// and becomes an array once a sixteenth of the keys are set, so it costs
/// about what the file uses; a file that uses most of the numbering (the
/// only file of its group, usually) says so and gets the array at once.
struct GroupKeyedTable<Value> {
    private var dense: [Value] = []
    private var sparse: [Int32: Value] = [:]
    private let keyCount: Int
    private let missing: Value

    /// A table over keys `0..<keyCount`, each `missing` until set.
    /// `expectedKeys`: about how many keys the file will set.
    init(keyCount: Int, missing: Value, expectedKeys: Int) {
        self.keyCount = keyCount
        self.missing = missing
        if expectedKeys >= Self.denseThreshold(keyCount) { dense = Array(repeating: missing, count: keyCount) }
    }

    /// How many keys make the array worth its memory.
    private static func denseThreshold(_ keyCount: Int) -> Int { max(64, keyCount / 16) }

    subscript(key: Int) -> Value {
        @inline(__always) get {
            if !dense.isEmpty { return dense[key] }
            return sparse[Int32(truncatingIfNeeded: key)] ?? missing
        }
        @inline(__always) set {
            if !dense.isEmpty {
                dense[key] = newValue
                return
            }
            precondition(key >= 0 && key < keyCount, "key out of the table's range")
            sparse[Int32(truncatingIfNeeded: key)] = newValue
            if sparse.count >= Self.denseThreshold(keyCount) { becomeDense() }
        }
    }

    private mutating func becomeDense() {
        dense = Array(repeating: missing, count: keyCount)
        for (key, value) in sparse { dense[Int(key)] = value }
        sparse = [:]
    }
}
