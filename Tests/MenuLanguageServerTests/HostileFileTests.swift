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

/// Files and folders an attacker prepared: links planted where menuc
/// writes, named pipes where it reads, names that are not UTF-8. Run as the
/// current user and, where the tests run as root (containers), with files
/// of other users, for what only root can be made to do.
struct HostileFileTests {
    static let isRoot = getuid() == 0

    func directory() throws -> URL { try TestSupport.temporaryDirectory() }

    func contents(_ url: URL) -> Data? { FileManager.default.contents(atPath: url.path) }

    func status(_ url: URL) -> stat? {
        var result = stat()
        return lstat(url.path, &result) == 0 ? result : nil
    }

    func makeFIFO(_ url: URL) throws {
        try #require(mkfifo(url.path, 0o644) == 0, "mkfifo \(url.path): \(String(cString: strerror(errno)))")
    }

    /// `body`'s result, or nil when it has not returned after `seconds`:
    /// a test of something that used to hang must fail, not hang the suite.
    /// (The thread is left blocked; `unblock` is then called to free it.)
    func withinDeadline<T: Sendable>(_ seconds: Double = 20, unblock: () -> Void = {}, _ body: @escaping @Sendable () -> T) -> T? {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            box.set(body())
            done.signal()
        }
        if done.wait(timeout: .now() + seconds) == .timedOut {
            unblock()
            return nil
        }
        return box.get()
    }

    /// Opens a FIFO for writing and closes it at once, which ends a read
    /// that waits on it (the remedy for a test that found a hang).
    func release(_ fifo: URL) {
        let descriptor = open(fifo.path, O_WRONLY | O_NONBLOCK)
        if descriptor >= 0 { close(descriptor) }
        let reader = open(fifo.path, O_RDONLY | O_NONBLOCK)
        if reader >= 0 { close(reader) }
    }

    // MARK: - Writing

    /// A link planted at any name the writer might use for its temporary —
    /// the old predictable `.NAME.menuc-PID.tmp`, and the first names it
    /// will try now — leading to a file elsewhere: that file is never
    /// opened, truncated, or given another owner or mode; the writer takes
    /// the next free name. As root, the previous output belongs to someone
    /// else (its owner passes to the replacement), and so does the victim.
    @Test func aPlantedTemporaryLinkIsNeverFollowed() throws {
        let folder = try directory()
        let elsewhere = try directory()
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: elsewhere)
        }
        let victim = elsewhere.appendingPathComponent("victim")
        try Data("secret\n".utf8).write(to: victim)
        #expect(chmod(victim.path, 0o600) == 0)
        if Self.isRoot { #expect(chown(victim.path, 1234, 1234) == 0) }
        let output = folder.appendingPathComponent("a.json")
        try Data("previous\n".utf8).write(to: output)
        #expect(chmod(output.path, 0o640) == 0)
        if Self.isRoot { #expect(chown(output.path, 4321, 4321) == 0) }
        let before = try #require(status(victim))
        let planted = [".a.json.menuc-\(getpid()).tmp",
                       OutputWriter.temporaryName(for: "a.json", processID: getpid(), suffix: "planted1"),
                       OutputWriter.temporaryName(for: "a.json", processID: getpid(), suffix: "planted2")]
        for name in planted {
            try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent(name).path, withDestinationPath: victim.path)
        }
        var writer = OutputWriter()
        let suffixes = SuffixSequence(["planted1", "planted2", "free"])
        writer.temporarySuffix = { suffixes.next() }
        let result = writer.write([OutputWriter.Output(path: output.path, contents: "new\n")])
        guard case .success(let report) = result else { Issue.record("the write failed: \(result)"); return }
        #expect(report.written == [output.path])
        #expect(contents(output) == Data("new\n".utf8))
        #expect(contents(victim) == Data("secret\n".utf8))
        let after = try #require(status(victim))
        #expect(after.st_uid == before.st_uid && after.st_gid == before.st_gid && after.st_mode == before.st_mode && after.st_ino == before.st_ino)
        let replaced = try #require(status(output))
        #expect(replaced.st_mode & 0o7777 == 0o640)
        if Self.isRoot { #expect(replaced.st_uid == 4321 && replaced.st_gid == 4321) }
        // The planted links are someone else's: left as they were.
        for name in planted {
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.appendingPathComponent(name).path) == victim.path)
        }
    }

    /// An output that is a link leading out of its folder — to a file, or
    /// through a folder on the way — is refused before anything is written;
    /// the file it leads to stays as it was, and so does the link.
    @Test func aLinkLeadingOutOfTheOutputFolderIsRefused() throws {
        let root = try directory()
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("out")
        let outside = root.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        let victim = outside.appendingPathComponent("victim.json")
        try Data("secret\n".utf8).write(to: victim)
        if Self.isRoot { #expect(chown(victim.path, 1234, 1234) == 0) }
        let before = try #require(status(victim))
        try FileManager.default.createSymbolicLink(atPath: out.appendingPathComponent("a.json").path, withDestinationPath: victim.path)
        try FileManager.default.createSymbolicLink(atPath: out.appendingPathComponent("sub").path, withDestinationPath: "../outside")
        let fresh = out.appendingPathComponent("b.json")
        for (path, expected) in [(out.appendingPathComponent("a.json").path, "is a symbolic link to"),
                                 (out.appendingPathComponent("sub/victim.json").path, "a folder on the way is a symbolic link")] {
            let result = OutputWriter().write([OutputWriter.Output(path: fresh.path, folder: out.path, contents: "b\n"),
                                               OutputWriter.Output(path: path, folder: out.path, contents: "new\n")])
            guard case .failure(let failure) = result else { Issue.record("\(path) was written through a link out of the folder"); continue }
            #expect(failure.message.contains(expected) && failure.message.contains("outside the output folder"), "\(failure.message)")
            #expect(!FileManager.default.fileExists(atPath: fresh.path), "nothing is written when one output is refused")
        }
        #expect(contents(victim) == Data("secret\n".utf8))
        let after = try #require(status(victim))
        #expect(after.st_uid == before.st_uid && after.st_mode == before.st_mode && after.st_ino == before.st_ino)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: out.appendingPathComponent("a.json").path) == victim.path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path) == ["victim.json"])
        // A file written in place (fmt) through a link out of its own folder: refused the same way.
        let inPlace = OutputWriter().write([OutputWriter.Output(path: out.appendingPathComponent("a.json").path, contents: "new\n")])
        guard case .failure(let failure) = inPlace else { Issue.record("written through a link out of its own folder"); return }
        #expect(failure.message.contains("outside its own folder"), "\(failure.message)")
        #expect(contents(victim) == Data("secret\n".utf8))
    }

    /// A named pipe (or a device-like special file) where an output goes is
    /// never opened to be compared — that would wait for a writer — but
    /// replaced by the output.
    @Test func aPipeAtTheOutputIsReplacedWithoutWaiting() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("a.json")
        try makeFIFO(output)
        let result = withinDeadline(unblock: { release(output) }) {
            OutputWriter().write([OutputWriter.Output(path: output.path, contents: "new\n")])
        }
        guard case .success? = result else { Issue.record("the write hung or failed: \(String(describing: result))"); return }
        #expect(contents(output) == Data("new\n".utf8))
        #expect(status(output).map { $0.st_mode & S_IFMT } == S_IFREG)
    }

    /// Replacing is a rename: an output that is a hard link to another file
    /// gets a new file, and the other name keeps its contents.
    @Test func aHardLinkedOutputIsReplacedNotWrittenInto() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let other = folder.appendingPathComponent("other.txt")
        let output = folder.appendingPathComponent("a.json")
        try Data("theirs\n".utf8).write(to: other)
        try FileManager.default.linkItem(at: other, to: output)
        guard case .success = OutputWriter().write([OutputWriter.Output(path: output.path, contents: "new\n")]) else {
            Issue.record("the write failed")
            return
        }
        #expect(contents(output) == Data("new\n".utf8))
        #expect(contents(other) == Data("theirs\n".utf8))
        #expect(status(other)?.st_nlink == 1)
    }

    /// A temporary is readable by menuc's user alone until it is complete;
    /// then a new file gets the mode any new file gets (0666 less the
    /// umask), a replacement the permission bits of what it replaces, never
    /// set-user-ID.
    @Test func aTemporaryIsPrivateUntilItIsComplete() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("a.json")
        let seen = ModeRecorder()
        let folderPath = folder.path
        let staged = OutputWriter.Output(path: output.path) { write in
            Array("first piece\n".utf8).withUnsafeBufferPointer { write($0) }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folderPath)) ?? []
            for name in names where name.hasPrefix(".a.json.menuc-") {
                var result = stat()
                if lstat(folderPath + "/" + name, &result) == 0 { seen.record(result.st_mode & 0o7777) }
            }
            Array("second piece\n".utf8).withUnsafeBufferPointer { write($0) }
        }
        guard case .success = OutputWriter().write([staged]) else { Issue.record("the write failed"); return }
        #expect(seen.modes == [0o600])
        let mask = umask(0o022)
        umask(mask)
        #expect(status(output).map { $0.st_mode & 0o7777 } == 0o666 & ~mask)
        // A set-user-ID file's replacement keeps its permissions, not the bit.
        #expect(chmod(output.path, 0o4755) == 0)
        guard case .success = OutputWriter().write([OutputWriter.Output(path: output.path, contents: "other\n")]) else {
            Issue.record("the rewrite failed")
            return
        }
        #expect(status(output).map { $0.st_mode & 0o7777 } == 0o755)
    }

    /// Folders a write made are removed again when it fails (or is
    /// stopped); folders that were there stay.
    @Test func aFailedWriteRemovesTheFoldersItMade() throws {
        let root = try directory()
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out.appendingPathComponent("kept"), withIntermediateDirectories: true)
        let outputs = ["new/deeper/a.json", "kept/b.json", "new/c.json", "other/d.json"].map {
            OutputWriter.Output(path: out.appendingPathComponent($0).path, folder: out.path, contents: "x\n")
        }
        let failing = OutputWriter(failWritingPath: out.appendingPathComponent("other/d.json").path)
        guard case .failure = failing.write(outputs) else { Issue.record("the injected failure was not reported"); return }
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == ["kept"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("kept").path).isEmpty)
        let stopped = OutputWriter(shouldStop: { true })
        guard case .failure = stopped.write(outputs) else { Issue.record("the stop was not reported"); return }
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == ["kept"])
        // The output folder itself, when the write made it.
        let fresh = root.appendingPathComponent("fresh/out")
        let freshOutput = OutputWriter.Output(path: fresh.appendingPathComponent("a.json").path, folder: fresh.path, contents: "x\n")
        guard case .failure = OutputWriter(failWritingPath: freshOutput.path).write([freshOutput]) else { Issue.record("no failure"); return }
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("fresh").path))
        guard case .success = OutputWriter().write(outputs) else { Issue.record("the write failed"); return }
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == ["kept", "new", "other"])
    }

    // MARK: - Reading

    /// Only regular files are read: a pipe, a link to one, a device and a
    /// directory are refused at once, each named for what it is.
    @Test func onlyRegularFilesAreRead() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("p.menu")
        try makeFIFO(fifo)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("l.menu").path, withDestinationPath: "p.menu")
        let cases: [(String, FileSystem.Kind, String)] = [
            (fifo.path, .pipe, "it is a named pipe, not a file"),
            (folder.appendingPathComponent("l.menu").path, .pipe, "it is a named pipe, not a file"),
            ("/dev/null", .device, "it is a device, not a file"),
            (folder.path, .directory, "it is a directory"),
        ]
        for (path, kind, reason) in cases {
            let result = withinDeadline(unblock: { release(fifo) }) { FileSystem.contents(atPath: path) }
            guard case .failure(let failure)? = result else { Issue.record("\(path): \(String(describing: result))"); continue }
            #expect(failure.found == kind && failure.reason == reason, "\(path): \(failure)")
        }
    }

    /// An import of a named pipe is a located error on the import, at once.
    @Test func anImportedPipeIsALocatedError() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try makeFIFO(folder.appendingPathComponent("x.menu"))
        let main = folder.appendingPathComponent("main.menu")
        try TestSupport.write("import \"x.menu\"\nmenu A \"Alpha\" { item open \"Open\" }\n", to: main)
        let path = main.path
        let compilation = withinDeadline(unblock: { release(folder.appendingPathComponent("x.menu")) }) {
            Compiler.compile([.path(path)])
        }
        guard let compilation else { Issue.record("importing a pipe hung"); return }
        let error = compilation.diagnostics.first { $0.id == LanguageErrorID.importFailed.rawValue }
        #expect(error?.message == "cannot import 'x.menu': it is a named pipe, not a file", "\(compilation.diagnostics.map(\.message))")
        #expect(error.map { compilation.workspace.file($0.span.file).position(of: $0.span.start).line } == 1)
    }

    /// A directory search passes over pipes named `*.menu` and links to
    /// them, saying so, and finds names that are not UTF-8, which can be
    /// read back.
    @Test func aSearchSkipsPipesAndFindsEveryName() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try makeFIFO(folder.appendingPathComponent("p.menu"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("sub/l.menu").path, withDestinationPath: "../p.menu")
        try TestSupport.write("menu A \"Alpha\" { item open \"Open\" }\n", to: folder.appendingPathComponent("ok.menu"))
        // A Latin-1 name: "caf\xE9.menu".
        let latin1 = Array("caf".utf8) + [0xE9] + Array(".menu".utf8)
        let raw = Array(folder.path.utf8) + [UInt8(ascii: "/")] + latin1 + [0]
        let descriptor = raw.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
        }
        try #require(descriptor >= 0)
        let text = Array("menu B \"Beta\" { item open \"Open\" }\n".utf8)
        #expect(write(descriptor, text, text.count) == text.count)
        close(descriptor)
        let collected = withinDeadline { InputCollector.collect([folder.path]) }
        guard case .success(let found)? = collected else { Issue.record("\(String(describing: collected))"); return }
        let name = PathBytes.string(latin1)
        #expect(found.entries.map(\.relativePath) == [name, "ok.menu"].sorted())
        #expect(found.skipped.map(\.message) == ["skipped \(folder.path)/p.menu: it is a named pipe, not a file",
                                                 "skipped \(folder.path)/sub/l.menu: it is a named pipe, not a file"])
        let compilation = Compiler.compile(found.entries.map { .path($0.path) })
        #expect(compilation.loadFailures.isEmpty && compilation.files.count == 2, "\(compilation.loadFailures)")
        #expect(compilation.workspace.files.contains { $0.displayPath.hasSuffix("caf\\xE9.menu") })
    }

    /// A name's bytes survive the trip through a `String` and back, whatever
    /// they are: valid UTF-8 stays the same text, stray bytes are carried
    /// one scalar each, and a real scalar of the carrying range is told apart.
    @Test func fileNameBytesRoundTrip() {
        var generator = SeededBytes(seed: 29)
        var samples: [[UInt8]] = [
            Array("plain.menu".utf8), Array("café ☕️ 😀.menu".utf8), [0xFF], [0xE9, 0x2E, 0x6D], [0xC3], [0xED, 0xA0, 0x80],
            Array("\u{10FFFF}\u{10FF80}\u{10FF7F}".utf8), [0xF4, 0x8F, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF4],
        ]
        for _ in 0..<2_000 { samples.append(generator.bytes(count: generator.next() % 12)) }
        for bytes in samples {
            let carried = PathBytes.string(bytes)
            #expect(PathBytes.bytes(carried) == bytes, "\(bytes)")
            PathBytes.withCString(carried) { pointer in
                #expect(Array(UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))) == bytes.prefix { $0 != 0 })
            }
            if let text = String(validating: bytes, as: UTF8.self), !text.unicodeScalars.contains(where: { $0.value >= 0x10FF80 }) {
                #expect(carried == text, "\(bytes)")
            }
        }
        #expect(PathBytes.displayed(PathBytes.string(Array("caf".utf8) + [0xE9])) == "caf\\xE9")
    }

    /// `menuc.json` and a baseline that are pipes are refused, not waited on.
    @Test func aPipeForConfigurationOrBaselineIsRefused() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("menuc.json")
        try makeFIFO(fifo)
        let path = fifo.path
        let configuration = withinDeadline(unblock: { release(fifo) }) { ProjectConfiguration.load(path: path, knownRuleIDs: []) }
        guard case .failure(let failure)? = configuration else { Issue.record("\(String(describing: configuration))"); return }
        #expect(failure.message == "cannot read the file: it is a named pipe, not a file")
        let baseline = withinDeadline(unblock: { release(fifo) }) { Baseline.load(path: path) }
        guard case .failure(let refusal)? = baseline else { Issue.record("\(String(describing: baseline))"); return }
        #expect(refusal.message == "cannot read the baseline file: it is a named pipe, not a file")
    }

    /// The language server reads from disk only regular files: find
    /// references walks a folder holding a pipe (and a link to one) and
    /// answers; a document whose URI is under `/proc/self/fd` (`/dev/fd` on a Mac) cannot import
    /// a descriptor of the server (here a pipe with nothing to read, as a
    /// server's standard input would be).
    @Test func theLanguageServerReadsNoPipe() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try makeFIFO(folder.appendingPathComponent("p.menu"))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("l.menu").path, withDestinationPath: "p.menu")
        try TestSupport.write("menu Main \"Main\" { item open \"Open\" }\n", to: folder.appendingPathComponent("a.menu"))
        try TestSupport.write("import \"a.menu\"\ncontextmenu c { menu: Main }\n", to: folder.appendingPathComponent("b.menu"))
        #expect(ProjectIndex.menuFiles(under: [folder.path]).map { PathNames.lastComponent(of: $0) } == ["a.menu", "b.menu"])
        // Used from one thread at a time: the deadline's thread, while this one waits.
        nonisolated(unsafe) let server = LanguageServer()
        _ = server.receive(LanguageServerTests.request(1, "initialize", ["capabilities": [:], "rootUri": .string(DocumentURI.uri(forPath: folder.path))]), now: 0)
        _ = server.receive(LanguageServerTests.notification("initialized"), now: 0)
        let uri = DocumentURI.uri(forPath: folder.appendingPathComponent("a.menu").path)
        _ = server.receive(LanguageServerTests.notification("textDocument/didOpen", ["textDocument": ["uri": .string(uri), "version": 1,
                                                                                                      "text": "menu Main \"Main\" { item open \"Open\" }\n"]]), now: 0)
        let references = LanguageServerTests.request(2, "textDocument/references", ["textDocument": ["uri": .string(uri)],
                                                                                   "position": ["line": 0, "character": 6],
                                                                                   "context": ["includeDeclaration": true]])
        let answer = withinDeadline(unblock: { release(folder.appendingPathComponent("p.menu")) }) { server.receive(references, now: 0) }
        guard let answer else { Issue.record("find references hung on a pipe"); return }
        let found = answer.first?["result"]?.array?.compactMap { $0["uri"]?.string } ?? []
        #expect(found.contains { $0.hasSuffix("/b.menu") }, "\(answer)")

        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        // The folder through which a process opens its own descriptors.
        #if os(Linux)
        let procURI = "file:///proc/self/fd/x.menu"
        #else
        let procURI = "file:///dev/fd/x.menu"
        #endif
        let open = LanguageServerTests.notification("textDocument/didOpen", ["textDocument": ["uri": .string(procURI), "version": 1,
                                                                                            "text": .string("import \"\(ends[0])\"\nmenu M \"M\" { item open \"Open\" }\n")]])
        let published = withinDeadline(unblock: { _ = write(ends[1], "x", 1); close(ends[1]) }) {
            _ = server.receive(open, now: 0)
            return server.fireTimers(now: 10_000)
        }
        guard let published else { Issue.record("a document at \(procURI) read the server's own descriptor"); return }
        let messages = published.flatMap { $0["params"]?["diagnostics"]?.array ?? [] }.compactMap { $0["message"]?.string }
        #expect(messages.contains { $0.contains("it is a named pipe, not a file") }, "\(messages)")
    }
}

