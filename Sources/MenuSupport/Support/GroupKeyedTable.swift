/// Values by a key numbered densely across a whole import group (a
/// `TextID`, a shortcut's index), kept for one file of the group.
///
/// The model of a group is one store, so its numbering covers every file
/// of the group, and a table the size of the numbering made for each file
/// costs the group's size once per file: a chain of 5,000 files, each
/// importing the next, zeroed gigabytes. This one starts as a short list,
/// then a dictionary, and becomes an array once a sixteenth of the keys
/// are set, so it costs about what the file uses; a file that uses most
/// of the numbering (the only file of its group, usually) says so and
/// gets the array at once.
///
/// Public to the pipeline's stages only (`@_spi(MenuPipeline)`) and
/// inlinable: the rules and backends read it for every label and value
/// they write, from other modules, and Swift specializes a generic type
/// across modules only when it is public — a `package` one was called
/// unspecialized, looking up its metadata on every read.
@_spi(MenuPipeline) public struct GroupKeyedTable<Value> {
    @usableFromInline var dense: [Value] = []
    /// The first few keys set, searched in order: most files of a large
    /// group set a handful, and a dictionary made, grown and freed for
    /// each of a file's tables cost more than the rules that used them.
    @usableFromInline var few: [(key: Int32, value: Value)] = []
    @usableFromInline var sparse: [Int32: Value] = [:]
    @usableFromInline let keyCount: Int
    @usableFromInline let missing: Value

    /// How many keys `few` holds before they move to `sparse`.
    @usableFromInline static var fewLimit: Int { 8 }

    /// A table over keys `0..<keyCount`, each `missing` until set.
    /// `expectedKeys`: about how many keys the file will set.
    @inlinable public init(keyCount: Int, missing: Value, expectedKeys: Int) {
        self.keyCount = keyCount
        self.missing = missing
        if expectedKeys >= Self.denseThreshold(keyCount) { dense = Array(repeating: missing, count: keyCount) }
    }

    /// How many keys make the array worth its memory.
    @inlinable static func denseThreshold(_ keyCount: Int) -> Int { max(64, keyCount / 16) }

    @inlinable public subscript(key: Int) -> Value {
        @inline(__always) get {
            if !dense.isEmpty { return dense[key] }
            let key = Int32(truncatingIfNeeded: key)
            if sparse.isEmpty {
                for entry in few where entry.key == key { return entry.value }
                return missing
            }
            return sparse[key] ?? missing
        }
        @inline(__always) set {
            if !dense.isEmpty {
                dense[key] = newValue
                return
            }
            precondition(key >= 0 && key < keyCount, "key out of the table's range")
            let key = Int32(truncatingIfNeeded: key)
            if sparse.isEmpty {
                if let slot = few.firstIndex(where: { $0.key == key }) {
                    few[slot].value = newValue
                    return
                }
                if few.count < Self.fewLimit {
                    few.append((key, newValue))
                    return
                }
                for entry in few { sparse[entry.key] = entry.value }
                few = []
            }
            sparse[key] = newValue
            if sparse.count >= Self.denseThreshold(keyCount) { becomeDense() }
        }
    }

    @usableFromInline mutating func becomeDense() {
        dense = Array(repeating: missing, count: keyCount)
        for (key, value) in sparse { dense[Int(key)] = value }
        sparse = [:]
    }
}
