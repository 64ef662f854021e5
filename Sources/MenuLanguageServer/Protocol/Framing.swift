import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics
import MenuRules
import MenuFormatter
import MenuCompiler

/// The base protocol's framing: each message is a header block
/// (`Content-Length: N\r\n`, optionally `Content-Type: …\r\n`) ended by an
/// empty line, followed by exactly N bytes of UTF-8 JSON.
package enum MessageFraming {
    /// Frames one message body for writing.
    package static func frame(_ body: [UInt8]) -> [UInt8] {
        Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }

    /// The largest body accepted; a bigger announced length is treated as a
    /// corrupt header rather than buffered forever.
    package static let maximumBodySize = 64 * 1024 * 1024
    /// A header block longer than this without its blank line is corrupt.
    static let maximumHeaderSize = 16 * 1024
}

/// Splits an incoming byte stream into message bodies. Pure and
/// incremental: feed it whatever `read` returned, then take frames until
/// it returns nil. It never throws: a corrupt frame becomes `.malformed`
/// (the server answers it with a protocol error) and decoding goes on.
///
/// After a corrupt header the length of what follows is unknown, so the
/// decoder **resynchronizes**: it skips to the next `Content-Length: N`
/// line, where the next message starts. A body is also watched for the header of the
/// next message: a `Content-Length: N` line is never part of JSON, so
/// finding one inside a body means the announced length was wrong (too
/// long — the body ended early); that frame is reported and decoding
/// restarts at the header, instead of swallowing every later message
/// until the announced length is reached. One bad frame costs at most
/// itself and the message it was cut into.
package struct MessageFrameDecoder: Sendable {
    package enum Frame: Equatable, Sendable {
        case message([UInt8])
        case malformed(String)
    }

    private var buffer: [UInt8] = []
    /// Bytes before this index have been consumed.
    private var start = 0
    /// Where the search for the header terminator resumes, so bytes that
    /// trickle in one at a time are not rescanned from the start each time.
    private var scanFrom = 0
    /// The body length of a header already read, while its body arrives.
    private var pendingLength: Int?
    /// How far into the pending body the watch for a header got.
    private var bodyScanned = 0
    /// After a corrupt header: skipping to the next `Content-Length` line.
    private var resynchronizing = false
    /// A corrupt frame was reported and no message has been read since.
    private var reportedJunk = false
    /// How many bytes the searches for a header's end went through, in all:
    /// what shows (in tests) that no byte is searched over and over.
    private(set) var bytesSearchedForHeaderEnds = 0

    package init() {}

    package mutating func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// Bytes received but not yet returned as a frame.
    package var bufferedCount: Int { buffer.count - start }

    /// The next frame, or nil until more bytes arrive. One run of junk is
    /// one `.malformed` frame, however many corrupt headers it holds: the
    /// client gets one error for it, not one per line.
    package mutating func next() -> Frame? {
        while let frame = decode() {
            switch frame {
            case .message:
                reportedJunk = false
                return frame
            case .malformed:
                if reportedJunk { continue }
                reportedJunk = true
                return frame
            }
        }
        return nil
    }

    private mutating func decode() -> Frame? {
        if resynchronizing {
            guard resynchronize() else { return nil }
        }
        if let length = pendingLength {
            return nextBody(length: length)
        }
        guard let terminator = findHeaderTerminator() else {
            guard buffer.count - start > MessageFraming.maximumHeaderSize else { return nil }
            // Skip at least one byte, so the next header found is a later one.
            consume(1)
            resynchronizing = true
            return .malformed("no end of header within \(MessageFraming.maximumHeaderSize) bytes")
        }
        let header = Array(buffer[start..<terminator.headerEnd])
        switch MessageFrameDecoder.contentLength(in: header) {
        case .success(let length):
            consume(terminator.bodyStart - start)
            pendingLength = length
            bodyScanned = 0
            return decode()
        case .failure(let problem):
            // A block that starts like a header is one, and its own lines are
            // skipped. One that doesn't is the tail of a body whose length was
            // too short, with the next message's header glued to it: the
            // search starts inside it.
            consume(MessageFrameDecoder.startsWithField(header) ? terminator.bodyStart - start : 1)
            resynchronizing = true
            return .malformed(problem.message)
        }
    }

    /// Whether a header block starts with `Name:` (a token, then a colon).
    private static func startsWithField(_ header: [UInt8]) -> Bool {
        var index = 0
        while index < header.count, isTokenCharacter(header[index]) { index += 1 }
        return index > 0 && index < header.count && header[index] == UInt8(ascii: ":")
    }

    /// RFC 9110's `tchar`: what a header field's name is made of.
    private static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    /// The pending body once all of it is here, or `.malformed` when the
    /// next message's header turns up inside it.
    private mutating func nextBody(length: Int) -> Frame? {
        let available = min(buffer.count - start, length)
        switch findHeaderLine(from: start + bodyScanned, below: start + available) {
        case .header(let index):
            consume(index - start)
            pendingLength = nil
            return .malformed("Content-Length \(length), but the next message began after \(index - start) bytes")
        case .undecided(let index):
            bodyScanned = index - start
            return nil
        case .none:
            bodyScanned = available
        }
        guard available == length else { return nil }
        let body = Array(buffer[start..<(start + length)])
        consume(length)
        pendingLength = nil
        return .message(body)
    }

    // MARK: - Finding the next header

    private static let headerName = Array("content-length".utf8)

    /// Where a search for the next header line stopped.
    private enum Search {
        /// A header line starts at this index.
        case header(Int)
        /// What may be one starts at this index but runs past the bytes
        /// received: wait for more (no JSON ends that way, so a body that
        /// looks complete waits too).
        case undecided(Int)
        case none
    }

    /// The first whole `Content-Length: N` line, raw line break included,
    /// starting in `buffer[from..<end]` (it may run past `end`). No JSON
    /// holds such a line — outside strings the word is not JSON, inside them
    /// a raw line break is not — so one inside a body is the next message's
    /// header, even in a body cut off inside a string. Each candidate is
    /// decided from a few bytes, so a search is linear however many bare
    /// `content-length` words stand in its way.
    private func findHeaderLine(from: Int, below end: Int) -> Search {
        let firstLetter = MessageFrameDecoder.headerName[0]
        return buffer.withUnsafeBufferPointer { bytes -> Search in
            var index = from
            while index < end {
                if bytes[index].asciiLowercased == firstLetter {
                    switch MessageFrameDecoder.headerLine(at: index, in: bytes) {
                    case true?: return .header(index)
                    case false?: break
                    case nil: return .undecided(index)
                    }
                }
                index += 1
            }
            return .none
        }
    }

    /// Whether `Content-Length: N` and a line break start at `index`; nil
    /// when the bytes end before that is known. Blanks and digits are
    /// limited, so the lookahead is too.
    private static func headerLine(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        for (offset, expected) in headerName.enumerated() {
            guard index + offset < bytes.count else { return nil }
            guard bytes[index + offset].asciiLowercased == expected else { return false }
        }
        var position = index + headerName.count
        var blanks = 0
        var colon = false
        var digits = 0
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case 0x20, 0x09:
                blanks += 1
                guard blanks <= 16 else { return false }
            case UInt8(ascii: ":"):
                guard !colon, digits == 0 else { return false }
                colon = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits += 1
                guard colon, digits <= 18 else { return false }
            case 0x0D, 0x0A:
                return colon && digits > 0
            default:
                return false
            }
            position += 1
        }
        return nil
    }

    /// Skips to the next header line; true once there. What is skipped is
    /// dropped as it is scanned, so memory stays bounded.
    private mutating func resynchronize() -> Bool {
        switch findHeaderLine(from: start, below: buffer.count) {
        case .header(let index):
            consume(index - start)
            resynchronizing = false
            return true
        case .undecided(let index):
            consume(index - start)
            return false
        case .none:
            consume(buffer.count - start)
            return false
        }
    }

    // MARK: - Headers

    private struct Terminator {
        var headerEnd: Int
        var bodyStart: Int
    }

    /// Finds `\r\n\r\n` (or a bare `\n\n`, which some hand-written clients
    /// send) within the largest header allowed.
    private mutating func findHeaderTerminator() -> Terminator? {
        var index = max(start, scanFrom)
        let limit = min(buffer.count, start + MessageFraming.maximumHeaderSize)
        bytesSearchedForHeaderEnds += max(0, limit - index)
        while index < limit {
            if buffer[index] == 0x0A {
                if index + 1 < buffer.count, buffer[index + 1] == 0x0A {
                    return Terminator(headerEnd: index, bodyStart: index + 2)
                }
                if index + 2 < buffer.count, buffer[index + 1] == 0x0D, buffer[index + 2] == 0x0A {
                    return Terminator(headerEnd: index, bodyStart: index + 3)
                }
            }
            index += 1
        }
        // The last two bytes may be the start of a terminator still arriving.
        scanFrom = max(start, limit - 2)
        return nil
    }

    private mutating func consume(_ count: Int) {
        start += count
        // No header ends before `scanFrom` (the search got there without
        // finding one), however far `start` moves inside what was searched:
        // skipping a corrupt header one byte at a time never searches the
        // same bytes again.
        scanFrom = max(scanFrom, start)
        // Compact once the consumed prefix dominates, so memory stays bounded.
        if start > 65_536, start * 2 > buffer.count {
            buffer.removeFirst(start)
            scanFrom -= start
            start = 0
        }
    }

    struct HeaderProblem: Error, Equatable {
        var message: String
    }

    /// The Content-Length of a header block, read from bytes with plain
    /// loops: every message passes through here.
    static func contentLength(in header: [UInt8]) -> Result<Int, HeaderProblem> {
        var length: Int?
        let name = headerName
        var lineStart = 0
        while lineStart < header.count {
            var lineEnd = lineStart
            while lineEnd < header.count, header[lineEnd] != 0x0A { lineEnd += 1 }
            defer { lineStart = lineEnd + 1 }
            var end = lineEnd
            if end > lineStart, header[end - 1] == 0x0D { end -= 1 }
            if end == lineStart { continue }
            var colon = lineStart
            while colon < end, header[colon] != UInt8(ascii: ":") { colon += 1 }
            guard colon < end else {
                return .failure(HeaderProblem(message: "header line without ':': \(shown(header[lineStart..<end]))"))
            }
            var fieldStart = lineStart
            var fieldEnd = colon
            while fieldStart < fieldEnd, header[fieldStart] == 0x20 || header[fieldStart] == 0x09 { fieldStart += 1 }
            while fieldEnd > fieldStart, header[fieldEnd - 1] == 0x20 || header[fieldEnd - 1] == 0x09 { fieldEnd -= 1 }
            guard fieldEnd - fieldStart == name.count else { continue }
            var matches = true
            for index in 0..<name.count where header[fieldStart + index].asciiLowercased != name[index] {
                matches = false
                break
            }
            guard matches else { continue }
            guard length == nil else { return .failure(HeaderProblem(message: "Content-Length given twice")) }
            var value = 0
            var digits = 0
            for index in (colon + 1)..<end {
                let byte = header[index]
                if byte == 0x20 || byte == 0x09 { continue }
                guard byte >= 0x30, byte <= 0x39, digits < 18 else {
                    return .failure(HeaderProblem(message: "Content-Length is not a number: \(shown(header[(colon + 1)..<end]))"))
                }
                value = value * 10 + Int(byte - 0x30)
                digits += 1
            }
            guard digits > 0 else { return .failure(HeaderProblem(message: "Content-Length has no value")) }
            guard value <= MessageFraming.maximumBodySize else {
                return .failure(HeaderProblem(message: "Content-Length \(value) is larger than \(MessageFraming.maximumBodySize)"))
            }
            length = value
        }
        guard let length else { return .failure(HeaderProblem(message: "header has no Content-Length")) }
        return .success(length)
    }

    /// Header text for a message: at most 60 bytes, printable ASCII, the
    /// rest as `\u{…}` (the client's log shows it).
    private static func shown(_ bytes: ArraySlice<UInt8>) -> String {
        var text = ""
        for byte in bytes.prefix(60) {
            if byte >= 0x20, byte < 0x7F {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                text += InvisibleCharacters.unicodeEscape(Unicode.Scalar(byte))
            }
        }
        return bytes.count > 60 ? text + "…" : text
    }
}
