import Foundation
import Testing
import MenuTestSupport

/// `menuc fmt` on the command line.
@Suite(.serialized)
struct FormatCommandTests {
    func menuc(_ arguments: [String], input: String? = nil, in directory: URL) throws -> Subprocess.Result {
        try Subprocess.run(CLITests.binary, arguments, input: input.map { Data($0.utf8) }, directory: directory, environment: ["NO_COLOR": "1"])
    }

    @Test func rewritesInPlaceOnlyWhatChanges() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let messy = directory.appendingPathComponent("menus/messy.menu")
        let tidy = directory.appendingPathComponent("menus/tidy.menu")
        try TestSupport.write("menu M \"M\" { item a \"A\"; item b \"B\" }", to: messy)
        try TestSupport.write("menu T \"T\" {\n  item a \"A\"\n}\n", to: tidy)
        let tidyInode = try TestSupport.inode(tidy)
        let result = try menuc(["fmt", "menus"], in: directory)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.isEmpty)
        #expect(try String(contentsOf: messy, encoding: .utf8) == "menu M \"M\" {\n  item a \"A\"\n  item b \"B\"\n}\n")
        #expect(try TestSupport.inode(tidy) == tidyInode, "unchanged files are not rewritten (a rewrite renames a new file over it)")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("menus").path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty)
    }

    @Test func checkWritesNothingAndShowsADiff() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("a.menu")
        let original = "menu M \"M\" { item a \"A\"; item b \"B\" }\n"
        try TestSupport.write(original, to: file)
        let result = try menuc(["fmt", "--check", "a.menu"], in: directory)
        #expect(result.status == 1)
        #expect(result.output == """
            --- a.menu
            +++ a.menu
            @@ -1 +1,4 @@
            -menu M "M" { item a "A"; item b "B" }
            +menu M "M" {
            +  item a "A"
            +  item b "B"
            +}

            """)
        #expect(result.error == "1 file would be reformatted: a.menu\n")
        #expect(try String(contentsOf: file, encoding: .utf8) == original)
        try TestSupport.write("menu M \"M\" {\n  item a \"A\"\n}\n", to: file)
        let clean = try menuc(["fmt", "--check", "a.menu"], in: directory)
        #expect(clean.status == 0 && clean.output.isEmpty && clean.error.isEmpty)
    }

    @Test func standardInputToStandardOutput() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try menuc(["fmt", "-"], input: "menu M \"M\" {item a \"A\"}", in: directory)
        #expect(result.status == 0)
        #expect(result.output == "menu M \"M\" {\n  item a \"A\"\n}\n")
        let check = try menuc(["fmt", "--check", "-"], input: "menu M \"M\" {item a \"A\"}", in: directory)
        #expect(check.status == 1 && check.output.hasPrefix("--- <stdin>\n"))
    }

    @Test func syntaxErrorsAreReportedAndTheFileIsLeftAlone() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let broken = directory.appendingPathComponent("broken.menu")
        let fine = directory.appendingPathComponent("fine.menu")
        let brokenText = "menu M \"M\" {   item a \"A\" { shortcut \"x\" }\n}\n"
        try TestSupport.write(brokenText, to: broken)
        try TestSupport.write("menu F \"F\" {item a \"A\"}", to: fine)
        let result = try menuc(["fmt", "broken.menu", "fine.menu", "--format", "short"], in: directory)
        #expect(result.status == 1)
        // Standard output carries nothing else, so the report goes there, as check's does.
        #expect(result.output.hasPrefix("broken.menu:1:"), "\(result.output)")
        #expect(result.output.contains("[syntax]"))
        #expect(result.error == "reformatted 1 file\n", "\(result.error)")
        #expect(try String(contentsOf: broken, encoding: .utf8) == brokenText)
        #expect(try String(contentsOf: fine, encoding: .utf8) == "menu F \"F\" {\n  item a \"A\"\n}\n", "other files are still formatted")
    }

    @Test func usageProblems() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try menuc(["fmt"], in: directory).status == 2)
        #expect(try menuc(["fmt", "nope.menu"], in: directory).status == 2)
        let help = try menuc(["fmt", "--help"], in: directory)
        #expect(help.status == 0 && help.output.contains("USAGE: menuc fmt"))
        let bad = try menuc(["fmt", "--chek", "x"], in: directory)
        #expect(bad.status == 2 && bad.error.contains("did you mean '--check'?"))
    }

    @Test func samplesAreFormattedAccordingToTheCommand() throws {
        let result = try menuc(["fmt", "--check", "samples"], in: TestSupport.packageRoot)
        #expect(result.status == 0, "\(result.output)\(result.error)")
    }
}
