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
        if let language = LanguageErrorID(rawValue: id) {
            return "\(id) (language error, always an error)\n\n\(language.explanation)\n"
        }
        if id == DisplayLimit.notShownID {
            return "\(id) (a summary, not a finding)\n\nText and short output, and the language server, show at most \(DiagnosticLimits.shownPerFile) diagnostics per file. This one stands for the rest of the file's: it says how many there are and points at the first of them, and its severity is the worst of theirs (so the exit status is what it would be with all of them shown). JSON, SARIF, GitHub annotations and baselines list every finding.\n"
        }
        if id == RuleEngine.unusedAllowID {
            return "\(id) (warning)\n\nAn @allow(...) that silences nothing: the rule never fires on that element, the id is not a rule, or it names a language error. Suppressions that no longer suppress anything hide future problems; remove them.\n"
        }
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
        text += "\n## Language errors\n\nThese are always errors and cannot be silenced.\n\n"
        for language in LanguageErrorID.allCases {
            text += "- `\(language.rawValue)`: \(language.explanation)\n"
        }
        text += "- `\(RuleEngine.unusedAllowID)` (warning): an `@allow` that silences nothing, names no rule, or names a language error.\n"
        return text
    }
}
