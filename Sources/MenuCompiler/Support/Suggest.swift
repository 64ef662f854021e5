/// "Did you mean …?" suggestions by edit distance.
public enum Suggest {
    /// The candidate closest to `word`, if it is close enough to be a
    /// plausible typo (case differences count as nearly free).
    ///
    /// A report may compare a name with thousands of declarations, and a
    /// file of unknown names does that for each: candidates are lowered
    /// into one reused buffer (ASCII by hand; others as `lowercased()`
    /// does) and measured in reused rows, with no allocation per
    /// candidate, which was most of the cost (3 µs a candidate).
    public static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        let lowered = Array(word.lowercased().unicodeScalars)
        let limit = max(1, min(3, lowered.count / 3 + (lowered.count > 5 ? 1 : 0)))
        var best: (name: String, distance: Int)?
        var scratch = Scratch()
        for candidate in candidates where candidate != word {
            // Lowering changes the length of few scalars, none of ASCII.
            if candidate.utf8.allSatisfy({ $0 < 0x80 }), abs(candidate.utf8.count - lowered.count) > limit { continue }
            scratch.lower(candidate)
            let distance = editDistance(lowered, scratch.candidate, limit: limit, scratch: &scratch)
            // Short names can't absorb many edits: "Preview" is not a typo of "view".
            guard distance <= limit, distance <= max(1, min(lowered.count, candidate.count) / 2) else { continue }
            if let current = best, (current.distance, current.name) <= (distance, candidate) { continue }
            best = (candidate, distance)
        }
        return best?.name
    }

    /// Buffers reused from one candidate to the next.
    struct Scratch {
        var candidate: [Unicode.Scalar] = []
        var rows: [[Int]] = [[], [], []]

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

    /// Levenshtein distance with transpositions, giving up above `limit`.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        var scratch = Scratch()
        return editDistance(a, b, limit: limit, scratch: &scratch)
    }

    /// `editDistance(_:_:limit:)` in the rows of `scratch`.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int, scratch: inout Scratch) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        // Three rows, rotated: the one before the previous (for
        // transpositions), the previous and the one being filled.
        var previousPrevious = scratch.rows[0]
        var previous = scratch.rows[1]
        var row = scratch.rows[2]
        scratch.rows = [[], [], []]
        defer { scratch.rows = [previousPrevious, previous, row] }
        previousPrevious.removeAll(keepingCapacity: true)
        previousPrevious.append(contentsOf: repeatElement(0, count: b.count + 1))
        previous.removeAll(keepingCapacity: true)
        previous.append(contentsOf: 0...b.count)
        row.removeAll(keepingCapacity: true)
        row.append(contentsOf: repeatElement(0, count: b.count + 1))
        for i in 1...a.count {
            row[0] = i
            var rowMinimum = row[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                row[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return limit + 1 }
            swap(&previousPrevious, &previous)
            swap(&previous, &row)
        }
        return previous[b.count]
    }
}
