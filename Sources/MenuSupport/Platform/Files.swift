#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few file-system questions menuc asks, answered with stat(2) and
/// read(2) directly.
///
/// `FileManager` in FoundationEssentials covers most of what menuc needs,
/// but not portably: `fileExists(atPath:isDirectory:)` takes an `inout Bool`
/// there and an `ObjCBool` pointer in Apple's Foundation, and attribute
/// values have other types (a size is a `UInt`, not an `Int`). These
/// helpers behave the same everywhere, and reading reports why it failed.
package enum FileSystem {
    /// The largest file menuc reads (4 GiB - 1): source offsets are stored
    /// in 32 bits (`SourceFile.maximumSize` is this).
    package static let maximumReadSize = Int(UInt32.max) - 1

    package enum Kind: Equatable, Sendable {
        case directory
        case regularFile
        case symbolicLink
        /// Character and block devices (`/dev/zero`, a terminal).
        case device
        /// Named pipes (FIFOs): reading one waits for a writer that may never come.
        case pipe
        /// Sockets, and what the system does not name.
        case other

        /// What it is, for a sentence: `it is a named pipe, not a file`.
        package var phrase: String {
            switch self {
            case .directory: "a directory"
            case .regularFile: "a file"
            case .symbolicLink: "a symbolic link"
            case .device: "a device"
            case .pipe: "a named pipe"
            case .other: "a socket or other special file"
            }
        }
    }

    /// What is at `path`, following symbolic links (like `fileExists`);
    /// nil when nothing is, or a link cannot be followed.
    package static func kind(atPath path: String) -> Kind? {
        try? lookUp(path).get()
    }

    /// What is at `path`, following symbolic links, or why it cannot be
    /// looked at: `isMissing` when nothing is there, else a reason worth
    /// saying (a directory on the way that may not be entered).
    package static func lookUp(_ path: String) -> Result<Kind, Failure> {
        lookUpWithSize(path).map(\.kind)
    }

    /// `lookUp`, with the size in bytes of what is there, from the same stat(2).
    package static func lookUpWithSize(_ path: String) -> Result<(kind: Kind, size: Int), Failure> {
        var status = stat()
        guard PathBytes.withCString(path, { stat($0, &status) }) == 0 else { return .failure(Failure(code: errno)) }
        return .success((kind(of: status.st_mode), Int(status.st_size)))
    }

    /// What is at `path` itself: a symbolic link is `.symbolicLink`.
    package static func linkKind(atPath path: String) -> Kind? {
        var status = stat()
        guard PathBytes.withCString(path, { lstat($0, &status) }) == 0 else { return nil }
        return kind(of: status.st_mode)
    }

    /// What is at `path` itself (a symbolic link is `.symbolicLink`), or why
    /// lstat(2) could not say: `isMissing` tells nothing-there from a folder
    /// that may not be entered.
    package static func lookUpLink(_ path: String) -> Result<Kind, Failure> {
        var status = stat()
        guard PathBytes.withCString(path, { lstat($0, &status) }) == 0 else { return .failure(Failure(code: errno)) }
        return .success(kind(of: status.st_mode))
    }

    package static func isDirectory(_ path: String) -> Bool {
        kind(atPath: path) == .directory
    }

    /// The size in bytes of the file at `path` (links followed).
    package static func size(atPath path: String) -> Int? {
        try? lookUpWithSize(path).get().size
    }

    package static func kind(of mode: mode_t) -> Kind {
        switch mode & S_IFMT {
        case S_IFDIR: .directory
        case S_IFREG: .regularFile
        case S_IFLNK: .symbolicLink
        case S_IFCHR, S_IFBLK: .device
        case S_IFIFO: .pipe
        default: .other
        }
    }

    /// Why a system call failed: errno and its text from strerror(3) — or,
    /// for a read, that what is there is not a regular file, or too large.
    package struct Failure: Error, Equatable, Sendable {
        package var code: Int32
        /// What was found where a regular file was wanted (`code` is then `EINVAL`).
        package var found: Kind?
        /// The size of a regular file refused as too large (`code` is then `EFBIG`).
        package var size: Int?

        package init(code: Int32) { self.code = code }

        package init(found kind: Kind) {
            code = EINVAL
            found = kind
        }

        /// Nothing is at the path (or a component of it is not a directory).
        package var isMissing: Bool { found == nil && (code == ENOENT || code == ENOTDIR) }

        /// Too many symbolic links on the way (a link that leads to itself).
        package var isLinkLoop: Bool { code == ELOOP }

        /// Past the size menuc reads (`FileDescriptorIO.readAll`'s limit).
        package var isTooLarge: Bool { code == EFBIG }

        /// Memory ran out before the end (a cap such as `ulimit -v`).
        package var isOutOfMemory: Bool { code == ENOMEM }

        /// The C library's text, e.g. `Permission denied`; for a file that is
        /// not regular, what it is: `It is a named pipe, not a file`.
        package var description: String {
            guard let found else { return FileSystem.describe(errno: code) }
            return found == .directory ? "It is a directory" : "It is \(found.phrase), not a file"
        }

        /// The same, starting in lower case to follow a colon:
        /// `cannot read a.menu: permission denied`.
        package var reason: String {
            let text = description
            return text.prefix(1).lowercased() + text.dropFirst()
        }
    }

    /// strerror(3) for `code`.
    package static func describe(errno code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// The whole content of the regular file at `path`; anything else — a
    /// named pipe, a device, a directory, a socket — is refused unread.
    ///
    /// Every read of a file from disk comes here. A look at the path first
    /// keeps menuc from even opening what is not a file (opening some
    /// devices does something). The file is then opened without waiting
    /// (`O_NONBLOCK`: opening a pipe with no writer would wait for one) and
    /// without becoming a controlling terminal, and what was opened is
    /// looked at again (`fstat`) — the answer that counts, since the path
    /// may have been changed since the first look. Only then is waiting
    /// allowed again and the file read, up to `limit` bytes.
    package static func contents(atPath path: String, limit: Int = FileSystem.maximumReadSize) -> Result<[UInt8], Failure> {
        switch lookUpWithSize(path) {
        case .failure(let failure): return .failure(failure)
        case .success((let kind, _)) where kind != .regularFile: return .failure(Failure(found: kind))
        case .success((_, let size)) where size > limit: return .failure(Failure(tooLarge: size))
        case .success: break
        }
        var descriptor: Int32
        repeat {
            descriptor = PathBytes.withCString(path) { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) }
        } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else { return .failure(Failure(code: errno)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(Failure(code: errno)) }
        let kind = kind(of: status.st_mode)
        guard kind == .regularFile else { return .failure(Failure(found: kind)) }
        let size = Int(status.st_size)
        guard size <= limit else { return .failure(Failure(tooLarge: size)) }
        // Reads wait again: O_NONBLOCK was for the open.
        guard fcntl(descriptor, F_SETFL, 0) == 0 else { return .failure(Failure(code: errno)) }
        return FileDescriptorIO.readAll(descriptor, limit: limit, regularFileSize: size)
    }

    /// The entries of a directory (not `.` and `..`), in the order the
    /// system gives them, each with what it is when the directory says so
    /// without a look (`d_type`; nil: ask `linkKind`). Names are bytes,
    /// carried in `PathBytes`' form, so a name that is not UTF-8 can be
    /// opened again.
    package static func entries(ofDirectory path: String) -> Result<[DirectoryEntry], Failure> {
        guard let stream = PathBytes.withCString(path, { opendir($0) }) else { return .failure(Failure(code: errno)) }
        defer { closedir(stream) }
        return .success(entries(of: stream))
    }

    /// `entries(ofDirectory:)` of the directory open on `descriptor` (which stays open).
    package static func entries(ofDirectoryDescriptor descriptor: Int32) -> Result<[DirectoryEntry], Failure> {
        let copy = dup(descriptor)
        guard copy >= 0 else { return .failure(Failure(code: errno)) }
        guard let stream = fdopendir(copy) else {
            let failure = Failure(code: errno)
            close(copy)
            return .failure(failure)
        }
        defer { closedir(stream) }
        // The copy shares the position of `descriptor`: start at the beginning.
        rewinddir(stream)
        return .success(entries(of: stream))
    }

    package struct DirectoryEntry: Equatable, Sendable {
        package var name: String
        /// From `d_type`; nil when the file system does not say.
        package var kind: Kind?
    }

    #if canImport(Glibc)
    private typealias DirectoryStream = OpaquePointer
    #else
    private typealias DirectoryStream = UnsafeMutablePointer<DIR>
    #endif

    private static func entries(of stream: DirectoryStream) -> [DirectoryEntry] {
        var result: [DirectoryEntry] = []
        while let entry = readdir(stream) {
            let kind = kind(ofDirectoryEntryType: entry.pointee.d_type)
            let name: String? = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                let bytes = raw.bindMemory(to: UInt8.self)
                let length = bytes.firstIndex(of: 0) ?? bytes.count
                let name = UnsafeBufferPointer(rebasing: bytes[..<length])
                if name.elementsEqual([UInt8(ascii: ".")]) || name.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]) { return nil }
                return PathBytes.string(name)
            }
            if let name { result.append(DirectoryEntry(name: name, kind: kind)) }
        }
        return result
    }

    private static func kind(ofDirectoryEntryType type: UInt8) -> Kind? {
        switch Int(type) {
        case Int(DT_DIR): .directory
        case Int(DT_REG): .regularFile
        case Int(DT_LNK): .symbolicLink
        case Int(DT_CHR), Int(DT_BLK): .device
        case Int(DT_FIFO): .pipe
        case Int(DT_SOCK): .other
        default: nil
        }
    }
}

