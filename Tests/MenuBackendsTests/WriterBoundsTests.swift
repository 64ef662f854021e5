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
