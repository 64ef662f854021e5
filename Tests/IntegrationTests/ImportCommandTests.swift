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
import MenuTestSupport

/// `menuc import` on the command line: usage, exit codes, reports on
/// standard error, and `--out` through the atomic writer.
@Suite(.serialized)
struct ImportCommandTests {
    let cli = CLITests()
    static let xib = "samples/import/MainMenu.xib"

    @Test func helpAndUsageProblemsExitTwo() throws {
        #expect(try cli.menuc(["import", "--help"]).output.contains("USAGE: menuc import"))
        #expect(try cli.menuc(["help", "import"]).output.contains("--xcstrings <file>"))
        #expect(try cli.menuc(["--help"]).output.contains("import    Write the menus of a .xib or .storyboard"))
        let cases: [([String], String)] = [
            (["import"], "menuc import: no input file (give one .xib or .storyboard file)"),
            (["import", Self.xib, Self.xib], "menuc import: one input file at a time (give one .xib or .storyboard file)"),
            (["import", Self.xib, "--strings", "a.strings", "--xcstrings", "b.xcstrings", "--language", "de"], "menuc import: give --strings or --xcstrings, not both"),
            (["import", Self.xib, "--xcstrings", "b.xcstrings"], "menuc import: --xcstrings needs --language (e.g. --language de)"),
            (["import", Self.xib, "--language", "de"], "menuc import: --language goes with --xcstrings"),
            (["import", Self.xib, "--strigns", "x"], "menuc import: unknown option '--strigns'; did you mean '--strings'?"),
        ]
        for (arguments, message) in cases {
            let result = try cli.menuc(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.error.hasPrefix(message + "\n"), "\(arguments): \(result.error)")
            #expect(result.output.isEmpty)
        }
        let missing = try cli.menuc(["import", "nope.xib"])
        #expect(missing.status == 2 && missing.error == "menuc import: no such file: nope.xib\n")
        let directory = try cli.menuc(["import", "samples"])
        #expect(directory.status == 2 && directory.error == "menuc import: samples is a directory, not a file\n")
        let device = try cli.menuc(["import", "/dev/zero"])
        #expect(device.status == 2 && device.error == "menuc import: /dev/zero is not a regular file (use - to read standard input)\n")
        let strings = try cli.menuc(["import", Self.xib, "--strings", "nope.strings"])
        #expect(strings.status == 2 && strings.error == "menuc import: no such file: nope.strings\n")
    }

    @Test func unreadableInputsExitOneWithTheirLine() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try TestSupport.write("<?xml version=\"1.0\"?>\n<document>\n  <objects>\n</document>\n", to: directory.appendingPathComponent("Broken.xib"))
        let broken = try cli.menuc(["import", "Broken.xib"], in: directory)
        #expect(broken.status == 1)
        #expect(broken.error == "Broken.xib:4: </document> does not close <objects>, opened at line 3\nmenuc import: nothing was imported\n")
        #expect(broken.output.isEmpty)
        let empty = try cli.menuc(["import", "-"], input: "<document><objects/></document>")
        #expect(empty.status == 1 && empty.error == "<stdin>: the file holds no menus to import\nmenuc import: nothing was imported\n")
        try TestSupport.write("\"a.title\" = \"x\"\n\"b.title\" = \"y\";\n", to: directory.appendingPathComponent("Bad.strings"))
        let strings = try cli.menuc(["import", TestSupport.packageRoot.appendingPathComponent(Self.xib).path, "--strings", "Bad.strings"], in: directory)
        #expect(strings.status == 1 && strings.error.hasPrefix("Bad.strings:2: expected ';' after the entry \"a.title\"\n"))
    }

    @Test func outWritesWhatStandardOutputWouldAndNeverOverAnInput() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let printed = try cli.menuc(["import", Self.xib])
        #expect(printed.status == 0)
        let out = directory.appendingPathComponent("new/MainMenu.menu")
        let written = try cli.menuc(["import", Self.xib, "--out", out.path])
        #expect(written.status == 0 && written.output.isEmpty && written.error == printed.error)
        #expect(try String(contentsOf: out, encoding: .utf8) == printed.output)
        // Imported again, the unchanged output is left alone, as `build` leaves it.
        let before = try TestSupport.inode(out)
        #expect(try cli.menuc(["import", Self.xib, "--out", out.path]).status == 0)
        #expect(try TestSupport.inode(out) == before)
        // The output is never the input, however it is named.
        let copy = directory.appendingPathComponent("Copy.xib")
        try FileManager.default.copyItem(at: TestSupport.packageRoot.appendingPathComponent(Self.xib), to: copy)
        let original = try Data(contentsOf: copy)
        try FileManager.default.createSymbolicLink(at: directory.appendingPathComponent("link.menu"), withDestinationURL: copy)
        for target in ["Copy.xib", "./Copy.xib", "link.menu"] {
            let refused = try cli.menuc(["import", "Copy.xib", "--out", target], in: directory)
            #expect(refused.status == 2 && refused.error == "menuc import: --out \(target) is the input Copy.xib; choose another file\n", "\(target)")
        }
        let strings = directory.appendingPathComponent("de.strings")
        try FileManager.default.copyItem(at: TestSupport.packageRoot.appendingPathComponent("samples/import/de.lproj/MainMenu.strings"), to: strings)
        #expect(try cli.menuc(["import", "Copy.xib", "--strings", "de.strings", "--out", "de.strings"], in: directory).status == 2)
        #expect(try Data(contentsOf: copy) == original)
    }
}
