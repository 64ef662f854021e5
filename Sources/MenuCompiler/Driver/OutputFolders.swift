import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics
import MenuRules
import MenuBackends
import MenuFormatter

/// The directories one write puts files in, each opened once: every file
/// is then looked at, created and renamed relative to its directory's
/// descriptor (`openat`, `renameat`), so a folder swapped for a link while
/// menuc writes cannot send a file anywhere else.
///
/// The output folder itself (`--out`, or a file's own folder) is made and
/// opened by the path it was given: whoever named it chose where it leads,
/// links included. Below it, each directory is entered with `O_NOFOLLOW`
/// and made with `mkdirat` when it is missing; `OutputWriter.survey` has
/// already resolved the links inside the folder, so a link met here
/// appeared since, and is refused.
///
/// The directories it makes are listed, so that a write that fails or is
/// interrupted can remove them again (`removeCreated`).
struct OutputFolders: Sendable {
    struct Directory: Sendable {
        /// Absolute, free of links (as `survey` resolved it), inside `folder`.
        var path: String
        var folder: String
        /// The directory as the first output in it names it, for messages.
        var shown: String
    }

    let directories: [Directory]
    /// Descriptors of the directories opened, by index; nil past `keptOpen`
    /// (each is then opened again when used, not to run out of descriptors).
    private var descriptors: [Int32?]
    /// Directories made, in order.
    private(set) var created: [String] = []
    /// Whether each directory (by index) was made by `prepare`.
    private var made: [Bool]
    /// Whether each directory may be staged whole: below the output folder,
    /// and holding no other directory of this write.
    private let stageable: [Bool]
    /// The directories made whole under a temporary name, by index, until
    /// `placeStaged` renames them into place.
    var staged: [StagedFolder?]

    /// Descriptors kept open at once. A build mirrors its inputs' folders;
    /// past this many, a directory is opened each time it is used.
    static let keptOpen = 256

    init(_ directories: [Directory]) {
        self.directories = directories
        descriptors = Array(repeating: nil, count: directories.count)
        made = Array(repeating: false, count: directories.count)
        staged = Array(repeating: nil, count: directories.count)
        var holding = Set<String>()
        for directory in directories {
            var parent = PathNames.deletingLastComponent(of: directory.path)
            while parent.utf8.count > directory.folder.utf8.count {
                holding.insert(parent)
                parent = PathNames.deletingLastComponent(of: parent)
            }
        }
        stageable = directories.map { $0.path != $0.folder && !holding.contains($0.path) }
    }

    /// The descriptor of directory `index`, when it is kept open.
    func descriptor(_ index: Int) -> Int32? { descriptors[index] }

    /// Whether directory `index` is being made whole under a temporary name.
    func isStaged(_ index: Int) -> Bool { staged[index] != nil }

    /// Whether this write made directory `index` (and so nothing else can have left a file in it yet).
    func wasCreated(_ index: Int) -> Bool { made[index] }

    /// The directories `outputs` go to, each once, in the order the outputs
    /// name them, and the index of each output's directory.
    static func directories(of outputs: [OutputWriter.Output],
                            at destinations: [OutputWriter.Destination]) -> (directories: [Directory], ofOutput: [Int]) {
        var directories: [Directory] = []
        var indexByPath: [String: Int] = [:]
        var ofOutput: [Int] = []
        for (output, destination) in zip(outputs, destinations) {
            let path = PathNames.deletingLastComponent(of: destination.target)
            if let index = indexByPath[path] {
                ofOutput.append(index)
                continue
            }
            indexByPath[path] = directories.count
            ofOutput.append(directories.count)
            let shown = PathNames.deletingLastComponent(of: output.path)
            directories.append(Directory(path: path, folder: destination.folder, shown: shown.isEmpty ? "." : shown))
        }
        return (directories, ofOutput)
    }

    /// Opens every directory, making the missing ones, in order; the index
    /// and reason of the first that cannot be.
    mutating func prepare() -> (index: Int, reason: String)? {
        var foldersReady = Set<String>()
        for (index, directory) in directories.enumerated() {
            let madeBefore = created.count
            if !foldersReady.contains(directory.folder) {
                if let failure = OutputFolders.makeFolder(directory.folder, created: &created) {
                    return (index, "the directory \(directory.shown) could not be created: \(failure)")
                }
                foldersReady.insert(directory.folder)
            }
            switch OutputFolders.openDirectory(directory, creating: true, created: &created,
                                               stagingIfMissing: stageable[index], as: &staged[index]) {
            case .success(let descriptor):
                made[index] = staged[index] != nil || (created.last == directory.path && created.count > madeBefore)
                if index < OutputFolders.keptOpen { descriptors[index] = descriptor } else { close(descriptor) }
            case .failure(let failure):
                return (index, "the directory \(directory.shown) could not be created: \(failure.reason)")
            }
        }
        return nil
    }

