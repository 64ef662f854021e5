/// The top-level names of a group of several files, found by their bytes:
/// each distinct name's hash beside its first declaration (in the order
/// the group's files were indexed, then in source order), sorted by hash.
///
/// Names declared in several files are not here: each file resolves those
/// through its imports (see `Resolver.Scope`). Keyed by interned name, the
/// group's names took a dictionary entry and an interned identifier per
/// declaration: a file of millions of declarations imported by another
/// took 14 times its size to check, against 8 alone. Here a name takes 12
/// bytes, and the index the resolver keeps while it builds holds only the
/// names whose hash a reference of the group gives.
struct GroupNames {
    struct Entry: HashSortedEntry {
        var hash: UInt32
        /// The declaring file's place in the group's indexing order.
        var file: UInt32
        var position: UInt32
    }

    private var entries: [Entry] = []

    init() {}

    /// `entries`: one per distinct name, sorted by hash, then file and position.
    init(sorted entries: [Entry]) {
        assert(zip(entries, entries.dropFirst()).allSatisfy { ($0.hash, $0.file, $0.position) < ($1.hash, $1.file, $1.position) })
        self.entries = entries
    }

    var count: Int { entries.count }

    /// The first declaration of the name whose bytes hash to `hash`;
    /// `isNamed` tells whether a declaration (one with that hash) has that name.
    func first(hash: UInt32, isNamed: (Entry) -> Bool) -> Entry? {
        entries.first(hash: hash, where: isNamed)
    }
}

/// The declarations of a group's files counted one after another: the
/// place of each in that count, without a list of them.
struct GroupDeclarations {
    /// Where each file's declarations start in the count, and where they end.
    private let starts: [Int]

    /// `counts`: each file's number of declarations, in the group's order.
    init(counts: [Int]) {
        var starts = [0]
        starts.reserveCapacity(counts.count + 1)
        for count in counts { starts.append((starts.last ?? 0) + count) }
        self.starts = starts
    }

    var count: Int { starts.last ?? 0 }

    /// The file (its place in the group's order) and the declaration's
    /// position in it, of declaration `position` in the count.
    func locate(_ position: Int) -> (file: Int, index: Int) {
        // The last file starting at or before `position` that has declarations.
        var (low, high) = (0, starts.count - 1)
        while high - low > 1 {
            let middle = (low + high) / 2
            if starts[middle] <= position { low = middle } else { high = middle }
        }
        return (low, position - starts[low])
    }
}
