import Foundation
import MenuSupport
import MenuSyntax
import MenuSemantics
import MenuRules
import MenuBackends
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
    }

    /// Best of `runs` of one phase over `bytes` (compiled once first for the emit phases).
    static func time(_ phase: Phase, bytes: [UInt8], runs: Int) -> Double {
        let source = SourceFile(id: FileID(0), displayPath: "corpus.menu", absolutePath: "", bytes: bytes)
        var options = CompileOptions(configuration: RuleConfiguration())
        options.workers = 1
        let compile = { Compiler.compile([.bytes(bytes, displayPath: "corpus.menu")], options: options) }
        let compiled = phase == .lex || phase == .parse || phase == .check ? nil : compile()
        var best = Double.infinity
        for _ in 0..<max(1, runs) {
            let start = DispatchTime.now().uptimeNanoseconds
            switch phase {
            case .lex: consume(Lexer.countTokens(source))
            case .parse: consume(Parser.parse(source))
            case .check: consume(compile())
            case .json, .swift, .markdown, .pictures:
                guard let compiled, let file = compiled.files.first else { return .nan }
                consume(emit(phase, file, of: compiled))
            }
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return best
    }

    /// Runs one backend on `file` the way `menuc build` does — streamed, a
    /// buffer of output at a time — into a sink that only counts; returns
    /// the byte count. (Collecting all of it in memory would time the page
    /// faults of a buffer twenty times the input, which a build never makes.)
    static func emit(_ phase: Phase, _ file: CheckedFile, of compilation: Compilation) -> Int {
        var total = 0
        let files = { (id: FileID) in compilation.workspace.file(id) }
        let sink = { (piece: UnsafeBufferPointer<UInt8>) in total += piece.count }
        switch phase {
        case .json: JSONBackend.render(file, files: files, to: sink)
        case .swift: SwiftBackend.render(file, files: files, to: sink)
        case .markdown: MarkdownBackend.render(file, files: files, to: sink)
        case .pictures:
            for picture in SVGBackend.pictures(of: file) {
                SVGBackend.render(picture, family: SVGBackend.family(for: picture, in: file)).withUnsafeBufferPointer { sink($0) }
            }
        case .lex, .parse, .check: return 0
        }
        return total
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
    /// spawns the child and reports its wall time and peak RSS. Spawning
    /// directly from the harness would be wrong: Linux carries the spawning
    /// process's RSS high-water mark into the child's `ru_maxrss` (vfork
    /// shares the address space until exec), so the child would appear to
    /// use as much memory as the harness holds — hundreds of MB of corpus.
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
            guard let measured = ChildProcess.run(selfPath, ["--measure", executable] + arguments, environment: environ, output: .captured) else { return nil }
            let report = String(decoding: measured.output, as: UTF8.self)
            let fields = report.split(separator: " ")
            guard fields.count == 2, let seconds = Double(fields[0]), let kilobytes = Int(fields[1].trimmingCharacters(in: .whitespacesAndNewlines)) else { return nil }
            times.append(seconds)
            // `ru_maxrss` is in KiB; the table's MB, like its inputs' sizes,
            // are decimal, so that "× input" compares like with like.
            peak = max(peak, kilobytes * 1024 / 1_000_000)
        }
        return (times.sorted()[times.count / 2], peak)
    }

    /// The `--measure EXE ARGS…` mode: run the child with stdout and stderr
    /// discarded and print "SECONDS PEAK_KB". This process is small, so the
    /// high-water mark the child inherits is a few MB at most.
    static func measureChild(_ executable: String, _ arguments: [String]) -> Never {
        let start = DispatchTime.now().uptimeNanoseconds
        guard let ended = ChildProcess.run(executable, arguments, output: .discarded) else { exit(1) }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        print("\(seconds) \(ended.usage.ru_maxrss)")
        exit(0)
    }

    /// This executable, wherever it was started from.
    static var selfPath: String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        return length > 0 ? String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
    }

    static func menucBinary() -> String? {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("menuc").path
        return FileManager.default.isExecutableFile(atPath: beside) ? beside : nil
    }

    /// Benchmarks/peer: the peer's set-up script and, once it ran, its virtualenv.
    static let peerFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("peer")

    static func peerBinary() -> String? {
        let binary = peerFolder.appendingPathComponent("venv/bin/blueprint-compiler").path
        return FileManager.default.isExecutableFile(atPath: binary) ? binary : nil
    }

    /// Runs Benchmarks/peer/setup.sh (Debian's GObject introspection, then
    /// blueprint-compiler from PyPI into the virtualenv). Its output is kept
    /// and, when it fails, its last lines say why.
    static func installPeer() -> Result<String, PeerSetupProblem> {
        let script = peerFolder.appendingPathComponent("setup.sh").path
        guard FileManager.default.fileExists(atPath: script) else { return .failure(PeerSetupProblem(text: "no \(script)")) }
        guard let ended = ChildProcess.run("/bin/bash", [script], output: .captured) else {
            return .failure(PeerSetupProblem(text: "cannot run \(script): \(String(cString: strerror(errno)))"))
        }
        if ended.exitStatus == 0, let binary = peerBinary() { return .success(binary) }
        let tail = String(decoding: ended.output, as: UTF8.self).split(separator: "\n").suffix(5).joined(separator: "\n  ")
        return .failure(PeerSetupProblem(text: "bash \(script) exited with \(ended.exitStatus)\(tail.isEmpty ? "" : ":\n  " + tail)"))
    }

    struct PeerSetupProblem: Error, CustomStringConvertible {
        var text: String
        var description: String { text }
    }

    static func machine() -> String {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let memory = Double(ProcessInfo.processInfo.physicalMemory) / 1_073_741_824
        var model = "unknown CPU"
        if let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
           let line = info.split(separator: "\n").first(where: { $0.hasPrefix("model name") }) {
            model = line.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? model
        }
        return "\(model), \(cores) cores, \(String(format: "%.0f", memory)) GiB"
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
