import MenuSupport
import MenuSyntax
import MenuSemantics

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

/// Project settings for the rules: severities, thresholds, excluded paths.
public struct RuleConfiguration: Sendable {
    /// Severity overrides by rule id.
    public var severities: [String: RuleSeverity] = [:]
    public var thresholds = RuleThresholds()
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
