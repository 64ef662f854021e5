import MenuSupport
import MenuSyntax

/// Answers "does file F see file T?" (T is F or imported by it, directly
/// or not) mostly without walking, from a depth-first numbering of the
/// import graph.
///
/// Asked by a walk, the question costs what lies between the two files:
/// in a chain of 10,000 files that each open a view of the last one, every
/// file's reference walked the rest of the chain (5.5 s to resolve, and
/// 15 s for the Markdown pages of 2,000 such files). Numbered, it is two
/// comparisons:
///
/// - each file gets the time a depth-first search entered and left it;
///   T entered and left within F's interval is below F in the search's
///   tree, so F sees it;
/// - without cycles, a file F sees is left before F is, so T left after
///   F is not seen.
///
/// What is left (T reached from F only across the tree, or a graph with a
/// cycle, which is an `import-failed` error but still resolved) is walked
/// (`ImportWalker.sees`), past files left before T, which can't lead to it.
/// Files are numbered on first use, from the file asked about, so a group
/// numbers only its own files.
package struct ImportNumbering: Sendable {
    /// When the search entered and left a file; `left == inProgress` while
    /// the file is on the search's path.
    private struct Interval: Sendable {
        var entered: UInt32
        var left: UInt32
    }

    private static let inProgress = UInt32.max

    let imports: [[ResolvedImport]]
    private var intervals: [FileID: Interval] = [:]
    private var clock: UInt32 = 0
    /// Whether some search met a file on its own path: the numbered part of
    /// the graph has a cycle, and leaving order says nothing.
    private(set) var hasCycle = false

    /// A numbering of `imports` (by importing file's raw value); nothing is
    /// numbered yet.
    package init(imports: [[ResolvedImport]]) {
        self.imports = imports
    }

    /// Numbers a group's files, starting from those no file of the group
    /// imports: a search from the top of a chain holds the whole chain in
    /// its tree, where one from its middle would leave the upper part to
    /// cross over by walking.
    package mutating func number(group files: [FileID]) {
        var imported = Set<FileID>()
        for file in files where file.rawValue < imports.count {
            for edge in imports[file.rawValue] { if let target = edge.file { imported.insert(target) } }
        }
        for file in files where !imported.contains(file) { number(from: file) }
        // Files on a cycle are all imported by one another.
        for file in files { number(from: file) }
    }

    /// Numbers `file` and every file it sees that isn't numbered yet.
    /// Iterative: a chain of 100,000 imports can't exhaust the stack.
    mutating func number(from file: FileID) {
        guard intervals[file] == nil else { return }
        var path: [(file: FileID, next: Int)] = [(file, 0)]
        let start = tick()
        intervals[file] = Interval(entered: start, left: Self.inProgress)
        while let top = path.last {
            let edges = top.file.rawValue < imports.count ? imports[top.file.rawValue] : []
            guard top.next < edges.count else {
                let now = tick()
                intervals[top.file]?.left = now
                path.removeLast()
                continue
            }
            path[path.count - 1].next += 1
            guard let target = edges[top.next].file else { continue }
            if let known = intervals[target] {
                if known.left == Self.inProgress { hasCycle = true }
                continue
            }
            let now = tick()
            intervals[target] = Interval(entered: now, left: Self.inProgress)
            path.append((target, 0))
        }
    }

    /// Whether `file` sees `target`, when the numbering alone says so; nil
    /// when it takes a walk (which `mayLead(to:through:)` prunes). Both files
    /// must be numbered (`number(from: file)` numbers both if `file` sees `target`).
    func answer(sees target: FileID, from file: FileID) -> Bool? {
        if target == file { return true }
        // Numbering `file` numbered everything it sees.
        guard let to = intervals[target], let from = intervals[file] else { return false }
        if from.entered < to.entered && to.left < from.left { return true }
        if !hasCycle && to.left > from.left { return false }
        return nil
    }

    /// Whether a walk toward `target` should go on through `file`: without
    /// cycles, a file left before `target` was can't lead to it.
    func mayLead(to target: FileID, through file: FileID) -> Bool {
        guard !hasCycle, let to = intervals[target], let through = intervals[file] else { return true }
        return through.left >= to.left
    }

    private mutating func tick() -> UInt32 {
        clock += 1
        return clock
    }
}
