import Foundation
import Testing
import MenuTestSupport

/// `patch` (GNU patch, from Debian) applies every diff `menuc fmt --check`
/// prints, and the result is what `menuc fmt` writes: CRLF files, a missing
/// final line feed, a byte order mark, and all of them at once.
@Suite(.serialized)
struct FormatDiffPatchTests {
    static let layouts: [(name: String, bytes: [UInt8])] = [
        ("crlf.menu", Array("menu M \"M\" {\r\n  item a \"A\"; item b \"B\"\r\n}\r\n".utf8)),
        ("crlf-tidy.menu", Array("menu M \"M\" {\r\n  item a \"A\"\r\n}\r\n".utf8)),
        ("no-final-newline.menu", Array("menu M \"M\" {\n  item a \"A\"\n}".utf8)),
        ("no-final-newline-messy.menu", Array("menu M \"M\" { item a \"A\"; item b \"B\" }".utf8)),
        ("bom.menu", [0xEF, 0xBB, 0xBF] + Array("menu M \"M\" {\n  item a \"A\"\n}\n".utf8)),
        ("all.menu", [0xEF, 0xBB, 0xBF] + Array("// Menus\r\nmenu M \"M\" {\r\n  item a \"A\"   // first\r\n\r\n\r\n  item b \"B\"\r\n}".utf8)),
        ("tabs.menu", Array("menu M \"M\" {\n\titem a \"A\\tB\"\n}\n".utf8)),
    ]

    func menuc(_ arguments: [String], in directory: URL, input: [UInt8]? = nil) throws -> Subprocess.Result {
        try Subprocess.run(CLITests.binary, arguments, input: input.map { Data($0) }, directory: directory, environment: ["NO_COLOR": "1"])
    }

    @Test func patchAppliesEveryDiffAndGivesTheFormattedFile() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var expected: [String: Data] = [:]
        for layout in Self.layouts {
            try Data(layout.bytes).write(to: directory.appendingPathComponent(layout.name))
            let formatted = try menuc(["fmt", "-"], in: directory, input: layout.bytes)
            #expect(formatted.status == 0, "\(layout.name): \(formatted.error)")
            expected[layout.name] = Data(formatted.output.utf8)
            #expect(!formatted.output.contains("\r") && !formatted.output.hasPrefix("\u{FEFF}") && formatted.output.hasSuffix("}\n"),
                    "\(layout.name): the canonical layout has LF line ends, no byte order mark and a final line feed")
        }
        let check = try menuc(["fmt", "--check"] + Self.layouts.map(\.name), in: directory)
        #expect(check.status == 1)
        #expect(check.error.hasPrefix("\(Self.layouts.count) files would be reformatted"), "every one differs from its layout: \(check.error)")
        #expect(check.output.contains("\\ No newline at end of file\n"))
        try Data(check.output.utf8).write(to: directory.appendingPathComponent("fmt.diff"))
        let patched = try Subprocess.run("/usr/bin/env", ["patch", "-p0", "--batch", "--input=fmt.diff"], directory: directory)
        #expect(patched.status == 0, "\(patched.output)\(patched.error)")
        for layout in Self.layouts {
            #expect(try Data(contentsOf: directory.appendingPathComponent(layout.name)) == expected[layout.name], "\(layout.name)")
        }
        let again = try menuc(["fmt", "--check"] + Self.layouts.map(\.name), in: directory)
        #expect(again.status == 0 && again.output.isEmpty, "\(again.output)")
    }
}
