import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics
import MenuRules
import MenuBackends
import MenuFormatter

extension OutputWriter {
    /// What every output's staging shares.
    struct StagingSettings: Sendable {
        var processID: Int32
        /// The mode of an output that replaces nothing: 0666 less the umask.
        var newFileMode: mode_t
        /// Drawn once per write: an output's first temporary name is this
        /// plus the output's index (see `firstSuffix`), so a write of
        /// thousands of files asks the system for random bytes once.
        var seed: UInt64
        var failWritingPath: String?
        var shouldStop: @Sendable () -> Bool
        /// Every suffix tried, when a test chooses them.
        var suffix: (@Sendable () -> String)?

        /// The suffix of output `index`'s first temporary: unique within the
        /// write, and as unpredictable as the seed to anyone who has not
        /// seen a name of this write. One who has can plant the next names;
        /// exclusive creation refuses them, and every later try draws a
        /// fresh random suffix.
        func firstSuffix(ofOutput index: Int) -> String {
            suffix?() ?? String(seed &+ UInt64(truncatingIfNeeded: index), radix: 36)
        }

        /// The suffix of a try after a name was taken.
        func retrySuffix() -> String {
            suffix?() ?? OutputWriter.randomSuffix()
        }
    }

    enum Stage: Sendable {
        /// The file already holds exactly these bytes.
        case unchanged
        /// Written to this temporary, beside the destination.
        case staged(temporary: String)
        /// Written at its own name, in a folder staged whole (`StagedFolder`).
        case placed
        /// Nothing of this output is left on disk.
        case failed(Failure)
    }

    /// Tries at a free temporary name before giving up: each is
    /// unpredictable, so only someone filling the folder with guesses — or
    /// a test — ever makes a second one necessary.
    static let temporaryAttempts = 64

    /// The temporary an output is staged in: `.NAME.menuc-PID-SUFFIX.tmp`
    /// beside it. The process id lets a later build tell an abandoned one
    /// from one in use; the suffix makes the name impossible to plant in
    /// advance.
    static func temporaryName(for name: String, processID: Int32, suffix: String) -> String {
        ".\(name).menuc-\(processID)-\(suffix).tmp"
    }

    /// Eight random bytes, in base 36.
    @Sendable static func randomSuffix() -> String {
        String(randomSeed(), radix: 36)
    }

    /// Eight random bytes from the system.
    static func randomSeed() -> UInt64 {
        var generator = SystemRandomNumberGenerator()
        return generator.next()
    }

    /// The output name and process id in a name `temporaryName` made (or
    /// an earlier menuc's `.NAME.menuc-PID.tmp`), or nil.
    static func temporaryParts(of entry: String) -> (name: String, processID: Int32)? {
        // Asked of every entry of an output folder: the cheap refusals first.
        guard entry.hasPrefix("."), entry.hasSuffix(".tmp") else { return nil }
        let bytes = Array(entry.utf8)
        let end = bytes.count - 4
        // With a `-SUFFIX` of digits and lower-case letters first, then without.
        var suffixStart = end
        while suffixStart > 0, end - suffixStart < 16, isSuffixByte(bytes[suffixStart - 1]) { suffixStart -= 1 }
        if suffixStart > 1, suffixStart < end, bytes[suffixStart - 1] == UInt8(ascii: "-"),
           let parts = parts(of: bytes, processIDEnd: suffixStart - 1) {
            return parts
        }
        return parts(of: bytes, processIDEnd: end)
    }

