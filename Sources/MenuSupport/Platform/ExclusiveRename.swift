#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension FileSystem {
    /// Renames `from` (in the directory open on `fromDirectory`) to `to`
    /// (in `toDirectory`) only if nothing is at `to`: 0, or the errno —
    /// `EEXIST` when something is there. A plain rename replaces an empty
    /// directory found at the new name; this one leaves it.
    ///
    /// Linux: renameat2(2) with RENAME_NOREPLACE, which glibc's module map
    /// does not show Swift, so it is looked up once. A file system that does
    /// not offer it (`EINVAL`) gets a plain rename of a directory only onto
    /// nothing: the name is looked at first, and what appears in between is
    /// replaced only if it is an empty directory. Apple's platforms:
    /// renameatx_np(2) with RENAME_EXCL.
    package static func renameWithoutReplacing(fromDirectory: Int32, _ from: String, toDirectory: Int32, _ to: String) -> Int32 {
        #if canImport(Glibc)
        if let renameat2 = RenameWithoutReplacing.renameat2 {
            let result = PathBytes.withCString(from) { old in
                PathBytes.withCString(to) { new in renameat2(fromDirectory, old, toDirectory, new, RenameWithoutReplacing.noReplace) }
            }
            if result == 0 { return 0 }
            if errno != EINVAL, errno != ENOSYS { return errno }
        }
        var status = stat()
        if PathBytes.withCString(to, { fstatat(toDirectory, $0, &status, AT_SYMLINK_NOFOLLOW) }) == 0 { return EEXIST }
        let result = PathBytes.withCString(from) { old in PathBytes.withCString(to) { new in renameat(fromDirectory, old, toDirectory, new) } }
        return result == 0 ? 0 : errno
        #else
        let result = PathBytes.withCString(from) { old in
            PathBytes.withCString(to) { new in renameatx_np(fromDirectory, old, toDirectory, new, UInt32(RENAME_EXCL)) }
        }
        return result == 0 ? 0 : errno
        #endif
    }
}

#if canImport(Glibc)
/// glibc's renameat2 (2.28 and later), found at run time.
private enum RenameWithoutReplacing {
    typealias Function = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32

    /// RENAME_NOREPLACE from <linux/fs.h>.
    static let noReplace: UInt32 = 1

    static let renameat2: Function? = {
        guard let program = dlopen(nil, RTLD_LAZY), let symbol = dlsym(program, "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: Function.self)
    }()
}
#endif