extension FileSystem.Failure {
    /// A regular file of `size` bytes, more than the reader takes.
    package init(tooLarge size: Int) {
        self.init(code: EFBIG)
        self.size = size
    }
}

/// Reading and writing whole byte buffers on file descriptors, retrying
/// after signals (EINTR) and short reads or writes. What `FileHandle` did
/// for the command line and the language server; it is not part of
/// FoundationEssentials.
package enum FileDescriptorIO {
    /// Reads until end of file, or fails with `EFBIG` past `limit` bytes
    /// (a pipe that never ends must not fill memory), or with `ENOMEM` when
    /// the memory menuc may use (`ulimit -v`, a container's limit) runs out
    /// first: Swift ends the process when an allocation fails, so the
    /// buffer grows in steps this function asks for, and each large step is
    /// tried with malloc(3) before the array takes it.
    /// `regularFileSize` is the size of the regular file open on
    /// `descriptor`, when the caller knows it; else it is asked.
    package static func readAll(_ descriptor: Int32, limit: Int = FileSystem.maximumReadSize,
                                regularFileSize: Int? = nil) -> Result<[UInt8], FileSystem.Failure> {
        var result: [UInt8] = []
        // A regular file's size is known: one buffer of that size (plus a
        // byte to see the end), not the doubling growth that left up to half
        // of a large source's buffer unused for the whole compilation.
        var size = regularFileSize
        if size == nil {
            var status = stat()
            if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG { size = Int(status.st_size) }
        }
        var chunkSize = 65_536
        if let size, size > 0 {
            guard canAllocate(min(size, limit) + 1) else { return .failure(FileSystem.Failure(code: ENOMEM)) }
            result.reserveCapacity(min(size, limit) + 1)
            // A small file takes a small buffer: zeroing 64 KB for each of
            // 20,000 files of a hundred bytes was a tenth of checking them.
            chunkSize = min(chunkSize, max(4_096, size + 1))
        }
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(FileSystem.Failure(code: errno))
            }
            if count == 0 { return .success(result) }
            if result.count + count > limit { return .failure(FileSystem.Failure(code: EFBIG)) }
            if result.count + count > result.capacity {
                // Doubling, as `append` would, but asked for first.
                let capacity = min(max(result.capacity * 2, result.count + count, 65_536), limit)
                guard canAllocate(capacity) else { return .failure(FileSystem.Failure(code: ENOMEM)) }
                result.reserveCapacity(capacity)
            }
            result.append(contentsOf: chunk[0..<count])
        }
    }

    /// Whether `count` bytes can be allocated now. Below 16 MiB the answer
    /// is taken as yes (asking costs a call, and a process that cannot get
    /// that much fails anyway); above, malloc(3) is asked and the memory
    /// given back at once — glibc keeps it for the array that follows.
    static func canAllocate(_ count: Int) -> Bool {
        guard count >= 1 << 24 else { return true }
        guard let probe = malloc(count) else { return false }
        free(probe)
        return true
    }

    /// Reads `count` bytes into `buffer` (fewer only at the end of the
    /// file), retrying after signals; -1 on an error.
    package static func readFully(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, count: Int) -> Int {
        var filled = 0
        let wanted = min(count, buffer.count)
        while filled < wanted {
            let result = read(descriptor, buffer.baseAddress.map { $0 + filled }, wanted - filled)
            if result < 0 {
                if errno == EINTR { continue }
                return -1
            }
            if result == 0 { break }
            filled += result
        }
        return filled
    }

    /// Writes all of `bytes`; false when the descriptor stops taking them
    /// (a closed pipe, a full disk).
    @discardableResult
    package static func writeAll(_ bytes: some Collection<UInt8>, to descriptor: Int32) -> Bool {
        let written: Bool? = bytes.withContiguousStorageIfAvailable { writeAll($0, to: descriptor) }
        return written ?? Array(bytes).withUnsafeBufferPointer { writeAll($0, to: descriptor) }
    }

    private static func writeAll(_ buffer: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < buffer.count {
            let result = write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            if result < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += result
        }
        return true
    }
}

