import MenuSupport

/// How serious a finding is. Ordered so that `max` picks the worst.
public enum Severity: String, Sendable, Comparable, CaseIterable, Codable {
    case note
    case warning
    case error

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// Where a guideline rule comes from: the file in `shared/hig`, its section,
/// and the public page so readers can follow the link.
///
/// The three texts are held by reference: every finding of a rule carries
/// its rule's citation, and a copy is then one reference, not three
/// strings (a file can have hundreds of thousands of findings).
public struct GuidelineCitation: Hashable, Sendable {
    private final class Texts: Sendable {
        let file: String
        let section: String
        let url: String

        init(file: String, section: String, url: String) {
            self.file = file
            self.section = section
            self.url = url
        }
    }

    private var texts: Texts

    public init(file: String, section: String, url: String) {
        texts = Texts(file: file, section: section, url: url)
    }

    public var file: String {
        get { texts.file }
        set { texts = Texts(file: newValue, section: section, url: url) }
    }

    public var section: String {
        get { texts.section }
        set { texts = Texts(file: file, section: newValue, url: url) }
    }

    public var url: String {
        get { texts.url }
        set { texts = Texts(file: file, section: section, url: newValue) }
    }

    public var text: String { "\(section) — \(url)" }

    public static func == (lhs: GuidelineCitation, rhs: GuidelineCitation) -> Bool {
        lhs.texts === rhs.texts || (lhs.file == rhs.file && lhs.section == rhs.section && lhs.url == rhs.url)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(file)
        hasher.combine(section)
        hasher.combine(url)
    }
}

/// A span with the short phrase printed under it.
public struct LabeledSpan: Hashable, Sendable {
    public var span: Span
    public var label: String

    public init(_ span: Span, _ label: String) {
        self.span = span
        self.label = QuotedText.shortened(label)
    }
}

/// One replacement in one file.
public struct TextEdit: Hashable, Sendable {
    public var span: Span
    public var replacement: String

    public init(span: Span, replacement: String) {
        self.span = span
        self.replacement = replacement
    }
}

/// A mechanical correction: what it does and the edits that do it.
public struct FixIt: Hashable, Sendable {
    public var message: String
    public var edits: [TextEdit]
    /// Whether the correction is certain to leave text a person accepts.
    /// `check --fix` applies only certain ones; the others are suggestions
    /// (SARIF and the language server offer every fix-it).
    public var isCertain: Bool

    public init(message: String, edits: [TextEdit], isCertain: Bool = true) {
        self.message = QuotedText.shortened(message)
        self.edits = edits
        self.isCertain = isCertain
    }
}

/// A finding from any stage of the compiler. Stages only create these
/// values; `DiagnosticRenderer` is the single place that turns them into text.
///
/// The parts most findings don't have (secondary places, notes, fix-its,
/// the unnecessary mark, a count stood for) are kept apart, made only when
/// one is set: the formats that list every finding keep every one until
/// they are sorted, and a file can have hundreds of thousands.
public struct Diagnostic: Hashable, Sendable {
    /// The rule or language-error id (`syntax`, `label-title-case`, …).
    public var id: String
    public var message: String
    public var primary: LabeledSpan
    public var help: String?
    public var guideline: GuidelineCitation?
    /// Path of ids from the file's top level to the element the finding is
    /// about (`File/newNote`); stable across edits, so baselines match on it.
    public var elementPath: String?
    public var severity: Severity
    private var rarer: RarerBox?

    /// The parts of a diagnostic that most findings leave empty.
    private struct RarerParts: Hashable, Sendable {
        var secondary: [LabeledSpan] = []
        var notes: [String] = []
        var fixIts: [FixIt] = []
        var isUnnecessary = false
        var standsFor: DiagnosticCounts?

        var isEmpty: Bool { secondary.isEmpty && notes.isEmpty && fixIts.isEmpty && !isUnnecessary && standsFor == nil }
    }

    /// The rarer parts by reference (one word in the diagnostic), never
    /// changed once made: a change makes a new box.
    private final class RarerBox: Hashable, Sendable {
        let parts: RarerParts

        init(_ parts: RarerParts) { self.parts = parts }

        static func == (lhs: RarerBox, rhs: RarerBox) -> Bool { lhs === rhs || lhs.parts == rhs.parts }
        func hash(into hasher: inout Hasher) { hasher.combine(parts) }
    }

