import Foundation
import Testing
@testable import menuc_bench

/// The harness's table keeps every row the performance targets are read
/// from (a debug build measures nothing useful, but must print the same table).
@Suite(.serialized) struct BenchHarnessTests {
    @Test func phasesPrintEveryRowWithItsMemory() throws {
        let scratch = try Harness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let result = try Harness.run(["--phases", "100000", "--scratch-in", scratch.path])
        #expect(result.status == 0, "\(result.error)")
        let lines = result.output.split(separator: "\n").map(String.init)
        let header = try #require(lines.first { $0.hasPrefix("corpus") })
        for column in ["time", "MB/s", "items/s", "vs limit", "peak memory"] { #expect(header.contains(column), "\(header)") }
        let phases = ["limit: count newlines", "lex", "lex+parse", "parse alone (lex+parse − lex)", "check (parse+resolve+rules)",
                      "resolve+rules alone (check − lex+parse)", "emit JSON", "emit Swift",
                      "emit Markdown", "build: check + all three backends", "limit: JSONSerialization of that JSON"]
        let derived = ["limit: count newlines", "parse alone (lex+parse − lex)", "resolve+rules alone (check − lex+parse)"]
        for phase in phases {
            let row = lines.first { $0.hasPrefix("100 KB") && $0.dropFirst(6).trimmingCharacters(in: .whitespaces).hasPrefix(phase + " ") }
            #expect(row != nil, "no row for \(phase):\n\(result.output)")
            // Every measured phase but the newline loop says what it added to
            // memory (where the platform can tell); the differences of two
            // rows measure nothing of their own.
            #if os(Linux)
            if let row, !derived.contains(phase) { #expect(row.contains("× input)"), "\(row)") }
            #else
            #expect(result.output.contains("peak memory is not measured on this platform"))
            #endif
        }
    }

    /// One scratch folder, emptied when a run starts and removed when it
    /// ends: what an interrupted run left goes with the next run, and a
    /// finished run leaves nothing else behind (no lock file either).
    @Test func aRunRemovesItsScratchFolderAndWhatAnEarlierRunLeft() throws {
        let parent = try Harness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: parent) }
        let leftOver = parent.appendingPathComponent("menuc-bench-scratch/corpus-100000.menu")
        try FileManager.default.createDirectory(at: leftOver.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("left by an interrupted run".utf8).write(to: leftOver)
        // Something else in the parent is not the harness's to remove.
        let neighbour = parent.appendingPathComponent("neighbour.txt")
        try Data("keep".utf8).write(to: neighbour)

        let result = try Harness.run(["--phases", "2000", "--scratch-in", parent.path])

        #expect(result.status == 0, "\(result.error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["neighbour.txt"])
    }

    /// `--measure` reports a child's wall time, peak resident memory and
    /// exit status, as `wait4` gives them: a child that holds a 20 MB corpus
    /// shows at least that much; a shell that exits at once much less.
    @Test func measureReportsTheChildsPeakMemoryAndStatus() throws {
        let folder = try Harness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let corpus = folder.appendingPathComponent("corpus.menu").path
        let large = try Harness.run(["--measure", Harness.binary, "--write-corpus", "20000000", corpus])
        let largeReport = try #require(Bench.MeasureReport(large.output), "\(large.output) \(large.error)")
        #expect(largeReport.status == 0)
        #expect(largeReport.peakBytes >= 20_000_000, "\(largeReport)")
        #expect(largeReport.seconds > 0)
        #expect(try FileManager.default.attributesOfItem(atPath: corpus)[.size] as? Int ?? 0 >= 20_000_000)

        let small = try Harness.run(["--measure", "/bin/sh", "-c", "exit 3"])
        let smallReport = try #require(Bench.MeasureReport(small.output), "\(small.output) \(small.error)")
        #expect(smallReport.status == 3)
        #expect(smallReport.peakBytes > 0 && smallReport.peakBytes < largeReport.peakBytes / 2, "\(smallReport) \(largeReport)")
    }
}

/// Nothing is installed unless asked: the peer's set-up runs apt-get and pip.
@Suite struct BenchOptionsTests {
    @Test func thePeerIsInstalledOnlyWhenAsked() throws {
        #expect(try Options([]).wantsPeer)
        #expect(try !Options([]).installsPeer)
        #expect(try !Options(["--quick", "--full", "--peer-large"]).installsPeer)
        #expect(try Options(["--install-peer"]).installsPeer)
        #expect(try !Options(["--install-peer", "--phases"]).installsPeer)
        #expect(try !Options(["--no-peer"]).wantsPeer)
        #expect(throws: Options.UsageError.self) { try Options(["--no-peer", "--install-peer"]) }
    }

    @Test func optionsAreReadOrRefused() throws {
        #expect(try Options(["--phases"]).phases == 10_000_000)
        #expect(try Options(["--phases", "100000"]).phases == 100_000)
        #expect(try Options(["--scratch-in", "/mnt/ram"]).scratchParent?.path == "/mnt/ram")
        #expect(throws: Options.UsageError(message: "unknown option '--quik'")) { try Options(["--quik"]) }
        #expect(throws: Options.UsageError.self) { try Options(["--scratch-in"]) }
    }
}

/// The in-process phases run with the allocator set as `menuc` sets it:
/// the harness's copy of the policy keeps MenuSupport's values.
@Suite struct BenchAllocatorPolicyTests {
    @Test func theHarnessSetsTheAllocatorAsMenucDoes() throws {
        let memory = try String(contentsOf: Harness.repositoryRoot.appendingPathComponent("Sources/MenuSupport/Platform/Memory.swift"), encoding: .utf8)
        #expect(memory.contains("static let largestHeapAllocation: Int32 = \(Platform.largestHeapAllocation >> 20) << 20"))
        #expect(memory.contains("static let keptFreeMemory: Int32 = \(Platform.keptFreeMemory >> 20) << 20"))
        #if os(Linux)
        #expect(Platform.applyMenucAllocatorPolicy())
        #endif
    }
}
