#if canImport(Glibc)
import Glibc
import Testing
@testable import MenuSupport

/// `AllocatorPolicy` keeps freed memory for the next allocation: a large
/// array freed and allocated again costs no new page faults.
@Suite struct AllocatorPolicyTests {
    /// Minor page faults of the calling thread so far (getrusage with
    /// RUSAGE_THREAD, 1, which the C module Swift imports does not name).
    func faultsOfThisThread() -> Int {
        var usage = rusage()
        getrusage(__rusage_who_t(1), &usage)
        return usage.ru_minflt
    }

    /// Allocates `bytes`, writes every page, frees it; returns the faults that took.
    func faultsToFillAndFree(_ bytes: Int) throws -> Int {
        let before = faultsOfThisThread()
        let memory = try #require(malloc(bytes))
        memset(memory, 1, bytes)
        free(memory)
        return faultsOfThisThread() - before
    }

    @Test func aFreedArrayServesTheNextOneWithoutFaults() throws {
        #expect(AllocatorPolicy.apply())
        let bytes = 20 << 20
        let pages = bytes / Int(getpagesize())
        _ = try faultsToFillAndFree(bytes)
        // By default glibc gives the first array back to the kernel and
        // faults in all of the second one's pages (about 5,000).
        let again = try faultsToFillAndFree(bytes)
        #expect(again < pages / 10, "\(again) faults for \(pages) pages")
    }
}
#endif
