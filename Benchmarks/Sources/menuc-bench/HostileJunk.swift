import Foundation

/// Junk of 50 MB in the shapes that once made `menuc check` keep an error
/// every few bytes (38 s and 6.2 GB for 5 MB; 50 MB aborted): each file's
/// first 100 errors are listed and the rest counted, so every shape should
/// be checked in time linear in its size and within 8× its size in memory.
extension HostileInputs {
    static let junkBytes = 50_000_000

    static let junkCases: [Case] = [
        junk("random printable bytes (no '/', which would start a comment)") { generator in
            let printable = Array(UInt8(0x20)...UInt8(0x7E)).filter { $0 != UInt8(ascii: "/") } + [0x0A]
            return generated(&generator) { printable[Int($0 % UInt64(printable.count))] }
        },
        junk("random bytes (invalid UTF-8, NULs, controls)") { generator in
            generated(&generator) { UInt8(truncatingIfNeeded: $0) }
        },
        junk("'{' on one line") { _ in repeated("{") },
        junk("'{' on every line") { _ in repeated("{\n") },
        junk("'}' on one line") { _ in repeated("}") },
        junk("'}' on every line") { _ in repeated("}\n") },
        junk("'\"' on one line") { _ in repeated("\"") },
        junk("'\"' on every line") { _ in repeated("\"\n") },
        junk("'item' on one line") { _ in repeated("item ") },
        junk("'item' on every line") { _ in repeated("item\n") },
        junk("'@allow(' on one line") { _ in repeated("@allow(") },
        junk("'@allow(' on every line") { _ in repeated("@allow(\n") },
        junk("a run of ':'") { _ in repeated(":") },
        junk("one token per line") { _ in repeated("x\n") },
        junk("'x;' statements") { _ in repeated("x;") },
        junk("lines of 100 KB") { _ in repeated(String(repeating: "a", count: 100_000) + " b : { } ] \n") },
        junk("menus of 50 unknown properties each") { _ in
            repeated("menu m \"M\" {\n" + (0..<50).map { "  zz\($0): 1\n" }.joined() + "}\n")
        },
        junk("submenus nested 60 deep, over and over") { _ in
            repeated((0..<60).map { "submenu s\($0) \"S\" {\n" }.joined() + "item a \"Open\"\n" + String(repeating: "}\n", count: 60))
        },
        junk("menus all named 'm'") { _ in repeated("menu m \"M\" { item a \"Open\" }\n") },
    ]

    /// A case writing `junkBytes` bytes made by `make` (given a seeded generator).
    private static func junk(_ shape: String, _ make: @escaping @Sendable (inout UInt64) -> Data) -> Case {
        Case(name: "50 MB of junk: \(shape)") { folder in
            var generator: UInt64 = 0x9E37_79B9_7F4A_7C15
            let name = "junk-" + String(shape.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }.prefix(24)) + ".menu"
            return try save(make(&generator), name, in: folder)
        }
    }

    /// `unit` repeated to `junkBytes` bytes.
    private static func repeated(_ unit: String) -> Data {
        let bytes = Array(unit.utf8)
        var data = Data(capacity: junkBytes)
        while data.count + bytes.count <= junkBytes { data.append(contentsOf: bytes) }
        data.append(contentsOf: bytes.prefix(junkBytes - data.count))
        return data
    }

    /// `junkBytes` bytes, each `byte` of the next number of a xorshift generator.
    private static func generated(_ generator: inout UInt64, _ byte: (UInt64) -> UInt8) -> Data {
        var data = Data(count: junkBytes)
        data.withUnsafeMutableBytes { buffer in
            for index in buffer.indices {
                generator ^= generator << 13
                generator ^= generator >> 7
                generator ^= generator << 17
                buffer[index] = byte(generator >> 24)
            }
        }
        return data
    }
}
