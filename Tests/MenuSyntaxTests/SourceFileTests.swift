import Testing
@testable import MenuSupport
@testable import MenuSyntax
import MenuTestSupport

struct SourceFileTests {
    /// Positions on long lines start counting from a column mark; they must
    /// be what counting from the line's start gives, whatever the bytes:
    /// ASCII, two-, three- and four-byte characters (two UTF-16 units),
    /// stray continuation bytes and truncated sequences, around the marks.
    @Test(arguments: [1, 2, 3])
    func positionsOnLongLinesAreCountedAsFromTheLineStart(seed: UInt64) {
        var generator = SeededGenerator(state: seed)
        let pieces: [[UInt8]] = [
            Array("a".utf8), Array("item".utf8), Array("é".utf8), Array("…".utf8), Array("😀".utf8),
            [0x80], [0xE2, 0x80], [0xF0], [0x0D], Array(" ".utf8),
        ]
        var bytes: [UInt8] = []
        // Lines of every length around the stride: short, just past, and very long.
        for lineLength in [10, SourceFile.columnMarkStride - 1, SourceFile.columnMarkStride + 1, 20_000, 3, 70_000] {
            let lineStart = bytes.count
            while bytes.count - lineStart < lineLength {
                bytes += pieces[Int(generator.next() % UInt64(pieces.count))]
            }
            bytes.append(0x0A)
        }
        bytes += Array(repeating: UInt8(ascii: "x"), count: 1_000)  // a last line without a newline
        let file = SourceFile(id: FileID(0), displayPath: "long.menu", absolutePath: "", bytes: bytes)

        for _ in 0..<3_000 {
            let offset = Int(generator.next() % UInt64(bytes.count + 1))
            let line = file.lineIndex(of: offset)
            let expected = file.utf16Length(from: file.lineStarts[line], to: offset)
            let position = file.position(of: offset)
            #expect(position.line == line + 1)
            #expect(position.utf16Column == expected + 1, "offset \(offset) on line \(line)")
            // And back: the offset of that column is where counting from the start stops.
            let column = Int(generator.next() % UInt64(expected + 3))
            #expect(file.offset(line: line, utf16Column: column) == Self.naiveOffset(file, line: line, utf16Column: column),
                    "column \(column) on line \(line)")
        }
    }

    /// `offset(line:utf16Column:)` as it was before column marks.
    static func naiveOffset(_ file: SourceFile, line: Int, utf16Column: Int) -> Int {
        let range = file.lineRange(line)
        var index = range.lowerBound
        var units = 0
        while index < range.upperBound, units < utf16Column {
            let width = SourceFile.sequenceWidth(leadByte: file.bytes[index])
            units += width == 4 ? 2 : 1
            index += width
        }
        return min(index, range.upperBound)
    }
}
