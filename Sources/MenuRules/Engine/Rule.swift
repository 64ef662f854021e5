import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// A guideline rule. Each lives in its own file under `Rules/Catalog/`,
/// carrying everything about it — id, severity, citation, explanation and
/// examples — and is listed once in `RuleRegistry.all`.
package protocol Rule: Sendable {
    var descriptor: RuleDescriptor { get }
    /// How much of a file the rule must see at once (`.file` unless it says).
    var scope: RuleScope { get }
    /// Looks at one checked file and reports findings through `reporter`.
    func check(_ file: CheckedFile, _ reporter: inout RuleReporter)
}

extension Rule {
    package var scope: RuleScope { .file }
}

/// How much of a file a rule must see at once.
///
/// A large file is checked a few thousand elements at a time, every
/// rule in turn on each part, so that what the rules read stays in the
/// processor's cache: a rule walking a 100 MB file's model alone reads it
/// from memory, and fifty rules read it fifty times.
package enum RuleScope: Sendable {
    /// Its findings on a file are the findings on each top-level
    /// declaration alone: it looks at a declaration, what is in it and what
    /// its `use`s spliced into it, and never compares declarations. The
    /// engine may hand it a part of the file (a `CheckedFile` holding some
    /// of the declarations); the rule tests check that this changes nothing.
    case declaration
    /// It needs the whole file at once: it compares declarations (which
    /// menus a menu bar shows, a dynamic menu by name), avoids repeating a
    /// finding across them, or keeps a per-label memo that is sized by the
    /// file and would be rebuilt for every part.
    case file
}

package struct RuleDescriptor: Sendable {
    /// Stable kebab-case id: public API (used in @allow, --rule, SARIF).
    package var id: String
    package var severity: Severity
    package var guideline: GuidelineCitation
    /// One line: what the rule looks for.
    package var summary: String
    /// Why it matters and what to do instead.
    package var explanation: String
    /// The guideline's own words.
    package var quote: String
    package var hasFixIt: Bool
    package var examples: [RuleExample]

    package init(id: String, severity: Severity, guideline: GuidelineCitation, summary: String, explanation: String,
                quote: String, hasFixIt: Bool = false, examples: [RuleExample]) {
        self.id = id
        self.severity = severity
        self.guideline = guideline
        self.summary = summary
        self.explanation = explanation
        self.quote = quote
        self.hasFixIt = hasFixIt
        self.examples = examples
    }
}

/// A rule's own test case. In triggering examples `↓` marks where each
/// finding starts (the marker is removed before compiling); `corrected` is
/// the text after applying every fix-it.
package struct RuleExample: Sendable {
    package enum Expectation: Sendable {
        case triggers
        case passes
    }
    package var expectation: Expectation
    package var source: String
    package var corrected: String?

    package static func triggering(_ source: String, corrected: String? = nil) -> RuleExample {
        RuleExample(expectation: .triggers, source: source, corrected: corrected)
    }

    package static func passing(_ source: String) -> RuleExample {
        RuleExample(expectation: .passes, source: source, corrected: nil)
    }

    package static let marker: Character = "↓"

    /// The source without markers, and the UTF-8 offsets the markers stood at.
    package var unmarked: (text: String, offsets: [Int]) {
        var text = ""
        var offsets: [Int] = []
        for character in source {
            if character == RuleExample.marker { offsets.append(text.utf8.count) } else { text.append(character) }
        }
        return (text, offsets)
    }
}

