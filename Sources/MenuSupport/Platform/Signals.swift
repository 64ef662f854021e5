#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `menuc` (its `Interruptions`) and the benchmark harness (its child
/// processes and supervisor) both need to do with the signals that stop a
/// process: leave alone the ones its starter ignored, and end the way a
/// signal ends it.
package enum StopSignals {
    /// Ctrl-C, a build system's cancel, a closed terminal.
    package static let all: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Whether `signalNumber` is ignored in this process — as a shell starts
    /// background jobs with SIGINT ignored; such a signal is left so.
    package static func isIgnored(_ signalNumber: Int32) -> Bool {
        var action = sigaction()
        sigaction(signalNumber, nil, &action)
        #if canImport(Glibc)
        let handler = action.__sigaction_handler.sa_handler
        #else
        let handler = action.__sigaction_u.__sa_handler
        #endif
        // Function pointers compare by address; SIG_IGN is a constant one.
        return handler.map { unsafeBitCast($0, to: Int.self) } == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// Ends this process as `signalNumber` does by default, so that whoever
    /// started it (a shell, a build system) sees how it ended.
    package static func end(by signalNumber: Int32) -> Never {
        signal(signalNumber, SIG_DFL)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signalNumber)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        raise(signalNumber)
        exit(128 + signalNumber)  // not reached: the default action ends the process
    }

    /// Starts a thread of its own for `body`, which waits for signals and
    /// never returns (a Dispatch worker must not be held forever). False
    /// when no thread could be started.
    package static func startThread(_ body: @escaping @Sendable () -> Never) -> Bool {
        let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
        var thread = pthread_t()
        #if canImport(Glibc)
        let started = pthread_create(&thread, nil, { context in
            if let context { Unmanaged<ThreadBody>.fromOpaque(context).takeUnretainedValue().body() }
            return nil
        }, context)
        #else
        let started = pthread_create(&thread, nil, { context in
            Unmanaged<ThreadBody>.fromOpaque(context).takeUnretainedValue().body()
        }, context)
        #endif
        if started != 0 { Unmanaged<ThreadBody>.fromOpaque(context).release() }
        return started == 0
    }

    private final class ThreadBody: Sendable {
        let body: @Sendable () -> Never
        init(_ body: @escaping @Sendable () -> Never) { self.body = body }
    }
}
