import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics
import MenuRules
import MenuFormatter
import MenuCompiler

/// An editor buffer the client has opened: its text is the truth, whatever
/// is on disk.
package struct TextDocument: Sendable, Equatable {
    package var uri: String
    package var version: Int
    package var bytes: [UInt8]
    /// The standardized path of a `file:` URI (nil for `untitled:` and others).
    package var path: String?

    package var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// One entry of `didChange`'s `contentChanges`: with a range it replaces
/// that range (incremental sync); without one it replaces everything.
package struct ContentChange: Sendable, Equatable {
    package var range: LSPRange?
    package var text: String

    package init(range: LSPRange?, text: String) {
        self.range = range
        self.text = text
    }

    init(json: JSON) throws {
        guard let text = json["text"]?.string else { throw ResponseError.invalidParams("a content change needs 'text'") }
        self.text = text
        self.range = try json["range"].flatMap { $0.isNull ? nil : try LSPRange(json: $0) }
    }
}

/// The open documents, keyed by the URI the client uses for them.
///
/// `generation` changes whenever any text changes, so analyses computed
/// from the store can be cached until the next edit.
package struct DocumentStore: Sendable {
    package private(set) var documents: [String: TextDocument] = [:]
    package private(set) var generation = 0

    package init() {}

    package subscript(uri: String) -> TextDocument? { documents[uri] }

    /// Open documents in URI order (deterministic iteration).
    package var ordered: [TextDocument] { documents.keys.sorted().compactMap { documents[$0] } }

    package mutating func open(uri: String, text: String, version: Int) {
        let path = DocumentURI.path(of: uri).map { Workspace.standardize($0, relativeTo: "/") }
        documents[uri] = TextDocument(uri: uri, version: version, bytes: Array(text.utf8), path: path)
        generation += 1
    }

    package mutating func close(uri: String) {
        documents[uri] = nil
        generation += 1
    }

    /// Applies changes in order: each range refers to the text as left by
    /// the change before it, as the protocol specifies.
    package mutating func change(uri: String, version: Int?, changes: [ContentChange]) throws {
        guard var document = documents[uri] else {
            throw ResponseError.invalidParams("\(uri) is not open")
        }
        for change in changes {
            document.bytes = DocumentStore.apply(change, to: document.bytes)
        }
        if let version { document.version = version }
        documents[uri] = document
        generation += 1
    }

    /// Marks the store changed without a text change (a save, or files
    /// changed on disk), so analyses that read the disk are redone.
    package mutating func invalidate() {
        generation += 1
    }

    /// The text after one change. Positions are UTF-16 based and clamped to
    /// the document, so an out-of-range edit from a confused client lands at
    /// the nearest valid place instead of failing.
    ///
    /// An edit may start or end between the two UTF-16 halves of a
    /// character outside the Basic Multilingual Plane (an emoji): the
    /// editor then holds a lone surrogate. Here that character becomes two
    /// U+FFFD first — one UTF-16 unit each, as each half is — so the edit
    /// lands where the editor made it and every later position still
    /// agrees. (A lone surrogate sent in the text itself arrives as U+FFFD:
    /// see `JSONParser`.)
    package static func apply(_ change: ContentChange, to bytes: [UInt8]) -> [UInt8] {
        guard let range = change.range else { return Array(change.text.utf8) }
        var bytes = bytes
        var file = SourceFile(id: FileID(0), displayPath: "", absolutePath: "", bytes: bytes)
        let split = Set([range.start, range.end].compactMap { pairStart(around: $0, in: file) })
        if !split.isEmpty {
            for start in split.sorted(by: >) {
                bytes.replaceSubrange(start..<(start + 4), with: replacementPair)
            }
            file = SourceFile(id: FileID(0), displayPath: "", absolutePath: "", bytes: bytes)
        }
        let replaced = file.byteRange(of: range)
        bytes.replaceSubrange(replaced, with: Array(change.text.utf8))
        return bytes
    }

    /// U+FFFD twice, in UTF-8.
    private static let replacementPair: [UInt8] = [0xEF, 0xBF, 0xBD, 0xEF, 0xBF, 0xBD]

    /// The byte offset of the four-byte character whose two UTF-16 halves
    /// `position` falls between, if it does.
    private static func pairStart(around position: LSPPosition, in file: SourceFile) -> Int? {
        guard position.character > 0 else { return nil }
        // Inside a pair, the column rounds up to the character's end, and
        // one unit less lands on its start: four bytes apart.
        let after = file.offset(of: position)
        let before = file.offset(of: LSPPosition(line: position.line, character: position.character - 1))
        guard after - before == 4, SourceFile.sequenceWidth(leadByte: file.bytes[before]) == 4 else { return nil }
        return before
    }
}
