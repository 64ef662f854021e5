import Foundation
import Testing

/// What only Linux has stays in the platform files
/// (Sources/MenuSupport/Platform/: files, signals, memory, the C library),
/// each beside its Darwin counterpart or behind `#if os(Linux)`: elsewhere
/// it would break the build on a Mac, where menuc's users work, and no test
/// here would notice.
struct PlatformSymbolsTests {
    static let platformFolder = "Sources/MenuSupport/Platform/"
    /// Linux-only names: the C library's module, /proc, glibc's allocator
    /// controls, and system calls Darwin lacks.
    static let linuxOnlyPattern = #"\bGlibc\b|/proc/|\bmallopt\b|\bmalloc_trim\b|\bsigtimedwait\b|\bsignalfd\b|\bepoll_\w+|\binotify_\w+|\bprctl\b|\bgetdents64\b|\bO_PATH\b"#

    @Test func linuxOnlySymbolsLiveInThePlatformFiles() throws {
        let root = TestSupport.packageRoot
        let linuxOnly = try Regex(Self.linuxOnlyPattern)
        var found: [String] = []
        let files = try #require(FileManager.default.enumerator(at: root.appendingPathComponent("Sources"), includingPropertiesForKeys: nil))
        for case let url as URL in files where url.pathExtension == "swift" {
            let path = String(url.path.dropFirst(root.path.count + 1))
            if path.hasPrefix(Self.platformFolder) { continue }
            let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() where line.contains(linuxOnly) {
                found.append("\(path):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(found.isEmpty, "Linux-only symbols outside \(Self.platformFolder):\n\(found.joined(separator: "\n"))")
    }

    /// Each platform file that names a Linux-only symbol also says what
    /// happens elsewhere: an `#else`/`#elseif` branch or an `#if os(Linux)`.
    @Test func platformFilesCoverDarwinToo() throws {
        let folder = TestSupport.packageRoot.appendingPathComponent(Self.platformFolder)
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            guard text.contains(try Regex(Self.linuxOnlyPattern)) else { continue }
            let covered = text.contains("#elseif canImport(Darwin)") || text.contains("#else") || text.contains("#if os(Linux)")
            #expect(covered, "\(name) names Linux-only symbols without a Darwin side")
        }
    }
}
