import Foundation

/// Runs a program and captures its output (for CLI and tool tests).
public enum Subprocess {
    public struct Result: Sendable {
        public var status: Int32
        public var output: String
        public var error: String
    }

    public static func run(_ executable: String, _ arguments: [String], input: Data? = nil, directory: URL? = nil,
                    environment: [String: String]? = nil) throws -> Result {
        // A child that exits before reading its input must not kill the test run.
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if let environment {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        }
        let outputPipe = Pipe()
        let errorPipe = Pipe()
        let inputPipe = Pipe()
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        process.standardInput = inputPipe
        try process.run()
        // Feed the input and read both pipes concurrently, so a full pipe
        // can't deadlock the child.
        nonisolated(unsafe) var errorData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errorData = errorPipe.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        group.enter()
        DispatchQueue.global().async {
            // The throwing write: a child that exits without reading all of
            // its input gives EPIPE, which the non-throwing `write(_:)` turns
            // into a crash of the whole test run.
            if let input { try? inputPipe.fileHandleForWriting.write(contentsOf: input) }
            try? inputPipe.fileHandleForWriting.close()
            group.leave()
        }
        let outputData = outputPipe.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
                      error: String(decoding: errorData, as: UTF8.self))
    }
}
