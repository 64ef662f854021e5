import Foundation
import Testing
@testable import MenuSupport
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
@testable import MenuRules
@testable import MenuBackends
@testable import MenuFormatter
@testable import MenuCompiler
import MenuTestSupport

/// Staging outputs as they are produced: an unchanged output leaves its
/// file alone, a changed one is written whole, and a failure changes nothing.
struct OutputWriterTests {
    /// An output produced in uneven pieces (so comparisons cross chunk boundaries).
    static func output(_ path: String, _ bytes: [UInt8], pieces: [Int] = [1, 7, 4096, 65_535, 65_537, 3]) -> OutputWriter.Output {
        OutputWriter.Output(path: path) { write in
            var offset = 0
            var index = 0
            while offset < bytes.count {
                let size = min(pieces[index % pieces.count], bytes.count - offset)
                bytes.withUnsafeBufferPointer { write(UnsafeBufferPointer(rebasing: $0[offset..<(offset + size)])) }
                offset += size
                index += 1
            }
        }
    }

    static func bytes(_ count: Int, seed: UInt8 = 0) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed)) }
    }

    func directory() throws -> URL { try TestSupport.temporaryDirectory() }

    func leftovers(in directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".tmp") }
    }

    /// A destination that is a symbolic link keeps its link: the file it
    /// points to gets the contents (`menuc fmt` through a link, an output
    /// folder of links into another tree).
    @Test func aLinkedDestinationIsWrittenThrough() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("elsewhere/a.json")
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("old".utf8).write(to: target)
        let link = folder.appendingPathComponent("a.json").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "elsewhere/a.json")
        let contents = Self.bytes(70_000)
        guard case .success = OutputWriter().write([Self.output(link, contents)]) else {
            Issue.record("the write failed")
            return
        }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "elsewhere/a.json")
        #expect(try [UInt8](Data(contentsOf: target)) == contents)
        #expect(try leftovers(in: folder).isEmpty && leftovers(in: target.deletingLastPathComponent()).isEmpty)
    }

    /// A replaced file keeps its permissions: a private source formatted
    /// in place must not become readable by everyone.
    @Test func aReplacedFileKeepsItsPermissions() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        for mode in [0o600, 0o755, 0o640] {
            let path = folder.appendingPathComponent("file-\(String(mode, radix: 8))").path
            try Data("old".utf8).write(to: URL(fileURLWithPath: path))
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
            guard case .success = OutputWriter().write([Self.output(path, Self.bytes(1_000))]) else {
                Issue.record("the write failed")
                continue
            }
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == mode, "mode \(String(mode, radix: 8))")
            #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) == Self.bytes(1_000))
        }
    }

    @Test func anUnchangedOutputLeavesItsFileAlone() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("a.json").path
        let contents = Self.bytes(300_000)
        guard case .success(let first) = OutputWriter().write([Self.output(path, contents)]) else { Issue.record("first write failed"); return }
        #expect(first.written == [path])
        let inode = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
        guard case .success(let second) = OutputWriter().write([Self.output(path, contents, pieces: [65_536, 17])]) else { Issue.record("rewrite failed"); return }
        #expect(second.unchanged == [path] && second.written.isEmpty)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int == inode)
        #expect(try leftovers(in: folder).isEmpty)
    }

    @Test(arguments: [
        ("differs in the middle", 300_000, 300_000, 150_001),
        ("longer than before", 200_000, 300_000, nil),
        ("shorter than before", 300_000, 200_000, nil),
        ("differs in the first byte", 70_000, 70_000, 0),
        ("differs in the last byte", 70_000, 70_000, 69_999),
        ("empty now", 1_000, 0, nil),
        ("empty before", 0, 1_000, nil),
    ] as [(String, Int, Int, Int?)])
    func aChangedOutputIsWrittenWhole(_ name: String, _ before: Int, _ after: Int, _ changedByte: Int?) throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("a.swift").path
        let old = Self.bytes(before)
        var new = Self.bytes(after)
        if let changedByte { new[changedByte] &+= 1 }
        _ = OutputWriter().write([Self.output(path, old)])
        guard case .success(let report) = OutputWriter().write([Self.output(path, new)]) else { Issue.record("\(name): write failed"); return }
        #expect(report.written == [path], "\(name)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(new), "\(name)")
        #expect(try leftovers(in: folder).isEmpty, "\(name)")
    }

    @Test func aFailureChangesNothingAndLeavesNoTemporary() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = folder.appendingPathComponent("a.json").path
        let b = folder.appendingPathComponent("b.json").path
        _ = OutputWriter().write([Self.output(a, Self.bytes(100_000)), Self.output(b, Self.bytes(100_000))])
        let writer = OutputWriter(failWritingPath: b)
        guard case .failure = writer.write([Self.output(a, Self.bytes(100_000, seed: 9)), Self.output(b, Self.bytes(100_000, seed: 9))]) else {
            Issue.record("the injected failure was not reported")
            return
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: a)) == Data(Self.bytes(100_000)))
        #expect(try Data(contentsOf: URL(fileURLWithPath: b)) == Data(Self.bytes(100_000)))
        #expect(try leftovers(in: folder).isEmpty)
    }

    /// Two outputs for one file, by the same path or through a link to it,
    /// are refused before anything is made: a new folder stays unmade.
    @Test func twoOutputsForOneFileAreRefusedBeforeAnythingIsMade() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fresh = folder.appendingPathComponent("new/a.json").path
        let twice = OutputWriter().write([Self.output(fresh, Self.bytes(10)), Self.output(fresh, Self.bytes(20))])
        #expect(twice == .failure(OutputWriter.Failure(path: fresh, reason: "another output of the same write goes to this file")))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("new").path))

        let a = folder.appendingPathComponent("a.json").path
        let link = folder.appendingPathComponent("b.json").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: a))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "a.json")
        guard case .failure(let failure) = OutputWriter().write([Self.output(a, Self.bytes(10)), Self.output(link, Self.bytes(20))]) else {
            Issue.record("two outputs through a link to one file were written")
            return
        }
        #expect(failure.path == link)
        #expect(try Data(contentsOf: URL(fileURLWithPath: a)) == Data("old".utf8))
        #expect(try leftovers(in: folder).isEmpty)
    }

    /// `shouldStop` (the command line's Ctrl-C) answering yes at its
    /// `stopAt`-th ask, wherever that falls — before an output, between
    /// pieces, before the renames: the previous outputs stay, a new one is
    /// not made, no temporary is left. Asked fewer times, nothing stops.
    @Test func aStopChangesNothingAndLeavesNoTemporary() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let paths = ["a.json", "b.json", "c.json"].map { folder.appendingPathComponent($0).path }
        let old = Self.bytes(100_000)
        let new = Self.bytes(100_000, seed: 9)
        func reset() {
            for path in paths.prefix(2) { #expect(FileManager.default.createFile(atPath: path, contents: Data(old))) }
            try? FileManager.default.removeItem(atPath: paths[2])
        }
        /// Writes new contents, stopping at the `stopAt`-th ask; how many asks there were.
        func write(stoppingAt stopAt: Int) throws -> (result: Result<OutputWriter.Report, OutputWriter.Failure>, asks: Int) {
            reset()
            let asks = AskCounter()
            let writer = OutputWriter(shouldStop: { asks.next() >= stopAt })
            return (writer.write(paths.map { Self.output($0, new) }), asks.count)
        }
        let uninterrupted = try write(stoppingAt: .max)
        guard case .success = uninterrupted.result else { Issue.record("an uninterrupted write failed"); return }
        #expect(try paths.map { try Data(contentsOf: URL(fileURLWithPath: $0)) } == Array(repeating: Data(new), count: 3))
        // The last ask is the one before the renames.
        for stopAt in [0, 1, 2, 5, uninterrupted.asks / 2, uninterrupted.asks - 1] {
            let stopped = try write(stoppingAt: stopAt)
            guard case .failure(let failure) = stopped.result else { Issue.record("stopping at ask \(stopAt) wrote the outputs"); continue }
            #expect(failure.wasInterrupted && failure.message == "interrupted", "\(stopAt): \(failure)")
            #expect(try paths.prefix(2).map { try Data(contentsOf: URL(fileURLWithPath: $0)) } == [Data(old), Data(old)], "\(stopAt)")
            #expect(!FileManager.default.fileExists(atPath: paths[2]), "\(stopAt)")
            #expect(try leftovers(in: folder).isEmpty, "\(stopAt)")
        }
        // A stop once every output is staged, just before the renames.
        reset()
        let produced = AskCounter()
        let staged = paths.map { path in
            let whole = Self.output(path, new)
            return OutputWriter.Output(path: path) { write in
                whole.produce(write)
                _ = produced.next()
            }
        }
        guard case .failure(let failure) = OutputWriter(shouldStop: { produced.count == staged.count }).write(staged) else {
            Issue.record("a stop after staging, before the renames, wrote the outputs")
            return
        }
        #expect(failure.wasInterrupted)
        #expect(try paths.prefix(2).map { try Data(contentsOf: URL(fileURLWithPath: $0)) } == [Data(old), Data(old)])
        #expect(try leftovers(in: folder).isEmpty)
    }
}

