extension Array {
    /// Drops the elements from `count` on, keeping the capacity.
    ///
    /// The resolver, the parser and a few rules empty a scratch array once
    /// per element. `removeSubrange(mark...)` and
    /// `removeAll(keepingCapacity: true)` take the general replacement path,
    /// about a hundred instructions for the few elements such an array
    /// holds; removing them one by one from the end takes a few each.
    @inline(__always)
    mutating func shrink(to count: Int) {
        while self.count > count { removeLast() }
    }
}
