import Foundation
import Testing
@testable import MenuSupport
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
@testable import MenuRules
@testable import MenuBackends
@testable import MenuFormatter
@testable import MenuCompiler
@testable import MenuLanguageServer

/// Labels, file names and import paths come from files anyone can send:
/// no control, line-breaking or reordering character of theirs reaches
/// what people read (`text`, `short`, `github`, `fmt --check`'s diff) raw.
/// Each is shown as its escape, a `short` line is always one diagnostic,
/// and JSON still carries the exact text.
@Suite(.serialized)
struct DiagnosticEscapingTests {
    /// What an attacker puts in a label, a path or a file name: a line
    /// break that forges a diagnostic, terminal escapes (clear the screen,
    /// write the clipboard, plant a link, ring, move the cursor), controls
    /// C0 and C1, bidirectional overrides, isolates and marks, and the
    /// line and paragraph separators.
    static let attacks: [String] = [
        "\nforged.menu:1:1: error: forged [syntax]", "\r", "\u{1B}[2J", "\u{1B}]52;c;SGVsbG8=\u{07}", "\u{1B}]8;;https://evil.example\u{1B}\\",
        "\u{07}", "\u{08}", "\u{0B}", "\u{0C}", "\u{7F}", "\u{85}", "\u{9B}31m", "\u{1}",
        "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
        "\u{200E}", "\u{200F}", "\u{061C}", "\u{2028}", "\u{2029}",
    ]

    /// A scalar that must never reach a human-facing output raw (a line
    /// feed ends the output's own lines and is checked by line counts).
    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A: false
        case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    static func expectNothingRaw(_ output: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let raw = output.unicodeScalars.filter(isForbidden)
        #expect(raw.isEmpty, "\(what): \(raw.map { String($0.value, radix: 16) })", sourceLocation: sourceLocation)
    }

    /// Every attack, each in a lowercase label (so label-title-case quotes
    /// it in its message, label and help), written both as an escape and raw
    /// in the source (so the excerpt holds it).
    static var hostileLabels: String {
        var text = "menu Hostile \"Hostile\" {\n"
        for (index, attack) in attacks.enumerated() {
            let escaped = attack.unicodeScalars.map { "\\u{\(String($0.value, radix: 16))}" }.joined()
            text += "  item e\(index) \"open \(escaped) e\(index)\"\n"
            // Raw in the source, where a string may hold it (not a line break).
            let raw = attack.replacingOccurrences(of: "\n", with: "").replacingOccurrences(of: "\r", with: "").replacingOccurrences(of: "\\", with: "\\\\")
            text += "  item r\(index) \"open \(raw) r\(index)\"\n"
        }
        return text + "}\n"
    }

    static var hostileImports: String {
        attacks.enumerated().map { "import \"dir\($0.offset)/\($0.element).menu\"\n" }.joined() + "menu M \"M\" { item a \"Open\" }\n"
    }

    static let hostileName = "name" + attacks.joined() + ".menu"

    static func compilation() -> Compilation {
        Compiler.compile([.text(hostileLabels, displayPath: "labels.menu"), .text(hostileImports, displayPath: "imports.menu"),
                              .text("menu M \"M\" {\n  item a \"Open\" { role: danger }\n}\n", displayPath: hostileName)])
    }

