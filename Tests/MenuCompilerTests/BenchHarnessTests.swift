import Foundation
import Testing
@testable import menuc_bench

/// The benchmark harness leaves nothing behind, however it ends: its
/// supervisor removes the worker's scratch folders once the worker and every
/// process it started have ended, and each run removes the folders of runs
/// whose processes are gone (Benchmarks/Sources/menuc-bench/Supervision.swift).
@Suite struct BenchHarnessTests {
    static var binary: String {
        URL(fileURLWithPath: CLITests.binary).deletingLastPathComponent().appendingPathComponent("menuc-bench").path
    }

    /// A process number that belongs to no process: a child that has ended.
    func numberOfAnEndedProcess() throws -> pid_t {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    func scratchFolders(in parent: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []).filter { $0.hasPrefix("menuc-bench-") }.sorted()
    }

    @Test(arguments: [SIGTERM, SIGHUP])
    func aStoppedHarnessLeavesNoScratchFolder(_ signal: Int32) throws {
        let temporary = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temporary) }
        // Earlier runs' folders go when their maker record shows the maker
        // ended: its number is free, or taken by a process that started at
        // another time. Kept: a folder without a record, and one made in
        // another PID namespace (a container sharing the folder).
        let gone = try numberOfAnEndedProcess()
        let here = try #require(ScratchFolders.Maker.of(getpid()))
        let initStart = try #require(ScratchFolders.Maker.startTime(of: 1))
        let folders: [(name: String, maker: ScratchFolders.Maker?)] = [
            ("menuc-bench-\(gone)", ScratchFolders.Maker(boot: here.boot, namespace: here.namespace, processID: gone, startTime: "7")),
            ("menuc-bench-1-reused", ScratchFolders.Maker(boot: here.boot, namespace: here.namespace, processID: 1, startTime: initStart + "1")),
            ("menuc-bench-\(gone)-old-boot", ScratchFolders.Maker(boot: "another-boot", namespace: here.namespace, processID: gone, startTime: "7")),
            ("menuc-bench-1", nil),
            ("menuc-bench-1-live", ScratchFolders.Maker(boot: here.boot, namespace: here.namespace, processID: 1, startTime: initStart)),
            ("menuc-bench-\(gone)-elsewhere", ScratchFolders.Maker(boot: here.boot, namespace: "pid:[1]", processID: gone, startTime: "7")),
        ]
        for (name, maker) in folders {
            try FileManager.default.createDirectory(atPath: temporary.path + "/\(name)/out", withIntermediateDirectories: true)
            if let maker { try Data(maker.record.utf8).write(to: temporary.appendingPathComponent("\(name)/" + ScratchFolders.Maker.fileName)) }
        }
        let kept = ["menuc-bench-1", "menuc-bench-1-live", "menuc-bench-\(gone)-elsewhere"].sorted()

        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = ["--many"]
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": temporary.path]) { _, new in new }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait until a menuc build the harness started is writing its
        // outputs — a grandchild, which must end too — then stop the harness.
        var worker: pid_t?
        var building = false
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning, !building, Date() < deadline {
            worker = scratchFolders(in: temporary.path).lazy.compactMap { pid_t($0.dropFirst("menuc-bench-".count)) }.first { $0 != 1 && $0 != gone }
            if let worker {
                building = ["/dev/shm", temporary.path].contains { parent in
                    FileManager.default.fileExists(atPath: "\(parent)/menuc-bench-\(worker)-many/many-out-1")
                }
            }
            if !building { usleep(10_000) }
        }
        guard building, let worker else {
            process.terminate()
            Issue.record("the harness did not start a build (status \(process.isRunning ? "running" : "\(process.terminationStatus)"))")
            return
        }
        kill(process.processIdentifier, signal)
        process.waitUntilExit()

        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signal,
                "\(process.terminationReason) \(process.terminationStatus)")
        #expect(scratchFolders(in: temporary.path) == kept)
        #expect(!FileManager.default.fileExists(atPath: "/dev/shm/menuc-bench-\(worker)-many"))
        #expect(kill(-worker, 0) != 0 && errno == ESRCH, "a process the harness started is still running")
    }
}

/// The harness's table keeps every row the performance targets are read
/// from (a debug build measures nothing useful, but must print the same table).
@Suite struct BenchTableTests {
    @Test func phasesPrintEveryRowWithItsMemory() throws {
        let result = try Subprocess.run(BenchHarnessTests.binary, ["--phases", "100000"])
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
            // memory; the differences of two rows measure nothing of their own.
            if let row, !derived.contains(phase) { #expect(row.contains("× input)"), "\(row)") }
        }
    }
}
