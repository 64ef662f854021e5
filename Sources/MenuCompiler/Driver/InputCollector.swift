#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics
import MenuRules
import MenuBackends
import MenuFormatter

/// Expands command-line paths: files as given, directories searched
/// recursively for `*.menu` (sorted, so output order is stable).
public enum InputCollector {
    public struct Entry: Equatable, Sendable {
        /// The path to read.
        public var path: String
        /// The path relative to the argument it came from (the file name for
        /// a file argument); outputs mirror it.
        public var relativePath: String
    }

    public enum Failure: Error, Equatable, Sendable {
        case notFound(String)
        case unreadableDirectory(String)
        /// Something is in the way of looking (`permission denied`).
        case inaccessible(String, reason: String)

        public var message: String {
            switch self {
            case .notFound(let path): "no such file or directory: \(PathBytes.displayed(path))"
            case .unreadableDirectory(let path): "cannot read directory \(PathBytes.displayed(path))"
            case .inaccessible(let path, let reason): "cannot read \(PathBytes.displayed(path)): \(reason)"
            }
        }
    }

    /// What a directory search found: the inputs, and what it passed over.
    public struct Collected: Equatable, Sendable {
        public var entries: [Entry] = []
        /// `*.menu` entries that are not files — a named pipe, a device, a
        /// socket, or a link to one — skipped, each with why: reading a pipe
        /// would wait for a writer that may never come.
        public var skipped: [Skipped] = []
    }

    public struct Skipped: Equatable, Sendable {
        /// The path as found (below the directory argument).
        public var path: String
        /// `it is a named pipe, not a file`.
        public var reason: String

        public var message: String { "skipped \(PathBytes.displayed(path)): \(reason)" }
    }

    /// Exclusion patterns that apply below a directory, relative to `base`.
    public struct Exclusions: Sendable {
        public var base: String
        public var patterns: [String]

        public init(base: String, patterns: [String]) {
            self.base = base
            self.patterns = patterns
        }
    }

    /// `exclusions` gives, for an absolute directory, the patterns of the
    /// configuration that governs it. A pattern is ignored for a directory
    /// the user named that lies inside what it excludes: asking for
    /// `samples/errors` explicitly checks it even if `errors/**` is excluded.
    ///
    /// A file named more than once (`samples samples/mail.menu`, a glob and
    /// a directory) is one input, where its first mention puts it.
    public static func collect(_ arguments: [String], exclusions: (String) -> Exclusions? = { _ in nil }) -> Result<Collected, Failure> {
        var entries: [Entry] = []
        var skipped: [Skipped] = []
        // One argument lists each file once (a directory's walk does): only
        // several can repeat one, and only then is each path resolved here.
        let mayRepeat = arguments.count > 1
        let currentDirectory = FileManager.default.currentDirectoryPath
        var seen = Set<String>()
        func add(_ entry: Entry) {
            if !mayRepeat || seen.insert(Workspace.standardize(entry.path, relativeTo: currentDirectory)).inserted { entries.append(entry) }
        }
        for argument in arguments {
            // A link that dangles or loops is passed on as a file: reading
            // it says what is wrong, where "no such file" would mislead.
            let linkKind: FileSystem.Kind? = FileSystem.linkKind(atPath: argument) == .symbolicLink ? .symbolicLink : nil
            let lookedUp = FileSystem.lookUp(argument)
            guard let kind = (try? lookedUp.get()) ?? linkKind else {
                if case .failure(let failure) = lookedUp, !failure.isMissing { return .failure(.inaccessible(argument, reason: failure.reason)) }
                return .failure(.notFound(argument))
            }
            if kind != .directory {
                add(Entry(path: argument, relativePath: PathNames.lastComponent(of: argument)))
                continue
            }
            guard let search = search(under: argument) else { return .failure(.unreadableDirectory(argument)) }
            let found = search.files
            let absoluteDirectory = Workspace.standardize(argument, relativeTo: FileManager.default.currentDirectoryPath)
            var isExcluded: (String) -> Bool = { _ in false }
            if let rules = exclusions(absoluteDirectory), !rules.patterns.isEmpty {
                let directoryRelative = relativePath(absoluteDirectory, to: rules.base)
                let active = rules.patterns.filter { pattern in
                    guard let directoryRelative else { return true }
                    return !(directoryRelative + "/").hasPrefix(staticPrefix(of: pattern)) || staticPrefix(of: pattern).isEmpty
                }
                isExcluded = { relative in
                    let absolute = PathNames.appending(relative, to: absoluteDirectory)
                    guard let fromBase = relativePath(absolute, to: rules.base) else { return false }
                    return InputCollector.isExcluded(fromBase, patterns: active)
                }
            }
            for relative in found where !isExcluded(relative) {
                add(Entry(path: PathNames.appending(relative, to: argument), relativePath: relative))
            }
            for (relative, kind) in search.skipped where !isExcluded(relative) {
                skipped.append(Skipped(path: PathNames.appending(relative, to: argument), reason: FileSystem.Failure(found: kind).reason))
            }
        }
        return .success(Collected(entries: entries, skipped: skipped))
    }

