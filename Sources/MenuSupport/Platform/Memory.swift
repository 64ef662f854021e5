#if canImport(Glibc)
import Glibc
#endif

/// How a process that compiles asks the C allocator to treat the memory
/// the compiler frees: keep it for the next allocation instead of handing
/// it back to the kernel.
///
/// A compilation allocates its arrays large (a 10 MB file's syntax tree
/// is some 37 MB) and frees them as the next stage takes over. By default
/// glibc serves such arrays with fresh `mmap`s, unmaps them on free, and
/// shrinks its heap as soon as 128 KB at its top are free; every page of
/// the next array is then faulted in again. On the virtual machines
/// menuc is measured on, a first touch of a page costs about 2.5 µs — a
/// quarter of a re-check in the language server, or of the harness's
/// repeated runs of a phase, went to faulting in memory just given back.
/// With arrays up to 32 MB taken from the heap and the heap kept unless
/// 256 MB at its top are free, a freed array's pages serve the next one.
/// The peak stays the same: memory is kept, not added.
///
/// A policy of the process, so the library never sets it by itself: the
/// `menuc` command and the benchmark harness (whose in-process figures
/// must run as `menuc` does) call `apply()` first thing. Without glibc
/// this does nothing.
package enum AllocatorPolicy {
    /// Arrays up to this size come from the heap (glibc's largest allowed value).
    static let largestHeapAllocation: Int32 = 32 << 20
    /// The heap gives memory back only when this much at its top is free.
    static let keptFreeMemory: Int32 = 256 << 20

    /// Applies the policy to this process. Returns false when the allocator
    /// refused a setting (or is not glibc's).
    @discardableResult
    package static func apply() -> Bool {
        #if canImport(Glibc)
        typealias MallOpt = @convention(c) (_ parameter: Int32, _ value: Int32) -> Int32
        guard let mallopt = glibcFunction("mallopt", as: MallOpt.self) else { return false }
        let trimThreshold: Int32 = -1, mmapThreshold: Int32 = -3
        return mallopt(mmapThreshold, largestHeapAllocation) == 1 && mallopt(trimThreshold, keptFreeMemory) == 1
        #else
        return false
        #endif
    }

    /// Hands the heap's free pages back to the system (`malloc_trim(0)`),
    /// whatever the policy keeps: for measuring what a piece of work alone
    /// adds to memory (the benchmark harness's `PhaseMemory`).
    package static func returnFreeMemory() {
        #if canImport(Glibc)
        typealias MallocTrim = @convention(c) (_ pad: Int) -> Int32
        _ = glibcFunction("malloc_trim", as: MallocTrim.self)?(0)
        #endif
    }

    #if canImport(Glibc)
    /// A function of glibc's <malloc.h>, which is not part of the C library
    /// module Swift imports: looked up at run time.
    private static func glibcFunction<Function>(_ name: String, as type: Function.Type) -> Function? {
        dlsym(nil, name).map { unsafeBitCast($0, to: type) }
    }
    #endif
}
