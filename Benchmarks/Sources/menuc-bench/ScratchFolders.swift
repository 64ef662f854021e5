import Foundation

/// The harness's scratch folders: corpora up to 100 MB, their outputs, the
/// many-files tree in /dev/shm (memory, not disk). Each is named after the
/// worker process that made it, `menuc-bench-PID` or `menuc-bench-PID-NAME`,
/// so that whoever outlives that process can find and remove them: the
/// supervisor when the worker ends however it ends (see Supervision), and
/// the next run for a supervisor that was itself killed outright.
/// An interrupted benchmark used to leave up to a few hundred MB behind,
/// and in /dev/shm that is memory the machine no longer has.
enum ScratchFolders {
    static let prefix = "menuc-bench-"

    /// Where scratch folders are made: the temporary directory, and /dev/shm
    /// when it can be written.
    static var parents: [URL] {
        let shared = URL(fileURLWithPath: "/dev/shm")
        return [FileManager.default.temporaryDirectory]
            + (FileManager.default.isWritableFile(atPath: shared.path) ? [shared] : [])
    }

    /// A new, empty folder of this process, `menuc-bench-PID[-NAME]` in `parent`.
    static func make(_ name: String = "", in parent: URL = FileManager.default.temporaryDirectory) throws -> URL {
        let folder = parent.appendingPathComponent(prefix + "\(getpid())" + (name.isEmpty ? "" : "-" + name))
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Removes the scratch folders of `processID`.
    static func remove(ofProcess processID: pid_t) {
        removeFolders { $0 == processID }
    }

    /// Removes the scratch folders whose process no longer exists. A folder
    /// whose number belongs to a live process — a harness still running, or
    /// an unrelated process that reused the number — is kept.
    static func removeAbandoned() {
        removeFolders { kill($0, 0) != 0 && errno == ESRCH }
    }

    private static func removeFolders(of isDoomed: (pid_t) -> Bool) {
        for parent in parents {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { continue }
            for name in names {
                guard let processID = processID(inFolderName: name), isDoomed(processID) else { continue }
                try? FileManager.default.removeItem(at: parent.appendingPathComponent(name))
            }
        }
    }

    /// The process number in `menuc-bench-PID` or `menuc-bench-PID-NAME`.
    static func processID(inFolderName name: String) -> pid_t? {
        guard name.hasPrefix(prefix) else { return nil }
        let digits = name.dropFirst(prefix.count).prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, let number = pid_t(digits), number > 0 else { return nil }
        let rest = name.dropFirst(prefix.count + digits.count)
        return rest.isEmpty || rest.hasPrefix("-") ? number : nil
    }
}
