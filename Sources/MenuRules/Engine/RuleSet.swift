import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// The rules an engine runs, with what the engine reads of each rule for
/// every file worked out once.
///
/// A rule's `descriptor` is a large value (its explanation, quote and
/// examples); read through `any Rule` it is copied, each of its strings
/// retained and released. The engine needs only the id, severity and
/// citation of each rule, for every file checked, so they are kept here:
/// in a 3,000-file import group the copies cost more than the checks.
package final class RuleSet: Sendable {
    package let rules: [any Rule]
    /// What stamps each rule's findings, by position in `rules`.
    let stamps: [RuleStamp]
    /// Each rule's scope, by position in `rules`.
    let scopes: [RuleScope]

    package init(_ rules: [any Rule]) {
        self.rules = rules
        stamps = rules.map { RuleStamp($0.descriptor) }
        scopes = rules.map(\.scope)
    }

    /// Every registered rule: the set the compiler runs.
    package static let registry = RuleSet(RuleRegistry.all)
}

/// What a finding carries from the rule that made it. A class: each of
/// a file's reporters holds one, and a reference is one count to keep
/// where the strings were four.
final class RuleStamp: Sendable {
    let id: String
    let severity: Severity
    let guideline: GuidelineCitation

    init(_ descriptor: RuleDescriptor) {
        id = descriptor.id
        severity = descriptor.severity
        guideline = descriptor.guideline
    }
}
