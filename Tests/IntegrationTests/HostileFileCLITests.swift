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

/// The `menuc` binary against hostile files and folders: pipes where it
/// reads, links where it writes, names that are not UTF-8, endless input
/// under a memory cap. Each run has a time limit, so a hang fails the test
/// instead of stopping the suite.
@Suite(.serialized)
struct HostileFileCLITests {
    static let isRoot = getuid() == 0
    static let timeLimit = "30"

    /// `menuc ARGUMENTS` in `directory`, ended after `timeLimit` seconds (status 124).
    func menuc(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) throws -> Subprocess.Result {
        try Subprocess.run("/usr/bin/timeout", [Self.timeLimit, CLITests.binary] + arguments, directory: directory,
                           environment: ["NO_COLOR": "1"].merging(environment) { _, new in new })
    }

    /// A shell command line, with `MENUC` naming the binary.
    func shell(_ script: String, in directory: URL) throws -> Subprocess.Result {
        try Subprocess.run("/usr/bin/timeout", [Self.timeLimit, "/bin/bash", "-c", script], directory: directory,
                           environment: ["NO_COLOR": "1", "MENUC": CLITests.binary])
    }

    func makeFIFO(_ url: URL) throws {
        try #require(mkfifo(url.path, 0o644) == 0, "mkfifo \(url.path): \(String(cString: strerror(errno)))")
    }

    static let menu = "menu A \"Alpha\" {\n  item open \"Open\"\n}\n"

