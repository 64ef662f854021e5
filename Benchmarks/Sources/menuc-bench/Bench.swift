import Foundation
import MenuCompiler

/// Measuring helpers.
enum Bench {
    /// The median of measured times (the upper one of an even count).
    static func median(_ values: [Double]) -> Double {
        values.isEmpty ? 0 : values.sorted()[values.count / 2]
    }

    static func median(_ runs: Int, _ body: () -> Void) -> Double {
        var times: [Double] = []
        for _ in 0..<max(1, runs) {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return times.sorted()[times.count / 2]
    }

    /// Keeps a result alive so the optimizer can't delete the work that made it.
    @inline(never)
    static func consume<T>(_ value: T) {
        withExtendedLifetime(value) {}
    }

    @inline(never)
    static func countNewlines(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            var count = 0
            for byte in buffer where byte == 0x0A { count += 1 }
            return count
        }
    }

    enum Phase: String {
        case lex, parse, check, json, swift, markdown
        /// The SVG picture of every declaration, as `--emit markdown` writes them beside the page.
        case pictures

        /// The output an emit phase writes.
        var output: CompilerStages.Output? {
            switch self {
            case .json: .json
            case .swift: .swift
            case .markdown: .markdown
            case .pictures: .pictures
            case .lex, .parse, .check: nil
            }
        }
    }

    /// The check every in-process row times: one core, the rules on, and
    /// the default rule settings (an input given as bytes has no folder in
    /// which to look for a `menuc.json`).
    static var oneCore: CompileOptions {
        var options = CompileOptions()
        options.workers = 1
        return options
    }