    /// The rarer parts, each defaulted when none is set; no box once all are.
    private var rarerParts: RarerParts {
        get { rarer?.parts ?? RarerParts() }
        set { rarer = newValue.isEmpty ? nil : RarerBox(newValue) }
    }

    public var secondary: [LabeledSpan] {
        get { rarer?.parts.secondary ?? [] }
        set { rarerParts.secondary = newValue }
    }

    public var notes: [String] {
        get { rarer?.parts.notes ?? [] }
        set { rarerParts.notes = newValue }
    }

    public var fixIts: [FixIt] {
        get { rarer?.parts.fixIts ?? [] }
        set { rarerParts.fixIts = newValue }
    }

    /// The span covers code that has no effect (an unused `@allow`); editors
    /// fade it.
    public var isUnnecessary: Bool {
        get { rarer?.parts.isUnnecessary ?? false }
        set { rarerParts.isUnnecessary = newValue }
    }

    /// Set on the one diagnostic that stands for problems not listed
    /// (`too-many-errors`, `not-shown`): how many there are, which a
    /// summary counts in its place.
    public var standsFor: DiagnosticCounts? {
        get { rarer?.parts.standsFor }
        set { rarerParts.standsFor = newValue }
    }

    public init(
        id: String,
        severity: Severity,
        message: String,
        primary: LabeledSpan,
        secondary: [LabeledSpan] = [],
        notes: [String] = [],
        help: String? = nil,
        fixIts: [FixIt] = [],
        guideline: GuidelineCitation? = nil,
        elementPath: String? = nil,
        isUnnecessary: Bool = false
    ) {
        self.id = id
        self.severity = severity
        self.message = QuotedText.shortened(message)
        self.primary = primary
        self.help = help.map(QuotedText.shortened)
        self.guideline = guideline
        self.elementPath = elementPath
        let rarer = RarerParts(secondary: secondary, notes: notes.map(QuotedText.shortened), fixIts: fixIts, isUnnecessary: isUnnecessary)
        self.rarer = rarer.isEmpty ? nil : RarerBox(rarer)
    }

    public var span: Span { primary.span }

    /// An error of the language itself (always an error; ids from the first
    /// table of the rules catalog).
    public static func error(
        _ id: LanguageErrorID,
        _ message: String,
        at span: Span,
        label: String = "",
        secondary: [LabeledSpan] = [],
        notes: [String] = [],
        help: String? = nil,
        fixIts: [FixIt] = []
    ) -> Diagnostic {
        Diagnostic(
            id: id.rawValue, severity: .error, message: message,
            primary: LabeledSpan(span, label), secondary: secondary,
            notes: notes, help: help, fixIts: fixIts
        )
    }
}

/// The ids of the language's own errors. What each means, with an example
/// and its fix, is in MenuRules' `DiagnosticCatalog`.
public enum LanguageErrorID: String, Sendable, CaseIterable {
    case syntax
    case unknownProperty = "unknown-property"
    case invalidValue = "invalid-value"
    case duplicateProperty = "duplicate-property"
    case duplicateID = "duplicate-id"
    case unknownReference = "unknown-reference"
    case referenceCycle = "reference-cycle"
    case misplacedElement = "misplaced-element"
    case invalidShortcut = "invalid-shortcut"
    case importFailed = "import-failed"
    case spliceTooLarge = "splice-too-large"
    case nameClash = "name-clash"
    case tooManyErrors = "too-many-errors"

}

/// Problems counted by severity: those a summary diagnostic stands for.
public struct DiagnosticCounts: Hashable, Sendable {
    public var errors: Int
    public var warnings: Int
    public var notes: Int

    public init(errors: Int = 0, warnings: Int = 0, notes: Int = 0) {
        self.errors = errors
        self.warnings = warnings
        self.notes = notes
    }

    public var total: Int { errors + warnings + notes }

    /// The most severe of them, if any.
    public var worst: Severity? { errors > 0 ? .error : warnings > 0 ? .warning : notes > 0 ? .note : nil }

    public mutating func add(_ severity: Severity, count: Int = 1) {
        switch severity {
        case .error: errors += count
        case .warning: warnings += count
        case .note: notes += count
        }
    }

    public mutating func add(_ other: DiagnosticCounts) {
        errors += other.errors
        warnings += other.warnings
        notes += other.notes
    }
}
