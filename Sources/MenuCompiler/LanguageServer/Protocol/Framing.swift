/// The base protocol's framing: each message is a header block
/// (`Content-Length: N\r\n`, optionally `Content-Type: …\r\n`) ended by an
/// empty line, followed by exactly N bytes of UTF-8 JSON.
public enum MessageFraming {
    /// Frames one message body for writing.
    public static func frame(_ body: [UInt8]) -> [UInt8] {
        Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }

    /// The largest body accepted; a bigger announced length is treated as a
    /// corrupt header rather than buffered forever.
    public static let maximumBodySize = 64 * 1024 * 1024
    /// A header block longer than this without its blank line is corrupt.
    static let maximumHeaderSize = 16 * 1024
}

/// Splits an incoming byte stream into message bodies. Pure and
/// incremental: feed it whatever `read` returned, then take frames until
/// it returns nil. It never throws: a corrupt header becomes `.malformed`
/// (the server answers it with a protocol error) and decoding goes on with
/// the bytes after it.
public struct MessageFrameDecoder: Sendable {
    public enum Frame: Equatable, Sendable {
        case message([UInt8])
        case malformed(String)
    }

    private var buffer: [UInt8] = []
    /// Bytes before this index have been consumed.
    private var start = 0
    /// Where the search for the header terminator resumes, so a header that
    /// trickles in byte by byte is not rescanned from its start each time.
    private var scanFrom = 0
    /// The body length of a header already read, while its body arrives.
    private var pendingLength: Int?

    public init() {}

    public mutating func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// Bytes received but not yet returned as a frame.
    public var bufferedCount: Int { buffer.count - start }

    public mutating func next() -> Frame? {
        if let length = pendingLength {
            guard buffer.count - start >= length else { return nil }
            let body = Array(buffer[start..<(start + length)])
            consume(length)
            pendingLength = nil
            return .message(body)
        }
        guard let terminator = findHeaderTerminator() else {
            if buffer.count - start > MessageFraming.maximumHeaderSize {
                let dropped = buffer.count - start
                consume(dropped)
                return .malformed("no end of header within \(dropped) bytes")
            }
            return nil
        }
        let header = Array(buffer[start..<terminator.headerEnd])
        consume(terminator.bodyStart - start)
        switch MessageFrameDecoder.contentLength(in: header) {
        case .success(let length):
            pendingLength = length
            return next()
        case .failure(let problem):
            return .malformed(problem.message)
        }
    }

    private struct Terminator {
        var headerEnd: Int
        var bodyStart: Int
    }

    /// Finds `\r\n\r\n` (or a bare `\n\n`, which some hand-written clients send).
    private mutating func findHeaderTerminator() -> Terminator? {
        var index = max(start, scanFrom)
        while index < buffer.count {
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
        scanFrom = max(start, buffer.count - 2)
        return nil
    }

    private mutating func consume(_ count: Int) {
        start += count
        scanFrom = start
        // Compact once the consumed prefix dominates, so memory stays bounded.
        if start > 65_536, start * 2 > buffer.count {
            buffer.removeFirst(start)
            start = 0
            scanFrom = 0
        }
    }

    struct HeaderProblem: Error, Equatable {
        var message: String
    }

    /// The Content-Length of a header block, read from bytes with plain
    /// loops: every message passes through here.
    static func contentLength(in header: [UInt8]) -> Result<Int, HeaderProblem> {
        var length: Int?
        let name = Array("content-length".utf8)
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
                return .failure(HeaderProblem(message: "header line without ':': \(String(decoding: header[lineStart..<min(end, lineStart + 60)], as: UTF8.self))"))
            }
            var fieldStart = lineStart
            var fieldEnd = colon
            while fieldStart < fieldEnd, header[fieldStart] == 0x20 || header[fieldStart] == 0x09 { fieldStart += 1 }
            while fieldEnd > fieldStart, header[fieldEnd - 1] == 0x20 || header[fieldEnd - 1] == 0x09 { fieldEnd -= 1 }
            guard fieldEnd - fieldStart == name.count else { continue }
            var matches = true
            for index in 0..<name.count {
                let byte = header[fieldStart + index]
                // ASCII lowercasing: letters A–Z get bit 5 set.
                if (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) != name[index] { matches = false; break }
            }
            guard matches else { continue }
            var value = 0
            var digits = 0
            for index in (colon + 1)..<end {
                let byte = header[index]
                if byte == 0x20 || byte == 0x09 { continue }
                guard byte >= 0x30, byte <= 0x39, digits < 18 else {
                    return .failure(HeaderProblem(message: "Content-Length is not a number: \(String(decoding: header[(colon + 1)..<end], as: UTF8.self))"))
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
}