    /// Best of `runs` of one phase over `bytes` (compiled once first for the emit phases).
    static func time(_ phase: Phase, bytes: [UInt8], runs: Int) -> Double {
        let stages = CompilerStages(bytes: bytes, displayPath: "corpus.menu")
        let compile = { Compiler.compile([.bytes(bytes, displayPath: "corpus.menu")], options: oneCore) }
        let compiled = phase.output == nil ? nil : compile()
        var best = Double.infinity
        for _ in 0..<max(1, runs) {
            let start = DispatchTime.now().uptimeNanoseconds
            switch phase {
            case .lex: consume(stages.lex())
            case .parse: consume(stages.parse())
            case .check: consume(compile())
            case .json, .swift, .markdown, .pictures:
                guard let compiled, let output = phase.output else { return .nan }
                consume(emit(output, of: compiled))
            }
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return best
    }

    /// Runs one backend on the compilation's file the way `menuc build`
    /// does — streamed, a buffer of output at a time — into a sink that
    /// only counts; returns the byte count.
    static func emit(_ output: CompilerStages.Output, of compilation: Compilation) -> Int {
        CompilerStages.emit(output, of: compilation)
    }

    /// "10 MB", "100 KB", "2500 B".
    static func sizeName(_ bytes: Int) -> String {
        if bytes >= 1_000_000, bytes % 1_000_000 == 0 { return "\(bytes / 1_000_000) MB" }
        if bytes >= 1_000, bytes % 1_000 == 0 { return "\(bytes / 1_000) KB" }
        return "\(bytes) B"
    }

    static func format(_ seconds: Double) -> String {
        seconds < 0.001 ? String(format: "%.0f µs", seconds * 1e6) : seconds < 1 ? String(format: "%.1f ms", seconds * 1000) : String(format: "%.2f s", seconds)
    }

    /// Wall time (median) and peak memory of a child process.
    ///
    /// Each run goes through a fresh `menuc-bench --measure` process, which
    /// spawns the child and reports its wall time and peak resident memory
    /// (see `ChildProcesses.measure` for why not from here).
    static func runProcess(_ executable: String, _ arguments: [String], runs: Int, environment: [String: String] = ["MENUC_JOBS": "1"]) -> (seconds: Double, peakMB: Int)? {
        var times: [Double] = []
        var peak = 0
        for _ in 0..<runs {
            // Write back what earlier runs wrote first: otherwise the kernel
            // flushes it during this run (450 MB after a first many-files
            // build), and the disk's time lands in this one's figure.
            sync()
            var environ = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
            environ["NO_COLOR"] = "1"
            guard let measured = ChildProcesses.run(selfPath, ["--measure", executable] + arguments, environment: environ),
                  let report = MeasureReport(measured.output) else { return nil }
            times.append(report.seconds)
            // The table's MB, like its inputs' sizes, are decimal, so that
            // "× input" compares like with like.
            peak = max(peak, report.peakBytes / 1_000_000)
        }
        return (times.sorted()[times.count / 2], peak)
    }

    /// The `--measure EXE ARGS…` mode: run the child with its output
    /// discarded and print what `MeasureReport` reads. This process is
    /// small, so the high-water mark the child inherits is a few MB at most.
    static func measureChild(_ executable: String, _ arguments: [String]) -> Never {
        guard let measured = ChildProcesses.measure(executable, arguments) else {
            FileHandle.standardError.write(Data("menuc-bench --measure: cannot start \(executable): \(String(cString: strerror(errno)))\n".utf8))
            exit(2)
        }
        print(MeasureReport(seconds: measured.seconds, peakBytes: measured.peakBytes, status: measured.status).line)
        exit(0)
    }

    /// What `menuc-bench --measure` prints: `SECONDS PEAK_BYTES STATUS`.
    struct MeasureReport: Equatable {
        var seconds: Double
        var peakBytes: Int
        var status: Int32

        var line: String { "\(seconds) \(peakBytes) \(status)" }

        init(seconds: Double, peakBytes: Int, status: Int32) {
            self.seconds = seconds
            self.peakBytes = peakBytes
            self.status = status
        }

        init?(_ line: String) {
            let fields = line.split(whereSeparator: \.isWhitespace)
            guard fields.count == 3, let seconds = Double(fields[0]), let peakBytes = Int(fields[1]), let status = Int32(fields[2]) else { return nil }
            self.init(seconds: seconds, peakBytes: peakBytes, status: status)
        }
    }

    /// This executable, wherever it was started from.
    static var selfPath: String { Bundle.main.executablePath ?? CommandLine.arguments[0] }

    /// The `menuc` to measure: beside the harness (`swift build
    /// --package-path Benchmarks --product menuc`), else the one the
    /// repository's own build made in the same configuration.
    static func menucBinary() -> String? {
        let here = URL(fileURLWithPath: selfPath).deletingLastPathComponent()
        let repositoryBuild = Scratch.defaultParent.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build")
        let candidates = [here.appendingPathComponent("menuc"),
                          repositoryBuild.appendingPathComponent(here.lastPathComponent).appendingPathComponent("menuc")]
        return candidates.map(\.path).first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Benchmarks/peer: the peer's set-up script and, once it ran, its virtualenv.
    static let peerFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("peer")

    static func peerBinary() -> String? {
        let binary = peerFolder.appendingPathComponent("venv/bin/blueprint-compiler").path
        return FileManager.default.isExecutableFile(atPath: binary) ? binary : nil
    }

    /// Runs Benchmarks/peer/setup.sh (Debian's GObject introspection, then
    /// blueprint-compiler from PyPI into the virtualenv) — only when asked,
    /// with `--install-peer`. Its output is kept and, when it fails, its
    /// last lines say why.
    static func installPeer() -> Result<String, PeerSetupProblem> {
        let script = peerFolder.appendingPathComponent("setup.sh").path
        guard FileManager.default.fileExists(atPath: script) else { return .failure(PeerSetupProblem(text: "no \(script)")) }
        guard let ended = ChildProcesses.run("/bin/bash", [script]) else {
            return .failure(PeerSetupProblem(text: "cannot run \(script)"))
        }
        if ended.status == 0, let binary = peerBinary() { return .success(binary) }
        let tail = ended.output.split(separator: "\n").suffix(5).joined(separator: "\n  ")
        return .failure(PeerSetupProblem(text: "bash \(script) exited with \(ended.status)\(tail.isEmpty ? "" : ":\n  " + tail)"))
    }

    struct PeerSetupProblem: Error, CustomStringConvertible {
        var text: String
        var description: String { text }
    }

    static func machine() -> String {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let memory = Double(ProcessInfo.processInfo.physicalMemory) / 1_073_741_824
        return "\(Platform.processorModel ?? "unknown CPU"), \(cores) cores, \(String(format: "%.0f", memory)) GiB"
    }
}

/// A plain-text table.
struct Table {
    var columns: [String]
    var rows: [[String]?] = []

    mutating func add(_ row: [String]) { rows.append(row) }
    mutating func separator() { rows.append(nil) }

    func render() -> String {
        let all = [columns] + rows.compactMap { $0 }
        let widths = columns.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        func line(_ row: [String]) -> String {
            row.enumerated().map { $0.element.padding(toLength: widths[$0.offset], withPad: " ", startingAt: 0) }.joined(separator: "  ")
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        return ([line(columns), rule] + rows.map { $0.map(line) ?? rule }).joined(separator: "\n")
    }
}
