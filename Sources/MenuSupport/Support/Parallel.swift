import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Runs independent work on every core. Results come back in input order,
/// so output stays deterministic however the work was scheduled.
package enum Parallel {
    /// The processors this process may use: the worker count unless the
    /// caller chooses one (the command line reads `MENUC_JOBS`).
    package static var processorCount: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    package static func map<T: Sendable>(_ count: Int, workers: Int = processorCount, _ body: @Sendable (Int) -> T) -> [T] {
        guard count > 1, workers > 1 else { return (0..<count).map(body) }
        let results = ResultSlots<T>(count: count)
        // Chunks larger than one item keep scheduling overhead low for tiny jobs.
        let chunks = min(count, workers * 16)
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let lower = chunk * count / chunks
            let upper = (chunk + 1) * count / chunks
            for index in lower..<upper { results.store(body(index), at: index) }
        }
        return results.values()
    }
}

/// Write-once slots filled from several threads.
private final class ResultSlots<T: Sendable>: @unchecked Sendable {
    // Each slot is written by exactly one task, and read only after all finish.
    private var storage: [T?]
    private let lock = Lock()

    init(count: Int) { storage = Array(repeating: nil, count: count) }

    func store(_ value: T, at index: Int) {
        lock.withLock { storage[index] = value }
    }

    func values() -> [T] { storage.compactMap { $0 } }
}