/// Collects one rule's findings on one file, stamping them with the rule's
/// id, severity and citation.
///
/// Two kinds of report are counted instead of kept, before their message
/// is made (the message, help and other parts are autoclosures):
/// - one inside an `@allow` of this rule, which marks that allow as used;
/// - one in the checked file that could not be among the first
///   `keep` of this rule in source order, when `keep` are already held
///   (hostile input — a million items with unverbed labels — would
///   otherwise build a million messages for a report that shows 200).
package struct RuleReporter: Sendable {
    /// The rule's id, severity and citation.
    let stamp: RuleStamp
    /// Limits from the configuration, for the rules that count.
    package let thresholds: RuleThresholds
    /// The project's words, verbs and label language.
    package let vocabulary: LabelVocabulary
    package private(set) var findings: [Diagnostic] = []
    /// Reports in the checked file past the first `keep` of this rule.
    package private(set) var suppressedCount = 0
    /// The scopes of this rule's `@allow` attributes in the checked file,
    /// and whether a report fell inside each.
    private var allows: AllowScopes
    /// For each allow scope, in the order given, whether a report fell inside it.
    var allowUsed: [Bool] { allows.used }
    private let file: FileID?
    private let keep: Int
    /// Reports in `file` after this point can't be among the first `keep`.
    private var cutoff: (start: Int, end: Int)?
    private var findingsInFile = 0

    init(stamp: RuleStamp, thresholds: RuleThresholds, vocabulary: LabelVocabulary = LabelVocabulary(),
         file: FileID? = nil, allowScopes: [Span] = [], keep: Int = .max) {
        self.stamp = stamp
        self.thresholds = thresholds
        self.vocabulary = vocabulary
        self.file = file
        self.allows = AllowScopes(allowScopes)
        self.keep = max(keep, 1)
    }

    /// At most this many secondary places per finding; the rest are counted in a note.
    package static let maximumSecondarySpans = 10

    package mutating func report(
        _ message: @autoclosure () -> String,
        at span: Span,
        label: @autoclosure () -> String = "",
        element: Element? = nil,
        secondary: @autoclosure () -> [LabeledSpan] = [],
        notes: @autoclosure () -> [String] = [],
        help: @autoclosure () -> String? = nil,
        fixIts: @autoclosure () -> [FixIt] = []
    ) {
        guard admits(span) else { return }
        let inFile = span.file == file
        var secondary = secondary()
        var notes = notes()
        if secondary.count > Self.maximumSecondarySpans {
            // A rule about a group points at its members; a group of thousands would bury the finding.
            notes.append("\(secondary.count - Self.maximumSecondarySpans) more places like these are not shown")
            secondary.removeSubrange(Self.maximumSecondarySpans...)
        }
        findings.append(Diagnostic(
            id: stamp.id, severity: stamp.severity, message: message(), primary: LabeledSpan(span, label()),
            secondary: secondary, notes: notes, help: help(), fixIts: fixIts(), guideline: stamp.guideline,
            elementPath: element?.path
        ))
        if inFile {
            findingsInFile += 1
            if findingsInFile - keep >= keep { keepFirstInFile() }  // (2 × keep would overflow for .max)
        }
    }

    /// Whether a finding at `span` is kept: false for one an `@allow` of
    /// this rule silences (which marks the allow as used) or one counted
    /// past the first `keep` (which counts it), as `report` does. A rule
    /// whose finding costs much to describe (a fix-it worked out, a label
    /// analysed again) asks first, then reports: what `report` would throw
    /// away is never made. Asking again, as `report` does, changes nothing.
    package mutating func admits(_ span: Span) -> Bool {
        if !allows.isEmpty, allows.silence(span) { return false }
        if span.file == file, let cutoff, (span.start, span.end) > cutoff {
            suppressedCount += 1
            return false
        }
        return true
    }

    /// The findings so far, moved out (the reporter keeps none).
    mutating func takeFindings() -> [Diagnostic] {
        var taken: [Diagnostic] = []
        swap(&taken, &findings)
        return taken
    }

    /// Keeps the first `keep` distinct findings in the file in the order
    /// diagnostics are shown (position, then message), counts the rest,
    /// and from then on counts reports that would come after them.
    private mutating func keepFirstInFile() {
        var inFile: [Diagnostic] = []
        var elsewhere: [Diagnostic] = []
        for finding in findings {
            if finding.span.file == file { inFile.append(finding) } else { elsewhere.append(finding) }
        }
        func sameKey(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
            a.span.start == b.span.start && a.span.end == b.span.end && a.message == b.message
        }
        inFile.sort { a, b in
            if a.span.start != b.span.start { return a.span.start < b.span.start }
            if a.span.end != b.span.end { return a.span.end < b.span.end }
            return a.message < b.message
        }
        // Equal findings have equal sort keys, so once sorted a repeat lies in
        // the run of its key and is found among the few distinct ones there
        // (a set of all of them hashed each whole diagnostic: 18,000
        // instructions per finding).
        var run: [Diagnostic] = []
        var kept: [Diagnostic] = []
        for finding in inFile {
            if let first = run.first, !sameKey(first, finding) { run.removeAll(keepingCapacity: true) }
            guard !run.contains(finding) else { continue }
            run.append(finding)
            if kept.count < keep { kept.append(finding) } else { suppressedCount += 1 }
        }
        if let last = kept.last, kept.count == keep { cutoff = (last.span.start, last.span.end) }
        findings = elsewhere + kept
        findingsInFile = kept.count
    }
}
