import Testing
@testable import MenuBackends

/// The writers count the room they need by hand; a miscount must stop the
/// process before a byte lands past the buffer, in every build (these run
/// in a child process, which must end in failure).
struct WriterBoundsTests {
    @Test func puttingMoreBytesThanTheRoomStops() async {
        await #expect(processExitsWith: .failure) {
            let buffer = OutputBuffer(capacity: 64)
            buffer.write(atMost: 4) { $0.put("12345" as StaticString) }
        }
    }

    @Test func puttingOneByteTooManyStops() async {
        await #expect(processExitsWith: .failure) {
            let buffer = OutputBuffer(capacity: 64)
            buffer.write(atMost: 2) { cursor in
                cursor.put(UInt8(ascii: "a"))
                cursor.put(UInt8(ascii: "b"))
                cursor.put(UInt8(ascii: "c"))
            }
        }
    }

    @Test func indentationNeedsItsWholeRoom() async {
        await #expect(processExitsWith: .failure) {
            let buffer = OutputBuffer(capacity: 64)
            buffer.write(atMost: 10) { $0.putSpaces(10) }  // stores 32 at a time: needs room(forSpaces:)
        }
    }

    @Test func digitsNeedTheirRoom() async {
        await #expect(processExitsWith: .failure) {
            let buffer = OutputBuffer(capacity: 64)
            buffer.write(atMost: 3) { $0.putDecimal(123_456) }
        }
    }

    /// Numbers under a thousand take a path of their own, which checks its room too.
    @Test func shortDigitsNeedTheirRoom() async {
        await #expect(processExitsWith: .failure) {
            let buffer = OutputBuffer(capacity: 64)
            buffer.write(atMost: 2) { $0.putDecimal(123) }
        }
    }

    /// Every number is written as `String(_:)` writes it, on both sides of
    /// the short numbers' path and at the ends of `Int`.
    @Test func numbersAreWrittenAsDecimals() {
        let values = Array(-1_100...1_100) + [9_999, 10_000, 123_456_789, Int.max, Int.min, Int.min + 1]
        let buffer = OutputBuffer(capacity: 64)
        for value in values {
            buffer.write(atMost: ByteCursor.decimalRoom + 1) { cursor in
                cursor.putDecimal(value)
                cursor.put(UInt8(ascii: " "))
            }
        }
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == values.map { "\($0) " }.joined())
    }

    /// Within the room, everything is kept exactly.
    @Test func writesWithinTheRoomAreKept() {
        let buffer = OutputBuffer(capacity: 64)
        buffer.write(atMost: 5 + ByteCursor.room(forSpaces: 3) + ByteCursor.decimalRoom) { cursor in
            cursor.put("ab" as StaticString)
            cursor.putSpaces(3)
            cursor.putDecimal(-42)
            cursor.put(UInt8(ascii: "!"))
        }
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == "ab   -42!")
    }
}
