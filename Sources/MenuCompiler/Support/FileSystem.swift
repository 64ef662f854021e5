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
    package enum Kind: Equatable, Sendable {
        case directory
        case regularFile
        case symbolicLink
        /// Character and block devices (`/dev/zero`, a terminal).
        case device
        /// Pipes and sockets.
        case other
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
        guard stat(path, &status) == 0 else { return .failure(Failure(code: errno)) }
        return .success((kind(of: status.st_mode), Int(status.st_size)))
    }

    /// What is at `path` itself: a symbolic link is `.symbolicLink`.
    package static func linkKind(atPath path: String) -> Kind? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return kind(of: status.st_mode)
    }

    package static func isDirectory(_ path: String) -> Bool {
        kind(atPath: path) == .directory
    }

    /// The size in bytes of the file at `path` (links followed).
    package static func size(atPath path: String) -> Int? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Int(status.st_size)
    }

    private static func kind(of mode: mode_t) -> Kind {
        switch mode & S_IFMT {
        case S_IFDIR: .directory
        case S_IFREG: .regularFile
        case S_IFLNK: .symbolicLink
        case S_IFCHR, S_IFBLK: .device
        default: .other
        }
    }

    /// Why a system call failed: errno and its text from strerror(3).
    package struct Failure: Error, Equatable, Sendable {
        package var code: Int32

        package init(code: Int32) { self.code = code }

        /// Nothing is at the path (or a component of it is not a directory).
        package var isMissing: Bool { code == ENOENT || code == ENOTDIR }

        /// Past the size menuc reads (`FileDescriptorIO.readAll`'s limit).
        package var isTooLarge: Bool { code == EFBIG }

        /// The C library's text, e.g. `Permission denied`.
        package var description: String { FileSystem.describe(errno: code) }

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

    /// The whole content of the file at `path`. `regularFileSize`, when the
    /// caller has just looked (`lookUpWithSize`), spares asking again.
    package static func contents(atPath path: String, regularFileSize: Int? = nil) -> Result<[UInt8], Failure> {
        var descriptor: Int32
        repeat { descriptor = open(path, O_RDONLY | O_CLOEXEC) } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else { return .failure(Failure(code: errno)) }
        defer { close(descriptor) }
        return FileDescriptorIO.readAll(descriptor, regularFileSize: regularFileSize)
    }
}

/// Reading and writing whole byte buffers on file descriptors, retrying
/// after signals (EINTR) and short reads or writes. What `FileHandle` did
/// for the command line and the language server; it is not part of
/// FoundationEssentials.
package enum FileDescriptorIO {
    /// Reads until end of file, or fails with `EFBIG` past `limit` bytes
    /// (a pipe that never ends must not fill memory).
    /// `regularFileSize` is the size of the regular file open on
    /// `descriptor`, when the caller knows it; else it is asked.
    package static func readAll(_ descriptor: Int32, limit: Int = SourceFile.maximumSize,
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
            result.reserveCapacity(size + 1)
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
            result.append(contentsOf: chunk[0..<count])
        }
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
