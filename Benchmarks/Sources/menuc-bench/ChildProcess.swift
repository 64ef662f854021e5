import Foundation
import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics
import MenuRules
import MenuBackends
import MenuCompiler

/// Starts one child process and waits for it, passing on the signals that
/// stop the harness — Ctrl-C, a hang-up, a kill — so that the child ends
/// with its parent instead of running on, orphaned, writing into folders
/// the harness is removing.
enum ChildProcess {
    enum Output {
        /// Standard output and error are the harness's own.
        case inherited
        /// Both go to /dev/null.
        case discarded
        /// Both are kept, in order, and returned in `Ended.output`.
        case captured
    }

    struct Ended {
        /// As `wait4` reports it.
        var status: Int32
        var usage: rusage
        /// What the child wrote, when captured.
        var output: [UInt8]

        /// The exit status, or 128 + the signal that ended the child.
        var exitStatus: Int32 {
            status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + status & 0x7f
        }
    }

    /// Runs `executable` and returns once it has ended (nil if it could not
    /// start). While it runs, SIGINT, SIGTERM and SIGHUP are passed on to it
    /// (to its whole process group when `inOwnGroup`), and once it has ended
    /// this process ends by the same signal — unless `returningAfterSignals`,
    /// for a caller that has work left (the supervisor's cleaning up). A
    /// signal this process was started with ignored stays ignored.
    ///
    /// The child starts with no signal blocked, in this process's group
    /// unless `inOwnGroup`, so that a signal sent to the harness's group
    /// reaches it (Foundation's `Process` gives each child a group of its own).
    static func run(_ executable: String, _ arguments: [String], argumentZero: String? = nil,
                    environment: [String: String]? = nil, output: Output = .inherited,
                    inOwnGroup: Bool = false, returningAfterSignals: Bool = false,
                    started: (pid_t) -> Void = { _ in }) -> Ended? {
        let passedOn = StopSignals.all.filter { !StopSignals.isIgnored($0) }
        // The child's end comes as SIGCHLD. All of them wait here, blocked,
        // and are taken one at a time below, without a signal handler.
        var waited = sigset_t()
        sigemptyset(&waited)
        for signalNumber in passedOn + [SIGCHLD] { sigaddset(&waited, signalNumber) }
        var previousMask = sigset_t()
        pthread_sigmask(SIG_BLOCK, &waited, &previousMask)
        defer { pthread_sigmask(SIG_SETMASK, &previousMask, nil) }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var flags = Int32(POSIX_SPAWN_SETSIGMASK)
        if inOwnGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= Int32(POSIX_SPAWN_SETPGROUP)
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Captured output goes to a file that has no name (made, then
        // unlinked): read once the child has ended, it cannot fill up and
        // stall the child as an unread pipe would, and nothing is left behind.
        var capture: Int32 = -1
        defer { if capture >= 0 { close(capture) } }
        switch output {
        case .inherited:
            break
        case .discarded:
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        case .captured:
            var template = Array((NSTemporaryDirectory() + "/menuc-bench-output-XXXXXX").utf8CString)
            capture = mkstemp(&template)
            guard capture >= 0 else { return nil }
            unlink(template)
            posix_spawn_file_actions_adddup2(&actions, capture, 1)
            posix_spawn_file_actions_adddup2(&actions, capture, 2)
        }

        let argv = ([argumentZero ?? executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let environmentLines = environment.map { $0.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { environmentLines?.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = environmentLines.map { posix_spawn(&pid, executable, &actions, &attributes, argv, $0) }
            ?? posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard spawned == 0 else {
            errno = spawned  // posix_spawn returns its error; callers read errno
            return nil
        }
        started(pid)

        var status: Int32 = 0
        var usage = rusage()
        var stoppedBy: Int32?
        while true {
            let reaped = wait4(pid, &status, WNOHANG, &usage)
            if reaped == pid { break }
            if reaped < 0, errno != EINTR { return nil }
            // A second at most: should a child's SIGCHLD ever go astray, the
            // next wait4 finds the child ended all the same.
            var info = siginfo_t()
            var second = timespec(tv_sec: 1, tv_nsec: 0)
            let received = sigtimedwait(&waited, &info, &second)
            if received > 0, received != SIGCHLD {
                kill(inOwnGroup ? -pid : pid, received)
                stoppedBy = received
            }
        }
        // Taken by sigtimedwait, the signal is no longer pending: send it again.
        if let stoppedBy, !returningAfterSignals { StopSignals.end(by: stoppedBy) }
        return Ended(status: status, usage: usage, output: readAll(capture))
    }

    /// Blocks SIGCHLD in the calling thread and so in every thread it
    /// starts later. Call first thing in `main`: a thread that had SIGCHLD
    /// unblocked could take a child's SIGCHLD while `run` is between its
    /// checks, and its default action throws the signal away.
    static func blockChildSignalsFromNowOn() {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGCHLD)
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// The file's bytes from its start (none for -1).
    private static func readAll(_ descriptor: Int32) -> [UInt8] {
        guard descriptor >= 0, lseek(descriptor, 0, SEEK_SET) == 0 else { return [] }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return bytes }
            bytes += buffer[..<count]
        }
    }
}
