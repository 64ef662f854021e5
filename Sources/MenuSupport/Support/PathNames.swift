
/// POSIX path strings, taken apart and put together without Foundation's
/// `NSString` path methods (which live in full Foundation, not in
/// FoundationEssentials). Each function keeps the semantics of the
/// `NSString` method it replaces, as swift-corelibs-foundation implements it,
/// for the paths menuc handles: `/` separators, no `~` expansion.
package enum PathNames {
    /// `base` and `component` joined by one `/`; either alone when the other
    /// is empty. Like `appendingPathComponent`, it does not tidy slashes.
    package static func appending(_ component: String, to base: String) -> String {
        if component.isEmpty { return base }
        if base.isEmpty { return component }
        return base.hasSuffix("/") ? base + component : base + "/" + component
    }

    /// The last component: `a/b.menu` → `b.menu`, `a/b/` → `b`, `/` → `/`.
    package static func lastComponent(of path: String) -> String {
        let tidy = tidied(path)
        guard tidy.utf8.count > 1 else { return tidy }
        return String(tidy[startOfLastComponent(in: tidy)...])
    }

    /// Everything before the last component: `a/b.menu` → `a`, `b.menu` → ``
    /// (empty), `/b.menu` → `/`, `/` → `/`.
    package static func deletingLastComponent(of path: String) -> String {
        let tidy = tidied(path)
        if tidy == "/" || tidy.isEmpty { return tidy }
        let start = startOfLastComponent(in: tidy)
        if start == tidy.startIndex { return "" }
        let slash = tidy.utf8.index(before: start)
        if slash == tidy.startIndex { return "/" }
        return String(tidy[..<slash])
    }

    /// The path without its last component's extension: `a/b.menu` → `a/b`.
    /// A leading dot is no extension (`.menu` stays), nor is `..`.
    package static func deletingExtension(of path: String) -> String {
        let tidy = tidied(path)
        guard tidy.utf8.count > 1 else { return tidy }
        let start = startOfLastComponent(in: tidy)
        let name = tidy[start...]
        guard name != "..", let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot != start else { return tidy }
        return String(tidy[..<dot])
    }

    /// An absolute path with `.`, `..`, repeated and trailing slashes removed
    /// and symbolic links resolved wherever they exist, like
    /// `standardizingPath` followed by `resolvingSymlinksInPath`.
    ///
    /// `..` is taken after the links before it are resolved, as the file
    /// system does. The part of the path that does not exist (yet) is
    /// tidied without looking at the disk. A link that dangles or loops is
    /// left as it is, so that reading it reports the link.
    ///
    /// A relative path (which callers should not pass) only loses its `.`
    /// components and extra slashes: without a base, nothing can be resolved.
    package static func standardized(_ path: String) -> String {
        guard path.hasPrefix("/") else {
            return path.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
        }
        // The common case: everything exists, and realpath(3) does it all.
        if let real = realPath(path) { return real }
        var resolved = "/"
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".":
                continue
            case "..":
                // `resolved` holds no links, so its lexical parent is its real parent.
                resolved = deletingLastComponent(of: resolved)
            default:
                let candidate = appending(String(component), to: resolved)
                if isSymbolicLink(candidate), let target = realPath(candidate) {
                    resolved = target
                } else {
                    resolved = candidate
                }
            }
        }
        return resolved
    }

    /// `standardized` for many paths, most of them in a few directories:
    /// realpath(3) asks the file system about every component of a path
    /// (four calls for `/tmp/menus/a.menu`), so each directory is resolved
    /// once and then a file costs one lstat(2). A build can name thousands.
    package struct Standardizer {
        /// Each directory asked about, with its real path (nil: it cannot be resolved).
        private var realDirectories: [String: String?] = [:]

        package init() {}

        package mutating func standardized(_ path: String) -> String {
            let directory = PathNames.deletingLastComponent(of: path)
            let name = PathNames.lastComponent(of: path)
            // What the shortcut cannot answer, the component walk does.
            guard path.hasPrefix("/"), directory.hasPrefix("/"), name != ".", name != "..", name != "/" else {
                return PathNames.standardized(path)
            }
            let realDirectory: String?
            if let known = realDirectories[directory] {
                realDirectory = known
            } else {
                realDirectory = PathNames.realPath(directory)
                realDirectories[directory] = realDirectory
            }
            var status = stat()
            guard let realDirectory, PathBytes.withCString(path, { lstat($0, &status) }) == 0, (status.st_mode & S_IFMT) != S_IFLNK else {
                return PathNames.standardized(path)
            }
            // Not a link itself, in a directory whose real path is known.
            return PathNames.appending(name, to: realDirectory)
        }
    }

    /// Whether the absolute `path` is `root` or below it, comparing bytes:
    /// `String`'s `hasPrefix` takes `é` and `e` + U+0301 for the same, and
    /// they are two different names on disk.
    package static func isInside(_ path: String, root: String) -> Bool {
        if root == "/" { return path.hasPrefix("/") }
        let rootBytes = root.utf8.last == UInt8(ascii: "/") ? root.utf8.dropLast() : root.utf8[...]
        guard path.utf8.starts(with: rootBytes) else { return false }
        let rest = path.utf8.dropFirst(rootBytes.count)
        return rest.isEmpty || rest.first == UInt8(ascii: "/")
    }

    /// realpath(3): the canonical absolute path, or nil when some part of
    /// `path` does not exist or a link cannot be followed.
    package static func realPath(_ path: String) -> String? {
        guard let pointer = PathBytes.withCString(path, { realpath($0, nil) }) else { return nil }
        defer { free(pointer) }
        return PathBytes.string(cString: pointer)
    }

    private static func isSymbolicLink(_ path: String) -> Bool {
        var status = stat()
        return PathBytes.withCString(path, { lstat($0, &status) }) == 0 && (status.st_mode & S_IFMT) == S_IFLNK
    }

    /// Runs of slashes collapsed to one, and a trailing slash dropped
    /// (except from `/` itself).
    private static func tidied(_ path: String) -> String {
        // Most paths are tidy already: say so without copying them (every
        // import resolved asks twice).
        var previous: UInt8 = 0
        var isTidy = true
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/"), previous == UInt8(ascii: "/") {
                isTidy = false
                break
            }
            previous = byte
        }
        if isTidy, !(previous == UInt8(ascii: "/") && path.utf8.count > 1) { return path }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count)
        for byte in path.utf8 where !(byte == UInt8(ascii: "/") && bytes.last == UInt8(ascii: "/")) {
            bytes.append(byte)
        }
        if bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Where the last component of a tidied path (no trailing slash) starts.
    /// Searched in the UTF-8 view: `/` is one byte and never part of
    /// another character's encoding, and a search by `Character` cost
    /// thousands of instructions a path.
    private static func startOfLastComponent(in tidy: String) -> String.Index {
        guard let slash = tidy.utf8.lastIndex(of: UInt8(ascii: "/")) else { return tidy.startIndex }
        return tidy.utf8.index(after: slash)
    }
}
