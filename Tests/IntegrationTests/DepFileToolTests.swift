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

/// `menuc build --depfile` on sources with hostile names, read back by the
/// real tools: GNU make (`-include deps.d`) and ninja (`depfile =` with
/// `deps = gcc`). A name is either written so that both see exactly that
/// file — the output is up to date after a build, out of date once the
/// file changes, and ninja records exactly the input and its import — or
/// refused before anything is written. Nothing ever runs a command hidden
/// in a name. (`Tests/run-all.sh` installs ninja.)
struct DepFileToolTests {
    /// Where the hostile name goes: the imported file, or the input itself.
    enum Role: String, CaseIterable, CustomTestStringConvertible {
        case imported, input
        var testDescription: String { rawValue }
    }

    /// File names both tools read back exactly.
    static let accepted: [String] = [
        "two  spaces.menu", " leading space.menu", "trailing space .menu", "hash#tag.menu", "#start.menu", "colon:name.menu",
        "a: b # c.menu", "tilde~mid.menu", "paren (1).menu", "brace{x}.menu", "bang!.menu", "at@.menu", "comma,.menu", "plus+.menu",
        "bracket].menu", "-dash.menu", "back\\slash.menu", "back\\ space.menu", "ünïcödé….menu", "emoji 🍏.menu", "no extension",
    ]

    /// File names that are refused, and what the error says about them.
    static let refused: [(name: String, shown: String)] = [
        (";./pwn;.menu", "';'"), ("semi;colon.menu", "';'"), ("pipe|x.menu", "'|'"), ("star*.menu", "'*'"), ("question?.menu", "'?'"),
        ("glob[x].menu", "'['"), ("eq=x.menu", "'='"), ("bang!=touch PWNED;.menu", "'='"), ("x!=./pwn", "'='"), ("dollar$(shell touch PWNED).menu", "'$'"),
        ("var$$x.menu", "'$'"), ("lt<.menu", "'<'"), ("gt>.menu", "'>'"), ("caret^.menu", "'^'"), ("tick`touch PWNED`.menu", "'`'"),
        ("quote'.menu", "'''"), ("dquote\".menu", "'\"'"), ("amp&.menu", "'&'"), ("tab\tx.menu", "\\u{9}"),
        ("new\nline.menu", "line break"), ("car\rriage.menu", "line break"), ("esc\u{1B}[2J.menu", "\\u{1B}"),
        ("del\u{7F}.menu", "\\u{7F}"), ("~home.menu", "'~'"), ("archive(member)", "archive"), ("colon end:", "':'"),
        ("bs-hash\\#x.menu", "'#'"), ("bs-colon\\:x.menu", "':'"), ("bs-end\\", "'\\'"), (".WAIT", "'.WAIT'"),
    ]

    static let make = GrammarTests.executable("make")
    static let ninja = GrammarTests.executable("ninja")

    /// A folder with `main.menu` importing the file `name` (or `name` alone),
    /// built once; the paths of the input and its output.
    struct Project {
        let directory: URL
        let input: String
        let output: String
        let sources: [String]
        let build: Subprocess.Result

