import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// A rule's effective severity, or off.
public enum RuleSeverity: String, Sendable, CaseIterable {
    case off, note, warning, error

    public var severity: Severity? {
        switch self {
        case .off: nil
        case .note: .note
        case .warning: .warning
        case .error: .error
        }
    }

    public init(_ severity: Severity) {
        switch severity {
        case .note: self = .note
        case .warning: self = .warning
        case .error: self = .error
        }
    }
}

/// Limits that a project may tune.
public struct RuleThresholds: Sendable, Equatable {
    public var pulldownMaxItems = 12
    public var menuBarMenuMaxItems = 25
    public var menuMaxItems = 15
    public var submenuMaxItems = 5

    public init() {}
}

/// How a project writes its labels: the words the label rules must leave
/// as written, verbs of its domain, and the language of its labels.
public struct LabelVocabulary: Sendable, Equatable {
    /// Words and names (one word or several) kept exactly as written:
    /// product and program names, acronyms ("The Unarchiver", "tmux", "Up Next").
    public var words: [String] = []
    /// Verbs the curated list lacks ("reindex"), lowercased.
    public var verbs: Set<String> = []
    /// The language labels are written in, a BCP 47 tag ("en", "de", "pt-BR").
    public var language = "en"

    public init() {}

    /// Whether the labels are English, which the article, capitalization
    /// and verb rules are about.
    public var isEnglish: Bool {
        let primary = language.split(separator: "-").first.map { $0.lowercased() } ?? ""
        return primary == "en"
    }
}

/// Project settings for the rules: severities, thresholds, excluded paths, vocabulary.
public struct RuleConfiguration: Sendable {
    /// Severity overrides by rule id.
    public var severities: [String: RuleSeverity] = [:]
    public var thresholds = RuleThresholds()
    public var vocabulary = LabelVocabulary()
    /// Glob-like path patterns whose files are not checked by the rules.
    public var excludedPaths: [String] = []

    public init() {}

    package func effectiveSeverity(of descriptor: RuleDescriptor) -> RuleSeverity {
        effectiveSeverity(ofRule: descriptor.id, byDefault: descriptor.severity)
    }

    func effectiveSeverity(ofRule id: String, byDefault severity: Severity) -> RuleSeverity {
        severities[id] ?? RuleSeverity(severity)
    }
}
