import Foundation
import Testing
@testable import MenuSupport
@testable import MenuCompiler
import MenuTestSupport

/// The writer trusts what `survey` saw at each output to spare a second
/// look, and names temporaries from one seed per write: whatever changes at
/// an output between the survey and the write, and whoever guesses the
/// names, nothing is followed, read through a link, waited on or lost.
struct OutputWriterSurveyTests {
    func directory() throws -> URL { try TestSupport.temporaryDirectory() }

    func leftovers(in directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".tmp") }
    }

    func status(_ url: URL) -> stat? {
        var result = stat()
        return lstat(url.path, &result) == 0 ? result : nil
    }

    /// Writes `outputs` with what the survey saw before `change` ran.
    func write(_ outputs: [OutputWriter.Output], after change: () throws -> Void) rethrows -> Result<OutputWriter.Report, OutputWriter.Failure> {
        let surveyed = OutputWriter.survey(outputs)
        try change()
        return OutputWriter().write(outputs, surveyed: surveyed)
    }

    @Test func theSurveyTellsWhatStagingNeedNotLookAtAgain() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("x".utf8).write(to: folder.appendingPathComponent("file"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link").path, withDestinationPath: "file")
        let found = OutputWriter.survey(["file", "missing", "sub", "link", "gone/deeper"].map {
            OutputWriter.Output(path: folder.appendingPathComponent($0).path, folder: folder.path, contents: "")
        }).map(\.found)
        #expect(found == [.regularFile, .nothing, .unknown, .unknown, .nothing])
    }

    /// Nothing was there at the survey; a folder is there now: the write
    /// fails naming it, and leaves no temporary and no other output.
    @Test func aFolderThatAppearsAfterTheSurveyIsRefused() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let blocked = folder.appendingPathComponent("a.json")
        let other = folder.appendingPathComponent("b.json")
        let result = try write([OutputWriter.Output(path: blocked.path, contents: "a\n"), OutputWriter.Output(path: other.path, contents: "b\n")]) {
            try FileManager.default.createDirectory(at: blocked, withIntermediateDirectories: false)
        }
        guard case .failure(let failure) = result else { Issue.record("a folder at the output was written over: \(result)"); return }
        #expect(failure.path == blocked.path && failure.message.contains("directory"), "\(failure.message)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: blocked.path).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: other.path))
        #expect(try leftovers(in: folder).isEmpty)
    }

    /// Nothing was there at the survey; a link to a file elsewhere is there
    /// now: the output replaces the link, and the file it led to is untouched.
    @Test func aLinkPlantedAfterTheSurveyIsReplacedNotFollowed() throws {
        let folder = try directory()
        let elsewhere = try directory()
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: elsewhere)
        }
        let victim = elsewhere.appendingPathComponent("victim")
        try Data("secret\n".utf8).write(to: victim)
        let before = try #require(status(victim))
        let output = folder.appendingPathComponent("a.json")
        let result = try write([OutputWriter.Output(path: output.path, contents: "new\n")]) {
            try FileManager.default.createSymbolicLink(atPath: output.path, withDestinationPath: victim.path)
        }
        guard case .success(let report) = result else { Issue.record("the write failed: \(result)"); return }
        #expect(report.written == [output.path])
        #expect(status(output).map { FileSystem.kind(of: $0.st_mode) } == .regularFile)
        #expect(try Data(contentsOf: output) == Data("new\n".utf8))
        #expect(try Data(contentsOf: victim) == Data("secret\n".utf8))
        let after = try #require(status(victim))
        #expect(after.st_ino == before.st_ino && after.st_mode == before.st_mode && after.st_size == before.st_size)
    }

    /// The output's folder did not exist at the survey (so nothing in it was
    /// looked at); it exists now, holding a link at the output's name: the
    /// output replaces the link, and the file it led to is untouched.
    @Test func aFolderWithALinkThatAppearsAfterTheSurveyIsNotWrittenThrough() throws {
        let out = try directory()
        let elsewhere = try directory()
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: elsewhere)
        }
        let victim = elsewhere.appendingPathComponent("victim")
        try Data("secret\n".utf8).write(to: victim)
        let output = out.appendingPathComponent("pics/a.svg")
        let result = try write([OutputWriter.Output(path: output.path, folder: out.path, contents: "new\n")]) {
            try FileManager.default.createDirectory(at: out.appendingPathComponent("pics"), withIntermediateDirectories: false)
            try FileManager.default.createSymbolicLink(atPath: output.path, withDestinationPath: victim.path)
        }
        guard case .success(let report) = result else { Issue.record("the write failed: \(result)"); return }
        #expect(report.written == [output.path])
        #expect(status(output).map { FileSystem.kind(of: $0.st_mode) } == .regularFile)
        #expect(try Data(contentsOf: victim) == Data("secret\n".utf8))
    }

    /// A regular file at the survey, a link now — to a file holding exactly
    /// the new output: the link is not followed to compare (which would
    /// leave it as "unchanged"); the output replaces it.
    @Test func aFileSwappedForALinkAfterTheSurveyIsNotReadThroughIt() throws {
        let folder = try directory()
        let elsewhere = try directory()
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: elsewhere)
        }
        let victim = elsewhere.appendingPathComponent("victim")
        try Data("new\n".utf8).write(to: victim)
        let output = folder.appendingPathComponent("a.json")
        try Data("old\n".utf8).write(to: output)
        let result = try write([OutputWriter.Output(path: output.path, contents: "new\n")]) {
            try FileManager.default.removeItem(at: output)
            try FileManager.default.createSymbolicLink(atPath: output.path, withDestinationPath: victim.path)
        }
        guard case .success(let report) = result else { Issue.record("the write failed: \(result)"); return }
        #expect(report.written == [output.path] && report.unchanged.isEmpty)
        #expect(status(output).map { FileSystem.kind(of: $0.st_mode) } == .regularFile)
        #expect(try Data(contentsOf: victim) == Data("new\n".utf8))
    }

    /// A regular file at the survey, a named pipe now: never waited on; the
    /// output replaces it.
    @Test func aFileSwappedForAPipeAfterTheSurveyIsReplacedWithoutWaiting() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("a.json")
        try Data("old\n".utf8).write(to: output)
        let result = try write([OutputWriter.Output(path: output.path, contents: "new\n")]) {
            try FileManager.default.removeItem(at: output)
            #expect(mkfifo(output.path, 0o600) == 0)
        }
        guard case .success(let report) = result else { Issue.record("the write failed: \(result)"); return }
        #expect(report.written == [output.path])
        #expect(try Data(contentsOf: output) == Data("new\n".utf8))
    }

    /// A regular file at the survey, a folder now: refused, as a folder
    /// found at the look is.
    @Test func aFileSwappedForAFolderAfterTheSurveyIsRefused() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("a.json")
        try Data("old\n".utf8).write(to: output)
        let result = try write([OutputWriter.Output(path: output.path, contents: "new\n")]) {
            try FileManager.default.removeItem(at: output)
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: false)
        }
        guard case .failure(let failure) = result else { Issue.record("a folder at the output was written over: \(result)"); return }
        #expect(failure.message.contains("it is a directory"), "\(failure.message)")
        #expect(try leftovers(in: folder).isEmpty)
    }

    /// A regular file at the survey that menuc may replace but not read
    /// (write-only to its owner): still replaced, keeping its mode.
    @Test func anUnreadableFileIsReplacedKeepingItsMode() throws {
        // Root reads anything: the case cannot arise.
        guard geteuid() != 0 else { return }
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("a.json")
        try Data("old\n".utf8).write(to: output)
        #expect(chmod(output.path, 0o200) == 0)
        guard case .success(let report) = OutputWriter().write([OutputWriter.Output(path: output.path, contents: "new\n")]) else {
            Issue.record("the write failed")
            return
        }
        #expect(report.written == [output.path])
        #expect(status(output).map { $0.st_mode & 0o7777 } == 0o200)
    }

    /// Each output's first temporary name differs from every other's in the
    /// write, and from those of another write.
    @Test func firstTemporaryNamesAreDistinctWithinAndAcrossWrites() {
        func settings() -> OutputWriter.StagingSettings {
            OutputWriter.StagingSettings(processID: getpid(), newFileMode: 0o644, seed: OutputWriter.randomSeed(),
                                         failWritingPath: nil, shouldStop: { false }, suffix: nil)
        }
        let one = settings()
        let other = settings()
        let names = Set((0..<10_000).map { one.firstSuffix(ofOutput: $0) })
        #expect(names.count == 10_000)
        #expect(names.isDisjoint(with: (0..<10_000).map { other.firstSuffix(ofOutput: $0) }))
        #expect(!names.contains(one.retrySuffix()))
        // Every name is one a later build reads back as menuc's.
        #expect(OutputWriter.temporaryParts(of: OutputWriter.temporaryName(for: "a.json", processID: 77, suffix: one.firstSuffix(ofOutput: 9_999)))?.name == "a.json")
    }

    /// Someone who has seen one temporary name of a write can work out the
    /// first names of the outputs after it, and plant links there: each is
    /// refused by exclusive creation, the next try takes a random name, and
    /// the file the link leads to is untouched.
    @Test func aLinkPlantedAtAPredictedFirstNameIsNeverFollowed() throws {
        let folder = try directory()
        let elsewhere = try directory()
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: elsewhere)
        }
        let victim = elsewhere.appendingPathComponent("victim")
        try Data("secret\n".utf8).write(to: victim)
        let settings = OutputWriter.StagingSettings(processID: getpid(), newFileMode: 0o644, seed: 12_345,
                                                    failWritingPath: nil, shouldStop: { false }, suffix: nil)
        let output = folder.appendingPathComponent("a.json")
        let predicted = OutputWriter.temporaryName(for: "a.json", processID: getpid(), suffix: settings.firstSuffix(ofOutput: 3))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent(predicted).path, withDestinationPath: victim.path)
        let destination = OutputWriter.survey([OutputWriter.Output(path: output.path, contents: "")])[0]
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY)
        defer { close(descriptor) }
        let stage = OutputWriter.stage(OutputWriter.Output(path: output.path, contents: "new\n"), index: 3, at: destination,
                                       in: descriptor, settings: settings)
        guard case .staged(let temporary) = stage else { Issue.record("not staged: \(stage)"); return }
        #expect(temporary != predicted)
        #expect(try Data(contentsOf: folder.appendingPathComponent(temporary)) == Data("new\n".utf8))
        #expect(try Data(contentsOf: victim) == Data("secret\n".utf8))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.appendingPathComponent(predicted).path) == victim.path)
    }
}
