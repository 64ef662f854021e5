import Foundation
import Testing
import MenuTestSupport

/// What only Linux has stays in the platform files — the library's
/// (Sources/MenuSupport/Platform/: files, signals, memory, the C library)
/// and the benchmark harness's (Benchmarks/Sources/menuc-bench/Platform.swift)
/// — each beside its Darwin counterpart or behind `#if os(Linux)`, or, in
/// tests, inside an `#if os(Linux)` (or `canImport(Glibc)`) block.
/// Elsewhere it would break the build on a Mac, where menuc's users work,
/// and no test here would notice.
struct PlatformSymbolsTests {
    static let platformFiles = ["Sources/MenuSupport/Platform/", "Benchmarks/Sources/menuc-bench/Platform.swift"]
    /// Folders whose Linux-only code may also sit in an `#if os(Linux)` block.
    static let testFolders = ["Tests/", "Benchmarks/Tests/"]
    /// Linux-only names: the C library's module, /proc and /dev/shm, glibc's
    /// allocator controls and its spellings of shared structures, and
    /// system calls and flags Darwin lacks.
    static let linuxOnlyPattern = #"\bGlibc\b|/proc/|/dev/shm|\bmallopt\b|\bmalloc_trim\b|\bmallinfo2?\b|\bsigtimedwait\b|\bsignalfd\b|\bSIGRTM(IN|AX)\b|\bepoll_\w+|\binotify_\w+|\bprctl\b|\bgetdents64\b|\bO_PATH\b|\bO_TMPFILE\b|\bst_[amc]tim\b|\bstatx\b|\bsched_getaffinity\b|\bmemfd_create\b|\bpipe2\b|\baccept4\b|\bgettid\b|\bsendfile\b|\bfallocate\b|\brenameat2\b|\bRENAME_NOREPLACE\b|\bRUSAGE_THREAD\b|\b__rusage_who_t\b|\bMAP_POPULATE\b|\bSOCK_CLOEXEC\b|\bSO_PEERCRED\b|\b__sigaction_handler\b"#

    @Test func linuxOnlySymbolsLiveInThePlatformFiles() throws {
        let root = TestSupport.packageRoot
        var found: [String] = []
        for folder in ["Sources", "Tests", "Benchmarks"] {
            let files = try #require(FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil,
                                                                      options: [.skipsHiddenFiles]))
            for case let url as URL in files where url.pathExtension == "swift" {
                let path = String(url.path.dropFirst(root.path.count + 1))
                // Golden outputs are generated code, not code that is built.
                if path.contains("/Fixtures/") { continue }
                if Self.platformFiles.contains(where: { path.hasPrefix($0) }) || path.hasSuffix("/PlatformSymbolsTests.swift") { continue }
                let text = try String(contentsOf: url, encoding: .utf8)
                guard try Self.namesLinuxOnly(text) else { continue }
                let guardedBlocksAllowed = Self.testFolders.contains { path.hasPrefix($0) }
                found += try Self.linuxOnlyLines(in: text, guardedBlocksAllowed: guardedBlocksAllowed).map { "\(path):\($0.line): \($0.text)" }
            }
        }
        #expect(found.isEmpty, "Linux-only symbols outside \(Self.platformFiles.joined(separator: " and ")):\n\(found.joined(separator: "\n"))")
    }

    /// The lines of `text` that name a Linux-only symbol, leaving out
    /// comments and, when `guardedBlocksAllowed`, the branches compiled
    /// only on Linux.
    static func linuxOnlyLines(in text: String, guardedBlocksAllowed: Bool) throws -> [(line: Int, text: String)] {
        var found: [(line: Int, text: String)] = []
        // Per open `#if`: whether the branch being read is compiled only on
        // Linux, and whether its `#if` asked for "not Linux" (so its `#else` is Linux).
        var branches: [(linuxOnly: Bool, negated: Bool)] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#if ") {
                let condition = line.dropFirst(4).trimmingCharacters(in: .whitespaces)
                branches.append((isLinuxCondition(condition), isLinuxCondition(String(condition.dropFirst())) && condition.hasPrefix("!")))
            } else if line.hasPrefix("#elseif "), !branches.isEmpty {
                branches[branches.count - 1].linuxOnly = isLinuxCondition(line.dropFirst(8).trimmingCharacters(in: .whitespaces))
            } else if line == "#else" || line.hasPrefix("#else "), !branches.isEmpty {
                branches[branches.count - 1].linuxOnly = branches[branches.count - 1].negated
            } else if line.hasPrefix("#endif"), !branches.isEmpty {
                branches.removeLast()
            }
            if try line.hasPrefix("//") || !namesLinuxOnly(line) { continue }
            if guardedBlocksAllowed, branches.contains(where: \.linuxOnly) { continue }
            found.append((index + 1, line))
        }
        return found
    }

    /// Whether `text` names a Linux-only symbol. (ICU's regular
    /// expressions: Swift's `Regex` took a minute over the tree in a debug build.)
    static func namesLinuxOnly(_ text: String) throws -> Bool {
        let expression = try NSRegularExpression(pattern: linuxOnlyPattern)
        return expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// `os(Linux)` or `canImport(Glibc)`, alone or and-ed with more.
    static func isLinuxCondition(_ condition: String) -> Bool {
        !condition.hasPrefix("!") && !condition.contains("||")
            && (condition.hasPrefix("os(Linux)") || condition.hasPrefix("canImport(Glibc)"))
    }

    /// The scan reads `#if` blocks as the compiler does: a Linux branch is
    /// allowed in tests, its `#else` and code outside it are not, and
    /// comments are not code.
    @Test func theScanSeesWhatIsCompiledOnlyOnLinux() throws {
        let text = """
            #if os(Linux)
            let a = "/proc/self/status"
            #else
            let b = "/proc/self/status"
            #endif
            #if !os(Linux)
            let c = "/proc/c"
            #else
            let d = "/proc/d"
            #endif
            #if canImport(Glibc)
            import Glibc
            #elseif canImport(Darwin)
            import Glibc
            #endif
            // a comment naming /proc/self/fd
            let e = "/proc/e"
            """
        #expect(try Self.linuxOnlyLines(in: text, guardedBlocksAllowed: true).map(\.line) == [4, 7, 14, 17])
        #expect(try Self.linuxOnlyLines(in: text, guardedBlocksAllowed: false).map(\.line) == [2, 4, 7, 9, 11, 12, 14, 17])
    }

    /// Each platform file that names a Linux-only symbol also says what
    /// happens elsewhere: an `#else`/`#elseif` branch or an `#if os(Linux)`.
    @Test func platformFilesCoverDarwinToo() throws {
        let root = TestSupport.packageRoot
        var files: [URL] = []
        for place in Self.platformFiles {
            let url = root.appendingPathComponent(place)
            if place.hasSuffix("/") {
                files += try FileManager.default.contentsOfDirectory(atPath: url.path).filter { $0.hasSuffix(".swift") }.map { url.appendingPathComponent($0) }
            } else {
                files.append(url)
            }
        }
        #expect(files.count > Self.platformFiles.count)
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            guard try Self.namesLinuxOnly(text) else { continue }
            let covered = text.contains("#elseif canImport(Darwin)") || text.contains("#else") || text.contains("#if os(Linux)")
            #expect(covered, "\(file.lastPathComponent) names Linux-only symbols without a Darwin side")
        }
    }
}
