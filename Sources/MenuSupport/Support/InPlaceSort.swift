extension UnsafeMutableBufferPointer {
    /// Sorts in place without extra memory, not stably: an introsort
    /// (quicksort on a median of three, insertion sort for short runs,
    /// heapsort when the partitions go badly).
    ///
    /// The standard library's `sort` is stable, and for that allocates a
    /// scratch buffer of half the elements; where equal elements cannot be
    /// told apart, that buffer is memory a large build does not need at
    /// its peak.
    package func sortWithoutScratch(by areInIncreasingOrder: (Element, Element) -> Bool) {
        guard count > 1 else { return }
        var depthLimit = 2
        var size = count
        while size > 1 {
            depthLimit += 2
            size /= 2
        }
        introsort(0, count, depthLimit: depthLimit, areInIncreasingOrder)
    }

    private func introsort(_ start: Int, _ end: Int, depthLimit: Int, _ less: (Element, Element) -> Bool) {
        var start = start
        var end = end
        var depthLimit = depthLimit
        // Recurse into the smaller side and loop on the larger: the stack
        // stays logarithmic whatever the input.
        while end - start > 16 {
            if depthLimit == 0 {
                heapsort(start, end, less)
                return
            }
            depthLimit -= 1
            let pivot = partition(start, end, less)
            if pivot - start < end - pivot {
                introsort(start, pivot, depthLimit: depthLimit, less)
                start = pivot + 1
            } else {
                introsort(pivot + 1, end, depthLimit: depthLimit, less)
                end = pivot
            }
        }
        insertionSort(start, end, less)
    }

    /// Partitions `start..<end` around a median of three; returns the
    /// pivot's final index (everything before it is not greater, after it
    /// not less).
    private func partition(_ start: Int, _ end: Int, _ less: (Element, Element) -> Bool) -> Int {
        let last = end - 1
        let middle = start + (end - start) / 2
        if less(self[middle], self[start]) { swapAt(middle, start) }
        if less(self[last], self[start]) { swapAt(last, start) }
        if less(self[last], self[middle]) { swapAt(last, middle) }
        // The median goes just before the end, where the scan stops.
        swapAt(middle, last - 1)
        let pivot = self[last - 1]
        var low = start
        var high = last - 1
        while true {
            low += 1
            while less(self[low], pivot) { low += 1 }
            high -= 1
            while less(pivot, self[high]) { high -= 1 }
            if low >= high { break }
            swapAt(low, high)
        }
        swapAt(low, last - 1)
        return low
    }

    private func insertionSort(_ start: Int, _ end: Int, _ less: (Element, Element) -> Bool) {
        guard end - start > 1 else { return }
        for index in (start + 1)..<end {
            let element = self[index]
            var hole = index
            while hole > start, less(element, self[hole - 1]) {
                self[hole] = self[hole - 1]
                hole -= 1
            }
            self[hole] = element
        }
    }

    private func heapsort(_ start: Int, _ end: Int, _ less: (Element, Element) -> Bool) {
        let count = end - start
        func siftDown(_ root: Int, _ size: Int) {
            var parent = root
            while true {
                var child = 2 * parent + 1
                guard child < size else { return }
                if child + 1 < size, less(self[start + child], self[start + child + 1]) { child += 1 }
                guard less(self[start + parent], self[start + child]) else { return }
                swapAt(start + parent, start + child)
                parent = child
            }
        }
        for root in stride(from: count / 2 - 1, through: 0, by: -1) { siftDown(root, count) }
        for last in stride(from: count - 1, to: 0, by: -1) {
            swapAt(start, start + last)
            siftDown(0, last)
        }
    }
}
