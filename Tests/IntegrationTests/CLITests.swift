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

/// Runs the real `menuc` binary: exit codes, formats, stdin, directories,
/// configuration, and all-or-nothing output.
@Suite(.serialized)
struct CLITests {
    static let binary: String = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("menuc")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside.path }
        for configuration in ["debug", "release"] {
            let candidate = TestSupport.packageRoot.appendingPathComponent(".build/\(configuration)/menuc").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return beside.path
    }()

    func menuc(_ arguments: [String], input: String? = nil, in directory: URL? = nil, environment: [String: String] = [:]) throws -> Subprocess.Result {
        try Subprocess.run(Self.binary, arguments, input: input.map { Data($0.utf8) }, directory: directory ?? TestSupport.packageRoot,
                           environment: ["NO_COLOR": "1"].merging(environment) { _, new in new })
    }

    @Test func versionAndHelp() throws {
        let version = try menuc(["--version"])
        #expect(version.status == 0 && version.output == "menuc \(Compiler.version)\n")
        for command in ["check", "build", "rules", "explain"] {
            let help = try menuc([command, "--help"])
            #expect(help.status == 0 && help.output.contains("USAGE: menuc \(command)"), "\(command) --help")
        }
        #expect(try menuc([]).status == 2)
    }

    @Test func usageProblemsExitTwoWithOneLine() throws {
        let unknownFlag = try menuc(["check", "--fromat", "json", "samples"])
        #expect(unknownFlag.status == 2)
        #expect(unknownFlag.error.hasPrefix("menuc check: unknown option '--fromat'; did you mean '--format'?"))
        let missing = try menuc(["check", "nope.menu"])
        #expect(missing.status == 2)
        #expect(missing.error == "menuc check: no such file or directory: nope.menu\n")
        let unknownCommand = try menuc(["chek"])
        #expect(unknownCommand.status == 2 && unknownCommand.error.contains("did you mean 'check'?"))
        let badFormat = try menuc(["check", "--format", "xml", "samples"])
        #expect(badFormat.status == 2 && badFormat.error.contains("unknown format 'xml'"))
    }

    @Test func cleanSamplesPassAndErrorsFail() throws {
        let clean = try menuc(["check", "samples"])
        #expect(clean.status == 0, "\(clean.output)")
        #expect(clean.output.hasPrefix("no problems found in "))
        let errors = try menuc(["check", "samples/errors", "--format", "short"])
        #expect(errors.status == 1)
        let lines = errors.output.split(separator: "\n")
        #expect(lines.count >= 10)
        // Every error file reports its own id, at a location in that file.
        for name in LanguageErrorID.allCases.map(\.rawValue) {
            #expect(lines.contains { $0.hasPrefix("samples/errors/\(name).menu:") && $0.hasSuffix("[\(name)]") }, "\(name)")
        }
    }

    @Test func standardInputIsChecked() throws {
        let result = try menuc(["check", "-", "--format", "short"], input: "menu M \"M\" { item a \"A\" { role: danger } }")
        #expect(result.status == 1)
        #expect(result.output == "<stdin>:1:33: error: 'danger' is not a valid role [invalid-value]\n")
        let json = try menuc(["build", "-", "--emit", "json"], input: "menu M \"M\" { item a \"Open\" }")
        #expect(json.status == 0)
        #expect(json.output.contains("\"file\": \"<stdin>\""))
    }

    /// `--timings` adds a table of phases on standard error and changes
    /// nothing else: not the diagnostics, not the output, not the exit status.
    @Test func timingsGoToStandardErrorOnly() throws {
        let plain = try menuc(["check", "samples/errors", "--format", "short"])
        let timed = try menuc(["check", "samples/errors", "--format", "short", "--timings"])
        #expect(timed.status == plain.status && timed.output == plain.output)
        #expect(plain.error.isEmpty)
        let phases = ["collect inputs", "read and parse inputs", "load imports", "resolve", "configure rules", "guideline rules",
                      "sort diagnostics", "report diagnostics", "total"]
        let lines = timed.error.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("timings (") == true, "\(timed.error)")
        #expect(lines.dropFirst().map { $0.trimmingCharacters(in: .whitespaces).components(separatedBy: "  ").first ?? "" } == phases)
        #expect(lines.dropFirst().allSatisfy { $0.contains(" ms") })

        let out = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let build = try menuc(["build", "samples/mail.menu", "--emit", "json", "--out", out.path, "--timings"])
        #expect(build.status == 0, "\(build.error)")
        #expect(build.error.contains("render and write outputs") && build.error.contains("plan outputs"))
        let stdout = try menuc(["build", "-", "--emit", "json", "--timings"], input: "menu M \"M\" { item a \"Open\" }")
        #expect(stdout.output.hasPrefix("{") && stdout.error.contains("render json"), "the document alone on standard output")
    }

    @Test func jsonDiagnosticsCarryBothColumnKinds() throws {
        let result = try menuc(["check", "-", "--format", "json"], input: "menu M \"📁\" { item a \"A\" { role: x } }")
        #expect(result.status == 1)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
        let start = try #require((array.first?["range"] as? [String: Any])?["start"] as? [String: Any])
        #expect(start["column"] as? Int == 36)
        #expect(start["utf16Column"] as? Int == 34)
        #expect(array.first?["id"] as? String == "invalid-value")
    }

    /// The summary counts the files checked, imports included, and says
    /// how many of them the problems are in.
    @Test func summaryCountsTheImportedFilesChecked() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try TestSupport.write("{}", to: directory.appendingPathComponent("menuc.json"))
        try TestSupport.write("import \"b.menu\"\nmenu A \"A\" { item a \"Open\" }\n", to: directory.appendingPathComponent("a.menu"))
        try TestSupport.write("import \"c.menu\"\nmenu B \"B\" { use Missing }\n", to: directory.appendingPathComponent("b.menu"))
        try TestSupport.write("menu C \"C\" { item c \"Open\" }\n", to: directory.appendingPathComponent("c.menu"))
        let failing = try menuc(["check", "a.menu"], in: directory)
        #expect(failing.status == 1)
        #expect(failing.output.hasSuffix("1 error in 1 of 3 files\n"), "\(failing.output)")
        let clean = try menuc(["check", "c.menu"], in: directory)
        #expect(clean.status == 0 && clean.output.hasSuffix("no problems found in 1 file\n"), "\(clean.output)")
    }

    @Test func textFormatHasExcerptAndSummary() throws {
        let result = try menuc(["check", "samples/errors/unknown-property.menu"])
        #expect(result.status == 1)
        #expect(result.output.contains("error[unknown-property]: unknown property 'shortcuts' for item; did you mean 'shortcut'?"))
        #expect(result.output.contains(" --> samples/errors/unknown-property.menu:"))
        #expect(result.output.contains("^^^^^^^^^ not a property of item"))
        #expect(result.output.hasSuffix("1 error in 1 file\n"))
        #expect(!result.output.contains("\u{1B}["), "no colour without a terminal")
        let colored = try menuc(["check", "--color", "always", "samples/errors/unknown-property.menu"], environment: ["NO_COLOR": ""])
        #expect(colored.output.contains("\u{1B}[1;31m"))
    }

    @Test func buildMirrorsTheInputTreeAndIsAtomic() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let project = directory.appendingPathComponent("project")
        try TestSupport.write("{}", to: project.appendingPathComponent("menuc.json"))
        try TestSupport.write("menu A \"Alpha\" { item open \"Open\" }", to: project.appendingPathComponent("menus/a.menu"))
        try TestSupport.write("menu B \"Beta\" { item close \"Close\" }", to: project.appendingPathComponent("menus/nested/b.menu"))
        let out = directory.appendingPathComponent("out")
        let first = try menuc(["build", "project/menus", "--emit", "json", "--out", "out"], in: directory)
        #expect(first.status == 0, "\(first.error)")
        let a = out.appendingPathComponent("a.json")
        let b = out.appendingPathComponent("nested/b.json")
        #expect(FileManager.default.fileExists(atPath: a.path) && FileManager.default.fileExists(atPath: b.path))
        let before = try Data(contentsOf: a)

        // An error anywhere: nothing is written, previous outputs stay.
        try TestSupport.write("menu A \"Alpha\" { item open \"Open Now\" }", to: project.appendingPathComponent("menus/a.menu"))
        try TestSupport.write("menu B \"Beta\" { item close \"Close\" { role: x } }", to: project.appendingPathComponent("menus/nested/b.menu"))
        let failing = try menuc(["build", "project/menus", "--emit", "json", "--out", "out"], in: directory)
        #expect(failing.status == 1)
        #expect(try Data(contentsOf: a) == before)

        // A write failure half-way (a folder stands where one output goes):
        // no output changes and no temporary is left.
        try TestSupport.write("menu B \"Beta\" { item close \"Close Now\" }", to: project.appendingPathComponent("menus/nested/b.menu"))
        let previousB = try Data(contentsOf: b)
        try FileManager.default.removeItem(at: b)
        try FileManager.default.createDirectory(at: b.appendingPathComponent("in-the-way"), withIntermediateDirectories: true)
        let blocked = try menuc(["build", "project/menus", "--emit", "json", "--out", "out"], in: directory)
        #expect(blocked.status == 2)
        #expect(blocked.error.contains("no output was changed"))
        #expect(try Data(contentsOf: a) == before)
        let leftovers = try FileManager.default.subpathsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
        try FileManager.default.removeItem(at: b)
        try previousB.write(to: b)

        // Unchanged outputs are not rewritten.
        let rebuilt = try menuc(["build", "project/menus", "--emit", "json", "--out", "out"], in: directory)
        #expect(rebuilt.status == 0)
        #expect(try Data(contentsOf: a) != before)
        // Outputs are replaced by renaming a new file over them: one left alone keeps its inode.
        let touched = try TestSupport.inode(b)
        _ = try menuc(["build", "project/menus", "--emit", "json", "--out", "out"], in: directory)
        #expect(try TestSupport.inode(b) == touched)
    }

    /// Ctrl-C (SIGINT) or a build system's cancel (SIGTERM) while outputs
    /// are written: the outputs written so far are removed, the previous
    /// ones stay, it is said, and menuc ends by the signal.
    @Test(arguments: [SIGINT, SIGTERM])
    func anInterruptedBuildChangesNothing(_ signal: Int32) throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let previous = Data("previous output\n".utf8)
        for name in ["big.json", "big.swift"] { try previous.write(to: out.appendingPathComponent(name)) }
        // Outputs of tens of megabytes: writing them takes long enough to be caught at it.
        let items = (0..<60_000).map { "  item i\($0) \"Open File \($0)\" { action: open\($0) }\n" }.joined()
        try TestSupport.write("menu A \"Alpha\" {\n\(items)}\n", to: directory.appendingPathComponent("big.menu"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = ["build", "big.menu", "--emit", "json,swift", "--out", "out"]
        process.currentDirectoryURL = directory
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        // Wait until a temporary appears, then interrupt.
        var staging = false
        while process.isRunning, !staging {
            staging = try FileManager.default.contentsOfDirectory(atPath: out.path).contains { $0.hasSuffix(".tmp") }
            if !staging { usleep(1_000) }
        }
        guard staging else {
            Issue.record("the build ended before it could be interrupted")
            return
        }
        kill(process.processIdentifier, signal)
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signal,
                "\(process.terminationReason) \(process.terminationStatus)")
        #expect(said.hasSuffix("menuc build: interrupted (no output was changed)\n"), "\(said)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == ["big.json", "big.swift"])
        for name in ["big.json", "big.swift"] { #expect(try Data(contentsOf: out.appendingPathComponent(name)) == previous) }
    }

    /// Before anything is written, a signal ends menuc at once, as it always did.
    @Test func anInterruptedCheckEndsByTheSignal() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let items = (0..<60_000).map { "  item i\($0) \"Open File \($0)\"\n" }.joined()
        try TestSupport.write("menu A \"Alpha\" {\n\(items)}\n", to: directory.appendingPathComponent("big.menu"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = ["check", "big.menu"]
        process.currentDirectoryURL = directory
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        usleep(100_000)
        process.interrupt()
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT,
                "\(process.terminationReason) \(process.terminationStatus)")
    }

    @Test func aFullDiskIsAClearErrorAndChangesNothing() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        // A real full disk: a 64 KiB tmpfs, where this machine lets us mount one.
        guard (try? Subprocess.run("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", out.path]))?.status == 0 else {
            // Said, not passed silently: OutputWriterTests inject the same failure everywhere.
            try Test.cancel("this machine does not let the tests mount a tmpfs")
        }
        defer { _ = try? Subprocess.run("/bin/umount", [out.path]) }
        let previous = Data("previous output\n".utf8)
        try previous.write(to: out.appendingPathComponent("a.json"))
        let items = (0..<2_000).map { "  item i\($0) \"Open File \($0)\"\n" }.joined()
        try TestSupport.write("menu A \"Alpha\" {\n  dynamic: true\n\(items)}\n", to: directory.appendingPathComponent("a.menu"))
        let result = try menuc(["build", "a.menu", "--emit", "json", "--out", "out"], in: directory)
        #expect(result.status == 2)
        #expect(result.error.contains("is the disk full?"), "\(result.error)")
        #expect(result.error.contains("no output was changed"))
        #expect(try Data(contentsOf: out.appendingPathComponent("a.json")) == previous)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["a.json"])
    }

    @Test func aLinkThatLoopsIsNamedAsSuch() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("a.menu").path, withDestinationPath: "b.menu")
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("b.menu").path, withDestinationPath: "a.menu")
        let named = try menuc(["check", "a.menu"], in: directory)
        #expect(named.status == 2)
        #expect(named.error.contains("cannot read a.menu: the symbolic link cannot be followed (it dangles or loops)"), "\(named.error)")
        // Found in a directory (with a directory link that loops too): the same words, and no hang.
        let folder = directory.appendingPathComponent("menus")
        try TestSupport.write("menu A \"Alpha\" { item open \"Open\" }", to: folder.appendingPathComponent("ok.menu"))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("x.menu").path, withDestinationPath: "x.menu")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("loop").path, withDestinationPath: folder.path)
        let found = try menuc(["check", "menus"], in: directory)
        #expect(found.status == 2)
        #expect(found.error.contains("x.menu: the symbolic link cannot be followed"), "\(found.error)")
    }

    /// Runs `menuc` as a user without privileges, for what root never
    /// meets (it reads and writes everything): itself when the tests don't
    /// run as root; as root, `nobody` through util-linux's `setpriv`, from
    /// a copy of the binary in `directory` (nobody may not enter the build
    /// folder's parents). `directory` is opened to everyone to read.
    func menucUnprivileged(_ arguments: [String], in directory: URL) throws -> Subprocess.Result {
        guard getuid() == 0 else { return try menuc(arguments, in: directory) }
        let setpriv = "/usr/bin/setpriv"
        try #require(FileManager.default.isExecutableFile(atPath: setpriv), "the tests run as root and need setpriv (util-linux) to drop privileges")
        let copy = directory.appendingPathComponent(".menuc-unprivileged")
        if !FileManager.default.fileExists(atPath: copy.path) {
            try FileManager.default.copyItem(atPath: Self.binary, toPath: copy.path)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: copy.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
        // Run by a relative path: nobody needs to enter `directory` only, not its parents.
        let result = try Subprocess.run(setpriv, ["--reuid=65534", "--regid=65534", "--clear-groups", "--", "./" + copy.lastPathComponent] + arguments,
                                        directory: directory, environment: ["NO_COLOR": "1"])
        // The drop itself must have worked: a test that ran menuc as root would pass for the wrong reason.
        let probe = try Subprocess.run(setpriv, ["--reuid=65534", "--regid=65534", "--clear-groups", "--", "/usr/bin/id", "-u"])
        try #require(probe.output == "65534\n", "setpriv did not drop privileges: \(probe.error)")
        return result
    }

    /// A temporary directory for `menucUnprivileged`: under /tmp when the
    /// tests run as root, since menuc makes paths absolute and nobody must
    /// be able to reach them (a root TMPDIR may be private).
    func unprivilegedDirectory() throws -> URL {
        guard getuid() == 0 else { return try TestSupport.temporaryDirectory() }
        let url = URL(fileURLWithPath: "/tmp").appendingPathComponent("menuc-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func readOnlyOutputDirectoryIsAClearError() throws {
        let directory = try unprivilegedDirectory()
        let out = directory.appendingPathComponent("out")
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: out.path)
            try? FileManager.default.removeItem(at: directory)
        }
        try TestSupport.write("menu A \"Alpha\" { item open \"Open\" }", to: directory.appendingPathComponent("a.menu"))
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let previous = Data("previous output\n".utf8)
        try previous.write(to: out.appendingPathComponent("a.json"))
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: out.path)
        let result = try menucUnprivileged(["build", "a.menu", "--emit", "json,markdown", "--out", "out"], in: directory)
        #expect(result.status == 2)
        // The first output to fail is the picture folder beside the page (made before any file is staged).
        #expect(result.error.contains("cannot write out/a/A.svg: the directory out/a could not be created: permission denied (no output was changed)"), "\(result.error)")
        #expect(try Data(contentsOf: out.appendingPathComponent("a.json")) == previous)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["a.json"])
    }

    @Test func anOutputDirectoryThatCannotBeCreatedIsNamed() throws {
        let directory = try unprivilegedDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try TestSupport.write("menu A \"Alpha\" { item open \"Open\" }", to: directory.appendingPathComponent("a.menu"))
        // `directory` belongs to someone else (root) when run unprivileged, or is made read-only.
        if getuid() != 0 { try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: directory.path) }
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path) }
        let result = try menucUnprivileged(["build", "a.menu", "--emit", "json", "--out", "new/sub"], in: directory)
        #expect(result.status == 2)
        #expect(result.error.contains("cannot write new/sub/a.json: the directory new/sub could not be created: permission denied (no output was changed)"),
                "\(result.error)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("new").path))
    }

    /// An input that cannot be read is an I/O problem, like a missing one:
    /// one line naming it and why, exit 2, no partial report, no output.
    @Test func anUnreadableInputIsNamedAndNothingIsWritten() throws {
        let directory = try unprivilegedDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let locked = directory.appendingPathComponent("a.menu")
        try TestSupport.write("menu A \"Alpha\" { item open \"Open\" }", to: locked)
        try TestSupport.write("platforms macOS 14\nmenu B \"Beta\" { item export \"Export...\" { input: true } }", to: directory.appendingPathComponent("b.menu"))
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: locked.path)
        let check = try menucUnprivileged(["check", "a.menu", "b.menu", "--format", "short"], in: directory)
        #expect(check.status == 2)
        #expect(check.error == "menuc check: cannot read a.menu: permission denied\n" && check.output.isEmpty, "\(check.output)\(check.error)")
        // A build writes nothing when an input cannot be read.
        let build = try menucUnprivileged(["build", "a.menu", "b.menu", "--emit", "json", "--out", "out"], in: directory)
        #expect(build.status == 2)
        #expect(build.error.contains("cannot read a.menu: permission denied"), "\(build.error)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out").path))
    }

    /// A file behind a directory that may not be entered exists: menuc
    /// says why it cannot read it, not that there is no such file — given
    /// through that directory, or (from a working directory inside it) by a
    /// relative path menuc makes absolute.
    @Test func aFileBehindALockedDirectoryIsNotMissing() throws {
        let directory = try unprivilegedDirectory()
        let locked = directory.appendingPathComponent("locked")
        let inner = locked.appendingPathComponent("inner")
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked.path)
            try? FileManager.default.removeItem(at: directory)
        }
        try TestSupport.write("menu A \"Alpha\" { item open \"Open\" }", to: inner.appendingPathComponent("a.menu"))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: inner.path)
        // `locked` may be entered by its owner only: root when run as nobody, else no one.
        try FileManager.default.setAttributes([.posixPermissions: getuid() == 0 ? 0o700 : 0o000], ofItemAtPath: locked.path)
        let through = try menucUnprivileged(["check", "locked/inner/a.menu"], in: directory)
        #expect(through.status == 2)
        #expect(through.error == "menuc check: cannot read locked/inner/a.menu: permission denied\n", "\(through.error)")
        if getuid() == 0 {
            // Started inside it (possible for a process already there): the relative path resolves, the absolute one does not.
            let inside = try menucUnprivileged(["check", "a.menu"], in: inner)
            #expect(inside.status == 2)
            #expect(inside.error == "menuc check: cannot read a.menu: permission denied\n", "\(inside.error)")
        }
    }

    /// A file named more than once — twice, through `./`, inside a
    /// directory also named — is one input: one output, counted once.
    @Test func aFileNamedTwiceIsOneInput() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try TestSupport.write("menu A \"Alpha\" { item open \"Open\" }", to: directory.appendingPathComponent("menus/a.menu"))
        try TestSupport.write("menu B \"Beta\" { item close \"Close\" }", to: directory.appendingPathComponent("menus/b.menu"))
        let build = try menuc(["build", "menus/a.menu", "menus/a.menu", "./menus/a.menu", "--emit", "json", "--out", "out"], in: directory)
        #expect(build.status == 0, "\(build.error)")
        #expect((build.output + build.error).contains("no problems found in 1 file"), "\(build.output)\(build.error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("out").path) == ["a.json"])
        let both = try menuc(["check", "menus", "menus/b.menu"], in: directory)
        #expect(both.status == 0 && both.output.contains("no problems found in 2 files"), "\(both.output)\(both.error)")
    }

    /// An output that would land on a source (an input named `x.json`, a
    /// `.md` built into its own folder, a depfile named like an input) is
    /// refused before anything is written: the source is kept.
    @Test func anOutputNeverReplacesASource() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = "menu A \"Alpha\" { item open \"Open\" }\n"
        try TestSupport.write(source, to: directory.appendingPathComponent("menu.json"))
        try TestSupport.write(source, to: directory.appendingPathComponent("a.menu"))
        let json = try menuc(["build", "menu.json", "a.menu", "--emit", "json", "--out", "."], in: directory)
        #expect(json.status == 2)
        #expect(json.error.contains("menu.json is a source file of this build and would be written over; choose another --out (no output was changed)"), "\(json.error)")
        #expect(try String(contentsOf: directory.appendingPathComponent("menu.json"), encoding: .utf8) == source)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("a.json").path))
        let depfile = try menuc(["build", "a.menu", "--emit", "json", "--out", "out", "--depfile", "a.menu"], in: directory)
        #expect(depfile.status == 2 && depfile.error.contains("choose another --depfile"), "\(depfile.error)")
        #expect(try String(contentsOf: directory.appendingPathComponent("a.menu"), encoding: .utf8) == source)
        // An output's destination that is a link to a source: outputs are written through links.
        let out = directory.appendingPathComponent("linked")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: out.appendingPathComponent("a.json").path, withDestinationPath: "../a.menu")
        let linked = try menuc(["build", "a.menu", "--emit", "json", "--out", "linked"], in: directory)
        #expect(linked.status == 2 && linked.error.contains("linked/a.json is a source file of this build"), "\(linked.error)")
        #expect(try String(contentsOf: directory.appendingPathComponent("a.menu"), encoding: .utf8) == source)
    }

    @Test func formattingThroughALinkKeepsTheLink() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try TestSupport.write("menu A \"A\" {   item open \"Open\" }\n", to: directory.appendingPathComponent("real.menu"))
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("link.menu").path, withDestinationPath: "real.menu")
        let result = try menuc(["fmt", "link.menu"], in: directory)
        #expect(result.status == 0, "\(result.error)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: directory.appendingPathComponent("link.menu").path) == "real.menu")
        #expect(try String(contentsOf: directory.appendingPathComponent("real.menu"), encoding: .utf8) == "menu A \"A\" {\n  item open \"Open\"\n}\n")
    }

    @Test func aBadJobCountIsSaidAndIgnored() throws {
        let plain = try menuc(["check", "samples/mail.menu", "--format", "short"])
        for value in ["two", "0", "-3", ""] {
            let result = try menuc(["check", "samples/mail.menu", "--format", "short"], environment: ["MENUC_JOBS": value])
            #expect(result.status == plain.status && result.output == plain.output)
            #expect(result.error.hasPrefix("menuc check: warning: MENUC_JOBS='\(value)' is not a whole number from 1, so it is ignored: using all "),
                    "\(result.error)")
        }
        let one = try menuc(["check", "samples/mail.menu", "--format", "short"], environment: ["MENUC_JOBS": "1"])
        #expect(one.output == plain.output && !one.error.contains("MENUC_JOBS"))
    }

    @Test func warningsAsErrorsAndRuleOverrides() throws {
        let input = "platforms macOS 14\nmenu File \"File\" { item export \"Export...\" { input: true } }"
        let plain = try menuc(["check", "-", "--format", "short"], input: input)
        #expect(plain.status == 0)
        #expect(plain.output.contains("[label-ellipsis-character]"))
        #expect(try menuc(["check", "-", "--warnings-as-errors"], input: input).status == 1)
        let off = try menuc(["check", "-", "--format", "short", "--rule", "label-ellipsis-character=off"], input: input)
        #expect(!off.output.contains("label-ellipsis-character"))
        let unknown = try menuc(["check", "-", "--rule", "label-elipsis-character=off"], input: input)
        #expect(unknown.status == 2 && unknown.error.contains("did you mean 'label-ellipsis-character'?"))
    }

    @Test func badConfigurationNamesTheKey() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try TestSupport.write("menu A \"Alpha\" { item open \"Open\" }", to: directory.appendingPathComponent("a.menu"))
        try TestSupport.write(#"{"thresholds": {"menuMaxItem": 3}}"#, to: directory.appendingPathComponent("menuc.json"))
        let result = try menuc(["check", "a.menu"], in: directory)
        #expect(result.status == 2)
        #expect(result.error.contains("'thresholds.menuMaxItem': unknown threshold; did you mean 'menuMaxItems'?"))
    }

    @Test func explainKnowsRulesAndLanguageErrors() throws {
        let syntax = try menuc(["explain", "syntax"])
        #expect(syntax.status == 0 && syntax.output.contains("language error"))
        let unknown = try menuc(["explain", "label-elipsis-character"])
        #expect(unknown.status == 2 && unknown.error.contains("did you mean 'label-ellipsis-character'?"))
    }

    /// Reports programs read (JSON, SARIF, GitHub annotations) and
    /// baselines list every finding; only `text` and `short`, which people
    /// read, show 200 of a file's and one `not-shown` that counts the rest.
    @Test func onlyWhatPeopleReadIsCutShort() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // 1,000 items, each breaking two rules (title case, leading verb).
        let items = (0..<1_000).map { "  item i\($0) \"version \($0)\"\n" }.joined()
        try TestSupport.write("menu Flood \"Flood\" {\n  dynamic: true\n" + items + "}\n", to: directory.appendingPathComponent("flood.menu"))
        let json = try menuc(["check", "flood.menu", "--format", "json"], in: directory)
        let all = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        #expect(all.count >= 2_000)
        #expect(!all.contains { ($0["id"] as? String) == DisplayLimit.notShownID || ($0["message"] as? String)?.contains("not shown") == true })
        let sarif = try menuc(["check", "flood.menu", "--format", "sarif"], in: directory)
        let runs = try #require((try JSONSerialization.jsonObject(with: Data(sarif.output.utf8)) as? [String: Any])?["runs"] as? [[String: Any]])
        #expect((runs.first?["results"] as? [Any])?.count == all.count)
        let github = try menuc(["check", "flood.menu", "--format", "github"], in: directory)
        #expect(github.output.split(separator: "\n").count == all.count)
        // People see 200 and a summary of the rest that is no rule's finding.
        let short = try menuc(["check", "flood.menu", "--format", "short"], in: directory)
        let lines = short.output.split(separator: "\n")
        #expect(lines.count == DiagnosticLimits.shownPerFile + 1)
        #expect(lines.last?.hasSuffix(": \(all.count - 200) more problems in this file are not shown [not-shown]") == true, "\(lines.last ?? "")")
        let text = try menuc(["check", "flood.menu"], in: directory)
        #expect(text.output.contains("[not-shown]: \(all.count - 200) more problems in this file are not shown\n"))
        let notes = all.filter { ($0["severity"] as? String) == "note" }.count
        #expect(text.output.hasSuffix("\(all.count - notes) warnings, \(notes) notes in 1 file\n"), "\(text.output.suffix(80))")
        // A baseline holds every finding, so only a new one is reported, however far down.
        let write = try menuc(["check", "flood.menu", "--write-baseline", "baseline.json"], in: directory)
        #expect(write.error == "wrote \(all.count) findings to baseline.json\n")
        #expect(try menuc(["check", "flood.menu", "--baseline", "baseline.json", "--format", "short"], in: directory).output.isEmpty)
        try TestSupport.write("menu Flood \"Flood\" {\n  dynamic: true\n" + items + "  item extra \"version extra\"\n}\n",
                              to: directory.appendingPathComponent("flood.menu"))
        let new = try menuc(["check", "flood.menu", "--baseline", "baseline.json", "--format", "short"], in: directory)
        let reported = new.output.split(separator: "\n")
        #expect(reported.count == 2 && reported.allSatisfy { $0.hasPrefix("flood.menu:1003:") }, "\(new.output)")
    }

    @Test func explainKnowsTheSummaries() throws {
        for id in [LanguageErrorID.tooManyErrors.rawValue, DisplayLimit.notShownID] {
            let explained = try menuc(["explain", id])
            #expect(explained.status == 0 && explained.output.hasPrefix(id + " ("), "\(id)")
        }
    }
}