    /// Runs `body` with directory `index`'s descriptor, or says why it
    /// cannot be opened again.
    func withDirectory<T>(_ index: Int, _ body: (Int32) -> T) -> Result<T, OpenFailure> {
        if let descriptor = descriptors[index] { return .success(body(descriptor)) }
        if let folder = staged[index] {
            switch folder.reopen() {
            case .success(let descriptor):
                defer { close(descriptor) }
                return .success(body(descriptor))
            case .failure(let failure):
                return .failure(failure)
            }
        }
        var ignored: [String] = []
        switch OutputFolders.openDirectory(directories[index], creating: false, created: &ignored) {
        case .success(let descriptor):
            defer { close(descriptor) }
            return .success(body(descriptor))
        case .failure(let failure):
            return .failure(failure)
        }
    }

    /// Removes the directories this write made, deepest first, when they
    /// are empty (rmdir(2) removes nothing else, and never through a link).
    func removeCreated() {
        for path in created.reversed() { _ = PathBytes.withCString(path) { rmdir($0) } }
    }

    func closeAll() {
        for descriptor in descriptors.compactMap({ $0 }) { close(descriptor) }
    }

    struct OpenFailure: Error {
        var reason: String
    }

    /// Makes the output folder and its missing parents by path, like
    /// `mkdir -p`; the text of why not.
    private static func makeFolder(_ folder: String, created: inout [String]) -> String? {
        if FileSystem.kind(atPath: folder) == .directory { return nil }
        var prefix = ""
        for component in folder.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += "/" + component
            switch FileSystem.lookUp(prefix) {
            case .success(.directory):
                continue
            case .success(let kind):
                return "\(PathBytes.displayed(prefix)) is \(kind.phrase), not a directory"
            case .failure(let failure) where failure.isMissing:
                if PathBytes.withCString(prefix, { mkdir($0, 0o777) }) == 0 {
                    created.append(prefix)
                } else if errno != EEXIST {
                    return FileSystem.Failure(code: errno).reason
                }
            case .failure(let failure):
                return failure.reason
            }
        }
        return nil
    }

    /// Opens `directory` from its folder, one component at a time, never
    /// following a link; with `creating`, makes the missing ones — the
    /// last, given `stagingIfMissing`, as a private folder under a
    /// temporary name, which it describes there.
    static func openDirectory(_ directory: Directory, creating: Bool, created: inout [String]) -> Result<Int32, OpenFailure> {
        var unused: StagedFolder?
        return openDirectory(directory, creating: creating, created: &created, stagingIfMissing: false, as: &unused)
    }

    private static func openDirectory(_ directory: Directory, creating: Bool, created: inout [String],
                                      stagingIfMissing: Bool, as staged: inout StagedFolder?) -> Result<Int32, OpenFailure> {
        var descriptor = PathBytes.withCString(directory.folder) { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard descriptor >= 0 else { return .failure(OpenFailure(reason: FileSystem.Failure(code: errno).reason)) }
        guard directory.path != directory.folder else { return .success(descriptor) }
        let relative = directory.path.utf8.dropFirst(directory.folder.utf8.count)
        var path = directory.folder
        let components = relative.split(separator: UInt8(ascii: "/"))
        for (position, component) in components.enumerated() {
            let name = String(decoding: component, as: UTF8.self)
            let parent = path
            path = PathNames.appending(name, to: path)
            var next = PathBytes.withCString(name) { openat(descriptor, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
            if next < 0, errno == ENOENT, creating, stagingIfMissing, position == components.count - 1 {
                let made = StagedFolder.make(named: name, in: descriptor,
                                             parent: Directory(path: parent, folder: directory.folder, shown: directory.shown))
                close(descriptor)
                switch made {
                case .success(let (opened, folder)):
                    staged = folder
                    return .success(opened)
                case .failure(let failure):
                    return .failure(failure)
                }
            }
            if next < 0, errno == ENOENT, creating {
                if PathBytes.withCString(name, { mkdirat(descriptor, $0, 0o777) }) == 0 {
                    created.append(path)
                } else if errno != EEXIST {
                    let failure = FileSystem.Failure(code: errno)
                    close(descriptor)
                    return .failure(OpenFailure(reason: failure.reason))
                }
                next = PathBytes.withCString(name) { openat(descriptor, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
            }
            if next < 0 {
                let code = errno
                var status = stat()
                let found = PathBytes.withCString(name) { fstatat(descriptor, $0, &status, AT_SYMLINK_NOFOLLOW) } == 0
                    ? FileSystem.kind(of: status.st_mode) : nil
                close(descriptor)
                switch found {
                case .symbolicLink?:
                    return .failure(OpenFailure(reason: "\(PathBytes.displayed(path)) became a symbolic link while menuc wrote; it follows none it did not check"))
                case let kind? where kind != FileSystem.Kind.directory:
                    return .failure(OpenFailure(reason: "\(PathBytes.displayed(path)) is \(kind.phrase), not a directory"))
                default:
                    return .failure(OpenFailure(reason: FileSystem.Failure(code: code).reason))
                }
            }
            close(descriptor)
            descriptor = next
        }
        return .success(descriptor)
    }
}
