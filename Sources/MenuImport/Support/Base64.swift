import MenuSupport
import MenuSyntax
import MenuFormatter
import MenuCompiler

/// Base64 as Interface Builder writes it in `<string base64-UTF8="YES">`:
/// the standard alphabet, line breaks and spaces anywhere, and the `=`
/// padding often dropped (`DQ` is a carriage return).
enum Base64 {
    /// The decoded bytes, or nil when the text is not base64.
    static func decode(_ text: String) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        var padding = 0
        for byte in text.utf8 {
            if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { continue }
            if byte == UInt8(ascii: "=") {
                padding += 1
                continue
            }
            // Nothing but padding may follow padding.
            guard padding == 0, let value = sextet(byte) else { return nil }
            accumulator = accumulator << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
                accumulator &= (1 << UInt32(bits)) - 1
            }
        }
        // A lone sextet is not a whole byte; leftover bits must be zero.
        guard bits != 6, accumulator == 0, padding <= 2 else { return nil }
        return output
    }

    private static func sextet(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): 62
        case UInt8(ascii: "/"): 63
        default: nil
        }
    }
}
