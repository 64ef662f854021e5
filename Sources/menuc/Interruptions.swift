import MenuCompiler
import MenuSupport
import MenuSyntax
import MenuFormatter
import MenuRules
import MenuBackends
import MenuLanguageServer
import MenuImport

/// Ctrl-C (SIGINT), a build system's cancel (SIGTERM) or a closed terminal
/// (SIGHUP) ends menuc at once, as these signals do — except while outputs
/// are written: then the writer is asked to stop, removes what it staged,
/// and only then does the process end, by the same signal. A cancelled
/// build leaves no temporary files and every previous output as it was.
///
/// The signals are blocked in every thread (they inherit the mask from the
/// main thread, which blocks them before any other thread exists) and one
/// thread waits for them with sigwait(2): it either ends the process or,
/// during a write, records the signal. No signal handler and no global
/// state: `main` owns the one instance.
final class Interruptions: @unchecked Sendable {
    private let lock = Lock()
    private var writing = false
    private var received: Int32?
    private let signals: [Int32]

    /// Takes over the signals that are not ignored (a shell runs background
    /// jobs with SIGINT ignored; they stay so). Call before any thread starts.
    init() {
        signals = StopSignals.all.filter { !StopSignals.isIgnored($0) }
        guard !signals.isEmpty else { return }
        var set = Interruptions.set(of: signals)
        pthread_sigmask(SIG_BLOCK, &set, nil)
        startWaiting()
    }

    /// Runs `body`, which writes outputs; a signal meanwhile makes
    /// `isInterrupted` true instead of ending the process. When `body` is
    /// done, a signal received ends the process — after `report` has said
    /// what became of the outputs (`body`'s result).
    func deferring<T>(_ body: (_ isInterrupted: @escaping @Sendable () -> Bool) -> T, report: (T) -> Void) -> T {
        lock.withLock { writing = true }
        let result = body { [self] in lock.withLock { received != nil } }
        let signal = lock.withLock {
            writing = false
            return received
        }
        if let signal {
            report(result)
            StopSignals.end(by: signal)
        }
        return result
    }

    private func startWaiting() {
        if !StopSignals.startThread({ [self] in waitForSignals() }) {
            // Without the waiter, the signals must act as they did.
            var set = Interruptions.set(of: signals)
            pthread_sigmask(SIG_UNBLOCK, &set, nil)
        }
    }

    private func waitForSignals() -> Never {
        var set = Interruptions.set(of: signals)
        while true {
            var number: Int32 = 0
            guard sigwait(&set, &number) == 0 else { continue }
            let deferred = lock.withLock {
                if writing, received == nil { received = number }
                return writing
            }
            if !deferred { StopSignals.end(by: number) }
        }
    }

    private static func set(of signals: [Int32]) -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for number in signals { sigaddset(&set, number) }
        return set
    }
}

extension Interruptions {
    /// `OutputWriter.write`, which a signal stops: the outputs are then
    /// left as they were, `menuc COMMAND: interrupted (NOTE)` is said and
    /// the process ends by the signal. `note` says what was kept, as the
    /// command says it on other failures ("no output was changed").
    func write(_ outputs: [OutputWriter.Output], surveyed: [OutputWriter.Destination]? = nil,
               command: String, note: String) -> Result<OutputWriter.Report, OutputWriter.Failure> {
        deferring { isInterrupted in
            var writer = OutputWriter(shouldStop: isInterrupted)
            writer.workers = JobsSetting.fromEnvironment().workers
            return writer.write(outputs, surveyed: surveyed ?? OutputWriter.survey(outputs))
        } report: { result in
            if case .failure(let failure) = result { Terminal.error("menuc \(command): \(Terminal.shown(failure.message)) (\(note))\n") }
        }
    }
}
