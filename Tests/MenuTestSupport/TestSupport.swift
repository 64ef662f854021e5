import Foundation

/// Shared helpers for the test suite, for the tests of every layer: where
/// the package and its fixtures are, temporary folders and files.
public enum TestSupport {
    /// The package root, found from this file's location.
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public static let fixtures = packageRoot.appendingPathComponent("Tests/MenuCompilerTests/Fixtures")
    public static let samples = packageRoot.appendingPathComponent("samples")

    /// `MENUC_RECORD_GOLDENS=1`: the golden tests write what they get
    /// instead of comparing it (review the diff before committing).
    public static let recordingGoldens = ProcessInfo.processInfo.environment["MENUC_RECORD_GOLDENS"] == "1"

    /// Samples that sweeps over every sample (each prefix, random mutations,
    /// comments everywhere) leave out: this one splices 90,000 elements on
    /// purpose, so each of its variants would take seconds in a debug build.
    /// `ResolverTests` tests the limit it shows, and the golden tests its error.
    public static let costlySamples: Set<String> = ["errors/splice-too-large.menu"]

    /// The file's inode number: every writer of menuc replaces a file by
    /// renaming a new one over it, so a file left alone keeps its inode
    /// (no sleep, no reliance on sub-second timestamps).
    public static func inode(_ url: URL) throws -> UInt64 {
        let number = try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber]
        return (number as? UInt64) ?? UInt64((number as? Int) ?? -1)
    }

    /// Every `.menu` file under `directory`, sorted, as paths relative to
    /// it, found as `menuc` finds the inputs in a folder: hidden entries
    /// passed over, links to folders not followed, pipes and devices left
    /// out. Without the driver, so that the tests of every stage can sweep
    /// the samples and fixtures.
    public static func menuFiles(under directory: URL) -> [String] {
        var found: [String] = []
        var pending = [""]
        while let relative = pending.popLast() {
            let folder = relative.isEmpty ? directory.path : directory.appendingPathComponent(relative).path
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for name in names where !name.hasPrefix(".") {
                let child = relative.isEmpty ? name : relative + "/" + name
                // What the entry itself is: a link is not followed.
                let type = (try? FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(child).path))?[.type] as? FileAttributeType
                if type == .typeDirectory {
                    pending.append(child)
                } else if name.hasSuffix(".menu"), type == .typeRegular || type == .typeSymbolicLink {
                    found.append(child)
                }
            }
        }
        return found.sorted()
    }

    /// A fresh temporary directory, removed by the caller.
    public static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("menuc-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    public static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
}
