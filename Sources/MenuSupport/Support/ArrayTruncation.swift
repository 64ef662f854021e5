extension Array {
    /// Drops the elements from `count` on, keeping the capacity.
    ///
    /// The resolver, the parser and a few rules empty a scratch array once
    /// per element. `removeSubrange(mark...)` and
    /// `removeAll(keepingCapacity: true)` take the general replacement path,
    /// about a hundred instructions for the few elements such an array
    /// holds; removing them one by one from the end takes a few each.
    @inlinable
    package mutating func shrink(to count: Int) {
        while self.count > count { removeLast() }
    }
}

extension Array {
    /// The same elements, copied into memory of their exact size when more
    /// than a quarter of the capacity is unused (else the array itself).
    ///
    /// For arrays reserved by an estimate or grown by doubling that then
    /// live as long as the compilation: a build of thousands of files keeps
    /// one model and walk per file, and their spare capacity added up to
    /// a fifth of its memory.
    @inlinable
    package func withoutSpareCapacity() -> [Element] {
        guard capacity > count + count / 4 + 64 else { return self }
        return [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            _ = buffer.initialize(from: self)
            initialized = count
        }
    }
}
