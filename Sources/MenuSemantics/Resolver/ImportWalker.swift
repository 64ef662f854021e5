import MenuSupport
import MenuSyntax

/// Walks the files one file sees: itself, then what it imports,
/// transitively, breadth first in the order the imports are written (the
/// order in which imported declarations take their names, language §9).
///
/// Files are marked with a generation number, not collected in a set made
/// for each walk, so a walk that stops early costs only what it reached:
/// the resolver walks from every file of an import group, and a chain of
/// thousands of files that each import the next is walked from each of
/// its files. The marks are kept by file, not in a table of the whole
/// workspace: a build of 20,000 files makes 20,000 walkers.
package struct ImportWalker {
    private var imports: [[ResolvedImport]] { numbering.imports }
    /// For `sees`, which most often needs no walk.
    private(set) var numbering: ImportNumbering
    /// The walk in which each file was last reached.
    private var reachedIn: [FileID: UInt32] = [:]
    private var generation: UInt32 = 0
    private var queue: [FileID] = []

    /// A walker over `imports` (by importing file's raw value).
    init(imports: [[ResolvedImport]]) {
        numbering = ImportNumbering(imports: imports)
    }

    /// A walker over the imports `numbering` numbers, with what it has numbered.
    package init(numbering: ImportNumbering) {
        self.numbering = numbering
    }

    /// Calls `visit` with `file` and then each file it sees, each once, in
    /// breadth-first import order, until `visit` returns false; files
    /// `canPass` turns away are passed over with what only they lead to.
    /// Returns whether the walk reached its end.
    @discardableResult
    package mutating func walk(from file: FileID, through canPass: (FileID) -> Bool = { _ in true }, _ visit: (FileID) -> Bool) -> Bool {
        generation &+= 1
        if generation == 0 {
            // Wrapped around after four billion walks: start the marks afresh.
            reachedIn = [:]
            generation = 1
        }
        queue.removeAll(keepingCapacity: true)
        queue.append(file)
        mark(file)
        var next = 0
        while next < queue.count {
            let current = queue[next]
            next += 1
            guard visit(current) else { return false }
            guard current.rawValue < imports.count else { continue }
            for imported in imports[current.rawValue] {
                guard let target = imported.file, !isReached(target), canPass(target) else { continue }
                mark(target)
                queue.append(target)
            }
        }
        return true
    }

    /// The files `file` sees, itself first, in walking order.
    mutating func files(seenFrom file: FileID) -> [FileID] {
        var order: [FileID] = []
        walk(from: file) { order.append($0); return true }
        return order
    }

    /// Numbers the files of the group the walker serves, so that `sees`
    /// can answer without walking (see `ImportNumbering`).
    mutating func number(group files: [FileID]) {
        numbering.number(group: files)
    }

    /// Numbers `file` and what it sees, if not yet (see `ImportNumbering`).
    mutating func number(from file: FileID) {
        numbering.number(from: file)
    }

    /// Whether `target` is `file` or a file it imports, directly or not,
    /// when the numbering says so without a walk; nil when it takes one.
    mutating func quicklySees(_ target: FileID, from file: FileID) -> Bool? {
        numbering.number(from: file)
        return numbering.answer(sees: target, from: file)
    }

    /// Whether `target` is `file` or a file it imports, directly or not.
    package mutating func sees(_ target: FileID, from file: FileID) -> Bool {
        numbering.number(from: file)
        if let known = numbering.answer(sees: target, from: file) { return known }
        // Across subtrees: walk, past files that can't lead to `target`,
        // until one has it below itself.
        let numbering = numbering
        return !walk(from: file, through: { numbering.mayLead(to: target, through: $0) }) { current in
            numbering.answer(sees: target, from: current) != true
        }
    }

    @inline(__always)
    private func isReached(_ file: FileID) -> Bool { reachedIn[file] == generation }

    @inline(__always)
    private mutating func mark(_ file: FileID) { reachedIn[file] = generation }
}
