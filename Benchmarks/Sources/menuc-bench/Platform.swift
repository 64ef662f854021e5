import Foundation
#if os(Linux)
import Glibc
#else
import Darwin
#endif

/// Everything the harness does differently on Linux and on a Mac, in one
/// place, so that a reader can check the Darwin side at a glance. What
/// only Linux can tell (a phase's own peak memory, through /proc) is
/// reported as not measured elsewhere.
enum Platform {
    /// The processor's name, for the table's heading.
    static var processorModel: String? {
        #if os(Linux)
        guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
              let line = info.split(separator: "\n").first(where: { $0.hasPrefix("model name") }) else { return nil }
        return line.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) }
        #else
        var size = 0
        guard sysctlbyname("machdep.cpu.brand_string", nil, &size, nil, 0) == 0, size > 0 else { return nil }
        var buffer = [CChar](repeating: 0, count: size)
        guard sysctlbyname("machdep.cpu.brand_string", &buffer, &size, nil, 0) == 0 else { return nil }
        return String(cString: buffer)
        #endif
    }

    /// User and system time of the child processes that have ended.
    static func childrenCPUSeconds() -> Double {
        var usage = rusage()
        #if os(Linux)
        getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
        #else
        getrusage(RUSAGE_CHILDREN, &usage)
        #endif
        let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        return user + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    }

    /// Bytes, from a `ru_maxrss` (Linux counts KiB, Darwin bytes).
    static func bytes(ofMaxRSS value: Int) -> Int {
        #if os(Linux)
        value * 1024
        #else
        value
        #endif
    }

    // MARK: The allocator

    /// Sets the C allocator as the `menuc` command sets it (MenuSupport's
    /// `AllocatorPolicy`, whose reasons and values these are), so that the
    /// in-process phases run as `menuc` runs them: arrays up to 32 MB from
    /// the heap, and the heap kept unless 256 MB at its top are free.
    /// menuc sets nothing on other allocators, and neither does this.
    /// Returns whether the allocator took both settings.
    @discardableResult
    static func applyMenucAllocatorPolicy() -> Bool {
        #if os(Linux)
        typealias MallOpt = @convention(c) (_ parameter: Int32, _ value: Int32) -> Int32
        guard let mallopt = glibcFunction("mallopt", as: MallOpt.self) else { return false }
        let trimThreshold: Int32 = -1, mmapThreshold: Int32 = -3
        return mallopt(mmapThreshold, largestHeapAllocation) == 1 && mallopt(trimThreshold, keptFreeMemory) == 1
        #else
        return false
        #endif
    }

    /// MenuSupport's `AllocatorPolicy.largestHeapAllocation` (a test keeps them equal).
    static let largestHeapAllocation: Int32 = 32 << 20
    /// MenuSupport's `AllocatorPolicy.keptFreeMemory` (a test keeps them equal).
    static let keptFreeMemory: Int32 = 256 << 20

    #if os(Linux)
    /// A function of glibc's <malloc.h>, which is not part of the C library
    /// module Swift imports: looked up at run time.
    private static func glibcFunction<Function>(_ name: String, as type: Function.Type) -> Function? {
        dlsym(nil, name).map { unsafeBitCast($0, to: type) }
    }
    #endif

    // MARK: A phase's memory

    /// How much memory a phase needs, measured in process: how far one run
    /// of `body` raises the resident set's high-water mark above where it
    /// stood; nil where that can't be measured (anywhere but Linux).
    ///
    /// Before that run, free heap pages go back to the system
    /// (`malloc_trim`) and the high-water mark is reset to the current size
    /// ("5" written to /proc/self/clear_refs, Linux 4.0 and later), so pages
    /// an earlier run freed cannot hide what this one allocates and
    /// touches. It is one extra, untimed run: trimming before the timed
    /// runs would charge each with page faults that the others, and a warm
    /// compiler, don't pay. Darwin can neither reset a process's
    /// high-water mark nor hand back free pages on request.
    static func peakGrowth(of body: () -> Void) -> Int? {
        #if os(Linux)
        typealias MallocTrim = @convention(c) (_ pad: Int) -> Int32
        _ = glibcFunction("malloc_trim", as: MallocTrim.self)?(0)
        guard resetPeak(), let before = statusBytes("VmRSS:") else { return nil }
        body()
        guard let peak = statusBytes("VmHWM:") else { return nil }
        return max(0, peak - before)
        #else
        return nil
        #endif
    }

    #if os(Linux)
    private static func resetPeak() -> Bool {
        let descriptor = open("/proc/self/clear_refs", O_WRONLY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return write(descriptor, "5", 1) == 1
    }

    /// A "NAME: N kB" line of /proc/self/status, in bytes.
    private static func statusBytes(_ name: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) }),
              let kilobytes = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first.flatMap({ Int($0) })
        else { return nil }
        return kilobytes * 1024
    }
    #endif
}
