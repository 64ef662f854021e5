import MenuSupport

/// A folder of outputs that did not exist, made whole before it appears:
/// created as a private directory (0700) under a temporary name beside
/// where it goes, its files written straight to their names inside it,
/// then given its final mode and renamed into place in one step — one
/// rename for the folder instead of one for each file, and no temporary
/// names or mode changes for the files.
///
/// While it is private no one else can enter it, so nothing can be planted
/// inside; its files are still created with `O_EXCL | O_NOFOLLOW`. Every
/// time it is opened again (a write with more folders than it keeps open)
/// it must be the very directory made — same device and inode, owned by
/// menuc's user — or the write stops: someone who may write beside it
/// could have swapped another folder in. The rename never replaces what
/// appeared at the folder's name since it was found missing
/// (`FileSystem.renameWithoutReplacing`).
struct StagedFolder: Sendable {
    /// The directory it goes in.
    var parent: OutputFolders.Directory
    var name: String
    var temporaryName: String
    var device: UInt64
    var inode: UInt64

    /// Makes the private folder for `name` in the directory open on
    /// `parentDescriptor`, and opens it.
    static func make(named name: String, in parentDescriptor: Int32,
                     parent: OutputFolders.Directory) -> Result<(Int32, StagedFolder), OutputFolders.OpenFailure> {
        var attempts = 0
        while attempts < OutputWriter.temporaryAttempts {
            let temporary = OutputWriter.temporaryName(for: name, processID: getpid(), suffix: OutputWriter.randomSuffix())
            guard PathBytes.withCString(temporary, { mkdirat(parentDescriptor, $0, 0o700) }) == 0 else {
                if errno == EEXIST { attempts += 1; continue }
                if errno == EINTR { continue }
                return .failure(OutputFolders.OpenFailure(reason: FileSystem.Failure(code: errno).reason))
            }
            let opened = PathBytes.withCString(temporary) { openat(parentDescriptor, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
            var status = stat()
            guard opened >= 0, fstat(opened, &status) == 0, isPrivateAndOurs(status) else {
                if opened >= 0 { close(opened) }
                return .failure(OutputFolders.OpenFailure(reason: changed(PathNames.appending(name, to: parent.path))))
            }
            let folder = StagedFolder(parent: parent, name: name, temporaryName: temporary,
                                      device: UInt64(truncatingIfNeeded: status.st_dev), inode: UInt64(truncatingIfNeeded: status.st_ino))
            return .success((opened, folder))
        }
        return .failure(OutputFolders.OpenFailure(reason: "no free name for a temporary folder after \(OutputWriter.temporaryAttempts) tries"))
    }

    /// Whether `status` is of a directory only menuc's user may enter, owned by it.
    static func isPrivateAndOurs(_ status: stat) -> Bool {
        FileSystem.kind(of: status.st_mode) == .directory && status.st_uid == geteuid() && status.st_mode & 0o077 == 0
    }

    private static func changed(_ path: String) -> String {
        "the new folder \(PathBytes.displayed(path)) was changed while menuc wrote it"
    }

    /// Opens the folder again (not where it goes yet: under its temporary name).
    func reopen() -> Result<Int32, OutputFolders.OpenFailure> {
        withParent { parent in
            let opened = PathBytes.withCString(temporaryName) { openat(parent, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
            var status = stat()
            guard opened >= 0, fstat(opened, &status) == 0, isThis(status) else {
                if opened >= 0 { close(opened) }
                return .failure(OutputFolders.OpenFailure(reason: StagedFolder.changed(PathNames.appending(name, to: self.parent.path))))
            }
            return .success(opened)
        }
    }

    /// Whether `status` is of the directory `make` made, still private.
    private func isThis(_ status: stat) -> Bool {
        StagedFolder.isPrivateAndOurs(status) && UInt64(truncatingIfNeeded: status.st_dev) == device
            && UInt64(truncatingIfNeeded: status.st_ino) == inode
    }

    /// Gives the folder, open on `descriptor`, its final mode and renames
    /// it into place; nil, or why not.
    func place(descriptor: Int32, mode: mode_t) -> String? {
        var status = stat()
        guard fstat(descriptor, &status) == 0, isThis(status) else { return StagedFolder.changed(PathNames.appending(name, to: parent.path)) }
        let result: Result<Int32, OutputFolders.OpenFailure> = withParent { parent in
            // The folder must still be the one at the temporary name: the
            // rename goes by name.
            var named = stat()
            guard PathBytes.withCString(temporaryName, { fstatat(parent, $0, &named, AT_SYMLINK_NOFOLLOW) }) == 0, isThis(named) else {
                return .success(ESTALE)
            }
            guard fchmod(descriptor, mode) == 0 else { return .success(errno) }
            let code = FileSystem.renameWithoutReplacing(fromDirectory: parent, temporaryName, toDirectory: parent, name)
            // Not placed: private again, until it is removed.
            if code != 0 { fchmod(descriptor, 0o700) }
            return .success(code)
        }
        switch result {
        case .success(0): return nil
        case .success(ESTALE): return StagedFolder.changed(PathNames.appending(name, to: parent.path))
        case .success(EEXIST), .success(ENOTEMPTY):
            return "\(PathBytes.displayed(PathNames.appending(name, to: parent.path))) appeared while menuc wrote; it replaces nothing it did not look at"
        case .success(let code): return FileSystem.Failure(code: code).reason
        case .failure(let failure): return failure.reason
        }
    }

    /// Removes the folder (still under its temporary name) and what was written in it.
    func remove(descriptor: Int32?) {
        let opened = descriptor ?? (try? reopen().get())
        if let opened, case .success(let entries) = FileSystem.entries(ofDirectoryDescriptor: opened) {
            for entry in entries { _ = PathBytes.withCString(entry.name) { unlinkat(opened, $0, 0) } }
        }
        if descriptor == nil, let opened { close(opened) }
        _ = withParent { parent -> Result<Int32, OutputFolders.OpenFailure> in
            // Only the folder made: another swapped in at its name stays.
            var named = stat()
            guard PathBytes.withCString(temporaryName, { fstatat(parent, $0, &named, AT_SYMLINK_NOFOLLOW) }) == 0, isThis(named) else {
                return .success(-1)
            }
            return .success(PathBytes.withCString(temporaryName) { unlinkat(parent, $0, AT_REMOVEDIR) })
        }
    }

    private func withParent<T>(_ body: (Int32) -> Result<T, OutputFolders.OpenFailure>) -> Result<T, OutputFolders.OpenFailure> {
        var ignored: [String] = []
        switch OutputFolders.openDirectory(parent, creating: false, created: &ignored) {
        case .success(let descriptor):
            defer { close(descriptor) }
            return body(descriptor)
        case .failure(let failure):
            return .failure(failure)
        }
    }
}

extension OutputFolders {
    /// Renames every staged folder into place with `mode`; the index and
    /// reason of the first that cannot be.
    mutating func placeStaged(mode: mode_t) -> (index: Int, reason: String)? {
        for index in staged.indices {
            guard let folder = staged[index] else { continue }
            let reason: String?
            switch withDirectory(index, { folder.place(descriptor: $0, mode: mode) }) {
            case .success(let answer): reason = answer
            case .failure(let failure): reason = failure.reason
            }
            if let reason { return (index, reason) }
            // In place: no longer to be removed, and reached by its name.
            staged[index] = nil
        }
        return nil
    }

    /// Removes the staged folders not yet in place, with their files.
    mutating func removeStaged() {
        for index in staged.indices {
            guard let folder = staged[index] else { continue }
            folder.remove(descriptor: descriptor(index))
            staged[index] = nil
        }
    }
}