extension FileSystem {
    /// The process's file mode creation mask, which a new output's mode
    /// follows (as if it had been created directly). Linux says it in
    /// /proc/self/status; elsewhere it is read by setting it and back, as
    /// umask(2) allows no other way.
    package static func fileCreationMask() -> mode_t {
        #if os(Linux)
        if case .success(let bytes) = FileSystem.contents(atPath: "/proc/self/status", limit: 1 << 20) {
            for line in bytes.split(separator: UInt8(ascii: "\n")) where line.starts(with: Array("Umask:".utf8)) {
                let digits = String(decoding: line.dropFirst(6), as: UTF8.self).trimmingBlanks()
                if let mask = mode_t(digits, radix: 8) { return mask }
            }
        }
        #endif
        let mask = umask(0o022)
        umask(mask)
        return mask
    }
}

extension FileSystem {
    /// The system's folder for temporary files: `TMPDIR` when it names an
    /// absolute path, else `/tmp` (as both glibc and Darwin do).
    package static func temporaryDirectory() -> String {
        if let value = getenv("TMPDIR"), value.pointee == CChar(UInt8(ascii: "/")) {
            let path = PathBytes.string(cString: value)
            return path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        }
        return "/tmp"
    }

    /// A new folder only menuc's user can enter (0700), made with
    /// mkdtemp(3) under `parent` (default: `temporaryDirectory()`), named
    /// `prefix` and six random characters: created exclusively, so
    /// nothing someone planted under a guessed name is ever used.
    package static func makePrivateDirectory(prefix: String, in parent: String? = nil) -> Result<String, Failure> {
        var template = PathBytes.bytes(PathNames.appending(prefix + "XXXXXX", to: parent ?? temporaryDirectory())).map { CChar(bitPattern: $0) } + [0]
        let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
        guard made != nil else { return .failure(Failure(code: errno)) }
        return .success(template.withUnsafeBufferPointer { buffer in buffer.baseAddress.map { PathBytes.string(cString: $0) } ?? "" })
    }

    /// Removes a folder that `makePrivateDirectory` made, with the files in
    /// it: entered without following a link, each entry unlinked from
    /// the folder's descriptor (a folder inside is left, and with it the
    /// folder itself). Returns whether the folder is gone.
    @discardableResult
    package static func removePrivateDirectory(_ path: String) -> Bool {
        let descriptor = PathBytes.withCString(path) { open($0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        if case .success(let entries) = entries(ofDirectoryDescriptor: descriptor) {
            for entry in entries {
                _ = PathBytes.withCString(entry.name) { unlinkat(descriptor, $0, 0) }
            }
        }
        return PathBytes.withCString(path) { rmdir($0) } == 0
    }
}