    /// A pipe (or a link to one) named as an input is refused at once with
    /// a clear error, by every command; standard input stays `-`.
    @Test func aPipeNamedAsAnInputIsRefused() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try makeFIFO(directory.appendingPathComponent("p.menu"))
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("l.menu").path, withDestinationPath: "p.menu")
        for name in ["p.menu", "l.menu"] {
            for command in [["check", name], ["build", name, "--emit", "json", "--out", "out"]] {
                let result = try menuc(command, in: directory)
                #expect(result.status == 2, "\(command): \(result.status) \(result.error)")
                #expect(result.error == "menuc \(command[0]): cannot read \(name): it is a named pipe, not a file (use - to read standard input)\n",
                        "\(result.error)")
            }
            let format = try menuc(["fmt", name], in: directory)
            #expect(format.status == 2 && format.error == "menuc fmt: cannot read \(name): it is a named pipe, not a file\n", "\(format.error)")
        }
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out").path))
    }

    /// A directory holding a pipe named `*.menu` and a link to one is
    /// checked, built and formatted; each is passed over with a warning.
    @Test func aSearchPassesOverPipesWithAWarning() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let menus = directory.appendingPathComponent("menus")
        try TestSupport.write(Self.menu, to: menus.appendingPathComponent("a.menu"))
        try makeFIFO(menus.appendingPathComponent("p.menu"))
        try FileManager.default.createSymbolicLink(atPath: menus.appendingPathComponent("l.menu").path, withDestinationPath: "p.menu")
        let warnings = "warning: skipped menus/l.menu: it is a named pipe, not a file\n"
        for command in [["check", "menus"], ["build", "menus", "--emit", "json", "--out", "out"], ["fmt", "menus", "--check"]] {
            let result = try menuc(command, in: directory)
            #expect(result.status == 0, "\(command): \(result.status) \(result.error)")
            #expect(result.error.hasPrefix("menuc \(command[0]): " + warnings + "menuc \(command[0]): warning: skipped menus/p.menu"),
                    "\(command): \(result.error)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("out").path) == ["a.json"])
    }

    /// `menuc.json` (found or named), a baseline: a pipe is an error, never a wait.
    @Test func aPipeForConfigurationOrBaselineIsAnError() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try TestSupport.write(Self.menu, to: directory.appendingPathComponent("a.menu"))
        try makeFIFO(directory.appendingPathComponent("pipe.json"))
        let named = try menuc(["check", "a.menu", "--config", "pipe.json"], in: directory)
        #expect(named.status == 2 && named.error.contains("pipe.json: cannot read the file: it is a named pipe, not a file"), "\(named.error)")
        let baseline = try menuc(["check", "a.menu", "--baseline", "pipe.json"], in: directory)
        #expect(baseline.status == 2 && baseline.error.contains("cannot read the baseline file: it is a named pipe, not a file"), "\(baseline.error)")
        try FileManager.default.moveItem(at: directory.appendingPathComponent("pipe.json"), to: directory.appendingPathComponent("menuc.json"))
        let found = try menuc(["check", "a.menu"], in: directory)
        #expect(found.status == 2 && found.error.contains("menuc.json: cannot read the file: it is a named pipe, not a file"), "\(found.error)")
    }

    /// Standard input that never ends, under a memory cap below the most
    /// menuc reads: a clear error (exit 2), not an abort.
    @Test func endlessStandardInputUnderAMemoryCapIsAClearError() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try shell("ulimit -v 1000000; yes 2>/dev/null | \"$MENUC\" check -", in: directory)
        #expect(result.status == 2, "\(result.status) \(result.error)")
        #expect(result.error == "menuc check: cannot read standard input: it goes on past the memory menuc may use (is it endless?)\n",
                "\(result.error)")
    }

    /// `--out ''` (and an empty depfile or baseline path) is a usage error:
    /// it would write into the current folder.
    @Test func anEmptyOutputPathIsAUsageError() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try TestSupport.write(Self.menu, to: directory.appendingPathComponent("a.menu"))
        let cases: [([String], String)] = [
            (["build", "a.menu", "--emit", "json", "--out", ""], "--out needs a folder, not an empty path"),
            (["build", "a.menu", "--emit", "json", "--out=", "--depfile", "d"], "--out needs a folder, not an empty path"),
            (["build", "a.menu", "--emit", "json", "--out", "out", "--depfile", ""], "--depfile needs a file, not an empty path"),
            (["check", "a.menu", "--write-baseline", ""], "--write-baseline needs a file, not an empty path"),
        ]
        for (arguments, message) in cases {
            let result = try menuc(arguments, in: directory)
            #expect(result.status == 2 && result.error.hasPrefix("menuc \(arguments[0]): \(message)\n"), "\(arguments): \(result.error)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["a.menu"])
    }

    /// Folders a build made for its outputs are removed when the build
    /// fails or is interrupted; folders that were there stay.
    @Test func aFailedBuildLeavesNoNewFolders() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // A source named with 250 bytes writes a Swift file whose name
        // (250 + ".swift") is longer than a file name may be: a real failure
        // the file system gives, after other outputs were staged.
        let longName = String(repeating: "a", count: 250)
        try TestSupport.write(Self.menu, to: directory.appendingPathComponent("menus/sub/\(longName).menu"))
        try TestSupport.write(Self.menu.replacingOccurrences(of: "A \"Alpha\"", with: "B \"Beta\""), to: directory.appendingPathComponent("menus/b.menu"))
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("kept"), withIntermediateDirectories: true)
        for out in ["new/out", "kept/out"] {
            let result = try menuc(["build", "menus", "--emit", "json,swift", "--out", out], in: directory)
            #expect(result.status == 2 && result.error.contains("no output was changed"), "\(result.error)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["kept", "menus"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("kept").path).isEmpty)

        // Interrupted while writing into a folder it made.
        let items = (0..<60_000).map { "  item i\($0) \"Open File \($0)\" { action: open\($0) }\n" }.joined()
        try TestSupport.write("menu A \"Alpha\" {\n\(items)}\n", to: directory.appendingPathComponent("big/deep/big.menu"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLITests.binary)
        process.arguments = ["build", "big", "--emit", "json,swift", "--out", "kept/out"]
        process.currentDirectoryURL = directory
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // A temporary beside the outputs, or the new folder made whole under a temporary name.
        let staging = ["kept/out/deep", "kept/out"].map { directory.appendingPathComponent($0).path }
        var seen = false
        while process.isRunning, !seen {
            seen = staging.contains { ((try? FileManager.default.contentsOfDirectory(atPath: $0)) ?? []).contains { $0.hasSuffix(".tmp") } }
            if !seen { usleep(1_000) }
        }
        guard seen else {
            Issue.record("the build ended before it could be interrupted")
            return
        }
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("kept").path).isEmpty)
    }

    /// An output that is a link leading out of `--out` — or a file `fmt`
    /// rewrites that is a link out of its own folder — is refused; what it
    /// leads to is left alone. A link inside the folder is written through.
    @Test func aLinkOutOfTheOutputFolderIsRefused() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try TestSupport.write(Self.menu, to: directory.appendingPathComponent("a.menu"))
        let victim = directory.appendingPathComponent("victim.json")
        try Data("secret\n".utf8).write(to: victim)
        let out = directory.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: out.appendingPathComponent("a.json").path, withDestinationPath: "../victim.json")
        let build = try menuc(["build", "a.menu", "--emit", "json", "--out", "out"], in: directory)
        #expect(build.status == 2, "\(build.error)")
        #expect(build.error.contains("cannot write out/a.json: it is a symbolic link to \(PathNames.standardized(victim.path)), outside the output folder out"),
                "\(build.error)")
        #expect(try Data(contentsOf: victim) == Data("secret\n".utf8))
        // Inside the folder, the link is written through and stays.
        #expect(unlink(out.appendingPathComponent("a.json").path) == 0)
        try TestSupport.write("old\n", to: out.appendingPathComponent("real/a.json"))
        try FileManager.default.createSymbolicLink(atPath: out.appendingPathComponent("a.json").path, withDestinationPath: "real/a.json")
        let inside = try menuc(["build", "a.menu", "--emit", "json", "--out", "out"], in: directory)
        #expect(inside.status == 0, "\(inside.error)")
        #expect(try String(contentsOf: out.appendingPathComponent("real/a.json"), encoding: .utf8).hasPrefix("{"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: out.appendingPathComponent("a.json").path) == "real/a.json")

        let shared = directory.appendingPathComponent("shared")
        let unformatted = "menu A \"A\" {   item open \"Open\" }\n"
        try TestSupport.write(unformatted, to: shared.appendingPathComponent("real.menu"))
        let sources = directory.appendingPathComponent("sources")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: sources.appendingPathComponent("link.menu").path, withDestinationPath: "../shared/real.menu")
        let format = try menuc(["fmt", "sources/link.menu"], in: directory)
        #expect(format.status == 2 && format.error.contains("outside its own folder"), "\(format.error)")
        #expect(try String(contentsOf: shared.appendingPathComponent("real.menu"), encoding: .utf8) == unformatted)

        // `check --fix` on a folder holding a link out of it: the file it leads to is not rewritten.
        let fixable = "platforms macOS 14\nmenu File \"File\" {\n  item export \"Export as PDF...\" { input: true }\n}\n"
        try TestSupport.write(fixable, to: shared.appendingPathComponent("fixable.menu"))
        try FileManager.default.createSymbolicLink(atPath: sources.appendingPathComponent("fixable.menu").path, withDestinationPath: "../shared/fixable.menu")
        let fix = try menuc(["check", "--fix", "sources/fixable.menu"], in: directory)
        #expect(fix.status == 2 && fix.error.contains("cannot write sources/fixable.menu: it is a symbolic link to")
                && fix.error.contains("outside its own folder"), "\(fix.error)")
        #expect(try String(contentsOf: shared.appendingPathComponent("fixable.menu"), encoding: .utf8) == fixable)
        // Named where it is, the file is fixed.
        let direct = try menuc(["check", "--fix", "shared/fixable.menu"], in: directory)
        #expect(direct.error.contains("fixed 1 file"), "\(direct.error)")
        #expect(try String(contentsOf: shared.appendingPathComponent("fixable.menu"), encoding: .utf8).contains("Export as PDF…"))
    }

    /// The attack on predictable temporaries, as a probe runs it: links at
    /// every `.a.json.menuc-PID.tmp` the next processes could use, to a file
    /// the user running menuc may write; the previous output belongs to
    /// someone else (as root). The victim keeps its contents, owner and
    /// mode. Run by the current user and, when that is root, also by an
    /// unprivileged one (`nobody`, whose own file is then the victim).
    @Test func linksPlantedForTheNextProcessesAreNotFollowed() throws {
        let cli = CLITests()
        let runs: [(name: String, user: uid_t?)] = Self.isRoot ? [("root", nil), ("nobody", 65534)] : [("self", nil)]
        for run in runs {
            let directory = try cli.unprivilegedDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            try TestSupport.write(Self.menu, to: directory.appendingPathComponent("a.menu"))
            let victim = directory.appendingPathComponent("victim")
            try Data("secret\n".utf8).write(to: victim)
            #expect(chmod(victim.path, 0o600) == 0)
            let out = directory.appendingPathComponent("out")
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
            try Data("previous\n".utf8).write(to: out.appendingPathComponent("a.json"))
            if let user = run.user {
                for path in [victim.path, out.path, out.appendingPathComponent("a.json").path, directory.appendingPathComponent("a.menu").path] {
                    #expect(chown(path, user, user) == 0)
                }
            } else if Self.isRoot {
                #expect(chown(victim.path, 1234, 1234) == 0)
                #expect(chown(out.appendingPathComponent("a.json").path, 4321, 4321) == 0)
            }
            // The process numbers menuc may get next: Linux says the last one given.
            #if os(Linux)
            let last = (try? String(contentsOfFile: "/proc/sys/kernel/ns_last_pid", encoding: .utf8))
                .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? getpid()
            #else
            let last = getpid()
            #endif
            for processID in (last + 1)...(last + 2_000) {
                try FileManager.default.createSymbolicLink(atPath: out.appendingPathComponent(".a.json.menuc-\(processID).tmp").path,
                                                           withDestinationPath: victim.path)
            }
            var before = stat()
            #expect(lstat(victim.path, &before) == 0)
            let arguments = ["build", "a.menu", "--emit", "json", "--out", "out"]
            let build = run.user == nil ? try menuc(arguments, in: directory) : try cli.menucUnprivileged(arguments, in: directory)
            #expect(build.status == 0, "\(run.name): \(build.error)")
            #expect(try Data(contentsOf: victim) == Data("secret\n".utf8), "\(run.name)")
            var after = stat()
            #expect(lstat(victim.path, &after) == 0)
            #expect(after.st_uid == before.st_uid && after.st_gid == before.st_gid && after.st_mode == before.st_mode, "\(run.name)")
            var output = stat()
            #expect(lstat(out.appendingPathComponent("a.json").path, &output) == 0)
            #expect(output.st_mode & S_IFMT == S_IFREG, "\(run.name)")
            if Self.isRoot, run.user == nil { #expect(output.st_uid == 4321) }
        }
    }

    /// A file whose name is not UTF-8 is found in a search, named directly,
    /// checked and built (its output named with the same bytes), and shown
    /// with `\xE9` for the byte.
    @Test func aNameThatIsNotUTF8IsReachable() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let made = try shell("mkdir menus && printf 'menu A \"A\" { item open \"Open\" { role: x } }\\n' > menus/$'caf\\xe9.menu'", in: directory)
        try #require(made.status == 0, "\(made.error)")
        let searched = try menuc(["check", "menus", "--format", "short"], in: directory)
        #expect(searched.status == 1 && searched.output.hasPrefix("menus/caf\\xE9.menu:1:"), "\(searched.output)\(searched.error)")
        let named = try shell("\"$MENUC\" check --format short menus/$'caf\\xe9.menu'", in: directory)
        #expect(named.status == 1 && named.output.hasPrefix("menus/caf\\xE9.menu:1:"), "\(named.output)\(named.error)")
        _ = try shell("printf 'menu A \"A\" { item open \"Open\" }\\n' > menus/$'caf\\xe9.menu'", in: directory)
        let build = try menuc(["build", "menus", "--emit", "json", "--out", "out"], in: directory)
        #expect(build.status == 0, "\(build.error)")
        let listed = try shell("ls out | od -An -c | tr -s ' '", in: directory)
        #expect(listed.output.contains("c a f 351 . j s o n"), "\(listed.output)")
    }
}
