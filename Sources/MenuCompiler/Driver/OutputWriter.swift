#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a build's outputs all-or-nothing: every file goes to a temporary
/// sibling first, and only when all were written are they renamed into
/// place. On any failure the temporaries are removed and previous outputs
/// stay untouched. Files whose content is unchanged are not rewritten, so
/// build systems don't rebuild what depends on them.
public struct OutputWriter {
    public struct Output: Sendable {
        public var path: String
        public var contents: String

        public init(path: String, contents: String) {
            self.path = path
            self.contents = contents
        }
    }

    public struct Report: Sendable, Equatable {
        public var written: [String] = []
        public var unchanged: [String] = []
    }

    public struct Failure: Error, Sendable, Equatable {
        public var path: String
        public var reason: String
        public var message: String { "cannot write \(path): \(reason)" }
    }

    /// For tests: fail when writing the temporary for this output path.
    public var failWritingPath: String?

    public init(failWritingPath: String? = nil) {
        self.failWritingPath = failWritingPath ?? ProcessInfo.processInfo.environment["MENUC_FAIL_WRITE"]
    }

    public func write(_ outputs: [Output]) -> Result<Report, Failure> {
        let fileManager = FileManager.default
        var report = Report()
        var staged: [(temporary: String, final: String)] = []
        func discardStaged() {
            for entry in staged { try? fileManager.removeItem(atPath: entry.temporary) }
        }
        for output in outputs {
            let data = Data(output.contents.utf8)
            if let existing = fileManager.contents(atPath: output.path), existing == data {
                report.unchanged.append(output.path)
                continue
            }
            let directory = PathNames.deletingLastComponent(of: output.path)
            do {
                try fileManager.createDirectory(atPath: directory.isEmpty ? "." : directory, withIntermediateDirectories: true)
            } catch {
                discardStaged()
                return .failure(Failure(path: output.path, reason: OutputWriter.reason(error)))
            }
            let name = PathNames.lastComponent(of: output.path)
            let temporary = PathNames.appending(".\(name).menuc-\(ProcessInfo.processInfo.processIdentifier).tmp", to: directory.isEmpty ? "." : directory)
            if failWritingPath == output.path {
                discardStaged()
                return .failure(Failure(path: output.path, reason: "simulated write failure"))
            }
            guard fileManager.createFile(atPath: temporary, contents: data) else {
                try? fileManager.removeItem(atPath: temporary)
                discardStaged()
                return .failure(Failure(path: output.path, reason: OutputWriter.diagnoseWriteFailure(directory: directory.isEmpty ? "." : directory)))
            }
            // A partial write (disk full) leaves a short file; check before committing to it.
            let size = FileSystem.size(atPath: temporary) ?? -1
            guard size == data.count else {
                try? fileManager.removeItem(atPath: temporary)
                discardStaged()
                return .failure(Failure(path: output.path, reason: "the file could not be written completely (is the disk full?)"))
            }
            staged.append((temporary, output.path))
        }
        for (index, entry) in staged.enumerated() {
            if rename(entry.temporary, entry.final) != 0 {
                let reason = FileSystem.describe(errno: errno)
                for remaining in staged[index...] { try? fileManager.removeItem(atPath: remaining.temporary) }
                return .failure(Failure(path: entry.final, reason: reason))
            }
            report.written.append(entry.final)
        }
        return .success(report)
    }

    private static func diagnoseWriteFailure(directory: String) -> String {
        if !FileManager.default.isWritableFile(atPath: directory) { return "the directory \(directory) is not writable" }
        return "the file could not be created (is the disk full?)"
    }

    /// Why `FileManager` could not create a directory: the text of the
    /// system error underneath (`Permission denied`, `Not a directory`).
    private static func reason(_ error: Error) -> String {
        if let underlying = (error as? CocoaError)?.underlying as? POSIXError {
            return FileSystem.describe(errno: underlying.code.rawValue)
        }
        return "the directory could not be created"
    }
}
