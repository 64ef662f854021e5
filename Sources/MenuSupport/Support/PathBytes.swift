/// Paths as the file system knows them — bytes — carried in `String`s.
///
/// A POSIX file name is any bytes but `/` and NUL; a Swift `String` holds
/// only valid Unicode. A name that is not valid UTF-8 (`\xFF.menu`, written
/// by a tool in Latin-1) would be repaired into U+FFFD and could no longer
/// be opened. Instead each byte that is not part of valid UTF-8 is carried
/// as one scalar of a private-use range, U+10FF80–U+10FFFF (byte 0x80–0xFF),
/// and turned back into that byte at every system call. The mapping is
/// exact both ways: a name that really contains a scalar of that range
/// (valid UTF-8 `F4 8F BE/BF xx`) carries each of its four bytes escaped the
/// same way, so every byte string has one `String` and back.
///
/// Names that are valid UTF-8 and free of that range — all but the rarest —
/// are the same `String` they always were, and pass through with one scan.
package enum PathBytes {
    /// The first scalar of the range: byte `b` is carried as `escapeBase + b`.
    static let escapeBase: UInt32 = 0x10_FF00

    /// The `String` that carries the bytes of a path or name.
    package static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        if isPlain(bytes) { return String(decoding: bytes, as: UTF8.self) }
        var scalars = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            let length = validSequenceLength(bytes, at: index)
            if length > 0, !isEscapeRange(bytes, at: index, length: length) {
                scalars.append(contentsOf: String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<(index + length)]), as: UTF8.self).unicodeScalars)
                index += length
            } else {
                // Invalid here, or a real scalar of the escape range: each byte escaped alone.
                let count = max(length, 1)
                for byte in bytes[index..<(index + count)] { scalars.append(escape(byte)) }
                index += count
            }
        }
        return String(scalars)
    }

    package static func string(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBufferPointer { string($0) }
    }

    /// The `String` for a C string from the system (`realpath`, `getcwd`).
    package static func string(cString: UnsafePointer<CChar>) -> String {
        var length = 0
        while cString[length] != 0 { length += 1 }
        return cString.withMemoryRebound(to: UInt8.self, capacity: length) { string(UnsafeBufferPointer(start: $0, count: length)) }
    }

    /// The bytes `path` stands for (escapes turned back into bytes).
    package static func bytes(_ path: String) -> [UInt8] {
        guard mayHoldEscapes(path) else { return Array(path.utf8) }
        var result: [UInt8] = []
        result.reserveCapacity(path.utf8.count)
        for scalar in path.unicodeScalars {
            if scalar.value >= escapeBase + 0x80, scalar.value <= escapeBase + 0xFF {
                result.append(UInt8(scalar.value - escapeBase))
            } else {
                result.append(contentsOf: String(scalar).utf8)
            }
        }
        return result
    }

    /// Calls `body` with `path` as the C string a system call takes.
    package static func withCString<T>(_ path: String, _ body: (UnsafePointer<CChar>) -> T) -> T {
        guard mayHoldEscapes(path) else { return path.withCString(body) }
        var raw = bytes(path)
        raw.append(0)
        return raw.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }

    /// `path` for people: each escaped byte shown as `\xFF`, the rest as it is.
    package static func displayed(_ path: String) -> String {
        guard mayHoldEscapes(path) else { return path }
        var result = ""
        for scalar in path.unicodeScalars {
            if scalar.value >= escapeBase + 0x80, scalar.value <= escapeBase + 0xFF {
                let hex = String(scalar.value - escapeBase, radix: 16, uppercase: true)
                result += "\\x" + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether `path` holds any escape (or, rarely, a scalar that merely
    /// starts like one): every scalar of the range encodes as `F4 8F BE/BF`.
    package static func mayHoldEscapes(_ path: String) -> Bool {
        path.utf8.contains(0xF4)
    }

    private static func escape(_ byte: UInt8) -> Unicode.Scalar {
        // Always valid: the range is inside the last plane's private use area.
        Unicode.Scalar(escapeBase + UInt32(byte)) ?? "\u{FFFD}"
    }

    /// Valid UTF-8 with no lead byte of the escape range: the common case.
    private static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var ascii = true
        for byte in bytes where byte >= 0x80 {
            ascii = false
            if byte == 0xF4 { return false }
        }
        if ascii { return true }
        var index = 0
        while index < bytes.count {
            let length = validSequenceLength(bytes, at: index)
            if length == 0 { return false }
            index += length
        }
        return true
    }

    /// The length of the valid UTF-8 sequence starting at `index`, or 0.
    private static func validSequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let lead = bytes[index]
        if lead < 0x80 { return 1 }
        func continuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            index + offset < bytes.count && range.contains(bytes[index + offset])
        }
        switch lead {
        case 0xC2...0xDF:
            return continuation(1) ? 2 : 0
        case 0xE0:
            return continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF:
            return continuation(1) && continuation(2) ? 3 : 0
        case 0xED:
            return continuation(1, 0x80...0x9F) && continuation(2) ? 3 : 0
        case 0xF0:
            return continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF1...0xF3:
            return continuation(1) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF4:
            return continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : 0
        default:
            return 0
        }
    }

    /// Whether the valid sequence at `index` encodes a scalar of the escape range.
    private static func isEscapeRange(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, length: Int) -> Bool {
        length == 4 && bytes[index] == 0xF4 && bytes[index + 1] == 0x8F && bytes[index + 2] >= 0xBE
    }
}