    private static func isSuffixByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
    }

    /// The name and process id of `.NAME.menuc-PID` ending at `processIDEnd`.
    private static func parts(of bytes: [UInt8], processIDEnd end: Int) -> (name: String, processID: Int32)? {
        let marker = ".menuc-".utf8
        var digitsStart = end
        while digitsStart > 0, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[digitsStart - 1]) { digitsStart -= 1 }
        let markerStart = digitsStart - marker.count
        guard digitsStart < end, end - digitsStart <= 10, markerStart > 1,
              bytes[markerStart..<digitsStart].elementsEqual(marker),
              let processID = Int32(String(decoding: bytes[digitsStart..<end], as: UTF8.self)), processID > 0 else { return nil }
        return (String(decoding: bytes[1..<markerStart], as: UTF8.self), processID)
    }

    /// Removes the temporaries of these outputs that a menuc which no
    /// longer runs left behind: one killed outright (SIGKILL, a power cut)
    /// cannot clean up, and its next build does. An entry is removed only
    /// when it is named for one of these outputs, its process is gone, and
    /// it is what menuc would have made — a regular file (not a link, which
    /// is never followed anyway) owned by this user; a build writing the
    /// same folder at the same time keeps its own. (One in another PID
    /// namespace — a container sharing the folder — looks gone: its rename
    /// then fails and it says so; nothing is lost.)
    ///
    /// `folders` names the new folders this write stages here: a staged
    /// folder left behind (`StagedFolder`) is removed with the files in it
    /// when it is private and owned by this user, as menuc made it.
    static func removeAbandonedTemporaries(in directory: Int32, of names: Set<String>, folders: Set<String> = []) {
        guard case .success(let entries) = FileSystem.entries(ofDirectoryDescriptor: directory) else { return }
        let user = geteuid()
        for entry in entries where entry.kind == nil || entry.kind == .regularFile || (entry.kind == .directory && !folders.isEmpty) {
            guard let (name, processID) = temporaryParts(of: entry.name), names.contains(name) || folders.contains(name),
                  kill(processID, 0) != 0, errno == ESRCH else { continue }
            var status = stat()
            guard PathBytes.withCString(entry.name, { fstatat(directory, $0, &status, AT_SYMLINK_NOFOLLOW) }) == 0 else { continue }
            switch FileSystem.kind(of: status.st_mode) {
            case .regularFile where status.st_uid == user && names.contains(name):
                _ = PathBytes.withCString(entry.name) { unlinkat(directory, $0, 0) }
            case .directory where StagedFolder.isPrivateAndOurs(status) && folders.contains(name):
                removeAbandonedFolder(entry.name, in: directory)
            default:
                continue
            }
        }
    }

    /// Empties and removes a staged folder a killed menuc left: opened
    /// without following a link and checked to be the private directory
    /// looked at, its entries unlinked (a folder inside, which menuc never
    /// makes there, keeps it).
    private static func removeAbandonedFolder(_ name: String, in directory: Int32) {
        let opened = PathBytes.withCString(name) { openat(directory, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
        guard opened >= 0 else { return }
        defer { close(opened) }
        var status = stat()
        guard fstat(opened, &status) == 0, StagedFolder.isPrivateAndOurs(status),
              case .success(let entries) = FileSystem.entries(ofDirectoryDescriptor: opened) else { return }
        for entry in entries { _ = PathBytes.withCString(entry.name) { unlinkat(opened, $0, 0) } }
        _ = PathBytes.withCString(name) { unlinkat(directory, $0, AT_REMOVEDIR) }
    }

    /// Writes one output to a temporary file beside its destination, as it
    /// is produced. While the output matches what the destination already
    /// holds, nothing is written: a rebuild whose output is unchanged reads
    /// the old file once and leaves it (and its date) as it was. At the
    /// first difference the temporary is started with the matching part.
    static func stage(_ output: Output, index: Int, at destination: Destination, in directory: Int32,
                      inStagedFolder: Bool = false, settings: StagingSettings) -> Stage {
        let interrupted = Failure(path: output.path, reason: "interrupted", wasInterrupted: true)
        if settings.shouldStop() { return .failed(interrupted) }
        if settings.failWritingPath == output.path {
            return .failed(Failure(path: output.path, reason: "simulated write failure"))
        }
        var staging = StagedFile(directory: directory, name: PathNames.lastComponent(of: destination.target),
                                 surveyed: inStagedFolder ? .nothing : destination.found, outputIndex: index,
                                 inStagedFolder: inStagedFolder, settings: settings)
        if let obstacle = staging.obstacle { return .failed(Failure(path: output.path, reason: obstacle)) }
        output.produce { staging.write($0) }
        switch staging.finish() {
        case .unchanged:
            return .unchanged
        case .written(let temporary):
            return inStagedFolder ? .placed : .staged(temporary: temporary)
        case .cannotCreate(let code):
            let shown = PathNames.deletingLastComponent(of: output.path)
            return .failed(Failure(path: output.path, reason: creationFailure(code, directory: shown.isEmpty ? "." : shown)))
        case .incomplete:
            return .failed(Failure(path: output.path, reason: "the file could not be written completely (is the disk full?)"))
        case .interrupted:
            return .failed(interrupted)
        }
    }

    private static func creationFailure(_ code: Int32, directory: String) -> String {
        switch code {
        case EACCES, EPERM: "the directory \(PathBytes.displayed(directory)) is not writable"
        case ENOSPC, EDQUOT: "the file could not be created (is the disk full?)"
        case EEXIST: "no free name for a temporary file after \(temporaryAttempts) tries"
        default: "the file could not be created: \(FileSystem.Failure(code: code).reason)"
        }
    }

    /// What a replacement keeps of the file it replaces.
    struct Ownership {
        var mode: mode_t
        var user: uid_t
        var group: gid_t
        /// Read from the previous file opened (`fstat`), not from its path:
        /// only then may its owner be given to the replacement.
        var fromOpenFile: Bool

        init(_ status: stat, fromOpenFile: Bool) {
            mode = status.st_mode
            user = status.st_uid
            group = status.st_gid
            self.fromOpenFile = fromOpenFile
        }
    }

    /// One output being staged: compared with the destination while it
    /// matches, then written to a temporary made for it.
    struct StagedFile {
        enum Outcome { case unchanged, written(String), cannotCreate(Int32), incomplete, interrupted }
        private enum Problem { case cannotCreate(Int32), incomplete, interrupted }

        /// The most of the destination read ahead at once.
        static let readAhead = 1 << 16

        let directory: Int32
        let name: String
        let settings: StagingSettings
        /// The output's place in the write, from which its first temporary name is made.
        private let outputIndex: Int
        /// Written straight to `name`, with its final mode, in a private
        /// folder menuc made (no one else can enter it until it is complete).
        private let inStagedFolder: Bool
        /// Why the destination cannot be replaced (a directory is there).
        private(set) var obstacle: String?
        /// The destination, read alongside while the output matches it; -1 once they differ.
        private var existing: Int32 = -1
        /// Its size when opened: an output that passes it differs, one that reaches it exactly is unchanged.
        private var existingSize = 0
        /// Bytes of output that matched the destination so far.
        private var matched = 0
        /// The destination's bytes read ahead: `scratch[compared..<buffered]` are still to be compared.
        private var buffered = 0
        private var compared = 0
        private var descriptor: Int32 = -1
        private var temporary: String?
        private var problem: Problem?
        private var scratch: [UInt8] = []
        /// The destination's permissions and owner, which its replacement keeps.
        private var previous: Ownership?

        /// Looks at what is at `name` without following a link: a regular
        /// file is opened to compare (without waiting, should it have become
        /// a pipe) and its mode and owner read from the open file; anything
        /// else is never opened, and the rename replaces it. What the survey
        /// saw spares a second look: where it saw nothing, nothing is looked
        /// at (whatever appeared since is replaced by the rename, or, if it
        /// is a directory, refuses it); where it saw a regular file, the
        /// file is opened at once and what was opened decides.
        init(directory: Int32, name: String, surveyed: Destination.Found, outputIndex: Int, inStagedFolder: Bool,
             settings: StagingSettings) {
            self.directory = directory
            self.name = name
            self.settings = settings
            self.outputIndex = outputIndex
            self.inStagedFolder = inStagedFolder
            switch surveyed {
            case .nothing:
                return
            case .regularFile:
                openExisting()
            case .unknown:
                var status = stat()
                guard PathBytes.withCString(name, { fstatat(directory, $0, &status, AT_SYMLINK_NOFOLLOW) }) == 0 else { return }
                switch FileSystem.kind(of: status.st_mode) {
                case .directory:
                    obstacle = "it is a directory"
                case .regularFile:
                    previous = Ownership(status, fromOpenFile: false)
                    openExisting()
                case .symbolicLink, .device, .pipe, .other:
                    break
                }
            }
        }

        /// Opens the destination, believed a regular file, to compare it;
        /// the open file's `fstat` is the answer that counts. O_NONBLOCK
        /// stays set: it changes nothing for a regular file, and anything
        /// else is closed unread.
        private mutating func openExisting() {
            let opened = PathBytes.withCString(name) { openat(directory, $0, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) }
            guard opened >= 0 else {
                // Gone, or a link now: nothing is kept of it, and the rename
                // replaces whatever is there. Not readable: it is still
                // replaced, keeping its mode, which a look without opening gives.
                if errno != ENOENT, errno != ELOOP, previous == nil { keepModeWithoutOpening() }
                return
            }
            var status = stat()
            let kind: FileSystem.Kind? = fstat(opened, &status) == 0 ? FileSystem.kind(of: status.st_mode) : nil
            guard kind == .regularFile else {
                // Changed since the look: nothing is kept of it.
                close(opened)
                previous = nil
                if kind == .directory { obstacle = "it is a directory" }
                return
            }
            existing = opened
            existingSize = Int(status.st_size)
            previous = Ownership(status, fromOpenFile: true)
        }

        /// The mode of a destination menuc may replace but not read.
        private mutating func keepModeWithoutOpening() {
            var status = stat()
            guard PathBytes.withCString(name, { fstatat(directory, $0, &status, AT_SYMLINK_NOFOLLOW) }) == 0 else { return }
            switch FileSystem.kind(of: status.st_mode) {
            case .regularFile: previous = Ownership(status, fromOpenFile: false)
            case .directory: obstacle = "it is a directory"
            case .symbolicLink, .device, .pipe, .other: break
            }
        }

        mutating func write(_ piece: UnsafeBufferPointer<UInt8>) {
            guard problem == nil, !piece.isEmpty else { return }
            if settings.shouldStop() {
                problem = .interrupted
                return
            }
            if existing >= 0 {
                if destinationContinues(with: piece) {
                    matched += piece.count
                    return
                }
                diverge()
            }
            append(piece)
        }

        /// Whether the destination's next bytes are `piece`'s, read ahead
        /// in blocks: a backend hands over many small pieces, and a read
        /// for each cost more than rendering them. `memcmp`: the generic
        /// `elementsEqual` made comparing an unchanged output cost more than
        /// rendering it.
        private mutating func destinationContinues(with piece: UnsafeBufferPointer<UInt8>) -> Bool {
            guard matched + piece.count <= existingSize, let pieceStart = piece.baseAddress else { return false }
            var offset = 0
            while offset < piece.count {
                if compared == buffered {
                    let wanted = min(StagedFile.readAhead, existingSize - matched - offset)
                    if scratch.count < wanted { scratch = [UInt8](repeating: 0, count: wanted) }
                    let count = scratch.withUnsafeMutableBytes { FileDescriptorIO.readFully(existing, into: $0, count: wanted) }
                    // Shorter than it was when opened: it differs.
                    guard count > 0 else { return false }
                    buffered = count
                    compared = 0
                }
                let count = min(buffered - compared, piece.count - offset)
                let same = scratch.withUnsafeBufferPointer { stored in
                    stored.baseAddress.map { memcmp($0 + compared, pieceStart + offset, count) == 0 } ?? false
                }
                guard same else { return false }
                compared += count
                offset += count
            }
            return true
        }

        /// The output differs from the destination: start the temporary with the part that matched.
        private mutating func diverge() {
            defer {
                close(existing)
                existing = -1
            }
            guard openTemporary() else { return }
            if scratch.isEmpty, matched > 0 { scratch = [UInt8](repeating: 0, count: min(matched, StagedFile.readAhead)) }
            var copied = 0
            while copied < matched, problem == nil {
                let count = min(scratch.count, matched - copied)
                let read = scratch.withUnsafeMutableBytes { pread(existing, $0.baseAddress, count, off_t(copied)) }
                guard read > 0 else { problem = .incomplete; return }
                scratch.withUnsafeBufferPointer { append(UnsafeBufferPointer(rebasing: $0.prefix(read))) }
                copied += read
            }
        }

        /// Creates the temporary: exclusively, never through a link, under
        /// a fresh unpredictable name while one is taken, readable by this
        /// user alone until `finish` gives it its final mode.
        private mutating func openTemporary() -> Bool {
            if inStagedFolder {
                // 0666 less the umask: the mode it keeps, so no fchmod.
                let opened = PathBytes.withCString(name) { openat(directory, $0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666) }
                guard opened >= 0 else {
                    problem = .cannotCreate(errno)
                    return false
                }
                descriptor = opened
                temporary = name
                return true
            }
            var attempts = 0
            var suffix = settings.firstSuffix(ofOutput: outputIndex)
            while attempts < OutputWriter.temporaryAttempts {
                let candidate = OutputWriter.temporaryName(for: name, processID: settings.processID, suffix: suffix)
                let opened = PathBytes.withCString(candidate) {
                    openat(directory, $0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
                }
                if opened >= 0 {
                    descriptor = opened
                    temporary = candidate
                    return true
                }
                if errno == EINTR { continue }
                guard errno == EEXIST else { break }
                attempts += 1
                suffix = settings.retrySuffix()
            }
            problem = .cannotCreate(attempts == OutputWriter.temporaryAttempts ? EEXIST : errno)
            return false
        }

        private mutating func append(_ piece: UnsafeBufferPointer<UInt8>) {
            guard problem == nil else { return }
            if descriptor < 0, !openTemporary() { return }
            if !FileDescriptorIO.writeAll(piece, to: descriptor) { problem = .incomplete }
        }

        /// The temporary, complete, takes the mode (and, for root, the
        /// owner) of the file it replaces: a private (0600) or executable
        /// source stays so, and one another user owns stays theirs. Only the
        /// permission bits are kept — never set-user-ID, set-group-ID or
        /// sticky: an output is no program. A new file gets the mode any
        /// new file gets here (0666 less the umask). Best effort: failing to
        /// keep the owner is no reason to lose the output.
        private func settlePermissions() {
            if inStagedFolder { return }
            guard let previous else {
                fchmod(descriptor, settings.newFileMode)
                return
            }
            // Owner first: a change of owner clears set-user-ID bits.
            if previous.fromOpenFile, geteuid() == 0, previous.user != 0 || previous.group != 0 {
                _ = fchown(descriptor, previous.user, previous.group)
            }
            fchmod(descriptor, previous.mode & 0o777)
        }

        mutating func finish() -> Outcome {
            if problem != nil, existing >= 0 {
                // Stopped while the output still matched: nothing was staged.
                close(existing)
                existing = -1
            }
            if existing >= 0 {
                // Every piece matched: unchanged when the destination has nothing more.
                if matched == existingSize {
                    close(existing)
                    existing = -1
                    return .unchanged
                }
                diverge()
            }
            if descriptor < 0, problem == nil { _ = openTemporary() }  // an empty output
            if descriptor >= 0, problem == nil { settlePermissions() }
            // A full disk fails a write (`append` keeps the failure) or, where
            // the file system defers it, the close: either way the temporary
            // is short and is not committed.
            if descriptor >= 0, close(descriptor) != 0 { problem = problem ?? .incomplete }
            descriptor = -1
            switch problem {
            case nil:
                return .written(temporary ?? "")
            case let problem?:
                if let temporary { _ = PathBytes.withCString(temporary) { unlinkat(directory, $0, 0) } }
                switch problem {
                case .cannotCreate(let code): return .cannotCreate(code)
                case .incomplete: return .incomplete
                case .interrupted: return .interrupted
                }
            }
        }
    }
}
