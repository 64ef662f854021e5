import Foundation
import Testing
@testable import MenuSupport
@testable import MenuCompiler
import MenuTestSupport

/// A folder of outputs that did not exist is made whole, private, under a
/// temporary name, and renamed into place once everything is written:
/// whatever happens to it or at its name meanwhile, nothing is followed,
/// replaced or left behind.
struct OutputFolderStagingTests {
    func directory() throws -> URL { try TestSupport.temporaryDirectory() }

    func entries(_ url: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }

    func mode(_ path: String) -> mode_t? {
        var result = stat()
        return lstat(path, &result) == 0 ? result.st_mode & 0o7777 : nil
    }

    static func mask() -> mode_t {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }

    /// The staged folder for `name` in `parent`, while it is being written.
    func stagedFolder(_ name: String, in parent: String) -> String? {
        ((try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? [])
            .first { $0.hasPrefix(".\(name).menuc-") && $0.hasSuffix(".tmp") }
            .map { parent + "/" + $0 }
    }

    /// Outputs `a.svg`, `b.svg`, `c.svg` in `out/pics`; `during` runs once, while the second is produced.
    func outputs(in out: URL, during: @escaping @Sendable () -> Void = {}) -> [OutputWriter.Output] {
        ["a", "b", "c"].map { name in
            OutputWriter.Output(path: out.appendingPathComponent("pics/\(name).svg").path, folder: out.path) { write in
                if name == "b" { during() }
                Array("<svg>\(name)</svg>\n".utf8).withUnsafeBufferPointer { write($0) }
            }
        }
    }

    func writer() -> OutputWriter {
        var writer = OutputWriter()
        writer.workers = 1
        return writer
    }

    /// While it is written the folder is private and not at its name; then
    /// it is there with the mode a new folder gets, its files with the mode
    /// a new file gets, and no temporary is left.
    @Test func aNewFolderIsPrivateUntilItIsCompleteThenAppearsWhole() throws {
        let out = try directory()
        defer { try? FileManager.default.removeItem(at: out) }
        let seen = Observations()
        let outPath = out.path
        let result = writer().write(outputs(in: out) {
            seen.record(FileManager.default.fileExists(atPath: outPath + "/pics") ? "visible" : "hidden")
            if let staged = self.stagedFolder("pics", in: outPath) {
                seen.record(String(self.mode(staged) ?? 0, radix: 8))
                seen.record((try? FileManager.default.contentsOfDirectory(atPath: staged).sorted().joined(separator: ",")) ?? "")
            }
        })
        guard case .success(let report) = result else { Issue.record("the write failed: \(result)"); return }
        #expect(seen.all == ["hidden", "700", "a.svg"])
        #expect(report.written == ["a", "b", "c"].map { out.appendingPathComponent("pics/\($0).svg").path })
        #expect(entries(out) == ["pics"])
        #expect(entries(out.appendingPathComponent("pics")) == ["a.svg", "b.svg", "c.svg"])
        #expect(mode(out.appendingPathComponent("pics").path) == 0o777 & ~Self.mask())
        #expect(mode(out.appendingPathComponent("pics/b.svg").path) == 0o666 & ~Self.mask())
        #expect(try String(contentsOf: out.appendingPathComponent("pics/c.svg"), encoding: .utf8) == "<svg>c</svg>\n")
    }

    /// A folder that appears at the name while the new one is written — even
    /// an empty one, which a plain rename would replace — is left as it is,
    /// and the write fails naming it, leaving nothing of its own.
    @Test func aFolderThatAppearsAtTheNameIsNotReplaced() throws {
        let out = try directory()
        defer { try? FileManager.default.removeItem(at: out) }
        let planted = out.appendingPathComponent("pics")
        let result = writer().write(outputs(in: out) {
            try? FileManager.default.createDirectory(at: planted, withIntermediateDirectories: false)
            _ = chmod(planted.path, 0o751)
        })
        guard case .failure(let failure) = result else { Issue.record("the folder that appeared was replaced: \(result)"); return }
        #expect(failure.message.contains("appeared while menuc wrote"), "\(failure.message)")
        #expect(entries(out) == ["pics"])
        #expect(entries(planted).isEmpty)
        #expect(mode(planted.path) == 0o751)
    }

    /// The staged folder swapped for another of the same name (and as
    /// private) while it is written: the other is not renamed into place.
    @Test func aStagedFolderSwappedForAnotherIsNotPlaced() throws {
        let out = try directory()
        let aside = try directory()
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: aside)
        }
        let outPath = out.path
        let asidePath = aside.path
        let swapped = Observations()
        let result = writer().write(outputs(in: out) {
            guard let staged = self.stagedFolder("pics", in: outPath) else { return }
            _ = rename(staged, asidePath + "/moved")
            _ = mkdir(staged, 0o700)
            swapped.record(staged)
        })
        guard case .failure(let failure) = result else { Issue.record("a swapped folder was placed: \(result)"); return }
        #expect(failure.message.contains("was changed while menuc wrote"), "\(failure.message)")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("pics").path))
        // The folder swapped in, empty, is someone else's: it stays.
        #expect(swapped.all.count == 1 && swapped.all.allSatisfy { FileManager.default.fileExists(atPath: $0) })
    }

    /// Someone able to enter the private folder (root) plants a link at an
    /// output's name in it: the link is never followed, the file it leads
    /// to is untouched, and the write fails leaving nothing.
    @Test func aLinkPlantedInsideTheStagedFolderIsNeverFollowed() throws {
        let out = try directory()
        let elsewhere = try directory()
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: elsewhere)
        }
        let victim = elsewhere.appendingPathComponent("victim")
        try Data("secret\n".utf8).write(to: victim)
        let outPath = out.path
        let victimPath = victim.path
        let result = writer().write(outputs(in: out) {
            guard let staged = self.stagedFolder("pics", in: outPath) else { return }
            _ = symlink(victimPath, staged + "/c.svg")
        })
        guard case .failure = result else { Issue.record("written through a planted link: \(result)"); return }
        #expect(try Data(contentsOf: victim) == Data("secret\n".utf8))
        #expect(entries(out).isEmpty)
    }

    /// Stopped while the folder is written: it is gone, and so is its temporary name.
    @Test func aStopRemovesTheStagedFolder() throws {
        let out = try directory()
        defer { try? FileManager.default.removeItem(at: out) }
        let stop = Observations()
        var writer = writer()
        writer.shouldStop = { !stop.all.isEmpty }
        let result = writer.write(outputs(in: out) { stop.record("stop") })
        guard case .failure(let failure) = result, failure.wasInterrupted else { Issue.record("not stopped: \(result)"); return }
        #expect(entries(out).isEmpty)
    }

    /// More new folders than the writer keeps open: each is opened again
    /// (and checked to be the one made) for every file, and all are placed.
    @Test func manyNewFoldersAreAllPlaced() throws {
        let out = try directory()
        defer { try? FileManager.default.removeItem(at: out) }
        let count = OutputFolders.keptOpen + 20
        let outputs = (0..<count).flatMap { folder in
            ["a", "b"].map { OutputWriter.Output(path: out.appendingPathComponent("f\(folder)/\($0).svg").path, folder: out.path, contents: "\(folder)\($0)") }
        }
        guard case .success(let report) = OutputWriter().write(outputs) else { Issue.record("the write failed"); return }
        #expect(report.written.count == 2 * count)
        #expect(entries(out).count == count && !entries(out).contains { $0.hasSuffix(".tmp") })
        #expect(try String(contentsOf: out.appendingPathComponent("f\(count - 1)/b.svg"), encoding: .utf8) == "\(count - 1)b")
    }

    /// A folder that holds another folder of the write, or the output
    /// folder itself, is made in place as before; only the innermost new
    /// folders are staged.
    @Test func onlyInnermostNewFoldersAreStaged() throws {
        let out = try directory()
        defer { try? FileManager.default.removeItem(at: out) }
        let seen = Observations()
        let outPath = out.path
        let outputs = ["notes.md", "notes/page.md", "notes/page/a.svg"].map { relative in
            OutputWriter.Output(path: out.appendingPathComponent(relative).path, folder: out.path) { write in
                if relative == "notes/page/a.svg" {
                    seen.record(FileManager.default.fileExists(atPath: outPath + "/notes") ? "notes made" : "notes missing")
                    seen.record(self.stagedFolder("page", in: outPath + "/notes") == nil ? "page in place" : "page staged")
                }
                Array("x".utf8).withUnsafeBufferPointer { write($0) }
            }
        }
        guard case .success = writer().write(outputs) else { Issue.record("the write failed"); return }
        #expect(seen.all == ["notes made", "page staged"])
        #expect(entries(out.appendingPathComponent("notes")) == ["page", "page.md"])
    }
}

