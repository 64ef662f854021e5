import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// Line numbers of offsets that mostly come in increasing order (elements
/// in source order): each lookup moves on from the last line found, and
/// falls back to a binary search after a jump (a spliced copy, another file).
/// Gives what `SourceFile.lineIndex(of:)` gives.
struct LineCursor {
    let lineStarts: [UInt32]
    private var line = 0

    init(_ file: SourceFile) {
        lineStarts = file.lineStarts.offsets
    }

    /// The 0-based line holding `offset`, and the offset at which it starts.
    mutating func locate(_ offset: Int) -> (line: Int, start: Int) {
        lineStarts.withUnsafeBufferPointer { starts in
            var line = self.line
            if Int(starts[line]) <= offset {
                var steps = 0
                while line + 1 < starts.count, Int(starts[line + 1]) <= offset {
                    line += 1
                    steps += 1
                    if steps == 8 {
                        line = LineCursor.search(starts, offset, from: line)
                        break
                    }
                }
            } else {
                line = LineCursor.search(starts, offset, from: 0)
            }
            self.line = line
            return (line, Int(starts[line]))
        }
    }

    /// The last line starting at or before `offset`, at or after `low`.
    private static func search(_ starts: UnsafeBufferPointer<UInt32>, _ offset: Int, from low: Int) -> Int {
        var low = low
        var high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if Int(starts[mid]) <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }
}

extension OutputBuffer {
    /// Writes `"name": ` for every property name and returns where each
    /// went, by raw value: the keys both the JSON and the Swift backend copy.
    func appendPropertyKeys() -> [Range<Int>] {
        PropertyName.allCases.map { name in
            let start = count
            append(UInt8(ascii: "\""))
            appendString(name.text)
            append("\": ")
            return start..<count
        }
    }
}

/// The '/'-joined ids from a top-level declaration down to the element a
/// backend is writing: kept while descending, instead of walking up from
/// each element (`Element.path`). Identifiers need no escaping.
///
/// The bytes live in an array that only grows; the path is its first
/// `length` bytes, so leaving an element is setting a count. Through
/// `append(contentsOf:)` and `removeSubrange` the path cost about 330
/// instructions per element.
struct ElementPath {
    private var storage = [UInt8](repeating: 0, count: 256)
    private var length = 0

    /// Where to cut back to when leaving an element, and where its id starts.
    struct Mark {
        fileprivate let length: Int
        fileprivate let idStart: Int
    }

    /// Appends the element's id; hand the mark back to `leave`.
    mutating func enter(_ record: ElementRecord, of store: ModelStore) -> Mark {
        let mark = length
        store.withIDBytes(of: record) { id in
            let separator = mark > 0 ? 1 : 0
            let needed = mark + separator + id.count
            if needed > storage.count { storage += repeatElement(0, count: max(needed - storage.count, storage.count)) }
            storage.withUnsafeMutableBufferPointer { bytes in
                if separator > 0 { bytes[mark] = UInt8(ascii: "/") }
                if let source = id.baseAddress, let target = bytes.baseAddress {
                    (target + mark + separator).update(from: source, count: id.count)
                }
            }
            length = needed
        }
        return Mark(length: mark, idStart: mark + (mark > 0 ? 1 : 0))
    }

    mutating func leave(_ mark: Mark) { length = mark.length }

    mutating func reset() { length = 0 }

    /// The whole path.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        storage.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[..<length])) }
    }

    /// The id of the element entered at `mark` (the path's last component).
    func withID<Result>(at mark: Mark, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        storage.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[mark.idStart..<length])) }
    }
}

/// Ranges of a backend's cache by a store-wide key (a `TextID`, a
/// shortcut's index), -1..<-1 until set: a `GroupKeyedTable<Range<Int>>`
/// that is not generic. The Swift backend reads one for nearly every line
/// it writes, and the generic table's reads, not specialized here, looked
/// up its type's metadata each time (a sixth of the backend).
struct RangeTable {
    private var dense: [Range<Int>] = []
    private var sparse: [Int: Range<Int>] = [:]

    private static var missing: Range<Int> { -1..<(-1) }

    /// A table over keys `0..<keyCount`; `expectedKeys`: about how many
    /// the file will set (an array for all keys only when that is many).
    init(keyCount: Int, expectedKeys: Int) {
        if expectedKeys >= max(64, keyCount / 16) { dense = Array(repeating: RangeTable.missing, count: keyCount) }
    }

    subscript(key: Int) -> Range<Int> {
        get { dense.isEmpty ? sparse[key] ?? RangeTable.missing : dense[key] }
        set {
            if dense.isEmpty {
                sparse[key] = newValue
            } else {
                dense[key] = newValue
            }
        }
    }
}
