/// Applies fix-its to source text: edits in one pass, from the end of the
/// file backwards, skipping any edit that overlaps one already taken (the
/// next `--fix` run picks it up after re-checking). Text outside the edit
/// ranges is never touched.
package enum FixApplier {
    package struct Result: Sendable {
        package var bytes: [UInt8]
        package var applied: Int
        package var skipped: Int
    }

    package static func apply(_ fixIts: [FixIt], to bytes: [UInt8], file: FileID) -> Result {
        // A fix-it's edits go together: all of them, or none.
        var accepted: [TextEdit] = []
        var skipped = 0
        var applied = 0
        let ordered = fixIts.sorted { ($0.edits.map(\.span.start).min() ?? 0) < ($1.edits.map(\.span.start).min() ?? 0) }
        for fixIt in ordered {
            let edits = fixIt.edits.filter { $0.span.file == file }
            guard !edits.isEmpty, edits.count == fixIt.edits.count else { skipped += 1; continue }
            let clashes = edits.contains { edit in
                edit.span.end > bytes.count || accepted.contains { overlaps($0.span, edit.span) }
            }
            if clashes { skipped += 1; continue }
            accepted += edits
            applied += 1
        }
        var output = bytes
        for edit in accepted.sorted(by: { $0.span.start > $1.span.start }) {
            output.replaceSubrange(edit.span.start..<edit.span.end, with: Array(edit.replacement.utf8))
        }
        return Result(bytes: output, applied: applied, skipped: skipped)
    }

    /// Two ranges overlap, or are both insertions at the same point.
    static func overlaps(_ a: Span, _ b: Span) -> Bool {
        if a.start == b.start { return true }
        return a.start < b.end && b.start < a.end
    }
}
