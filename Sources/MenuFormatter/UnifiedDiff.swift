import MenuSupport
import MenuSyntax

/// A unified diff of two texts, line by line, as `diff -u` prints it: what
/// `menuc fmt --check` shows for a file that is not formatted.
///
/// It is read by people in a terminal or a CI log, and applied by `patch`.
/// The names and every line are printed through `VisibleText` (tabs kept):
/// a control character or bidirectional override in a file shows as its
/// escape instead of acting on the terminal. What `patch` must match byte
/// for byte and cannot act on a terminal is written as it is: a carriage
/// return that ends a line (CRLF files), a byte order mark that starts the
/// file; a last line without a line feed is marked as `diff` marks it.
package enum UnifiedDiff {
    /// One line and whether a line feed ends it (only the last may lack one).
    struct Line: Equatable {
        var text: String
        var isTerminated: Bool
    }

    /// The diff with `context` unchanged lines around each change, or the
    /// empty string when the texts are equal.
    package static func render(old: String, new: String, oldName: String, newName: String, context: Int = 3) -> String {
        let a = lines(old)
        let b = lines(new)
        let script = editScript(a, b)
        guard script.contains(where: { $0.kind != .same }) else { return "" }
        var output = "--- \(VisibleText.escaped(oldName))\n+++ \(VisibleText.escaped(newName))\n"
        func line(_ marker: String, _ line: Line, first: Bool) {
            output += marker + shown(line.text, startsFile: first) + "\n"
            if !line.isTerminated { output += "\\ No newline at end of file\n" }
        }
        for hunk in hunks(script, context: context) {
            let oldStart = hunk.first?.oldIndex ?? 0
            let newStart = hunk.first?.newIndex ?? 0
            let oldCount = hunk.filter { $0.kind != .insert }.count
            let newCount = hunk.filter { $0.kind != .delete }.count
            output += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n"
            for edit in hunk {
                switch edit.kind {
                case .same: line(" ", a[edit.oldIndex], first: edit.oldIndex == 0)
                case .delete: line("-", a[edit.oldIndex], first: edit.oldIndex == 0)
                case .insert: line("+", b[edit.newIndex], first: edit.newIndex == 0)
                }
            }
        }
        return output
    }

    package struct Edit: Equatable {
        package enum Kind { case same, delete, insert }
        package var kind: Kind
        /// Position in the old lines (for an insert: where it goes).
        package var oldIndex: Int
        /// Position in the new lines (for a delete: where it was).
        package var newIndex: Int
    }

    /// `diff -u` numbers lines from 1 and writes an empty range as `N,0`
    /// after the line before it.
    private static func range(_ start: Int, _ count: Int) -> String {
        count == 0 ? "\(start),0" : count == 1 ? "\(start + 1)" : "\(start + 1),\(count)"
    }

    /// A line escaped for people, but for the bytes `patch` must match
    /// that do nothing on a terminal: a carriage return before the line
    /// feed, and the file's byte order mark.
    private static func shown(_ line: String, startsFile: Bool) -> String {
        var bytes = Array(line.utf8)
        var ending: [UInt8] = []
        if bytes.last == 0x0D { ending = [bytes.removeLast()] }
        var mark: [UInt8] = []
        if startsFile, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { mark = Array(bytes.prefix(3)); bytes.removeFirst(3) }
        let middle = VisibleText.escaped(String(decoding: bytes, as: UTF8.self), keepingTabs: true)
        return String(decoding: mark, as: UTF8.self) + middle + String(decoding: ending, as: UTF8.self)
    }

    /// The lines, split at each line feed (by byte: as characters, a
    /// carriage return and line feed are one, and would not split).
    private static func lines(_ text: String) -> [Line] {
        var pieces = text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(Substring($0)) }
        let terminated = pieces.last == ""
        if terminated { pieces.removeLast() }
        return pieces.enumerated().map { index, piece in Line(text: piece, isTerminated: terminated || index < pieces.count - 1) }
    }

    /// Changed lines up to which the edit script is the shortest: past it,
    /// the changed middle is shown removed and added whole. The search
    /// keeps a frontier per change, so its memory grows with the square of
    /// the changes: a fully reindented file of 20,000 lines took 18 GB and
    /// minutes before this cap; at the cap it takes some 16 MB and a second.
    static let maximumEdits = 2_000

    /// The shortest edit script (Myers, O((N+M)·D) time and O(D²) memory)
    /// between the lines the two texts don't share at their start and end.
    package static func editScript<Element: Equatable>(_ a: [Element], _ b: [Element]) -> [Edit] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        var edits = (0..<prefix).map { Edit(kind: .same, oldIndex: $0, newIndex: $0) }
        let oldMiddle = prefix..<(a.count - suffix)
        let newMiddle = prefix..<(b.count - suffix)
        edits += middleScript(a[oldMiddle], b[newMiddle]) ?? replacement(oldMiddle, newMiddle)
        edits += (0..<suffix).map { Edit(kind: .same, oldIndex: a.count - suffix + $0, newIndex: b.count - suffix + $0) }
        return edits
    }

    /// The middle removed, then added.
    private static func replacement(_ old: Range<Int>, _ new: Range<Int>) -> [Edit] {
        old.map { Edit(kind: .delete, oldIndex: $0, newIndex: new.lowerBound) } + new.map { Edit(kind: .insert, oldIndex: old.upperBound, newIndex: $0) }
    }

    /// Myers' search on two slices (indices are the slices'); nil past `maximumEdits`.
    private static func middleScript<Element: Equatable>(_ a: ArraySlice<Element>, _ b: ArraySlice<Element>) -> [Edit]? {
        let n = a.count
        let m = b.count
        let oldStart = a.startIndex
        let newStart = b.startIndex
        // frontiers[d][i]: the furthest x on diagonal k = 2i - d after d changes.
        var frontiers: [[Int]] = []
        search: for d in 0...min(n + m, maximumEdits) {
            var frontier = [Int](repeating: 0, count: d + 1)
            for i in 0...d {
                let k = 2 * i - d
                var x: Int
                if d == 0 {
                    x = 0
                } else {
                    let previous = frontiers[d - 1]
                    // Diagonal k of step d - 1 is at index (k + d - 1) / 2.
                    let down = k == -d ? -1 : previous[(k - 1 + d - 1) / 2]
                    let right = k == d ? -1 : previous[(k + 1 + d - 1) / 2]
                    x = k == -d || (k != d && down < right) ? right : down + 1
                }
                var y = x - k
                while x < n, y < m, a[oldStart + x] == b[newStart + y] {
                    x += 1
                    y += 1
                }
                frontier[i] = x
                if x >= n, y >= m {
                    frontiers.append(frontier)
                    break search
                }
            }
            frontiers.append(frontier)
            if d == min(n + m, maximumEdits) { return nil }
        }
        // Walk back through the frontiers to recover the path.
        var edits: [Edit] = []
        var x = n
        var y = m
        for d in stride(from: frontiers.count - 1, through: 0, by: -1) {
            let k = x - y
            var previousX = 0
            var previousY = 0
            var previousK = 0
            if d > 0 {
                let previous = frontiers[d - 1]
                let down = k == -d ? -1 : previous[(k - 1 + d - 1) / 2]
                let right = k == d ? -1 : previous[(k + 1 + d - 1) / 2]
                previousK = k == -d || (k != d && down < right) ? k + 1 : k - 1
                previousX = previous[(previousK + d - 1) / 2]
                previousY = previousX - previousK
            }
            while x > previousX, y > previousY {
                x -= 1
                y -= 1
                edits.append(Edit(kind: .same, oldIndex: oldStart + x, newIndex: newStart + y))
            }
            if d > 0 {
                if x == previousX {
                    y -= 1
                    edits.append(Edit(kind: .insert, oldIndex: oldStart + x, newIndex: newStart + y))
                } else {
                    x -= 1
                    edits.append(Edit(kind: .delete, oldIndex: oldStart + x, newIndex: newStart + y))
                }
            }
        }
        return edits.reversed()
    }

    /// Groups changes with their surrounding context; nearby groups merge.
    private static func hunks(_ script: [Edit], context: Int) -> [[Edit]] {
        let changed = script.indices.filter { script[$0].kind != .same }
        var groups: [ClosedRange<Int>] = []
        for index in changed {
            let lower = max(0, index - context)
            let upper = min(script.count - 1, index + context)
            if let last = groups.last, lower <= last.upperBound + 1 {
                groups[groups.count - 1] = last.lowerBound...max(last.upperBound, upper)
            } else {
                groups.append(lower...upper)
            }
        }
        return groups.map { Array(script[$0]) }
    }
}