extension OutputFolderStagingTests {
    /// A staged folder a killed menuc left beside the folder it was for is
    /// removed, with its files, by the next write that stages that folder —
    /// only when its process is gone and it is private and this user's; a
    /// folder or link of someone else named the same way stays.
    @Test func anAbandonedStagedFolderIsRemoved() throws {
        let out = try directory()
        let elsewhere = try directory()
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: elsewhere)
        }
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        let gone = finished.processIdentifier
        let abandoned = OutputWriter.temporaryName(for: "pics", processID: gone, suffix: "x1y2")
        let running = OutputWriter.temporaryName(for: "pics", processID: getppid(), suffix: "x1y2")
        let shared = OutputWriter.temporaryName(for: "pics", processID: gone, suffix: "open")
        let link = OutputWriter.temporaryName(for: "pics", processID: gone, suffix: "link")
        for (name, mode) in [(abandoned, 0o700), (running, 0o700), (shared, 0o755)] as [(String, mode_t)] {
            #expect(mkdir(out.appendingPathComponent(name).path, mode) == 0 && chmod(out.appendingPathComponent(name).path, mode) == 0)
            #expect(FileManager.default.createFile(atPath: out.appendingPathComponent("\(name)/a.svg").path, contents: Data("old".utf8)))
        }
        try Data("keep".utf8).write(to: elsewhere.appendingPathComponent("victim"))
        try FileManager.default.createSymbolicLink(atPath: out.appendingPathComponent(link).path, withDestinationPath: elsewhere.path)
        var outputs = self.outputs(in: out)
        outputs.append(OutputWriter.Output(path: out.appendingPathComponent("page.md").path, folder: out.path, contents: "page"))
        guard case .success = writer().write(outputs) else { Issue.record("the write failed"); return }
        #expect(entries(out) == [link, running, shared, "page.md", "pics"].sorted())
        #expect(entries(elsewhere) == ["victim"])
    }
}

/// What a test saw from inside a write, which may run on another thread.
private final class Observations: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [String] = []

    func record(_ text: String) { lock.withLock { seen.append(text) } }
    var all: [String] { lock.withLock { seen } }
}
