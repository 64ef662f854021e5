/// Keeps the first diagnostics of each file, in the order they are shown,
/// and counts the rest: what a stage that may report a flood (100,000
/// unknown properties) holds instead of every diagnostic in full.
///
/// Reports arrive out of source order (a menu is built where it is first
/// spliced, imported files along the way), so the ones kept are the
/// `limit` first by position, not the first reported; `Compiler` shows
/// at most `maximumDiagnosticsPerFile` of a file and summarizes the rest,
/// and a keeper that holds one more than that gives it everything it shows.
struct DiagnosticKeeper {
    private let limit: Int
    /// Kept, by file, in the order reported (until the file fills up).
    private var keptByFile: [FileID: [Diagnostic]] = [:]
    /// Files in the order their first diagnostic came.
    private var files: [FileID] = []
    private var keptSet = Set<Diagnostic>()
    /// Hashes of the diagnostics let go, by file: equal reports count once,
    /// as `Compiler.sortAndDeduplicate` counts them.
    private var dropped: [FileID: Set<Int>] = [:]
    private var droppedSeverity: [FileID: Severity] = [:]

    init(limit: Int) {
        self.limit = max(limit, 1)
    }

    /// The diagnostics kept, file by file.
    var kept: [Diagnostic] { files.flatMap { keptByFile[$0] ?? [] } }

    mutating func add(_ diagnostic: Diagnostic) {
        guard !keptSet.contains(diagnostic) else { return }
        let file = diagnostic.span.file
        let count = keptByFile[file]?.count ?? 0
        if count < limit {
            if count == 0 { files.append(file) }
            keptByFile[file, default: []].append(diagnostic)
            keptSet.insert(diagnostic)
            return
        }
        // Full: the last of the file's kept ones in showing order makes way
        // for one that comes before it.
        guard let (last, evicted) = lastShown(in: file), DiagnosticKeeper.showsBefore(diagnostic, evicted) else {
            letGo(diagnostic)
            return
        }
        keptByFile[file]?[last] = diagnostic
        keptSet.remove(evicted)
        keptSet.insert(diagnostic)
        letGo(evicted)
    }

    /// The file's kept diagnostic shown last, and where it is.
    private func lastShown(in file: FileID) -> (Int, Diagnostic)? {
        guard let mine = keptByFile[file],
              let last = mine.indices.max(by: { DiagnosticKeeper.showsBefore(mine[$0], mine[$1]) }) else { return nil }
        return (last, mine[last])
    }

    /// How many of each file's diagnostics were let go, and the worst of them.
    var suppressed: [FileID: (count: Int, severity: Severity)] {
        var result: [FileID: (count: Int, severity: Severity)] = [:]
        for (file, hashes) in dropped {
            result[file] = (hashes.count, droppedSeverity[file] ?? .error)
        }
        return result
    }

    private mutating func letGo(_ diagnostic: Diagnostic) {
        let file = diagnostic.span.file
        dropped[file, default: []].insert(diagnostic.hashValue)
        droppedSeverity[file] = max(droppedSeverity[file] ?? diagnostic.severity, diagnostic.severity)
    }

    /// The order `Compiler.sortAndDeduplicate` shows a file's diagnostics in.
    static func showsBefore(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
        if a.span.start != b.span.start { return a.span.start < b.span.start }
        if a.span.end != b.span.end { return a.span.end < b.span.end }
        if a.id != b.id { return a.id < b.id }
        return a.message < b.message
    }
}
