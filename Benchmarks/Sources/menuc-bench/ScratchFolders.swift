import Foundation

/// The harness's scratch folders: corpora up to 100 MB, their outputs, the
/// many-files tree in /dev/shm (memory, not disk). Each is named after the
/// worker process that made it, `menuc-bench-PID` or `menuc-bench-PID-NAME`,
/// so that whoever outlives that process can find and remove them: the
/// supervisor when the worker ends however it ends (see Supervision), and
/// the next run for a supervisor that was itself killed outright — a run
/// removes only folders whose `Maker` record shows their maker has ended.
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
    /// It holds a `Maker` record, without which no later run removes it.
    static func make(_ name: String = "", in parent: URL = FileManager.default.temporaryDirectory) throws -> URL {
        let folder = parent.appendingPathComponent(prefix + "\(getpid())" + (name.isEmpty ? "" : "-" + name))
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if let maker = Maker.of(getpid()) {
            try Data(maker.record.utf8).write(to: folder.appendingPathComponent(Maker.fileName))
        }
        return folder
    }

    /// Removes the scratch folders of `processID`.
    static func remove(ofProcess processID: pid_t) {
        removeFolders { $1 == processID }
    }

    /// Removes the scratch folders whose maker has ended (see `Maker.hasEnded`).
    /// A folder without a readable maker record is kept: it may be another
    /// program's that happens to share the name.
    static func removeAbandoned() {
        guard let here = Maker.of(getpid()) else { return }
        removeFolders { folder, processID in
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(Maker.fileName).path),
                  let maker = Maker(record: String(decoding: data, as: UTF8.self)) else { return false }
            return maker.processID == processID && maker.hasEnded(seenFrom: here)
        }
    }

    private static func removeFolders(of isDoomed: (_ folder: URL, _ processID: pid_t) -> Bool) {
        for parent in parents {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { continue }
            for name in names {
                let folder = parent.appendingPathComponent(name)
                guard let processID = processID(inFolderName: name), isDoomed(folder, processID) else { continue }
                try? FileManager.default.removeItem(at: folder)
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

    /// Who made a scratch folder, written into it as one line: the boot, the
    /// PID namespace, the process number and that process's start time.
    /// A process number alone cannot tell a folder's maker is gone: another
    /// container sharing the temporary directory numbers its processes
    /// apart (its live harness's number may be free here), and a new process
    /// may have taken the number of one that ended.
    struct Maker {
        static let fileName = ".menuc-bench-maker"

        /// `/proc/sys/kernel/random/boot_id`.
        var boot: String
        /// The target of `/proc/self/ns/pid`, such as `pid:[4026531836]`.
        var namespace: String
        var processID: pid_t
        /// Field 22 of `/proc/PID/stat`: clock ticks from boot to the process's start.
        var startTime: String

        var record: String { "\(boot) \(namespace) \(processID) \(startTime)\n" }

        /// Process `processID` of this boot and namespace, seen from /proc
        /// (nil without /proc, or when the process is gone).
        static func of(_ processID: pid_t) -> Maker? {
            guard let boot = try? String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8),
                  let namespace = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/ns/pid"),
                  let startTime = startTime(of: processID) else { return nil }
            return Maker(boot: boot.trimmingCharacters(in: .whitespacesAndNewlines), namespace: namespace,
                         processID: processID, startTime: startTime)
        }

        /// Field 22 of `/proc/PID/stat`, counted after the command name's
        /// closing parenthesis (the name itself may hold spaces and parentheses).
        static func startTime(of processID: pid_t) -> String? {
            guard let stat = try? String(contentsOfFile: "/proc/\(processID)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return nil }
            // After the name come field 3 (state) onwards: field 22 is the 20th.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count >= 20 ? String(fields[19]) : nil
        }

        /// True when this maker, seen from the process `here`, has surely
        /// ended: it ran in the same namespace, and either on an earlier
        /// boot, or no process now has its number, or the one that has it
        /// started at another time. A maker in another namespace is never
        /// taken for ended.
        func hasEnded(seenFrom here: Maker) -> Bool {
            guard namespace == here.namespace else { return false }
            guard boot == here.boot else { return true }
            return Maker.startTime(of: processID) != startTime
        }
    }
}

extension ScratchFolders.Maker {
    /// Reads `record` back (nil when it is not four fields).
    init?(record: String) {
        let fields = record.split(whereSeparator: \.isWhitespace).map(String.init)
        guard fields.count == 4, let processID = pid_t(fields[2]) else { return nil }
        self.init(boot: fields[0], namespace: fields[1], processID: processID, startTime: fields[3])
    }
}
