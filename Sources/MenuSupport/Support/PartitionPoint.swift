extension Collection {
    /// The first index whose element satisfies `predicate`, for a predicate
    /// that is false and then true along the collection (a binary search).
    package func partitionPoint(where predicate: (Element) -> Bool) -> Index {
        var low = startIndex
        var count = self.count
        while count > 0 {
            let half = count / 2
            let middle = index(low, offsetBy: half)
            if predicate(self[middle]) {
                count = half
            } else {
                low = index(after: middle)
                count -= half + 1
            }
        }
        return low
    }
}
