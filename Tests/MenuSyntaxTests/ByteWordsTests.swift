import Testing
@testable import MenuSupport
@testable import MenuSyntax

/// The lexer's word-at-a-time scans must answer exactly as its byte tests.
struct ByteWordsTests {
    /// Every byte value in every lane, among neighbours that flip the answer.
    @Test func laneClassesAgreeWithTheByteTests() {
        // Disagreements are collected and checked once: an expectation per lane is slow in debug builds.
        var disagreements: [String] = []
        for lane in 0..<8 {
            for value in 0...255 {
                for filler in [UInt8(ascii: "a"), UInt8(ascii: "\""), 0x80, 0x00, 0x7F, 0xFF] {
                    var bytes = [UInt8](repeating: filler, count: 8)
                    bytes[lane] = UInt8(value)
                    let word = bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
                    let identifier = ByteWords.identifierLanes(word)
                    let plain = ByteWords.plainStringLanes(word)
                    for index in 0..<8 {
                        let bit = UInt64(0x80) << (8 * index)
                        if (identifier & bit != 0) != Lexer.isIdentifierByte(bytes[index]) { disagreements.append("identifier \(bytes)[\(index)]") }
                        if (plain & bit != 0) != ByteWords.isPlainStringByte(bytes[index]) { disagreements.append("string \(bytes)[\(index)]") }
                    }
                }
            }
        }
        #expect(disagreements.isEmpty)
    }

    /// Runs of every length up to a few words, ending at every kind of byte
    /// or at the end of the buffer, from every start.
    @Test func runEndsAgreeWithByteLoops() {
        var disagreements: [String] = []
        let stops: [UInt8?] = [nil, 0x00, 0x20, UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "-"), 0x7F, 0xC3, 0x0A]
        for length in 0..<27 {
            for stop in stops {
                for body in ["a", "Z9_", "x y!"] {
                    var bytes = Array(String(repeating: body, count: 27).utf8.prefix(length))
                    if let stop { bytes.append(stop) }
                    bytes.append(contentsOf: "tail".utf8)
                    bytes.withUnsafeBufferPointer { buffer in
                        for start in 0...buffer.count {
                            var expected = start
                            while expected < buffer.count, Lexer.isIdentifierByte(buffer[expected]) { expected += 1 }
                            if ByteWords.identifierEnd(in: buffer, from: start) != expected { disagreements.append("identifier \(Array(buffer)) from \(start)") }
                            expected = start
                            while expected < buffer.count, ByteWords.isPlainStringByte(buffer[expected]) { expected += 1 }
                            if ByteWords.plainStringEnd(in: buffer, from: start) != expected { disagreements.append("string \(Array(buffer)) from \(start)") }
                        }
                    }
                }
            }
        }
        #expect(disagreements.isEmpty)
    }
}