        init(name: String, role: Role) throws {
            directory = try TestSupport.temporaryDirectory()
            let hostile = name
            try TestSupport.write("menu A \"A\" { item show \"Show All\" }\n", to: directory.appendingPathComponent(hostile))
            switch role {
            case .imported:
                try TestSupport.write("import \(Project.menuString(hostile))\nmenu M \"M\" { use A }\n",
                                      to: directory.appendingPathComponent("main.menu"))
                input = "main.menu"
                sources = ["main.menu", hostile]
            case .input:
                input = hostile
                sources = [hostile]
            }
            output = "out/" + PathNames.deletingExtension(of: input) + ".json"
            // Sources older than anything built from them.
            let past = Date(timeIntervalSinceNow: -100)
            for source in sources {
                try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: directory.appendingPathComponent(source).path)
            }
            // What a command hidden in a name could run: `;./pwn` in make.
            let pwn = directory.appendingPathComponent("pwn")
            try TestSupport.write("#!/bin/sh\ntouch PWNED\n", to: pwn)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: pwn.path)
            // The same build, for the tools to run again.
            let command = ([CLITests.binary, "build", input, "--emit", "json", "--out", "out", "--depfile"].map(Project.shellQuoted) + ["\"$1\""])
                .joined(separator: " ")
            try TestSupport.write("exec \(command)\n", to: directory.appendingPathComponent("rebuild.sh"))
            build = try Subprocess.run(CLITests.binary, ["build", input, "--emit", "json", "--out", "out", "--depfile", "deps.d"],
                                       directory: directory, environment: ["NO_COLOR": "1"])
        }

        func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: directory.appendingPathComponent(path).path) }

        /// Whether the file the commands hidden in names would create exists.
        var pwned: Bool { exists("PWNED") }

        func touch(_ path: String) throws {
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 100)],
                                                  ofItemAtPath: directory.appendingPathComponent(path).path)
        }

        func remove() { try? FileManager.default.removeItem(at: directory) }

        /// `text` as a `.menu` string literal.
        static func menuString(_ text: String) -> String {
            var result = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\\": result += "\\\\"
                case "\"": result += "\\\""
                case _ where scalar.value < 0x20 || scalar.value == 0x7F: result += "\\u{\(String(scalar.value, radix: 16))}"
                default: result.unicodeScalars.append(scalar)
                }
            }
            return result + "\""
        }

        static func shellQuoted(_ text: String) -> String {
            "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }

        /// A path in a ninja manifest.
        static func ninjaPath(_ path: String) -> String {
            path.replacingOccurrences(of: "$", with: "$$").replacingOccurrences(of: " ", with: "$ ").replacingOccurrences(of: ":", with: "$:")
        }

        /// `make -q OUTPUT` with a makefile that includes the depfile and
        /// rebuilds anything by running menuc again: 0 up to date, 1 out of date.
        func makeQuestion(_ make: String) throws -> Subprocess.Result {
            try writeMakefile()
            return try Subprocess.run(make, ["-q", "-r", "-R", output], directory: directory)
        }

        /// `make OUTPUT`, after `touch`: runs what the makefile holds for it.
        func makeBuild(_ make: String) throws -> Subprocess.Result {
            try writeMakefile()
            return try Subprocess.run(make, ["-r", "-R", output], directory: directory)
        }

        private func writeMakefile() throws {
            try TestSupport.write("-include deps.d\n%::\n\t@sh ./rebuild.sh deps.d\n", to: directory.appendingPathComponent("Makefile"))
        }

        /// Runs ninja with a manifest whose one edge is this build; ninja
        /// reads (and then deletes) its own depfile, `ninja.d`.
        func ninja(_ ninja: String, _ arguments: [String]) throws -> Subprocess.Result {
            let manifest = """
                rule menuc
                  command = sh ./rebuild.sh ninja.d
                  depfile = ninja.d
                  deps = gcc
                build \(Project.ninjaPath(output)): menuc

                """
            try TestSupport.write(manifest, to: directory.appendingPathComponent("build.ninja"))
            return try Subprocess.run(ninja, arguments, directory: directory)
        }

        /// The dependencies ninja recorded for the output.
        func ninjaDeps(_ ninja: String) throws -> [String] {
            let listing = try self.ninja(ninja, ["-t", "deps", output]).output
            return listing.split(separator: "\n", omittingEmptySubsequences: true).dropFirst().map { line in
                line.hasPrefix("    ") ? String(line.dropFirst(4)) : String(line)
            }
        }
    }

    @Test(arguments: accepted, Role.allCases)
    func acceptedNamesAreSeenExactlyByMakeAndNinja(_ name: String, _ role: Role) throws {
        // An argument starting with '-' is an option.
        if role == .input, name.hasPrefix("-") { return }
        let project = try Project(name: name, role: role)
        defer { project.remove() }
        try #require(project.build.status == 0, "\(name.debugDescription): \(project.build.error)")
        let hostile = name

        guard let make = Self.make else {
            Issue.record("make is not on PATH")
            return
        }
        #expect(try project.makeQuestion(make).status == 0, "make: \(name.debugDescription) should be up to date")
        guard let ninja = Self.ninja else {
            Issue.record("ninja is not on PATH (Tests/run-all.sh installs it: apt-get install -y ninja-build)")
            return
        }
        let first = try project.ninja(ninja, [])
        #expect(first.status == 0, "ninja: \(first.output)")
        #expect(try project.ninjaDeps(ninja) == project.sources, "ninja: \(name.debugDescription)")
        #expect(try project.ninja(ninja, ["-n"]).output.contains("no work to do"), "ninja: \(name.debugDescription) should be up to date")

        try project.touch(hostile)
        #expect(try project.makeQuestion(make).status == 1, "make: a changed \(hostile.debugDescription) should make the output out of date")
        #expect(!(try project.ninja(ninja, ["-n"]).output.contains("no work to do")),
                "ninja: a changed \(hostile.debugDescription) should make the output out of date")
        #expect(try project.makeBuild(make).status == 0)
        #expect(!project.pwned)
    }

    @Test(arguments: refused.map(\.name), Role.allCases)
    func refusedNamesStopTheBuildBeforeAnythingIsWritten(_ name: String, _ role: Role) throws {
        let project = try Project(name: name, role: role)
        defer { project.remove() }
        let shown = Self.refused.first { $0.name == name }?.shown ?? ""
        #expect(project.build.status == 2, "\(name.debugDescription): \(project.build.error)")
        // An input's output is named after it, and checked first.
        let refusedPath = role == .imported ? SwiftEscaping.stringLiteral(name) : "\""
        #expect(project.build.error.contains("cannot list \(refusedPath)") && project.build.error.contains(" in a dependency file: "),
                "\(project.build.error)")
        #expect(project.build.error.contains(shown), "\(project.build.error) should name \(shown)")
        #expect(!project.exists("deps.d") && !project.exists(project.output))
        // Whatever was written, the tools run nothing hidden in a name.
        for source in project.sources { try project.touch(source) }
        if let make = Self.make, project.exists("deps.d") { _ = try project.makeBuild(make) }
        if let ninja = Self.ninja { _ = try project.ninja(ninja, []) }
        #expect(!project.pwned)
    }

    @Test func anOutputWithAPercentSignIsRefused() throws {
        // make reads a target with `%` as a pattern rule; an input may have one.
        let project = try Project(name: "50% off.menu", role: .input)
        defer { project.remove() }
        #expect(project.build.status == 2 && project.build.error.contains("'%'"), "\(project.build.error)")
        let imported = try Project(name: "50% off.menu", role: .imported)
        defer { imported.remove() }
        #expect(imported.build.status == 0, "\(imported.build.error)")
    }
}
