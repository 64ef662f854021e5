import MenuSupport

/// What people reading a report are shown of a file's diagnostics: the
/// first `DiagnosticLimits.shownPerFile` in the order they are
/// shown, then one `not-shown` diagnostic that counts the rest.
///
/// Only for what people read: `text` and `short` output and the language
/// server. Past a few hundred findings a file needs fixing in bulk, not
/// reading, and a flood must not bury the summary line. Machine-read
/// formats and baselines list every finding (`CompileOptions.listsEveryFinding`).
public enum DisplayLimit {
    /// The id of the diagnostic that stands for those not shown: not a rule
    /// and not a language error, so nothing mistakes it for a finding.
    public static let notShownID = "not-shown"

    /// `sorted` is in the order diagnostics are shown; `alsoCounted`
    /// holds, by file, findings counted and never kept (all after the
    /// ones kept, which include the first of the rest).
    public static func apply(_ sorted: [Diagnostic], alsoCounted: [FileID: DiagnosticCounts] = [:]) -> [Diagnostic] {
        let limit = DiagnosticLimits.shownPerFile
        var shownPerFile: [FileID: Int] = [:]
        var rest: [FileID: (first: Span, counts: DiagnosticCounts)] = [:]
        var shown: [Diagnostic] = []
        for diagnostic in sorted {
            let file = diagnostic.span.file
            let count = shownPerFile[file, default: 0]
            if count < limit {
                shownPerFile[file] = count + 1
                shown.append(diagnostic)
            } else {
                // The first not shown is where the summary points.
                var entry = rest[file] ?? (diagnostic.span, alsoCounted[file] ?? DiagnosticCounts())
                add(diagnostic, to: &entry.counts)
                rest[file] = entry
            }
        }
        guard !rest.isEmpty else { return shown }
        // Each summary goes after the last of its file's shown diagnostics.
        var lastShown: [FileID: Int] = [:]
        for (index, diagnostic) in shown.enumerated() { lastShown[diagnostic.span.file] = index }
        var result: [Diagnostic] = []
        result.reserveCapacity(shown.count + rest.count)
        for (index, diagnostic) in shown.enumerated() {
            result.append(diagnostic)
            let file = diagnostic.span.file
            if lastShown[file] == index, let (first, counts) = rest[file], let worst = counts.worst {
                result.append(summary(of: counts, at: first, severity: worst))
            }
        }
        return result
    }

    /// A diagnostic counts as one of its severity, or as what it stands for.
    package static func add(_ diagnostic: Diagnostic, to counts: inout DiagnosticCounts) {
        if let standsFor = diagnostic.standsFor { counts.add(standsFor) } else { counts.add(diagnostic.severity) }
    }

    /// Its severity is the worst of those it stands for, so that the exit
    /// status and `--warnings-as-errors` see what they would see in full.
    private static func summary(of rest: DiagnosticCounts, at first: Span, severity: Severity) -> Diagnostic {
        let message = rest.total == 1 ? "1 more problem in this file is not shown"
            : "\(rest.total) more problems in this file are not shown"
        var summary = Diagnostic(id: notShownID, severity: severity, message: message,
                                 primary: LabeledSpan(first, "the first of them"),
                                 help: "menuc shows at most \(DiagnosticLimits.shownPerFile) per file; fix the problems above "
                                     + "and check again, or see them all with --format json")
        summary.standsFor = rest
        return summary
    }
}
