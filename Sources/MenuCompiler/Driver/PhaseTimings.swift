import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics
import MenuRules
import MenuBackends
import MenuFormatter

/// How long each stage of a compilation took, for `menuc check|build
/// --timings`: on a build of thousands of files, where the time goes (and
/// which of it runs on one core) is what a team needs to know before
/// splitting or restructuring its menus.
public struct PhaseTimings: Sendable {
    public struct Phase: Sendable, Equatable {
        public let name: String
        public let seconds: Double
    }

    public private(set) var phases: [Phase] = []
    private var lastMark: ContinuousClock.Instant

    public init() { lastMark = ContinuousClock.now }

    /// Ends the phase that began at the previous mark (or at `init`).
    public mutating func finish(_ name: String) {
        let now = ContinuousClock.now
        let elapsed = (now - lastMark).components
        phases.append(Phase(name: name, seconds: Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18))
        lastMark = now
    }

    public mutating func append(_ other: PhaseTimings) {
        phases += other.phases
        lastMark = ContinuousClock.now
    }

    public var totalSeconds: Double { phases.reduce(0) { $0 + $1.seconds } }

    /// One line per phase with its milliseconds and share of the total.
    public func rendered(workers: Int) -> String {
        let width = max(5, phases.map(\.name.count).max() ?? 0)
        let total = totalSeconds
        func line(_ name: String, _ seconds: Double, share: Bool) -> String {
            let milliseconds = String(seconds * 1000, decimals: 1)
            let percent = share && total > 0 ? "  " + String(seconds / total * 100, decimals: 0).leftPadded(to: 3) + " %" : ""
            return "  " + name.rightPadded(to: width) + "  " + milliseconds.leftPadded(to: 9) + " ms" + percent + "\n"
        }
        var text = "timings (\(workers) worker\(workers == 1 ? "" : "s")):\n"
        for phase in phases { text += line(phase.name, phase.seconds, share: true) }
        text += line("total", total, share: false)
        return text
    }
}

private extension String {
    /// Fixed-point text without Foundation's formatter (this target avoids full Foundation).
    init(_ value: Double, decimals: Int) {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((value * scale).rounded())
        let whole = scaled / Int(scale)
        let fraction = scaled % Int(scale)
        if decimals == 0 {
            self = "\(whole)"
        } else {
            let digits = "\(fraction)"
            self = "\(whole)." + String(repeating: "0", count: decimals - digits.count) + digits
        }
    }

    func leftPadded(to width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
    func rightPadded(to width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
