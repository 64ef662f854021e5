import Testing
@testable import MenuSupport
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
@testable import MenuRules
import SemanticsTestSupport

/// Runs every registered rule's own examples, each rule in isolation: the
/// only findings that count are that rule's, so no rule's output leaks
/// into another's expectations.
struct RuleExampleTests {
    static let rules: [any Rule] = RuleRegistry.all

    /// Checks an example alone and returns language errors and the rule's findings.
    static func run(_ rule: any Rule, on text: String) -> (languageErrors: [Diagnostic], findings: [Diagnostic], file: SourceFile?) {
        let compilation = CheckedText(text, displayPath: "example.menu")
        let errors = compilation.diagnostics.filter { $0.severity == .error }
        guard let checked = compilation.file else { return (errors, [], nil) }
        let engine = RuleEngine(rules: [rule])
        let findings = engine.check(checked, hasLanguageErrors: false).filter { $0.id == rule.descriptor.id }
        return (errors, findings, checked.source)
    }

    @Test("every rule id is unique kebab-case")
    func idsAreUniqueKebabCase() {
        let ids = Self.rules.map(\.descriptor.id)
        #expect(Set(ids).count == ids.count, "duplicate rule ids")
        for id in ids {
            let valid = !id.isEmpty && id.split(separator: "-", omittingEmptySubsequences: false).allSatisfy { part in
                !part.isEmpty && part.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
            }
            #expect(valid, "\(id) is not kebab-case")
            #expect(LanguageErrorID(rawValue: id) == nil, "\(id) collides with a language error id")
        }
    }

    @Test("every rule has triggering and passing examples, and a fix-it rule shows its correction")
    func examplesArePresent() {
        for rule in Self.rules {
            let descriptor = rule.descriptor
            #expect(descriptor.examples.contains { $0.expectation == .triggers }, "\(descriptor.id) has no triggering example")
            #expect(descriptor.examples.contains { $0.expectation == .passes }, "\(descriptor.id) has no passing example")
            if descriptor.hasFixIt {
                #expect(descriptor.examples.contains { $0.corrected != nil }, "\(descriptor.id) has a fix-it but no corrected example")
            }
            #expect(!descriptor.explanation.isEmpty && !descriptor.quote.isEmpty && !descriptor.summary.isEmpty)
        }
    }

    @Test("rule examples", arguments: RuleExampleTests.rules.flatMap { rule in
        rule.descriptor.examples.indices.map { RuleExampleCase(rule: rule, index: $0) }
    })
    func example(_ testCase: RuleExampleCase) throws {
        let descriptor = testCase.rule.descriptor
        let example = descriptor.examples[testCase.index]
        let (text, markers) = example.unmarked
        let result = Self.run(testCase.rule, on: text)
        #expect(result.languageErrors.isEmpty, "\(testCase): example has language errors: \(result.languageErrors.map(\.message))")
        let starts = result.findings.map(\.span.start).sorted()
        switch example.expectation {
        case .passes:
            #expect(result.findings.isEmpty, "\(testCase) should not trigger, but reported: \(result.findings.map(\.message))")
        case .triggers:
            #expect(!markers.isEmpty, "\(testCase): a triggering example must mark each finding with ↓")
            #expect(starts == markers, "\(testCase): findings at \(starts), markers at \(markers): \(result.findings.map(\.message))")
            for finding in result.findings {
                #expect(finding.guideline == descriptor.guideline)
                #expect(finding.severity == descriptor.severity)
            }
        }
        if let corrected = example.corrected, let source = result.file {
            let fixed = FixApplier.apply(result.findings.flatMap(\.fixIts), to: source.bytes, file: source.id)
            #expect(String(decoding: fixed.bytes, as: UTF8.self) == corrected, "\(testCase): fix-it result differs")
            let again = Self.run(testCase.rule, on: corrected)
            #expect(again.findings.isEmpty, "\(testCase): corrected text still triggers: \(again.findings.map(\.message))")
        }
    }
}

struct RuleExampleCase: CustomTestStringConvertible, Sendable {
    let rule: any Rule
    let index: Int
    var testDescription: String { "\(rule.descriptor.id) example \(index + 1)" }
}
