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
        /// Hands the output's bytes, in pieces, to the function it is given:
        /// a backend renders straight into the file, so an output many times
        /// its input never sits whole in memory.
        public let produce: @Sendable (_ write: (UnsafeBufferPointer<UInt8>) -> Void) -> Void

        public init(path: String, contents: String) {
            self.path = path
            produce = { write in
                var text = contents
                text.withUTF8 { write($0) }
            }
        }

        /// An output written as it is produced.
        public init(path: String, produce: @escaping @Sendable (_ write: (UnsafeBufferPointer<UInt8>) -> Void) -> Void) {
            self.path = path
            self.produce = produce
        }
    }

    public struct Report: Sendable, Equatable {
        public var written: [String] = []
        public var unchanged: [String] = []
    }

    public struct Failure: Error, Sendable, Equatable {
        public var path: String
        public var reason: String
        /// Stopped because `shouldStop` said so, not because of the file system.
        public var wasInterrupted = false
        public var message: String { wasInterrupted ? "interrupted" : "cannot write \(path): \(reason)" }

        public init(path: String, reason: String, wasInterrupted: Bool = false) {
            self.path = path
            self.reason = reason
            self.wasInterrupted = wasInterrupted
        }
    }

    /// For tests: fail when writing the temporary for this output path.
    public var failWritingPath: String?

    /// Asked before each output and each piece written, and once before the
    /// outputs replace their predecessors: true stops the write as a
    /// failure (the command line's answer to Ctrl-C). Once renaming has
    /// begun, it finishes: a half-replaced set of outputs is worse than a
    /// moment's wait.
    public var shouldStop: @Sendable () -> Bool

    public init(failWritingPath: String? = nil, shouldStop: @escaping @Sendable () -> Bool = { false }) {
        self.failWritingPath = failWritingPath ?? Environment.value("MENUC_FAIL_WRITE")
        self.shouldStop = shouldStop
    }

    /// What is at an output's path before the build writes it. Looked at
    /// once per output (a build can write thousands, and each look is a
    /// system call): the command's check that no source is written over,
    /// the redirection through links and the comparison with the previous
    /// contents all read this.
    package enum Destination: Sendable {
        case nothing
        /// A regular file, with its permissions and owner (which its replacement keeps).
        case regularFile(Ownership)
        case symbolicLink
        /// A directory, a device, or what cannot be looked at: writing fails at the rename, which says why.
        case other
    }

    /// What a replacement keeps of the file it replaces: 12 bytes where a
    /// whole `stat` is 144, for each of a build's possibly many outputs.
    package struct Ownership: Sendable {
        var mode: mode_t
        var user: uid_t
        var group: gid_t
    }

    /// `lstat(2)` of each output's path, in order.
    package static func survey(_ outputs: [Output]) -> [Destination] {
        outputs.map { destination(of: $0.path, followingLinks: false) }
    }

    private static func destination(of path: String, followingLinks: Bool) -> Destination {
        var status = stat()
        guard (followingLinks ? stat(path, &status) : lstat(path, &status)) == 0 else { return .nothing }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .regularFile(Ownership(mode: status.st_mode, user: status.st_uid, group: status.st_gid))
        case S_IFLNK: return .symbolicLink
        default: return .other
        }
    }

    public func write(_ outputs: [Output]) -> Result<Report, Failure> {
        write(outputs, surveyed: OutputWriter.survey(outputs))
    }

    /// `write`, with what `survey` found at each output's path.
    package func write(_ outputs: [Output], surveyed: [Destination]) -> Result<Report, Failure> {
        precondition(surveyed.count == outputs.count, "one destination per output")
        let fileManager = FileManager.default
        // A destination that is a symbolic link is written through: the
        // file it points to gets the new contents and the link stays (a
        // rename over the link would replace it with a file).
        var outputs = outputs
        var destinations = surveyed
        for index in outputs.indices {
            guard case .symbolicLink = destinations[index], let target = PathNames.realPath(outputs[index].path) else { continue }
            outputs[index].path = target
            destinations[index] = OutputWriter.destination(of: target, followingLinks: true)
        }
        // Directories first, one at a time: creating the same one from two
        // threads could fail with "already exists".
        var directories: [(directory: String, firstPath: String)] = []
        var seen = Set<String>()
        for output in outputs {
            let directory = OutputWriter.directory(of: output.path)
            if seen.insert(directory).inserted { directories.append((directory, output.path)) }
        }
        for (directory, firstPath) in directories {
            do {
                try fileManager.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                return .failure(Failure(path: firstPath, reason: OutputWriter.reason(error, creating: directory)))
            }
        }
        OutputWriter.removeAbandonedTemporaries(of: outputs)
        // Then every file is staged next to its destination, in parallel
        // (a build can write thousands of files).
        let failWritingPath = failWritingPath
        let shouldStop = shouldStop
        // Asked once: each ask is a system call, and a build can write thousands of files.
        let processID = ProcessInfo.processInfo.processIdentifier
        let stages = Parallel.map(outputs.count) { [outputs, destinations] index in
            OutputWriter.stage(outputs[index], over: destinations[index], processID: processID, failWritingPath: failWritingPath,
                               shouldStop: shouldStop)
        }
        var report = Report()
        var staged: [(temporary: String, final: String)] = []
        var firstFailure: Failure?
        for stage in stages {
            switch stage {
            case .unchanged(let path): report.unchanged.append(path)
            case .staged(let temporary, let final): staged.append((temporary, final))
            case .failed(let failure):
                // A failure of the file system says more than an interruption that came with it.
                if firstFailure == nil || firstFailure?.wasInterrupted == true { firstFailure = failure }
            }
        }
        if firstFailure == nil, shouldStop() { firstFailure = Failure(path: outputs.first?.path ?? "", reason: "interrupted", wasInterrupted: true) }
        if let firstFailure {
            for entry in staged { try? fileManager.removeItem(atPath: entry.temporary) }
            return .failure(firstFailure)
        }
        // Only when everything is staged do the files replace their predecessors.
        for (index, entry) in staged.enumerated() {
            if rename(entry.temporary, entry.final) != 0 {
                let reason = FileSystem.Failure(code: errno).reason
                for remaining in staged[index...] { try? fileManager.removeItem(atPath: remaining.temporary) }
                return .failure(Failure(path: entry.final, reason: reason))
            }
            report.written.append(entry.final)
        }
        return .success(report)
    }

    private enum Stage: Sendable {
        /// The file already holds exactly these bytes.
        case unchanged(String)
        case staged(temporary: String, final: String)
        /// Nothing of this output is left on disk.
        case failed(Failure)
    }

    /// The temporary an output is staged in: `.NAME.menuc-PID.tmp` beside it.
    static func temporaryName(for name: String, processID: Int32) -> String {
        ".\(name).menuc-\(processID).tmp"
    }

    /// Removes the temporaries of these outputs that a menuc which no
    /// longer runs left behind: one killed outright (SIGKILL, a power cut)
    /// cannot clean up, and its next build does. A temporary is removed only
    /// when it is named for one of these outputs and its process is gone; a
    /// build writing the same folder at the same time keeps its own. (One
    /// in another PID namespace — a container sharing the folder — looks
    /// gone: its rename then fails and it says so; nothing is lost.)
    private static func removeAbandonedTemporaries(of outputs: [Output]) {
        var namesByDirectory: [String: Set<String>] = [:]
        for output in outputs {
            namesByDirectory[directory(of: output.path), default: []].insert(PathNames.lastComponent(of: output.path))
        }
        for (directory, names) in namesByDirectory {
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { continue }
            for entry in entries {
                guard let (name, processID) = temporaryParts(of: entry), names.contains(name),
                      kill(processID, 0) != 0, errno == ESRCH else { continue }
                unlink(PathNames.appending(entry, to: directory))
            }
        }
    }

    /// The output name and process id in a name `temporaryName` made, or nil.
    static func temporaryParts(of entry: String) -> (name: String, processID: Int32)? {
        // Asked of every entry of an output folder: the cheap refusals first.
        guard entry.hasPrefix("."), entry.hasSuffix(".tmp") else { return nil }
        let bytes = Array(entry.utf8)
        let marker = ".menuc-".utf8
        guard bytes.count > 1 + marker.count + 4 else { return nil }
        // The process id runs from the last ".menuc-" to ".tmp".
        let digitsEnd = bytes.count - 4
        var digitsStart = digitsEnd
        while digitsStart > 0, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[digitsStart - 1]) { digitsStart -= 1 }
        let markerStart = digitsStart - marker.count
        guard digitsStart < digitsEnd, digitsEnd - digitsStart <= 10, markerStart > 1,
              bytes[markerStart..<digitsStart].elementsEqual(marker),
              let processID = Int32(String(decoding: bytes[digitsStart..<digitsEnd], as: UTF8.self)), processID > 0 else { return nil }
        return (String(decoding: bytes[1..<markerStart], as: UTF8.self), processID)
    }

    private static func directory(of path: String) -> String {
        let directory = PathNames.deletingLastComponent(of: path)
        return directory.isEmpty ? "." : directory
    }

    /// Writes one output to a temporary file beside its destination, as it
    /// is produced. While the output matches what the destination already
    /// holds, nothing is written: a rebuild whose output is unchanged reads
    /// the old file once and leaves it (and its date) as it was. At the
    /// first difference the temporary is started with the matching part.
    private static func stage(_ output: Output, over destination: Destination, processID: Int32, failWritingPath: String?,
                              shouldStop: @escaping @Sendable () -> Bool) -> Stage {
        let directory = directory(of: output.path)
        let name = PathNames.lastComponent(of: output.path)
        let temporary = PathNames.appending(temporaryName(for: name, processID: processID), to: directory)
        let interrupted = Failure(path: output.path, reason: "interrupted", wasInterrupted: true)
        if shouldStop() { return .failed(interrupted) }
        if failWritingPath == output.path {
            return .failed(Failure(path: output.path, reason: "simulated write failure"))
        }
        var staging = StagedFile(destination: output.path, previous: destination, temporary: temporary, shouldStop: shouldStop)
        output.produce { staging.write($0) }
        switch staging.finish() {
        case .unchanged:
            return .unchanged(output.path)
        case .written:
            return .staged(temporary: temporary, final: output.path)
        case .cannotCreate:
            return .failed(Failure(path: output.path, reason: diagnoseWriteFailure(directory: directory)))
        case .incomplete:
            return .failed(Failure(path: output.path, reason: "the file could not be written completely (is the disk full?)"))
        case .interrupted:
            return .failed(interrupted)
        }
    }

    /// One output being staged: compared with the destination while it
    /// matches, then written to the temporary.
    private struct StagedFile {
        enum Outcome { case unchanged, written, cannotCreate, incomplete, interrupted }

        let destination: String
        let temporary: String
        let shouldStop: @Sendable () -> Bool
        /// The destination, read alongside while the output matches it; -1 once they differ.
        private var existing: Int32
        /// Bytes of output that matched the destination so far.
        private var matched = 0
        private var descriptor: Int32 = -1
        private var failure: Outcome?
        private var scratch: [UInt8] = []
        /// The destination's permissions and owner, which its replacement keeps.
        private var previous: Ownership?

        init(destination: String, previous: Destination, temporary: String, shouldStop: @escaping @Sendable () -> Bool) {
            self.destination = destination
            self.temporary = temporary
            self.shouldStop = shouldStop
            if case .regularFile(let ownership) = previous {
                self.previous = ownership
                existing = open(destination, O_RDONLY | O_CLOEXEC)
            } else {
                existing = -1
            }
        }

        mutating func write(_ piece: UnsafeBufferPointer<UInt8>) {
            guard failure == nil, !piece.isEmpty else { return }
            if shouldStop() {
                failure = .interrupted
                return
            }
            if existing >= 0 {
                if scratch.count < piece.count { scratch = [UInt8](repeating: 0, count: max(piece.count, 1 << 16)) }
                let count = scratch.withUnsafeMutableBytes { FileDescriptorIO.readFully(existing, into: $0, count: piece.count) }
                if count == piece.count, scratchStarts(with: piece) {
                    matched += piece.count
                    return
                }
                diverge()
            }
            append(piece)
        }

        /// Whether `scratch` begins with `piece`'s bytes. `memcmp`: the generic
        /// `elementsEqual` made comparing an unchanged output cost more than rendering it.
        private func scratchStarts(with piece: UnsafeBufferPointer<UInt8>) -> Bool {
            scratch.withUnsafeBufferPointer { stored in
                guard stored.count >= piece.count, let left = stored.baseAddress, let right = piece.baseAddress else { return piece.isEmpty }
                return memcmp(left, right, piece.count) == 0
            }
        }

        /// The output differs from the destination: start the temporary with the part that matched.
        private mutating func diverge() {
            defer {
                close(existing)
                existing = -1
            }
            guard openTemporary() else { return }
            var copied = 0
            while copied < matched, failure == nil {
                let count = min(1 << 16, matched - copied)
                let read = scratch.withUnsafeMutableBytes { pread(existing, $0.baseAddress, count, off_t(copied)) }
                guard read > 0 else { failure = .incomplete; return }
                scratch.withUnsafeBufferPointer { append(UnsafeBufferPointer(rebasing: $0.prefix(read))) }
                copied += read
            }
        }

        private mutating func openTemporary() -> Bool {
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            if descriptor < 0 { failure = .cannotCreate }
            if descriptor >= 0, let previous {
                // The replacement takes the file's place: a private (0600) or
                // executable source stays so, and one another user owns stays
                // theirs where we may say so (as root). Best effort: failing
                // to keep the owner is no reason to lose the output.
                // Owner first: a change of owner clears set-user-ID bits.
                if geteuid() == 0, previous.user != 0 || previous.group != 0 { _ = fchown(descriptor, previous.user, previous.group) }
                fchmod(descriptor, previous.mode & 0o7777)
            }
            return descriptor >= 0
        }

        private mutating func append(_ piece: UnsafeBufferPointer<UInt8>) {
            guard failure == nil else { return }
            if descriptor < 0, !openTemporary() { return }
            if !FileDescriptorIO.writeAll(piece, to: descriptor) { failure = .incomplete }
        }

        mutating func finish() -> Outcome {
            if failure != nil, existing >= 0 {
                // Stopped while the output still matched: nothing was staged.
                close(existing)
                existing = -1
            }
            if existing >= 0 {
                // Every piece matched: unchanged when the destination has nothing more.
                var probe: UInt8 = 0
                let more = read(existing, &probe, 1)
                if more == 0, failure == nil {
                    close(existing)
                    existing = -1
                    return .unchanged
                }
                diverge()
            }
            if descriptor < 0, failure == nil { _ = openTemporary() }  // an empty output
            // A full disk fails a write (`append` keeps the failure) or, where
            // the file system defers it, the close: either way the temporary
            // is short and is not committed.
            if descriptor >= 0, close(descriptor) != 0 { failure = failure ?? .incomplete }
            if let failure {
                unlink(temporary)
                return failure
            }
            return .written
        }
    }

    private static func diagnoseWriteFailure(directory: String) -> String {
        if !FileManager.default.isWritableFile(atPath: directory) { return "the directory \(directory) is not writable" }
        return "the file could not be created (is the disk full?)"
    }

    /// Why `FileManager` could not create an output's directory, naming it:
    /// `the directory out/menus could not be created: permission denied`.
    private static func reason(_ error: Error, creating directory: String) -> String {
        let opening = "the directory \(directory) could not be created"
        if let underlying = (error as? CocoaError)?.underlying as? POSIXError {
            return opening + ": " + FileSystem.Failure(code: underlying.code.rawValue).reason
        }
        return opening
    }
}
