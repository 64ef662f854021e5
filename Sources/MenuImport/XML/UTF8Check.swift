import MenuSupport
import MenuSyntax
import MenuFormatter
import MenuCompiler

/// Finds the first place where bytes are not UTF-8 text that XML allows:
/// malformed or overlong sequences, surrogates, values past U+10FFFF,
/// control characters other than tab, line feed and carriage return, and
/// the non-characters U+FFFE and U+FFFF.
enum UTF8Check {
    struct Problem: Equatable {
        var offset: Int
        var message: String
    }

    static func firstProblem(in bytes: [UInt8], from start: Int = 0) -> Problem? {
        var index = start
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                if lead < 0x20, lead != 0x09, lead != 0x0A, lead != 0x0D {
                    return Problem(offset: index, message: "the control character U+\(hex(UInt32(lead))) is not allowed in XML")
                }
                index += 1
                continue
            }
            let length: Int
            var value: UInt32
            switch lead {
            case 0xC2...0xDF: (length, value) = (2, UInt32(lead & 0x1F))
            case 0xE0...0xEF: (length, value) = (3, UInt32(lead & 0x0F))
            case 0xF0...0xF4: (length, value) = (4, UInt32(lead & 0x07))
            default: return Problem(offset: index, message: "invalid UTF-8 (byte 0x\(hex(UInt32(lead), digits: 2)))")
            }
            guard index + length <= count else { return Problem(offset: index, message: "invalid UTF-8 (a character cut off at the end of the file)") }
            for offset in 1..<length {
                let byte = bytes[index + offset]
                guard byte & 0xC0 == 0x80 else { return Problem(offset: index, message: "invalid UTF-8 (byte 0x\(hex(UInt32(lead), digits: 2)) followed by 0x\(hex(UInt32(byte), digits: 2)))") }
                value = value << 6 | UInt32(byte & 0x3F)
            }
            let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
            guard value >= minimum, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else {
                return Problem(offset: index, message: "invalid UTF-8 (an overlong form, a surrogate or a value past U+10FFFF)")
            }
            if value == 0xFFFE || value == 0xFFFF {
                return Problem(offset: index, message: "the non-character U+\(hex(value)) is not allowed in XML")
            }
            index += length
        }
        return nil
    }

    /// Whether XML 1.0 allows the character (`Char` in the specification).
    static func isXMLCharacter(_ value: UInt32) -> Bool {
        switch value {
        case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    static func hex(_ value: UInt32, digits: Int = 4) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