/// A reproducible stream of bytes (xorshift), for round trips.
private struct SeededBytes {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> Int {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return Int(truncatingIfNeeded: state & 0x7FFF_FFFF)
    }
    /// Bytes from 1 to 255, weighted to UTF-8's interesting ones.
    mutating func bytes(count: Int) -> [UInt8] {
        let interesting: [UInt8] = [0x2E, 0x61, 0x80, 0xBF, 0xC2, 0xC3, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0x8F, 0xBE, 0xFF]
        return (0..<count).map { _ in next() % 2 == 0 ? interesting[next() % interesting.count] : UInt8(1 + next() % 255) }
    }
}

private final class ResultBox<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: T?
    func set(_ newValue: T) { lock.withLock { value = newValue } }
    func get() -> T? { lock.withLock { value } }
}

/// Suffixes handed out in order, then `free-N`.
private final class SuffixSequence: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: [String]
    private var extra = 0
    init(_ suffixes: [String]) { pending = suffixes }
    func next() -> String {
        lock.withLock {
            if !pending.isEmpty { return pending.removeFirst() }
            extra += 1
            return "extra\(extra)"
        }
    }
}

private final class ModeRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [mode_t] = []
    func record(_ mode: mode_t) { lock.withLock { recorded.append(mode) } }
    var modes: [mode_t] { lock.withLock { recorded } }
}
