/// An entry of a table of names sorted by the hash of their bytes
/// (`TextTable.hash`), found by binary search rather than kept in a hash
/// table: no spare slots, and no key besides the hash (see `OwnNames`).
protocol HashSortedEntry {
    var hash: UInt32 { get }
}

extension Array where Element: HashSortedEntry {
    /// The first entry of `hash` that `matches` accepts, in order; the
    /// array is sorted by hash.
    func first(hash: UInt32, where matches: (Element) -> Bool) -> Element? {
        var (low, high) = (0, count)
        while low < high {
            let middle = (low + high) / 2
            if self[middle].hash < hash { low = middle + 1 } else { high = middle }
        }
        while low < count, self[low].hash == hash {
            if matches(self[low]) { return self[low] }
            low += 1
        }
        return nil
    }
}
