/// A file's own top-level names, found by their bytes: the hash of each
/// distinct name beside the position of its first declaration, sorted by
/// hash (then position).
///
/// A declaration's identifier is not interned when it is written or
/// derived from its label (see `ElementRecord.id`): in a file of millions
/// of labelled declarations, the identifiers in the text table and its
/// lookup, an index of them by `TextID` and a list of them by position
/// were a fifth of the peak of checking it. Here a name takes 8 bytes, no
/// spare slots, and a file alone in its group keeps only the names its
/// references can ask for.
struct OwnNames {
    struct Entry: HashSortedEntry {
        var hash: UInt32
        var position: UInt32
    }

    private var entries: [Entry] = []

    init() {}

    /// `entries`: one per distinct name, sorted by hash, then position.
    init(sorted entries: [Entry]) {
        assert(zip(entries, entries.dropFirst()).allSatisfy { ($0.hash, $0.position) < ($1.hash, $1.position) })
        self.entries = entries
    }

    var count: Int { entries.count }

    /// The position of the first declaration of the name whose bytes hash
    /// to `hash`; `isNamed` tells whether the declaration at a position
    /// (one with that hash) has that name.
    func position(hash: UInt32, isNamed: (Int) -> Bool) -> Int? {
        entries.first(hash: hash) { isNamed(Int($0.position)) }.map { Int($0.position) }
    }
}
