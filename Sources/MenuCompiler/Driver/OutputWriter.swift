import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics
import MenuRules
import MenuBackends
import MenuFormatter

/// Writes a build's outputs all-or-nothing: every file goes to a temporary
/// sibling first, and only when all were written are they renamed into
/// place. On any failure the temporaries are removed, so are the folders
/// the write made, and previous outputs stay untouched. Files whose content
/// is unchanged are not rewritten, so build systems don't rebuild what
/// depends on them.
///
/// Every file menuc writes goes through here — `build`'s outputs and
/// depfile, `fmt`, `check --fix` and `--write-baseline` — and the writer
/// assumes someone else may write in the same folders (a shared output
/// folder, a repository anyone can send changes to, menuc run as root):
///
/// - a temporary is created exclusively (`O_CREAT | O_EXCL | O_NOFOLLOW`)
///   under a name no one can guess, readable by menuc's user alone until
///   it is complete; nothing that was already there is ever opened for
///   writing, truncated, or given another owner or mode;
/// - a new folder of outputs is made private under a temporary name, its
///   files written inside at their own names, and renamed into place
///   whole, replacing nothing (`StagedFolder`);
/// - links are followed only inside the output folder (see `Destination`);
/// - the previous output is read (to leave an unchanged one alone) only
///   when it is a regular file, opened without following a link or
///   waiting on a pipe, and its mode and owner — which the replacement
///   keeps — come from that open file;
/// - replacing is a rename, which never writes into the file replaced:
///   another name for it (a hard link) keeps the old contents.
public struct OutputWriter {
    public struct Output: Sendable {
        public var path: String
        /// The folder the output is written into — `--out`, for a build —
        /// inside which symbolic links are followed; nil: the output's own
        /// folder (a file rewritten in place, a depfile, a baseline).
        public var folder: String?
        /// Hands the output's bytes, in pieces, to the function it is given:
        /// a backend renders straight into the file, so an output many times
        /// its input never sits whole in memory.
        public let produce: @Sendable (_ write: (UnsafeBufferPointer<UInt8>) -> Void) -> Void

        public init(path: String, folder: String? = nil, contents: String) {
            self.path = path
            self.folder = folder
            produce = { write in
                var text = contents
                text.withUTF8 { write($0) }
            }
        }

        /// An output of bytes known in full (a dependency file, whose paths are the file system's bytes).
        public init(path: String, folder: String? = nil, bytes: [UInt8]) {
            self.path = path
            self.folder = folder
            produce = { write in bytes.withUnsafeBufferPointer { write($0) } }
        }

        /// An output written as it is produced.
        public init(path: String, folder: String? = nil,
                    produce: @escaping @Sendable (_ write: (UnsafeBufferPointer<UInt8>) -> Void) -> Void) {
            self.path = path
            self.folder = folder
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
        public var message: String { wasInterrupted ? "interrupted" : "cannot write \(PathBytes.displayed(path)): \(reason)" }

        public init(path: String, reason: String, wasInterrupted: Bool = false) {
            self.path = path
            self.reason = reason
            self.wasInterrupted = wasInterrupted
        }
    }

    /// A fault for tests to inject: staging the output at this path fails.
    /// Only code inside the package can set it; no setting or variable
    /// reaches it from outside.
    package var failWritingPath: String?

    /// Outputs staged at once; every core unless the caller chooses.
    public var workers = Parallel.processorCount

    /// Asked before each output and each piece written, and once before the
    /// outputs replace their predecessors: true stops the write as a
    /// failure (the command line's answer to Ctrl-C). Once renaming has
    /// begun, it finishes: a half-replaced set of outputs is worse than a
    /// moment's wait.
    public var shouldStop: @Sendable () -> Bool

    /// The part of a temporary's name no one else can guess, when a test
    /// chooses it to plant something at the names the writer will try; nil:
    /// a seed drawn once per write and the output's index, then random
    /// bytes for each further try (see `StagingSettings`).
    package var temporarySuffix: (@Sendable () -> String)?

    public init(shouldStop: @escaping @Sendable () -> Bool = { false }) {
        self.shouldStop = shouldStop
    }

    package init(failWritingPath: String?, shouldStop: @escaping @Sendable () -> Bool = { false }) {
        self.failWritingPath = failWritingPath
        self.shouldStop = shouldStop
    }

    public func write(_ outputs: [Output]) -> Result<Report, Failure> {
        write(outputs, surveyed: OutputWriter.survey(outputs))
    }