extension OutputWriterTests {
    @Test func temporaryNamesAreReadBack() {
        for name in ["a.json", "x", "menu.menuc-3.json", ".hidden.md", "päge.md", "a.menuc-1-2.json"] {
            for suffix in ["k3j9x2qa", "0", "zzzzzzzzzzzzz", "12345"] {
                let parts = OutputWriter.temporaryParts(of: OutputWriter.temporaryName(for: name, processID: 4_321, suffix: suffix))
                #expect(parts?.name == name && parts?.processID == 4_321, "\(name) \(suffix)")
            }
            // What an earlier menuc named them: `.NAME.menuc-PID.tmp`.
            let earlier = OutputWriter.temporaryParts(of: ".\(name).menuc-4321.tmp")
            #expect(earlier?.name == name && earlier?.processID == 4_321, "\(name)")
        }
        for entry in [".a.json.tmp", "a.json.menuc-1.tmp", ".a.json.menuc-.tmp", ".a.json.menuc-12x.tmp", ".menuc-5.tmp",
                      ".a.json.menuc-0.tmp", ".a.json.menuc-99999999999.tmp", ".a.json.menuc-1.tmpx", ".",
                      ".a.json.menuc-1-.tmp", ".a.json.menuc--abc.tmp", ".a.json.menuc-1-ABC.tmp", ".a.json.menuc-1-abcdefghijklmnopq.tmp"] {
            #expect(OutputWriter.temporaryParts(of: entry) == nil, "\(entry)")
        }
    }

