import Foundation
import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics
import MenuRules
import MenuBackends
import MenuCompiler

/// How much memory a phase needs, measured in process: how far one run
/// raises the resident set's high-water mark above where it stood.
///
/// Before that run, free heap pages go back to the system (`malloc_trim`)
/// and the high-water mark is reset to the current size ("5" written to
/// /proc/self/clear_refs, Linux 4.0 and later), so pages an earlier run
/// freed cannot hide what this one allocates and touches. It is one extra,
/// untimed run: trimming before the timed runs would charge each with page
/// faults that the others, and a warm compiler, don't pay.
enum PhaseMemory {
    /// Bytes, or nil where the mark cannot be reset or read.
    static func peakGrowth(of body: () -> Void) -> Int? {
        AllocatorPolicy.returnFreeMemory()
        guard resetPeak(), let before = statusBytes("VmRSS:") else { return nil }
        body()
        guard let peak = statusBytes("VmHWM:") else { return nil }
        return max(0, peak - before)
    }

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
}
