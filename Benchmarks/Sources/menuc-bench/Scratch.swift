import Foundation

/// The harness's one scratch folder: corpora up to 100 MB, their outputs,
/// the many-files tree. It is `menuc-bench-scratch` in the benchmark
/// package's `.build/` (or in the folder `--scratch-in` names), emptied
/// when a run starts and removed when it ends: a run that was interrupted
/// leaves it to the next run, inside a folder that holds only what builds
/// make. Two runs at once would measure each other, so a run holds a lock
/// on the folder's parent for its whole life and a second one waits.
enum Scratch {
    static let folderName = "menuc-bench-scratch"

    /// Benchmarks/.build, beside the harness's own build.
    static let defaultParent = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build")

    /// The scratch folder in `parent`, made empty. Holds the run's lock from then on.
    static func make(in parent: URL = defaultParent) throws -> URL {
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        lock(in: parent)
        let folder = parent.appendingPathComponent(folderName)
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A subfolder `name` of the scratch folder, made empty.
    static func subfolder(_ name: String, of folder: URL) throws -> URL {
        let sub = folder.appendingPathComponent(name)
        try? FileManager.default.removeItem(at: sub)
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        return sub
    }

    static func remove(_ folder: URL) {
        try? FileManager.default.removeItem(at: folder)
    }

    /// An exclusive `flock` on `parent` itself (a lock file would be left
    /// behind), held until this process ends: the descriptor is never
    /// closed, and the system releases the lock however the process ends.
    private static func lock(in parent: URL) {
        let descriptor = open(parent.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            say("menuc-bench: another run is using \(parent.path); waiting for it to end …")
            flock(descriptor, LOCK_EX)
        }
    }
}
