import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// Runs every registered rule on a checked file, applies severities from
/// the configuration, and honours `@allow` — reporting allows that
/// silence nothing, so suppressions don't rot.
package struct RuleEngine {
    package let configuration: RuleConfiguration
    package let ruleSet: RuleSet
    package var rules: [any Rule] { ruleSet.rules }

    /// How many elements a part of a large file has at least when the
    /// rules of `.declaration` scope run a part at a time (see `RuleScope`):
    /// about a megabyte of model, which stays in a core's cache while every
    /// such rule reads it. Tests set 1: a part per declaration.
    package var elementsPerPart: Int

    package init(configuration: RuleConfiguration = RuleConfiguration(), rules: RuleSet = .registry,
                elementsPerPart: Int = 16_384) {
        self.configuration = configuration
        self.ruleSet = rules
        self.elementsPerPart = elementsPerPart
    }

    /// An engine running these rules only (the tests run one rule, or one page's).
    package init(configuration: RuleConfiguration = RuleConfiguration(), rules: [any Rule], elementsPerPart: Int = 16_384) {
        self.init(configuration: configuration, rules: RuleSet(rules), elementsPerPart: elementsPerPart)
    }

    package static let unusedAllowID = "unused-allow"
    static let maximumAllowSuggestions = 1_000

    /// The findings of every enabled rule on `file`, in rule order.
    ///
    /// `workers` above 1 runs the rules themselves in parallel — worth it
    /// when one file is checked alone (the language server, one big file);
    /// when many files are checked, parallelism across files is better.
    package func check(_ file: CheckedFile, hasLanguageErrors: Bool, workers: Int = 1) -> [Diagnostic] {
        findings(file, hasLanguageErrors: hasLanguageErrors, workers: workers).diagnostics
    }

    /// The findings on `file`'s declarations that `languageErrors` (the
    /// file's) left complete (see `IncompleteDeclarations`).
    package func check(_ file: CheckedFile, languageErrors: [Diagnostic], workers: Int = 1) -> [Diagnostic] {
        findings(file, languageErrors: languageErrors, workers: workers).diagnostics
    }

    /// What the rules found on one file.
    package struct Findings: Sendable {
        package var diagnostics: [Diagnostic] = []
        /// Findings in the file that were counted, not kept: each rule
        /// keeps its first `keep` (see `findings(_:hasLanguageErrors:workers:keep:)`).
        package var suppressed = DiagnosticCounts()
        package var suppressedCount: Int { suppressed.total }
        /// The most severe of those.
        package var suppressedSeverity: Severity? { suppressed.worst }
    }

    /// Like `check`, keeping at most `keep` findings per rule in the file
    /// (the first, in the order diagnostics are shown) and counting the
    /// rest: a report that shows a few hundred needs no more.
    package func findings(_ file: CheckedFile, hasLanguageErrors: Bool, workers: Int = 1, keep: Int = .max) -> Findings {
        // Without the errors' places, any error could be anywhere.
        guard !hasLanguageErrors else { return Findings() }
        return findings(file, languageErrors: [], workers: workers, keep: keep)
    }

    /// Like `findings(_:hasLanguageErrors:workers:keep:)`, on the
    /// declarations that `languageErrors` left complete: rules read
    /// resolved meaning, and where an error made it incomplete findings
    /// would be noise; elsewhere they are what an editor should show
    /// while the file is being written.
    package func findings(_ file: CheckedFile, languageErrors: [Diagnostic], workers: Int = 1, keep: Int = .max) -> Findings {
        let incomplete = IncompleteDeclarations(errors: languageErrors, in: file)
        let checked: CheckedFile
        switch incomplete {
        case .none: checked = file
        case .wholeFile: return Findings()
        case .elements: checked = file.keepingDeclarations(where: Self.completeDeclarations(of: file, incomplete))
        }
        return runRules(on: checked, incomplete: incomplete, workers: workers, keep: keep)
    }

    /// The store indices of the declarations that hold no error and splice
    /// nothing from one that does (through any chain of splices).
    private static func completeDeclarations(of file: CheckedFile, _ incomplete: IncompleteDeclarations) -> (Element) -> Bool {
        var left = Set<Int>()
        var leftNames = Set<String>()
        for declaration in file.declarations where incomplete.excludes(declaration.span) {
            left.insert(declaration.index)
            leftNames.insert(declaration.id)
        }
        // Each round leaves out at least one more declaration, or ends. A
        // model without splices has none to follow: the walk would make the
        // whole file's walk index beside the one of the declarations kept
        // (60 MB for a file of 3 million declarations with one bad `use`).
        var grew = !left.isEmpty && file.store.hasSplicedCopies
        while grew {
            grew = false
            for (element, ancestors) in file.walk().matching({ $0.isSpliced }) {
                let root = ancestors.first ?? element
                guard !left.contains(root.index), let origin = element.origin, leftNames.contains(origin.menu) else { continue }
                left.insert(root.index)
                leftNames.insert(root.id)
                grew = true
            }
        }
        return { !left.contains($0.index) }
    }

    private func runRules(on file: CheckedFile, incomplete: IncompleteDeclarations, workers: Int, keep: Int) -> Findings {
        let ruleSet = ruleSet
        let thresholds = configuration.thresholds
        var fileVocabulary = configuration.vocabulary
        // A file's `language` directive wins over the project's language.
        if let language = file.syntax.language { fileVocabulary.language = language.tag.text }
        let vocabulary = fileVocabulary
        // An allow in a declaration left out has silenced nothing because nothing ran there.
        let sites = allowSites(in: file, keptOnly: incomplete)
        // Each rule's sites, in site order, found once (not by comparing
        // every site's id for each of the rules).
        let sitesByRule = Dictionary(grouping: sites.indices) { sites[$0].rule.text }
        // The enabled rules by position in the set, and their severities.
        // Kept apart, not as (rule, severity) pairs: each pair copied out
        // of an array copied the rule, and with 55 rules a small file's
        // rules cost more in copies than in checks.
        var enabled: [Int] = []
        var severities: [Severity] = []
        for (index, stamp) in ruleSet.stamps.enumerated() {
            guard let severity = configuration.effectiveSeverity(ofRule: stamp.id, byDefault: stamp.severity).severity else { continue }
            enabled.append(index)
            severities.append(severity)
        }
        let parts = file.parts(ofAtLeast: elementsPerPart)
        // Rules run in groups, each group part by part (every rule of the
        // group on one part before the next part) so the part is read from
        // cache. One group on one core; with several, a few groups per
        // worker, so that no worker waits long for a slow group.
        let groups = workers > 1 ? min(enabled.count, workers * 4) : 1
        var reportersByGroup = Parallel.map(groups, workers: workers) { [enabled] group -> [RuleReporter] in
            let members = groups == 1 ? enabled : stride(from: group, to: enabled.count, by: groups).map { enabled[$0] }
            var reporters = members.map { ruleIndex in
                let stamp = ruleSet.stamps[ruleIndex]
                return RuleReporter(stamp: stamp, thresholds: thresholds, vocabulary: vocabulary, file: file.source.id,
                                    allowScopes: (sitesByRule[stamp.id] ?? []).map { sites[$0].scope }, keep: keep)
            }
            for (slot, ruleIndex) in members.enumerated() where ruleSet.scopes[ruleIndex] == .file {
                ruleSet.rules[ruleIndex].check(file, &reporters[slot])
            }
            for part in parts {
                for (slot, ruleIndex) in members.enumerated() where ruleSet.scopes[ruleIndex] == .declaration {
                    ruleSet.rules[ruleIndex].check(part, &reporters[slot])
                }
            }
            return reporters
        }
        // Back in rule order: group g holds rules g, g + groups, g + 2 × groups, …
        // (read in place: a reporter copied out is a descriptor, a
        // configuration and its findings retained and released).
        // Each rule's findings are moved out of its reporter and adjusted
        // where they are: one rule can find hundreds of thousands.
        var result = Findings()
        var used = Set<Int>()
        for position in enabled.indices {
            let (group, slot) = (position % groups, position / groups)
            let severity = severities[position]
            var found = reportersByGroup[group][slot].takeFindings()
            // A whole-file rule may still reach a left-out element through a name.
            if case .elements = incomplete { found.removeAll { incomplete.excludes($0.span) } }
            for index in found.indices { found[index].severity = severity }
            if result.diagnostics.isEmpty {
                swap(&result.diagnostics, &found)
            } else {
                result.diagnostics += found
            }
            result.suppressed.add(severity, count: reportersByGroup[group][slot].suppressedCount)
            guard !sites.isEmpty else { continue }
            // The reporter's scopes are this rule's sites, in site order.
            let mine = sitesByRule[ruleSet.stamps[enabled[position]].id] ?? []
            for (position, wasUsed) in reportersByGroup[group][slot].allowUsed.enumerated() where wasUsed { used.insert(mine[position]) }
        }
        let allows = unusedAllows(sites, used: used, in: file, keep: keep)
        if !allows.diagnostics.isEmpty { result.diagnostics += allows.diagnostics }
        if let severity = allows.severity { result.suppressed.add(severity, count: allows.suppressed) }
        return result
    }

    /// One rule id of an `@allow`: kept for every allow of a file while its
    /// rules run, so in a few words — its id's text shared with the other
    /// sites that name the same rule, its attribute by index (made again
    /// only for an allow reported unused).
    private struct AllowSite {
        var scope: Span
        var rule: Name
        /// The attribute's index in the file's syntax tree (`SyntaxTree.allowAttribute(_:)`).
        var attribute: UInt32
        /// Where `rule` is among the attribute's ids.
        var position: UInt32
    }

    /// The `@allow` rule ids of the declarations `file` keeps (all of them
    /// unless language errors left some out), with the elements they cover.
    private func allowSites(in file: CheckedFile, keptOnly incomplete: IncompleteDeclarations) -> [AllowSite] {
        let sites = allowSites(in: file)
        guard case .elements = incomplete, !sites.isEmpty else { return sites }
        // A site is kept when a declaration kept holds where it starts: one
        // starting at or before it that ends after it, which the furthest
        // end among those starting at or before it tells (looked up, not
        // compared with every declaration: thousands of allowed
        // declarations beside one error took quadratic time).
        let kept = file.declarations.map(\.span).sorted { ($0.file.rawValue, $0.start) < ($1.file.rawValue, $1.start) }
        var furthestEnd: [Int] = []
        furthestEnd.reserveCapacity(kept.count)
        for (index, span) in kept.enumerated() {
            let sameFileBefore = index > 0 && kept[index - 1].file == span.file
            furthestEnd.append(sameFileBefore ? max(furthestEnd[index - 1], span.end) : span.end)
        }
        return sites.filter { site in
            let place = (site.scope.file.rawValue, site.scope.start)
            // The first declaration starting after the site; the one before it starts at or before it.
            let after = kept.partitionPoint { ($0.file.rawValue, $0.start) > place }
            guard after > 0, kept[after - 1].file == site.scope.file else { return false }
            return furthestEnd[after - 1] > site.scope.start
        }
    }

    /// Every `@allow` rule id of the file, with the element it covers.
    private func allowSites(in file: CheckedFile) -> [AllowSite] {
        var sites: [AllowSite] = []
        // One string per distinct id, shared by the sites that name it.
        var ids: [String: String] = [:]
        // Every element of the file that carries attributes, in source order.
        let tree = file.syntax.tree
        for run in tree.elementAttributes {
            let scope = tree.span(tree.span(ofElement: Int(run.element)))
            for attributeIndex in run.first..<run.first + run.count {
                for (position, written) in tree.allowAttribute(Int(attributeIndex)).ruleIDs.enumerated() {
                    var rule = written
                    if let shared = ids[rule.text] { rule.text = shared } else { ids[rule.text] = rule.text }
                    sites.append(AllowSite(scope: scope, rule: rule, attribute: attributeIndex, position: UInt32(position)))
                }
            }
        }
        return sites
    }

    /// A finding for each allow that silenced nothing: the first `keep`
    /// (sites are in source order, so these are the ones a report shows),
    /// and how many more there are.
    private func unusedAllows(_ sites: [AllowSite], used: Set<Int>, in file: CheckedFile, keep: Int)
        -> (diagnostics: [Diagnostic], suppressed: Int, severity: Severity?) {
        guard !sites.isEmpty else { return ([], 0, nil) }
        let known = Set(RuleRegistry.all.map(\.descriptor.id))
        let knownSorted = known.sorted()
        // "Did you mean" for the first ids that are not rules; a file that
        // names thousands shows 200 findings, and comparing each with every
        // rule id took 5.7 s for 100,000.
        var suggestionsLeft = RuleEngine.maximumAllowSuggestions
        let unusedSeverity = configuration.severities[RuleEngine.unusedAllowID] ?? .warning
        guard let severity = unusedSeverity.severity else { return ([], 0, nil) }
        var unused: [Diagnostic] = []
        var suppressed = 0
        for (index, site) in sites.enumerated() where !used.contains(index) {
            let ruleID = site.rule.text
            let isLanguageError = LanguageErrorID(rawValue: ruleID) != nil
            if !isLanguageError, known.contains(ruleID), let descriptor = RuleRegistry.descriptor(ruleID),
               configuration.effectiveSeverity(of: descriptor).severity == nil {
                continue  // the rule is switched off, so the allow may be needed elsewhere
            }
            // Counted, not made: 100,000 of them took 180 MB to show 200.
            guard unused.count < keep else {
                suppressed += 1
                continue
            }
            var message = "@allow(\(ruleID)) silences nothing here"
            var help = "remove it; if the finding comes back, the allow will be reported as used again"
            if isLanguageError {
                message = "'\(ruleID)' is a language error and cannot be silenced"
                help = "fix the error instead"
            } else if !known.contains(ruleID) {
                var suggestion: String?
                if suggestionsLeft > 0 {
                    suggestionsLeft -= 1
                    suggestion = Suggest.closest(to: ruleID, in: knownSorted)
                }
                message = "'\(ruleID)' is not a rule" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
                help = "`menuc rules` lists every rule id"
            }
            let attribute = file.syntax.tree.allowAttribute(Int(site.attribute))
            let removal = TextEdit(span: removalSpan(of: Int(site.position), in: attribute, file: file.source), replacement: "")
            unused.append(Diagnostic(id: RuleEngine.unusedAllowID, severity: severity, message: message, primary: LabeledSpan(site.rule.span, "unused"),
                                     help: help, fixIts: [FixIt(message: "remove the unused allow", edits: [removal])], isUnnecessary: true))
        }
        return (unused, suppressed, severity)
    }

    /// What to delete to remove the attribute's `index`-th id.
    private func removalSpan(of index: Int, in attribute: AllowAttribute, file: SourceFile) -> Span {
        let ids = attribute.ruleIDs
        let rule = ids[index]
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
        if index + 1 < ids.count { return Span(file: rule.span.file, start: rule.span.start, end: ids[index + 1].span.start) }
        return Span(file: rule.span.file, start: ids[index - 1].span.end, end: rule.span.end)
    }
}