    /// What a menuc killed outright (SIGKILL) left is removed by the next
    /// write of the same outputs — in either naming; a running process's
    /// temporary, temporaries of other files, and anything named like an
    /// abandoned temporary that menuc could not have made (a link, a
    /// folder, a file of another user) stay.
    @Test func abandonedTemporariesAreRemoved() throws {
        let folder = try directory()
        let elsewhere = try directory()
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: elsewhere)
        }
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        let gone = finished.processIdentifier
        let running = getppid()
        let abandoned = [OutputWriter.temporaryName(for: "a.json", processID: gone, suffix: "x1y2"), ".a.json.menuc-\(gone).tmp"]
        var kept = [OutputWriter.temporaryName(for: "a.json", processID: running, suffix: "x1y2"),
                    OutputWriter.temporaryName(for: "other.json", processID: gone, suffix: "x1y2")]
        for name in abandoned + kept { #expect(FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: Data("x".utf8))) }
        // Named like abandoned temporaries, but not what menuc makes.
        let victim = elsewhere.appendingPathComponent("victim")
        try Data("keep".utf8).write(to: victim)
        let link = OutputWriter.temporaryName(for: "a.json", processID: gone, suffix: "link")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent(link).path, withDestinationPath: victim.path)
        let directoryNamed = OutputWriter.temporaryName(for: "a.json", processID: gone, suffix: "dir")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(directoryNamed), withIntermediateDirectories: false)
        kept += [link, directoryNamed]
        if getuid() == 0 {
            let foreign = OutputWriter.temporaryName(for: "a.json", processID: gone, suffix: "foreign")
            #expect(FileManager.default.createFile(atPath: folder.appendingPathComponent(foreign).path, contents: Data("theirs".utf8)))
            #expect(chown(folder.appendingPathComponent(foreign).path, 1234, 1234) == 0)
            kept.append(foreign)
        }
        guard case .success = OutputWriter().write([Self.output(folder.appendingPathComponent("a.json").path, Self.bytes(10))]) else {
            Issue.record("the write failed")
            return
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == (["a.json"] + kept).sorted())
        #expect(try Data(contentsOf: victim) == Data("keep".utf8))
    }
}

/// Counts `shouldStop`'s asks, which come from several threads.
private final class AskCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var asked = 0

    /// The number of asks before this one.
    func next() -> Int {
        lock.withLock {
            defer { asked += 1 }
            return asked
        }
    }

    var count: Int { lock.withLock { asked } }
}
