import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// The text `menuc rules` and `menuc explain` print, generated from the
/// rule files themselves so documentation can't drift from behaviour.
package enum RuleDocumentation {
    package static var allIDs: [String] {
        RuleRegistry.all.map(\.descriptor.id) + LanguageErrorID.allCases.map(\.rawValue) + [RuleEngine.unusedAllowID]
    }

    /// Ids a configuration may set: every guideline rule and unused-allow.
    package static var configurableIDs: Set<String> {
        Set(RuleRegistry.all.map(\.descriptor.id) + [RuleEngine.unusedAllowID])
    }

    /// `label-title-case` → `LabelTitleCase` (SARIF rule names).
    package static func camelName(_ id: String) -> String {
        id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// Every rule in the order people read them (docs/rules.md and `menuc rules`): by id.
    package static var orderedDescriptors: [RuleDescriptor] {
        RuleRegistry.all.map(\.descriptor).sorted { $0.id < $1.id }
    }

    package static func table(configuration: RuleConfiguration) -> String {
        var rows: [[String]] = [["ID", "DEFAULT", "EFFECTIVE", "FIX-IT", "GUIDELINE"]]
        for descriptor in orderedDescriptors {
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

    package static func explain(_ id: String) -> String? {
        if let entry = DiagnosticCatalog.entry(id) { return explain(entry) }
        guard let descriptor = RuleRegistry.descriptor(id) else { return nil }
        var text = "\(descriptor.id) (\(descriptor.severity.rawValue)\(descriptor.hasFixIt ? ", fix-it" : ""))\n\n"
        text += descriptor.summary + "\n\n" + descriptor.explanation + "\n\n"
        text += "Guideline: \(descriptor.guideline.section)\n  \(descriptor.guideline.url)\n"
        text += "  “\(descriptor.quote)”\n"
        for (index, example) in descriptor.examples.enumerated() {
            let heading = example.expectation == .triggers ? "Triggers" : "Does not trigger"
            text += "\nExample \(index + 1) — \(heading):\n" + indent(example.source) + "\n"
            if let corrected = example.corrected { text += "  Fixed:\n" + indent(corrected) + "\n" }
        }
        return text
    }

    /// A diagnostic that is not a guideline rule, as `explain` shows a rule:
    /// what it means, then an example that produces it and the fix.
    static func explain(_ entry: DiagnosticEntry) -> String {
        var text = "\(entry.id) (\(entry.classification))\n\n\(entry.explanation)\n"
        if let example = entry.example {
            let note = example.repetitionNote.map { " (\($0))" } ?? ""
            text += "\nExample — Triggers\(note):\n" + indent(example.source) + "\n"
            text += "  Fixed:\n" + indent(example.fixed) + "\n"
        }
        return text
    }

    private static func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
    }

    /// docs/rules.md, generated from the rule files. Regenerate with
    /// `swift run menuc rules --markdown > docs/rules.md`.
    package static func markdown() -> String {
        var text = """
            # Guideline rules

            <!-- Generated from Sources/MenuRules/Catalog by `swift run menuc rules --markdown > docs/rules.md`. Do not edit. -->

            menuc holds `.menu` files to Apple's Human Interface Guidelines with \(RuleRegistry.all.count) rules. \
            Each can be set to `off`, `note`, `warning` or `error` in `menuc.json` or with `--rule ID=SEVERITY`, and \
            silenced on an element and its children with `@allow(ID)`. Rules marked ✎ carry a fix-it that \
            `menuc check --fix` applies when it is certain; a fix-it that guesses (a recased word that may be a \
            name, an article the noun may need) is a suggestion: `--fix` lists it without applying it, and \
            editors and SARIF offer it for a person to accept.

            The label rules follow English conventions (title style, articles, leading verbs) and check only \
            labels in English: `"language": "de"` in `menuc.json`, or a `language de` line at the top of a file \
            (which wins), says the labels are in another language. \
            `"vocabulary": ["The Unarchiver", "tmux"]` lists words and names kept exactly as written — never \
            recased, never stripped of an article, never changed by a fix — and `"verbs": ["reindex"]` adds \
            the project's own verbs. Quoted text and names (words with digits, program names, units, the app's \
            name in About and Quit items) are kept without being listed. `@allow` stays for one-off cases.

            | id | default | fix-it | guideline |
            | --- | --- | --- | --- |

            """
        let rules = orderedDescriptors
        for descriptor in rules {
            text += "| [`\(descriptor.id)`](#\(descriptor.id)) | \(descriptor.severity.rawValue) | \(descriptor.hasFixIt ? "✎" : "") | \(descriptor.guideline.section) |\n"
        }
        for descriptor in rules {
            text += "\n## \(descriptor.id)\n\n"
            text += "**\(descriptor.severity.rawValue)**\(descriptor.hasFixIt ? " · fix-it ✎" : "") · [\(descriptor.guideline.section)](\(descriptor.guideline.url))\n\n"
            text += descriptor.summary + "\n\n" + descriptor.explanation + "\n\n"
            text += "> \(descriptor.quote)\n"
            for example in descriptor.examples {
                let heading = example.expectation == .triggers ? "Triggers (↓ marks the finding)" : "Does not trigger"
                text += "\n\(heading):\n\n```\n\(example.source)\n```\n"
                if let corrected = example.corrected { text += "\nFixed:\n\n```\n\(corrected)\n```\n" }
            }
        }
        text += "\n## Language errors and other diagnostics\n\n"
        text += "The language errors are always errors and cannot be silenced with `@allow`. "
        text += "The other ids here are about suppressions, summaries and the formatter.\n"
        for entry in DiagnosticCatalog.entries {
            text += "\n### \(entry.id)\n\n**\(entry.classification)**\n\n\(entry.explanation)\n"
            if let example = entry.example {
                let note = example.repetitionNote.map { " (\($0))" } ?? ""
                text += "\nTriggers\(note):\n\n```\n\(example.source)\n```\n\nFixed:\n\n```\n\(example.fixed)\n```\n"
            }
        }
        return text
    }
}