    /// Relative paths of `*.menu` files below `directory`, following no
    /// symbolic links to directories (so link loops cannot trap the walk).
    static func menuFiles(under directory: String) -> [String]? {
        search(under: directory)?.files
    }

    /// `menuFiles`, with the `*.menu` entries passed over because they are
    /// not files (a named pipe, a device, a socket, or a link to one) and
    /// what each is. A link that cannot be followed is kept: reading it
    /// says what is wrong with it.
    ///
    /// Names are read as bytes (`PathBytes`): a name that is not UTF-8 is
    /// found and can be opened, where `FileManager` passed it over.
    static func search(under directory: String) -> (files: [String], skipped: [(String, FileSystem.Kind)])? {
        var result: [String] = []
        var skipped: [(String, FileSystem.Kind)] = []
        var pending = [""]
        while let relative = pending.popLast() {
            let absolute = relative.isEmpty ? directory : PathNames.appending(relative, to: directory)
            guard case .success(let entries) = FileSystem.entries(ofDirectory: absolute) else {
                // The directory named cannot be read: say so; one below it is passed over.
                if relative.isEmpty { return nil }
                continue
            }
            for entry in entries where !entry.name.hasPrefix(".") {
                let child = relative.isEmpty ? entry.name : PathNames.appending(entry.name, to: relative)
                // What the entry itself is (a link to a directory is not followed).
                guard let kind = entry.kind ?? FileSystem.linkKind(atPath: PathNames.appending(child, to: directory)) else { continue }
                if kind == .directory {
                    pending.append(child)
                    continue
                }
                guard entry.name.hasSuffix(".menu") else { continue }
                switch kind {
                case .regularFile:
                    result.append(child)
                case .symbolicLink:
                    // Followed only to see that it leads to something readable.
                    let target = FileSystem.kind(atPath: PathNames.appending(child, to: directory))
                    if let target, target != .regularFile, target != .directory {
                        skipped.append((child, target))
                    } else {
                        result.append(child)
                    }
                case .pipe, .device, .other:
                    skipped.append((child, kind))
                case .directory:
                    break
                }
            }
        }
        return (result.sorted(), skipped.sorted { $0.0 < $1.0 })
    }

    /// `path` relative to `base`, or nil when it is not below it.
    static func relativePath(_ path: String, to base: String) -> String? {
        if path == base { return "" }
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
    }

    /// The part of a pattern before its first wildcard (`errors/` of `errors/**`).
    static func staticPrefix(of pattern: String) -> String {
        String(pattern.prefix { $0 != "*" && $0 != "?" })
    }

    /// `*` matches within one path component, `**` across components.
    public static func isExcluded(_ path: String, patterns: [String]) -> Bool {
        patterns.contains { glob($0, matches: path) || path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
    }

    /// Whether `pattern` (from `menuc.json`) matches `path`. Filled in row
    /// by row from the pattern's end, each row holding whether the rest of
    /// the pattern matches the path from each position: no recursion (a
    /// pattern of thousands of `*` overflowed the stack) and memory for four
    /// rows, whatever the pattern's length.
    static func glob(_ pattern: String, matches path: String) -> Bool {
        let p = Array(pattern.unicodeScalars)
        let s = Array(path.unicodeScalars)
        // rows[i % 4][j]: pattern from i matches the path from j. Row i
        // reads rows i + 1 to i + 3 (past `**/`), and itself at j + 1.
        var rows = [[Bool]](repeating: [Bool](repeating: false, count: s.count + 1), count: 4)
        func matches(_ i: Int, _ j: Int) -> Bool { rows[i % 4][j] }
        for i in stride(from: p.count, through: 0, by: -1) {
            for j in stride(from: s.count, through: 0, by: -1) {
                var result: Bool
                if i == p.count {
                    result = j == s.count
                } else if p[i] == "*" {
                    let doubleStar = i + 1 < p.count && p[i + 1] == "*"
                    let next = doubleStar ? i + 2 : i + 1
                    result = matches(next, j) || (j < s.count && (doubleStar || s[j] != "/") && matches(i, j + 1))
                    if doubleStar, !result, next < p.count, p[next] == "/" { result = matches(next + 1, j) }
                } else if p[i] == "?" {
                    result = j < s.count && s[j] != "/" && matches(i + 1, j + 1)
                } else {
                    result = j < s.count && p[i] == s[j] && matches(i + 1, j + 1)
                }
                rows[i % 4][j] = result
            }
        }
        return matches(0, 0)
    }
}
