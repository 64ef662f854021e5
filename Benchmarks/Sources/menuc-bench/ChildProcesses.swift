import Foundation

/// The harness's child processes: Foundation's `Process` for those whose
/// answer is wanted (menuc's first and last lines, the peer's set-up,
/// swiftc), and `posix_spawn` with `wait4` for the one whose time and peak
/// memory are measured — `Process` reaps its children itself, and `wait4`
/// is what reports a child's peak resident memory (`ru_maxrss`).
enum ChildProcesses {
    struct Ended {
        /// The exit status, or 128 + the signal that ended the child.
        var status: Int32
        /// Standard output and error, one after the other.
        var output: String
    }

    /// Runs `executable` to its end with the output captured (nil if it
    /// could not start). Standard input is /dev/null.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) -> Ended? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardInput = FileHandle.nullDevice
        // Into files, not pipes: a pipe nobody reads while the child runs
        // fills up and stalls it.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("menuc-bench-\(UUID().uuidString)")
        guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil else { return nil }
        defer { try? FileManager.default.removeItem(at: folder) }
        let outputURL = folder.appendingPathComponent("output")
        let errorURL = folder.appendingPathComponent("error")
        guard FileManager.default.createFile(atPath: outputURL.path, contents: nil),
              FileManager.default.createFile(atPath: errorURL.path, contents: nil),
              let output = try? FileHandle(forWritingTo: outputURL), let error = try? FileHandle(forWritingTo: errorURL) else { return nil }
        process.standardOutput = output
        process.standardError = error
        do { try process.run() } catch { return nil }
        process.waitUntilExit()
        try? output.close()
        try? error.close()
        let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        let text = [outputURL, errorURL].compactMap { try? String(contentsOf: $0, encoding: .utf8) }.joined()
        return Ended(status: status, output: text)
    }

    /// What `measure` found: wall time, peak resident memory in bytes, exit status.
    struct Measured {
        var seconds: Double
        var peakBytes: Int
        var status: Int32
    }

    /// Starts `executable` with this process's environment and its output
    /// discarded, waits for it, and returns its wall time and peak resident
    /// memory (nil if it could not start).
    ///
    /// Call it only from a small process (`menuc-bench --measure`): Linux
    /// carries the spawning process's high-water mark into the child's
    /// `ru_maxrss` (vfork shares the address space until exec), so a child
    /// spawned from the harness, which holds hundreds of MB of corpus,
    /// would seem to use as much.
    static func measure(_ executable: String, _ arguments: [String]) -> Measured? {
        // The child inherits standard output and error, pointed at
        // /dev/null for its run (no spawn file actions, whose types differ
        // between Linux and Darwin); this process reports on a copy of its
        // standard output afterwards.
        let null = open("/dev/null", O_WRONLY)
        let savedOutput = fcntl(1, F_DUPFD_CLOEXEC, 3)
        let savedError = fcntl(2, F_DUPFD_CLOEXEC, 3)
        guard null >= 0, savedOutput >= 0, savedError >= 0 else { return nil }
        dup2(null, 1)
        dup2(null, 2)
        close(null)
        defer {
            dup2(savedOutput, 1)
            dup2(savedError, 2)
            close(savedOutput)
            close(savedError)
        }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let environment = ProcessInfo.processInfo.environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { environment.forEach { free($0) } }
        let start = DispatchTime.now().uptimeNanoseconds
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, nil, nil, argv, environment)
        guard spawned == 0 else { return nil }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { return nil }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let signalNumber = status & 0x7f
        return Measured(seconds: seconds, peakBytes: Platform.bytes(ofMaxRSS: Int(usage.ru_maxrss)),
                        status: signalNumber == 0 ? (status >> 8) & 0xff : 128 + signalNumber)
    }
}