    /// `write`, with what `survey` found for each output.
    package func write(_ outputs: [Output], surveyed destinations: [Destination]) -> Result<Report, Failure> {
        precondition(destinations.count == outputs.count, "one destination per output")
        if outputs.isEmpty { return .success(Report()) }
        if let index = destinations.firstIndex(where: { $0.refusal != nil }) {
            return .failure(Failure(path: outputs[index].path, reason: destinations[index].refusal ?? ""))
        }
        // Refused before anything is made: the last output staged would
        // silently win.
        if let index = OutputWriter.firstRepeatedTarget(destinations) {
            return .failure(Failure(path: outputs[index].path, reason: "another output of the same write goes to this file"))
        }
        let (directories, directoryOfOutput) = OutputFolders.directories(of: outputs, at: destinations)
        // Directories first, one at a time: creating the same one from two
        // threads could fail with "already exists".
        var folders = OutputFolders(directories)
        defer { folders.closeAll() }
        if let (index, reason) = folders.prepare() {
            folders.removeStaged()
            folders.removeCreated()
            let path = zip(outputs, directoryOfOutput).first { $0.1 == index }?.0.path ?? directories[index].path
            return .failure(Failure(path: path, reason: reason))
        }
        var namesByDirectory = [Set<String>](repeating: [], count: directories.count)
        for (destination, directory) in zip(destinations, directoryOfOutput) {
            namesByDirectory[directory].insert(PathNames.lastComponent(of: destination.target))
        }
        // New folders staged in a directory of this write, by that directory.
        var stagedByDirectory = [Set<String>](repeating: [], count: directories.count)
        let indexByPath = Dictionary(directories.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { first, _ in first })
        for case let folder? in folders.staged {
            if let parent = indexByPath[folder.parent.path] { stagedByDirectory[parent].insert(folder.name) }
        }
        // A folder this write made holds nothing left by anyone.
        for index in directories.indices where !folders.wasCreated(index) {
            _ = folders.withDirectory(index) {
                OutputWriter.removeAbandonedTemporaries(in: $0, of: namesByDirectory[index], folders: stagedByDirectory[index])
            }
        }
        // Then every file is staged next to its destination, in parallel
        // (a build can write thousands of files).
        let mask = FileSystem.fileCreationMask()
        let settings = StagingSettings(processID: getpid(), newFileMode: 0o666 & ~mask, seed: OutputWriter.randomSeed(),
                                       failWritingPath: failWritingPath, shouldStop: shouldStop, suffix: temporarySuffix)
        let stages = Parallel.map(outputs.count, workers: workers) { [outputs, destinations, directoryOfOutput, folders] index in
            let output = outputs[index]
            let destination = destinations[index]
            let inStagedFolder = folders.isStaged(directoryOfOutput[index])
            let opened = folders.withDirectory(directoryOfOutput[index]) { directory in
                OutputWriter.stage(output, index: index, at: destination, in: directory, inStagedFolder: inStagedFolder, settings: settings)
            }
            switch opened {
            case .success(let stage): return stage
            case .failure(let failure): return .failed(Failure(path: output.path, reason: failure.reason))
            }
        }
        var report = Report()
        var staged: [(index: Int, temporary: String)] = []
        var placed: [Int] = []
        var firstFailure: Failure?
        for (index, stage) in stages.enumerated() {
            switch stage {
            case .unchanged: report.unchanged.append(reported(outputs[index], destinations[index]))
            case .staged(let temporary): staged.append((index, temporary))
            case .placed: placed.append(index)
            case .failed(let failure):
                // A failure of the file system says more than an interruption that came with it.
                if firstFailure == nil || firstFailure?.wasInterrupted == true { firstFailure = failure }
            }
        }
        if firstFailure == nil, shouldStop() { firstFailure = Failure(path: outputs.first?.path ?? "", reason: "interrupted", wasInterrupted: true) }
        func removeTemporaries(_ entries: ArraySlice<(index: Int, temporary: String)>) {
            for entry in entries {
                _ = folders.withDirectory(directoryOfOutput[entry.index]) { directory in
                    PathBytes.withCString(entry.temporary) { unlinkat(directory, $0, 0) }
                }
            }
        }
        if let firstFailure {
            removeTemporaries(staged[...])
            folders.removeStaged()
            folders.removeCreated()
            return .failure(firstFailure)
        }
        // Only when everything is staged do the files replace their
        // predecessors: first the new folders, which nothing was in, then
        // the files beside what was there.
        if let (index, reason) = folders.placeStaged(mode: 0o777 & ~mask) {
            removeTemporaries(staged[...])
            folders.removeStaged()
            folders.removeCreated()
            let path = zip(outputs, directoryOfOutput).first { $0.1 == index }?.0.path ?? ""
            return .failure(Failure(path: path, reason: reason))
        }
        var written = placed
        for (position, entry) in staged.enumerated() {
            let name = PathNames.lastComponent(of: destinations[entry.index].target)
            let renamed = folders.withDirectory(directoryOfOutput[entry.index]) { directory -> Int32 in
                let result = PathBytes.withCString(entry.temporary) { from in
                    PathBytes.withCString(name) { to in renameat(directory, from, directory, to) }
                }
                return result == 0 ? 0 : errno
            }
            let code: Int32
            switch renamed {
            case .success(let result): code = result
            case .failure: code = ENOENT
            }
            if code != 0 {
                removeTemporaries(staged[position...])
                folders.removeCreated()
                return .failure(Failure(path: outputs[entry.index].path, reason: FileSystem.Failure(code: code).reason))
            }
            written.append(entry.index)
        }
        report.written = written.sorted().map { reported(outputs[$0], destinations[$0]) }
        return .success(report)
    }

    /// The path a report names: the output's, or where its link led.
    /// The first output whose file (links resolved) an earlier output also writes.
    static func firstRepeatedTarget(_ destinations: [Destination]) -> Int? {
        var targets = Set<String>()
        targets.reserveCapacity(destinations.count)
        return destinations.firstIndex { !targets.insert($0.target).inserted }
    }

    private func reported(_ output: Output, _ destination: Destination) -> String {
        destination.isLink ? destination.target : output.path
    }
}
