import Foundation
import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics
import MenuRules
import MenuBackends
import MenuCompiler

/// The harness runs as two processes: a supervisor, which only waits, and a
/// worker, which does everything else. Cleaning up belongs to the process
/// that outlives the work: once the worker has ended — finished, failed,
/// crashed or stopped by a signal — and every process it started has ended
/// too, the supervisor removes the worker's scratch folders and ends as the
/// worker ended. A signal handler inside a single process could not do this
/// safely: the work would go on while its folders were being removed.
enum Supervision {
    static let workerVariable = "MENUC_BENCH_WORKER"

    /// In the supervisor, never returns; in the worker, returns at once.
    static func superviseUnlessWorker() {
        guard ProcessInfo.processInfo.environment[workerVariable] == nil else { return }
        ScratchFolders.removeAbandoned()
        var environment = ProcessInfo.processInfo.environment
        environment[workerVariable] = "1"
        // The worker leads its own process group, and the signals the
        // supervisor receives go to that whole group: the worker, and the
        // menuc and peer processes it measures.
        var worker: pid_t = 0
        guard let ended = ChildProcess.run(Bench.selfPath, Array(CommandLine.arguments.dropFirst()),
                                           argumentZero: CommandLine.arguments.first, environment: environment,
                                           inOwnGroup: true, returningAfterSignals: true, started: { worker = $0 }) else {
            FileHandle.standardError.write(Data("menuc-bench: cannot start its worker process: \(String(cString: strerror(errno)))\n".utf8))
            exit(2)
        }
        waitForGroupToEnd(worker)
        ScratchFolders.remove(ofProcess: worker)
        endAs(ended)
    }

    /// Until no process of the group is left (5 s, then it is killed).
    private static func waitForGroupToEnd(_ group: pid_t) {
        for attempt in 0..<600 {
            if kill(-group, 0) != 0, errno == ESRCH { return }
            if attempt == 500 { kill(-group, SIGKILL) }
            usleep(10_000)
        }
    }

    /// Exits with the worker's status, or ends by the signal that ended it,
    /// so that a calling script sees what happened.
    private static func endAs(_ worker: ChildProcess.Ended) -> Never {
        let signalNumber = worker.status & 0x7f
        guard signalNumber != 0 else { exit(worker.exitStatus) }
        StopSignals.end(by: signalNumber)
    }
}
