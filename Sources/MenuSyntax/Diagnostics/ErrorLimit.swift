import MenuSupport

/// The limit on the language errors listed for one file, in every output
/// format: the first `DiagnosticLimits.errorsPerFile` by position are
/// listed, and the rest are counted and stood for by one `too-many-errors`
/// error at the first of them.
///
/// Past a hundred errors a file is junk or a wrong file, the rest repeat the
/// same mistake, and the file fails anyway; what matters is that a stage
/// reporting them holds a few of them, not a million (the convention of
/// javac's `-Xmaxerrs` and clang's `-ferror-limit`). Guideline findings are
/// not errors of the language and are never dropped here.
public struct UnlistedErrors: Hashable, Sendable {
    /// How many errors were counted and not listed.
    public var count: Int
    /// The first of them, in the order diagnostics are shown.
    public var first: Span

    public init(count: Int, first: Span) {
        self.count = count
        self.first = first
    }

    /// Counts one more error at `span`.
    mutating func add(_ span: Span) {
        add(UnlistedErrors(count: 1, first: span))
    }

    /// Counts the errors `other` counted too.
    mutating func add(_ other: UnlistedErrors) {
        count += other.count
        if (other.first.start, other.first.end) < (first.start, first.end) { first = other.first }
    }

    /// The one error that stands for them all.
    package var diagnostic: Diagnostic {
        var diagnostic = Diagnostic.error(
            .tooManyErrors, "\(count) more error\(count == 1 ? " was" : "s were") found in this file and \(count == 1 ? "is" : "are") not listed",
            at: first, label: "the first of them",
            help: "menuc lists at most \(DiagnosticLimits.errorsPerFile) errors per file; fix the errors above and check again")
        diagnostic.standsFor = DiagnosticCounts(errors: count)
        return diagnostic
    }
}

extension Optional<UnlistedErrors> {
    /// Counts one more error at `span`.
    mutating func add(_ span: Span) {
        if self == nil { self = UnlistedErrors(count: 1, first: span) } else { self?.add(span) }
    }

    /// Counts the errors `other` counted too.
    package mutating func add(_ other: UnlistedErrors?) {
        guard let other else { return }
        if self == nil { self = other } else { self?.add(other) }
    }
}

/// The errors one stage reports about one file, in source order (the
/// lexer, the parser): the first `limit` listed, the rest only counted.
///
/// A class, owned by the one stage that reports into it, so that reporting
/// is not a mutation of the stage: the stage builds a message from its own
/// state in an autoclosure, which runs only while the log has room, and a
/// mutating method could not read that state while it runs. Junk gives an
/// error every few bytes; past the limit none of them is built.
package final class ErrorLog {
    private(set) var listed: [Diagnostic] = []
    private(set) var unlisted: UnlistedErrors?
    let limit: Int

    init(limit: Int = DiagnosticLimits.errorsPerFile) {
        self.limit = limit
    }

    var hasRoom: Bool { listed.count < limit }

    /// Lists the error built by `diagnostic` at `span`, or only counts it
    /// when the log is full; returns where it was listed.
    @discardableResult
    func add(at span: Span, _ diagnostic: () -> Diagnostic) -> Int? {
        guard hasRoom else {
            unlisted.add(span)
            return nil
        }
        listed.append(diagnostic())
        return listed.count - 1
    }

    /// Counts an error at `span` that the caller knows can't be among the
    /// file's listed ones, without it being made.
    func count(at span: Span) {
        unlisted.add(span)
    }

    /// Changes the listed error at `index` (one an outer body adds to).
    func update(_ index: Int, _ change: (inout Diagnostic) -> Void) {
        change(&listed[index])
    }

    /// The errors of several stages about one file, limited together: the
    /// first `limit` of them by position, and the rest counted with what the
    /// stages counted themselves. Each stage listed its own first ones, so
    /// these are the file's first ones.
    package static func merge(_ stages: [[Diagnostic]], unlisted: [UnlistedErrors?],
                      limit: Int = DiagnosticLimits.errorsPerFile) -> (listed: [Diagnostic], unlisted: UnlistedErrors?) {
        var all = stages.flatMap { $0 }
        var counted: UnlistedErrors?
        for stage in unlisted { counted.add(stage) }
        guard all.count > limit else { return (all, counted) }
        // Repeats are listed once, as they are shown.
        var seen = Set<Diagnostic>()
        all.removeAll { !seen.insert($0).inserted }
        guard all.count > limit else { return (all, counted) }
        all.sort(by: DiagnosticKeeper.showsBefore)
        for rest in all[limit...] { counted.add(rest.span) }
        all.removeSubrange(limit...)
        return (all, counted)
    }
}
