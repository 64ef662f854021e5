import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics
import MenuRules
import MenuFormatter
import MenuCompiler

/// `textDocument/rangeFormatting`: the whole file is formatted, as
/// `textDocument/formatting` does, and of the line-by-line differences
/// between the two texts only those touching the selected lines are sent.
/// Each is a whole run of changed lines replaced by their formatted
/// text, so the lines it changes read exactly as full formatting writes
/// them, and lines outside the selection stay as they are.
///
/// A difference is found line by line (`UnifiedDiff.editScript`); past its
/// bound on changed lines, the changed middle is one difference, sent
/// whole when the selection touches it.
enum RangeFormattingFeature {
    static func format(_ document: DocumentContext, range: LSPRange, with formatter: any DocumentFormatting,
                       options: FormattingFeature.Options) -> JSON {
        switch formatter.format(document.source) {
        case .success(let formatted):
            let target = FormattingFeature.adapted(Array(formatted.utf8), to: document.source.bytes, options: options)
            return edits(from: document.source, to: target, touching: document.source.byteRange(of: range)).json
        case .failure:
            // As for whole-file formatting: a file with syntax errors is left alone.
            return .null
        }
    }

    /// A run of changed lines: old lines `old` become new lines `new`.
    struct Hunk: Equatable {
        var old: Range<Int>
        var new: Range<Int>
    }

    static func edits(from file: SourceFile, to target: [UInt8], touching selection: Range<Int>) -> [LSPTextEdit] {
        let oldLines = lines(file.bytes)
        let newLines = lines(target)
        let firstLine = lineIndex(of: selection.lowerBound, in: oldLines)
        // A selection ending at the start of a line doesn't take that line.
        var lastLine = lineIndex(of: selection.upperBound, in: oldLines)
        if lastLine > firstLine, lastLine < oldLines.count, oldLines[lastLine].lowerBound == selection.upperBound { lastLine -= 1 }
        func start(_ index: Int, _ lines: [Range<Int>], _ count: Int) -> Int { index < lines.count ? lines[index].lowerBound : count }
        return hunks(old: oldLines.map { file.bytes[$0] }, new: newLines.map { target[$0] }).compactMap { hunk in
            let touches = hunk.old.isEmpty
                ? (firstLine...(lastLine + 1)).contains(hunk.old.lowerBound)
                : hunk.old.lowerBound <= lastLine && hunk.old.upperBound > firstLine
            guard touches else { return nil }
            let replaced = start(hunk.old.lowerBound, oldLines, file.bytes.count)..<start(hunk.old.upperBound, oldLines, file.bytes.count)
            let text = target[start(hunk.new.lowerBound, newLines, target.count)..<start(hunk.new.upperBound, newLines, target.count)]
            return LSPTextEdit(range: file.lspRange(replaced), newText: String(decoding: text, as: UTF8.self))
        }
    }

    /// The runs of changed lines, in order.
    static func hunks(old: [ArraySlice<UInt8>], new: [ArraySlice<UInt8>]) -> [Hunk] {
        var result: [Hunk] = []
        var oldIndex = 0
        var newIndex = 0
        var open: (old: Int, new: Int)?
        for edit in UnifiedDiff.editScript(old, new) {
            switch edit.kind {
            case .same:
                if let start = open { result.append(Hunk(old: start.old..<oldIndex, new: start.new..<newIndex)) }
                open = nil
                oldIndex += 1
                newIndex += 1
            case .delete:
                if open == nil { open = (oldIndex, newIndex) }
                oldIndex += 1
            case .insert:
                if open == nil { open = (oldIndex, newIndex) }
                newIndex += 1
            }
        }
        if let start = open { result.append(Hunk(old: start.old..<oldIndex, new: start.new..<newIndex)) }
        return result
    }

    /// Each line's bytes with its line feed (the last may have none).
    static func lines(_ bytes: [UInt8]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            result.append(start..<(index + 1))
            start = index + 1
        }
        if start < bytes.count { result.append(start..<bytes.count) }
        return result
    }

    /// The line holding a byte offset (the end of the text: one past the last line).
    private static func lineIndex(of offset: Int, in lines: [Range<Int>]) -> Int {
        var low = 0
        var high = lines.count
        while low < high {
            let middle = (low + high) / 2
            if lines[middle].upperBound <= offset { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
