/// A unified diff of two texts, line by line, as `diff -u` prints it: what
/// `menuc fmt --check` shows for a file that is not formatted.
///
/// It is read by people in a terminal or a CI log, so the names and every
/// line are printed through `VisibleText` (tabs kept): a control character
/// or bidirectional override in a file shows as its escape instead of
/// acting on the terminal, and a carriage return before a line break shows
/// as `\r`.
public enum UnifiedDiff {
    /// The diff with `context` unchanged lines around each change, or the
    /// empty string when the texts are equal.
    public static func render(old: String, new: String, oldName: String, newName: String, context: Int = 3) -> String {
        let a = lines(old)
        let b = lines(new)
        let script = editScript(a, b)
        guard script.contains(where: { $0.kind != .same }) else { return "" }
        var output = "--- \(VisibleText.escaped(oldName))\n+++ \(VisibleText.escaped(newName))\n"
        for hunk in hunks(script, context: context) {
            let oldStart = hunk.first?.oldIndex ?? 0
            let newStart = hunk.first?.newIndex ?? 0
            let oldCount = hunk.filter { $0.kind != .insert }.count
            let newCount = hunk.filter { $0.kind != .delete }.count
            output += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n"
            for edit in hunk {
                switch edit.kind {
                case .same: output += " " + shown(a[edit.oldIndex]) + "\n"
                case .delete: output += "-" + shown(a[edit.oldIndex]) + "\n"
                case .insert: output += "+" + shown(b[edit.newIndex]) + "\n"
                }
            }
        }
        return output
    }

    struct Edit: Equatable {
        enum Kind { case same, delete, insert }
        var kind: Kind
        /// Position in the old lines (for an insert: where it goes).
        var oldIndex: Int
        /// Position in the new lines (for a delete: where it was).
        var newIndex: Int
    }

    /// `diff -u` numbers lines from 1 and writes an empty range as `N,0`
    /// after the line before it.
    private static func range(_ start: Int, _ count: Int) -> String {
        count == 0 ? "\(start),0" : count == 1 ? "\(start + 1)" : "\(start + 1),\(count)"
    }

    private static func shown(_ line: String) -> String { VisibleText.escaped(line, keepingTabs: true) }

    /// The lines, split at each line feed (by byte: as characters, a
    /// carriage return and line feed are one, and would not split).
    private static func lines(_ text: String) -> [String] {
        var result = text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(Substring($0)) }
        if result.last == "" { result.removeLast() }
        return result
    }

    /// The shortest edit script (Myers, O((N+M)·D)), as a list of edits.
    static func editScript(_ a: [String], _ b: [String]) -> [Edit] {
        let n = a.count
        let m = b.count
        let maximum = n + m
        var frontier = [Int](repeating: 0, count: 2 * maximum + 2)
        var trace: [[Int]] = []
        search: for d in 0...maximum {
            trace.append(frontier)
            for k in stride(from: -d, through: d, by: 2) {
                var x: Int
                if k == -d || (k != d && frontier[maximum + k - 1] < frontier[maximum + k + 1]) {
                    x = frontier[maximum + k + 1]
                } else {
                    x = frontier[maximum + k - 1] + 1
                }
                var y = x - k
                while x < n, y < m, a[x] == b[y] {
                    x += 1
                    y += 1
                }
                frontier[maximum + k] = x
                if x >= n, y >= m { break search }
            }
        }
        // Walk back through the saved frontiers to recover the path.
        var edits: [Edit] = []
        var x = n
        var y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let previous = trace[d]
            let k = x - y
            let previousK: Int
            if k == -d || (k != d && previous[maximum + k - 1] < previous[maximum + k + 1]) {
                previousK = k + 1
            } else {
                previousK = k - 1
            }
            let previousX = d == 0 ? 0 : previous[maximum + previousK]
            let previousY = previousX - previousK
            while x > previousX, y > previousY {
                x -= 1
                y -= 1
                edits.append(Edit(kind: .same, oldIndex: x, newIndex: y))
            }
            if d > 0 {
                if x == previousX {
                    y -= 1
                    edits.append(Edit(kind: .insert, oldIndex: x, newIndex: y))
                } else {
                    x -= 1
                    edits.append(Edit(kind: .delete, oldIndex: x, newIndex: y))
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
