/// The text `menuc rules` and `menuc explain` print, generated from the
/// rule files themselves so documentation can't drift from behaviour.
public enum RuleDocumentation {
    public static var allIDs: [String] {
        RuleRegistry.all.map(\.descriptor.id) + LanguageErrorID.allCases.map(\.rawValue) + [RuleEngine.unusedAllowID]
    }

    /// Ids a configuration may set: every guideline rule and unused-allow.
    public static var configurableIDs: Set<String> {
        Set(RuleRegistry.all.map(\.descriptor.id) + [RuleEngine.unusedAllowID])
    }

    public static func table(configuration: RuleConfiguration) -> String {
        var rows: [[String]] = [["ID", "DEFAULT", "EFFECTIVE", "FIX-IT", "GUIDELINE"]]
        for rule in RuleRegistry.all {
            let descriptor = rule.descriptor
            rows.append([descriptor.id, descriptor.severity.rawValue, configuration.effectiveSeverity(of: descriptor).rawValue,
                         descriptor.hasFixIt ? "yes" : "no", descriptor.guideline.section])
        }
        let widths = (0..<5).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count)
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }

    public static func explain(_ id: String) -> String? {
        if let language = LanguageErrorID(rawValue: id) {
            return "\(id) (language error, always an error)\n\n\(language.explanation)\n"
        }
        if id == RuleEngine.unusedAllowID {
            return "\(id) (warning)\n\nAn @allow(...) that silences nothing: the rule never fires on that element, the id is not a rule, or it names a language error. Suppressions that no longer suppress anything hide future problems; remove them.\n"
        }
        guard let descriptor = RuleRegistry.descriptor(id) else { return nil }
        var text = "\(descriptor.id) (\(descriptor.severity.rawValue)\(descriptor.hasFixIt ? ", fix-it" : ""))\n\n"
        text += descriptor.summary + "\n\n" + descriptor.explanation + "\n\n"
        text += "Guideline: \(descriptor.guideline.section)\n  \(descriptor.guideline.url)\n  (shared/hig/\(descriptor.guideline.file))\n"
        text += "  “\(descriptor.quote)”\n"
        for (index, example) in descriptor.examples.enumerated() {
            let heading = example.expectation == .triggers ? "Triggers" : "Does not trigger"
            text += "\nExample \(index + 1) — \(heading):\n" + indent(example.source) + "\n"
            if let corrected = example.corrected { text += "  Fixed:\n" + indent(corrected) + "\n" }
        }
        return text
    }

    private static func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
    }
}