    @Test func everyHumanFacingFormatShowsAttacksEscaped() throws {
        let compilation = Self.compilation()
        let diagnostics = compilation.diagnostics
        // Every attack is reported in each of the three places.
        #expect(diagnostics.filter { $0.id == "label-title-case" }.count == 2 * Self.attacks.count)
        #expect(diagnostics.filter { $0.id == "import-failed" }.count == Self.attacks.count)
        #expect(diagnostics.contains { $0.id == "invalid-value" })
        let renderer = compilation.renderer
        for diagnostic in diagnostics {
            Self.expectNothingRaw(renderer.text(diagnostic), "text of \(diagnostic.message.debugDescription)")
            let short = renderer.short(diagnostic)
            Self.expectNothingRaw(short, "short")
            // One line for the finding and one `note:` line per related location: nothing in a text adds one.
            #expect(short.split(separator: "\n", omittingEmptySubsequences: false).count == 1 + diagnostic.secondary.count, "short: \(short.debugDescription)")
            let github = renderer.github(diagnostic)
            Self.expectNothingRaw(github, "github")
            #expect(!github.contains("\n") && github.hasPrefix("::"), "github: \(github.debugDescription)")
        }
        // What is shown is the escape: `\n`, `\u{1B}`, `\u{202E}`.
        let text = diagnostics.map(renderer.text).joined()
        for escape in ["\\n", "\\r", "\\u{1B}[2J", "\\u{202E}", "\\u{2028}", "\\u{9B}", "\\u{7}"] {
            #expect(text.contains(escape), "\(escape)")
        }
        let short = renderer.short(try #require(diagnostics.first { $0.id == "invalid-value" }))
        #expect(short.hasPrefix(VisibleText.escaped(Self.hostileName) + ":2:25: error: "), "\(short)")
    }

    @Test func jsonCarriesTheExactText() throws {
        let compilation = Self.compilation()
        let json = try JSONSerialization.jsonObject(with: Data(compilation.renderer.json(compilation.diagnostics).utf8)) as? [[String: Any]]
        let messages = (json ?? []).compactMap { $0["message"] as? String }
        #expect(messages.contains { $0.contains("\u{1B}]52;c;SGVsbG8=\u{07}") })
        #expect(messages.contains { $0.contains("\u{202E}") })
        #expect((json ?? []).contains { ($0["file"] as? String) == Self.hostileName })
    }

    /// Carets stay under what they point at when the line before them shows escapes.
    @Test func caretsLineUpWithTheEscapedExcerpt() throws {
        let source = "menu M \"M\" {\n  item a \"x\u{1B}[2J\u{202E}y\" { role: danger }\n}\n"
        let compilation = Compiler.compile([.text(source, displayPath: "carets.menu")])
        let diagnostic = try #require(compilation.diagnostics.first { $0.id == "invalid-value" })
        let lines = compilation.renderer.text(diagnostic).split(separator: "\n").map(String.init)
        let excerpt = try #require(lines.first { $0.hasPrefix("2 |") })
        let carets = try #require(lines.first { $0.contains("^") })
        #expect(excerpt == "2 |   item a \"x\\u{1B}[2J\\u{202E}y\" { role: danger }")
        let column = try #require(excerpt.range(of: "danger")).lowerBound.utf16Offset(in: excerpt)
        #expect(try #require(carets.firstIndex(of: "^")).utf16Offset(in: carets) == column)
        #expect(carets.contains("^^^^^^ "))
    }

    @Test func theFormattersDiffShowsAttacksEscaped() {
        let old = "menu M \"M\" {\n" + Self.attacks.map { "item a \"\($0.replacingOccurrences(of: "\n", with: ""))\"\n" }.joined() + "}\r\n"
        let diff = UnifiedDiff.render(old: old, new: "menu M \"M\" {}\n", oldName: Self.hostileName, newName: Self.hostileName + " (formatted)")
        // A carriage return that ends a line is written as it is (patch
        // must match it, and it moves nothing on a terminal); no other is.
        Self.expectNothingRaw(diff.replacingOccurrences(of: "\r\n", with: "\n"), "diff")
        #expect(diff.hasPrefix("--- \(VisibleText.escaped(Self.hostileName))\n"))
        #expect(diff.contains("-}\r\n"))
        // A tab is text, and stays one.
        #expect(UnifiedDiff.render(old: "a\tb\n", new: "c\n", oldName: "x", newName: "y").contains("-a\tb\n"))
    }

    @Test func visibleTextEscapesOnlyWhatItMust() {
        #expect(VisibleText.escaped("Save As… ⌘⇧S 📁 👩‍👩‍👧 café") == "Save As… ⌘⇧S 📁 👩‍👩‍👧 café")
        #expect(VisibleText.escaped("a\nb\r\tc\0\u{1B}[0m\u{202E}") == "a\\nb\\r\\tc\\0\\u{1B}[0m\\u{202E}")
        #expect(VisibleText.escaped("a\tb", keepingTabs: true) == "a\tb")
        for attack in Self.attacks { #expect(VisibleText.escaped(attack).unicodeScalars.allSatisfy { !Self.isForbidden($0) && $0 != "\n" }) }
    }

    // MARK: - The command line

    /// A folder holding a file with a hostile name, hostile labels and a
    /// hostile import, none of it formatted.
    static func hostileFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("menuc-escaping-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // A file name may hold anything but '/' and NUL.
        let name = hostileName.replacingOccurrences(of: "/", with: "")
        let text = "import \"x\u{1B}[2Jy.menu\"\nmenu M \"M\" {  item a \"open\u{1B}]52;c;SGVsbG8=\u{07}\u{202E} it\"\n}\n"
        try write(text, to: folder.path + "/" + name)
        try write(hostileLabels, to: folder.path + "/labels.menu")
        return folder
    }

    /// Written by the system call: Foundation declines some of these names.
    static func write(_ text: String, to path: String) throws {
        let descriptor = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
        defer { close(descriptor) }
        try FileHandle(fileDescriptor: descriptor).write(contentsOf: Data(text.utf8))
    }

    @Test func theCommandLinePrintsAttacksEscaped() throws {
        let folder = try Self.hostileFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cli = CLITests()
        for format in ["text", "short", "github"] {
            let result = try cli.menuc(["check", folder.path, "--format", format])
            #expect(result.status == 1)
            Self.expectNothingRaw(result.output + result.error, "check --format \(format)")
        }
        // Each line of short output is one diagnostic.
        let short = try cli.menuc(["check", folder.path, "--format", "short"]).output
        let json = try cli.menuc(["check", folder.path, "--format", "json"]).output
        let count = (try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Any])?.count
        let lines = short.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == count)
        for line in lines {
            #expect(line.wholeMatch(of: /[^\n]*\.menu:\d+:\d+: (error|warning|note): [^\n]* \[[a-z-]+\]/) != nil, "\(line.debugDescription)")
        }
        let format = try cli.menuc(["fmt", "--check", folder.path])
        #expect(format.status == 1)
        Self.expectNothingRaw(format.output + format.error, "fmt --check")
        #expect(format.output.contains("\\u{1B}]52;c;SGVsbG8=\\u{7}\\u{202E}"))
        let missing = try cli.menuc(["check", folder.appendingPathComponent("no\u{1B}[2Jne\nforged.menu").path])
        #expect(missing.status == 2)
        Self.expectNothingRaw(missing.error, "a failure naming a path")
        #expect(missing.error.split(separator: "\n").count == 1)
    }
}
