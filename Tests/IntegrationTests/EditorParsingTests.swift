import Foundation
import Testing
import MenuTestSupport

/// `--format short` read by the editors that parse compiler output, as
/// they come from Debian: Vim's quickfix with its default 'errorformat'
/// (columns as bytes, menuc's default), and Emacs's compilation-mode
/// (screen columns by default: `--column-unit display`; characters when
/// compilation-error-screen-columns is nil: `--column-unit chars`). Each
/// must land on the first characters of every finding and every `note:`.
@Suite(.serialized)
struct EditorParsingTests {
    /// Tabs, two-byte letters and an emoji (two screen columns) before findings.
    static let files: [(String, String)] = [
        ("a.menu", "platforms macOS 14\nmenu F \"Fïlé\" {\n\titem f \"📁 Ünï\"; item a \"Copy\"\n  item é \"Ø\"; item a \"Cöpy\"\n}\n"),
        ("b.menu", "menu G \"G\" {\n\titem x \"📁\"; item y \"Y\" { role: x }\n}\n"),
        ("c.menu", "platforms macOS 14\nmenu H \"Hé\" {\n\titem f \"📁 Files\"; item e \"Export...\" { input: true }\n}\n"),
    ]

    struct Location {
        var file: String
        var line: Int
        var offset: Int
    }

    func prepare() throws -> (URL, [Location]) {
        let directory = try TestSupport.temporaryDirectory()
        try TestSupport.write("{}", to: directory.appendingPathComponent("menuc.json"))
        for (name, text) in Self.files { try TestSupport.write(text, to: directory.appendingPathComponent(name)) }
        let json = try Subprocess.run(CLITests.binary, ["check", "--format", "json", "--rule", "label-ellipsis-character=note"] + Self.files.map(\.0),
                                      directory: directory).output
        let diagnostics = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        var locations: [Location] = []
        func location(_ file: Any?, _ range: Any?) throws -> Location {
            let start = try #require((range as? [String: Any])?["start"] as? [String: Any])
            return Location(file: try #require(file as? String), line: try #require(start["line"] as? Int), offset: try #require(start["offset"] as? Int))
        }
        for diagnostic in diagnostics {
            locations.append(try location(diagnostic["file"], diagnostic["range"]))
            for related in diagnostic["secondary"] as? [[String: Any]] ?? [] { locations.append(try location(related["file"], related["range"])) }
        }
        #expect(diagnostics.contains { $0["severity"] as? String == "note" } && locations.count > diagnostics.count,
                "findings of each severity, and related locations")
        return (directory, locations)
    }

    /// The bytes of `location`'s line from its offset: `count` of them, or `count` characters.
    func text(at location: Location, count: Int, characters: Bool) -> [UInt8] {
        let source = Array((Self.files.first { $0.0 == location.file }?.1 ?? "").utf8)
        let rest = source[location.offset...].prefix { $0 != 0x0A }
        guard characters else { return Array(rest.prefix(count)) }
        return Array(String(decoding: rest, as: UTF8.self).unicodeScalars.prefix(count).map(String.init).joined().utf8)
    }

    func expected(_ locations: [Location], count: Int, characters: Bool) -> [UInt8] {
        locations.flatMap { Array("\($0.file):\($0.line):".utf8) + text(at: $0, count: count, characters: characters) + [0x0A] }
    }

    func short(_ unit: String, in directory: URL) throws -> String {
        let result = try Subprocess.run(CLITests.binary, ["check", "--format", "short", "--column-unit", unit, "--rule", "label-ellipsis-character=note"]
                                        + Self.files.map(\.0), directory: directory)
        #expect(result.output.contains(": remark: ") && result.output.contains(": note: "), "\(result.output)")
        return result.output
    }

    @Test func vimLandsOnEveryFinding() throws {
        let (directory, locations) = try prepare()
        defer { try? FileManager.default.removeItem(at: directory) }
        try TestSupport.write(try short("bytes", in: directory), to: directory.appendingPathComponent("short.txt"))
        let script = #"for i in range(1, len(getqflist())) | exe "cc " . i | call add(g:out, expand("%") . ":" . line(".") . ":" . strpart(getline("."), col(".") - 1, 6)) | endfor"#
        let vim = try Subprocess.run("/usr/bin/env", ["vim", "-es", "-u", "NONE", "-i", "NONE", "-N", "-c", "set nomore", "-c", "let g:out = []",
                                                       "-c", "cfile short.txt", "-c", script, "-c", "call writefile(g:out, 'vim.txt')", "-c", "qa!"],
                                     directory: directory)
        #expect(vim.status == 0, "\(vim.output)\(vim.error)")
        let landed = try [UInt8](Data(contentsOf: directory.appendingPathComponent("vim.txt")))
        #expect(landed == expected(locations, count: 6, characters: false),
                "\(String(decoding: landed, as: UTF8.self)) vs \(String(decoding: expected(locations, count: 6, characters: false), as: UTF8.self))")
    }

    @Test(arguments: [("display", "1"), ("chars", "0")])
    func emacsLandsOnEveryFinding(unit: String, screenColumns: String) throws {
        let (directory, locations) = try prepare()
        defer { try? FileManager.default.removeItem(at: directory) }
        try TestSupport.write(try short(unit, in: directory), to: directory.appendingPathComponent("short.txt"))
        let script = TestSupport.packageRoot.appendingPathComponent("Tests/editors/emacs-visit-errors.el").path
        let emacs = try Subprocess.run("/usr/bin/env", ["emacs", "--batch", "-Q", "-l", script], directory: directory,
                                       environment: ["SHORT": "short.txt", "SCREEN": screenColumns, "OUT": "emacs.txt", "LANG": "C.UTF-8"])
        #expect(emacs.status == 0, "\(emacs.error)")
        let landed = try [UInt8](Data(contentsOf: directory.appendingPathComponent("emacs.txt")))
        #expect(landed == expected(locations, count: 3, characters: true),
                "\(String(decoding: landed, as: UTF8.self)) vs \(String(decoding: expected(locations, count: 3, characters: true), as: UTF8.self))")
    }
}
