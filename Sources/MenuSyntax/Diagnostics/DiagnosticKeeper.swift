import MenuSupport

/// Keeps the first errors of each file, in the order they are shown, and
/// counts the rest (see `UnlistedErrors`): what a stage that may report a
/// flood (100,000 unknown properties) holds instead of every error in full.
///
/// Reports arrive out of source order (a menu is built where it is first
/// spliced, imported files along the way), so the ones kept are the
/// `limit` first by position, not the first reported. Each file's are a
/// heap with the one shown last on top: a report after it is counted at
/// once, and one before it takes its place in a few steps, whatever the
/// order of a million reports.
package struct DiagnosticKeeper {
    private let limit: Int
    /// Kept, by file, as a heap on `showsBefore` (the one shown last first).
    private var keptByFile: [FileID: [Diagnostic]] = [:]
    /// Files in the order their first diagnostic came.
    private var files: [FileID] = []
    private var unlistedByFile: [FileID: UnlistedErrors] = [:]

    package init(limit: Int = DiagnosticLimits.errorsPerFile) {
        self.limit = max(limit, 1)
    }

    /// The diagnostics kept, file by file.
    package var kept: [Diagnostic] { files.flatMap { keptByFile[$0] ?? [] } }

    /// Per file, the errors counted and not kept.
    package var unlisted: [FileID: UnlistedErrors] { unlistedByFile }

    package mutating func add(_ diagnostic: Diagnostic) {
        let file = diagnostic.span.file
        guard var heap = keptByFile[file] else {
            files.append(file)
            keptByFile[file] = [diagnostic]
            return
        }
        if heap.count < limit {
            // Repeats are kept once, as `Compiler.sortAndDeduplicate` shows them.
            guard !heap.contains(diagnostic) else { return }
            keptByFile[file] = nil
            heap.append(diagnostic)
            DiagnosticKeeper.siftUp(&heap, from: heap.count - 1)
            keptByFile[file] = heap
            return
        }
        // Full: the one shown last makes way for one shown before it.
        guard DiagnosticKeeper.showsBefore(diagnostic, heap[0]) else {
            if diagnostic.span != heap[0].span || diagnostic != heap[0] { unlistedByFile[file].add(diagnostic.span) }
            return
        }
        guard !heap.contains(diagnostic) else { return }
        keptByFile[file] = nil
        unlistedByFile[file].add(heap[0].span)
        heap[0] = diagnostic
        DiagnosticKeeper.siftDown(&heap, from: 0)
        keptByFile[file] = heap
    }

    /// Counts an error at `span` without it being made when it could not
    /// be kept: its file is full and it starts after every error kept.
    /// Returns whether it did; if not, the caller reports it in full.
    package mutating func countsWithoutKeeping(at span: Span) -> Bool {
        guard let heap = keptByFile[span.file], heap.count >= limit, span.start > heap[0].span.start else { return false }
        unlistedByFile[span.file].add(span)
        return true
    }

    private static func siftUp(_ heap: inout [Diagnostic], from start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard showsBefore(heap[parent], heap[child]) else { return }
            heap.swapAt(parent, child)
            child = parent
        }
    }

    private static func siftDown(_ heap: inout [Diagnostic], from start: Int) {
        var parent = start
        while true {
            var last = parent
            let left = 2 * parent + 1
            let right = left + 1
            if left < heap.count, showsBefore(heap[last], heap[left]) { last = left }
            if right < heap.count, showsBefore(heap[last], heap[right]) { last = right }
            guard last != parent else { return }
            heap.swapAt(parent, last)
            parent = last
        }
    }

    /// The order `Compiler.sortAndDeduplicate` shows a file's diagnostics in.
    package static func showsBefore(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
        if a.span.start != b.span.start { return a.span.start < b.span.start }
        if a.span.end != b.span.end { return a.span.end < b.span.end }
        if a.id != b.id { return a.id < b.id }
        return a.message < b.message
    }
}
