/// Runs every registered rule on a checked file, applies severities from
/// the configuration, and honours `@allow` — reporting allows that
/// silence nothing, so suppressions don't rot.
public struct RuleEngine {
    public let configuration: RuleConfiguration
    public let rules: [any Rule]

    public init(configuration: RuleConfiguration = RuleConfiguration(), rules: [any Rule] = RuleRegistry.all) {
        self.configuration = configuration
        self.rules = rules
    }

    public static let unusedAllowID = "unused-allow"

    /// The findings of every enabled rule on `file`, in rule order.
    ///
    /// `workers` above 1 runs the rules themselves in parallel — worth it
    /// when one file is checked alone (the language server, one big file);
    /// when many files are checked, parallelism across files is better.
    public func check(_ file: CheckedFile, hasLanguageErrors: Bool, workers: Int = 1) -> [Diagnostic] {
        // Rules read resolved meaning; on a file with language errors that
        // meaning is incomplete and findings would be noise.
        guard !hasLanguageErrors else { return [] }
        let configuration = configuration
        let enabled = rules.compactMap { rule in configuration.effectiveSeverity(of: rule.descriptor).severity.map { (rule, $0) } }
        let perRule = Parallel.map(enabled.count, workers: workers) { index -> [Diagnostic] in
            let (rule, severity) = enabled[index]
            var reporter = RuleReporter(descriptor: rule.descriptor, configuration: configuration)
            rule.check(file, &reporter)
            return reporter.findings.map { finding in
                var adjusted = finding
                adjusted.severity = severity
                return adjusted
            }
        }
        return applyAllows(Array(perRule.joined()), in: file)
    }

    private struct AllowSite {
        var scope: Span
        var rule: Name
        var attribute: AllowAttribute
        var used = false
    }

    private func applyAllows(_ findings: [Diagnostic], in file: CheckedFile) -> [Diagnostic] {
        var sites: [AllowSite] = []
        // Every element node of the file, in source order; few carry attributes.
        let tree = file.syntax.tree
        for node in tree.elements where node.attributeCount > 0 {
            for attribute in tree.allowAttributes(first: node.firstAttribute, count: node.attributeCount) {
                for rule in attribute.ruleIDs { sites.append(AllowSite(scope: tree.span(node.span), rule: rule, attribute: attribute)) }
            }
        }
        guard !sites.isEmpty else { return findings }
        var kept: [Diagnostic] = []
        for finding in findings {
            var silenced = false
            for index in sites.indices where sites[index].rule.text == finding.id
                && sites[index].scope.file == finding.span.file
                && sites[index].scope.start <= finding.span.start && finding.span.end <= sites[index].scope.end {
                sites[index].used = true
                silenced = true
            }
            if !silenced { kept.append(finding) }
        }
        let known = Set(RuleRegistry.all.map(\.descriptor.id))
        let unusedSeverity = configuration.severities[RuleEngine.unusedAllowID] ?? .warning
        guard let severity = unusedSeverity.severity else { return kept }
        for site in sites where !site.used {
            let ruleID = site.rule.text
            var message = "@allow(\(ruleID)) silences nothing here"
            var help = "remove it; if the finding comes back, the allow will be reported as used again"
            if LanguageErrorID(rawValue: ruleID) != nil {
                message = "'\(ruleID)' is a language error and cannot be silenced"
                help = "fix the error instead"
            } else if !known.contains(ruleID) {
                let suggestion = Suggest.closest(to: ruleID, in: known.sorted())
                message = "'\(ruleID)' is not a rule" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
                help = "`menuc rules` lists every rule id"
            } else if configuration.effectiveSeverity(of: RuleRegistry.descriptor(ruleID)!).severity == nil {
                continue  // the rule is switched off, so the allow may be needed elsewhere
            }
            let removal = TextEdit(span: removalSpan(of: site.rule, in: site.attribute, file: file.source), replacement: "")
            kept.append(Diagnostic(id: RuleEngine.unusedAllowID, severity: severity, message: message, primary: LabeledSpan(site.rule.span, "unused"),
                                   help: help, fixIts: [FixIt(message: "remove the unused allow", edits: [removal])], isUnnecessary: true))
        }
        return kept
    }

    /// Removing one id from `@allow(a, b)`, or the whole attribute when it is the only one.
    private func removalSpan(of rule: Name, in attribute: AllowAttribute, file: SourceFile) -> Span {
        let ids = attribute.ruleIDs
        if ids.count == 1 {
            var end = attribute.span.end
            let bytes = file.bytes
            while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
            if end < bytes.count, bytes[end] == 0x0A {
                // Attribute on its own line: take the line with it.
                var start = attribute.span.start
                while start > 0, bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09 { start -= 1 }
                if start == 0 || bytes[start - 1] == 0x0A { return Span(file: rule.span.file, start: start, end: end + 1) }
            }
            return Span(file: rule.span.file, start: attribute.span.start, end: end)
        }
        guard let index = ids.firstIndex(where: { $0.span == rule.span }) else { return rule.span }
        if index + 1 < ids.count { return Span(file: rule.span.file, start: rule.span.start, end: ids[index + 1].span.start) }
        return Span(file: rule.span.file, start: ids[index - 1].span.end, end: rule.span.end)
    }
}
