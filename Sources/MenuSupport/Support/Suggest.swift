/// "Did you mean …?" suggestions by edit distance.
package enum Suggest {
    /// The candidate closest to `word`, if it is close enough to be a
    /// plausible typo (case differences count as nearly free).
    ///
    /// A report may compare a name with thousands of declarations, and a
    /// file of unknown names does that for each: candidates are lowered
    /// into one reused buffer (ASCII by hand; others as `lowercased()`
    /// does) and measured in reused rows, with no allocation per
    /// candidate, which was most of the cost (3 µs a candidate).
    package static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        closest(to: word, in: candidates, accepting: { _ in true })
    }

    /// The closest candidate that `accepting` (given its position in
    /// `candidates`) lets through; asked only of candidates that would be
    /// the best so far, so a costly test runs for few of them.
    package static func closest(to word: String, in candidates: some Sequence<String>, accepting: (Int) -> Bool) -> String? {
        let lowered = Array(word.lowercased().unicodeScalars)
        let limit = max(1, min(3, lowered.count / 3 + (lowered.count > 5 ? 1 : 0)))
        var best: (name: String, distance: Int)?
        var scratch = Scratch()
        for (position, candidate) in candidates.enumerated() where candidate != word {
            scratch.lower(candidate)
            let distance = editDistance(lowered, scratch.candidate, limit: limit, scratch: &scratch)
            // Short names can't absorb many edits: "Preview" is not a typo of "view".
            guard distance <= limit, distance <= max(1, min(lowered.count, candidate.count) / 2) else { continue }
            if let current = best, (current.distance, current.name) <= (distance, candidate) { continue }
            guard accepting(position) else { continue }
            best = (candidate, distance)
        }
        return best?.name
    }

    /// Buffers reused from one candidate to the next.
    struct Scratch {
        var candidate: [Unicode.Scalar] = []
        /// Three rows of the distance table, back to back.
        var rows: [Int] = []

        /// `candidate` becomes `text`'s scalars, lowercased as `String.lowercased()` does.
        mutating func lower(_ text: String) {
            candidate.removeAll(keepingCapacity: true)
            if text.utf8.allSatisfy({ $0 < 0x80 }) {
                for byte in text.utf8 {
                    let lowered = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
                    candidate.append(Unicode.Scalar(lowered))
                }
            } else {
                candidate.append(contentsOf: text.lowercased().unicodeScalars)
            }
        }
    }

    /// Levenshtein distance with transpositions, giving up above `limit`;
    /// measured in the rows of `scratch`.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int, scratch: inout Scratch) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        let width = b.count + 1
        if scratch.rows.count < 3 * width { scratch.rows = [Int](repeating: 0, count: 3 * width) }
        return scratch.rows.withUnsafeMutableBufferPointer { rows in
            // Three rows, rotated by offset: the one before the previous
            // (for transpositions), the previous and the one being filled.
            var previousPrevious = 0
            var previous = width
            var row = 2 * width
            for j in 0...b.count { rows[previous + j] = j }
            for i in 1...a.count {
                rows[row] = i
                var rowMinimum = i
                for j in 1...b.count {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    var value = min(rows[previous + j] + 1, rows[row + j - 1] + 1, rows[previous + j - 1] + cost)
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                        value = min(value, rows[previousPrevious + j - 2] + 1)
                    }
                    rows[row + j] = value
                    rowMinimum = min(rowMinimum, value)
                }
                if rowMinimum > limit { return limit + 1 }
                (previousPrevious, previous, row) = (previous, row, previousPrevious)
            }
            return rows[previous + b.count]
        }
    }
}
