import Foundation

/// The built harness, run as a process the way people run it.
enum Harness {
    struct Result {
        var status: Int32
        var output: String
        var error: String
    }

    /// `menuc-bench` beside these tests (the test target depends on it, so it is built first).
    static let binary: String = {
        #if os(macOS)
        let products = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?.bundleURL.deletingLastPathComponent()
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        #else
        let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        #endif
        return products.appendingPathComponent("menuc-bench").path
    }()

    /// Runs `executable` (the harness unless given) to its end; output and
    /// error go through files, so neither can fill up and stall it.
    static func run(_ arguments: [String], executable: String = binary) throws -> Result {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outputURL = folder.appendingPathComponent("output")
        let errorURL = folder.appendingPathComponent("error")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = try FileHandle(forWritingTo: errorURL)
        try process.run()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      output: try String(contentsOf: outputURL, encoding: .utf8),
                      error: try String(contentsOf: errorURL, encoding: .utf8))
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("menuc-bench-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The repository's root (the benchmark package is its Benchmarks/ folder).
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
}
