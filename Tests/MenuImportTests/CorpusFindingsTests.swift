import Foundation
import MenuImport
import Testing
@testable import MenuSyntax
@testable import MenuRules
@testable import MenuCompiler
import MenuTestSupport

/// Every guideline finding on real menus, judged once by hand.
///
/// The corpus is the Interface Builder main menus of `Tests/Corpus/InterfaceBuilder`,
/// converted by `menuc import` (`ImportCorpusTests.importFile`), and Apple's
/// standard menu bar (`Tests/Corpus/Apple`). Every rule runs at its default
/// severity. `Tests/Corpus/findings.tsv` lists each finding with its verdict
/// against the guideline text: a finding that appears or disappears without
/// that file changing fails `everyFindingIsJudged`, and
/// `falsePositivesStayRare` holds the rates of false positives to their targets.
@Suite(.serialized)
struct CorpusFindingsTests {
    static let corpusRoot = TestSupport.packageRoot.appendingPathComponent("Tests/Corpus")
    static let expectationsURL = corpusRoot.appendingPathComponent("findings.tsv")
    static let appleFiles = ["Apple/StandardMenuBar.menu"]

    /// One finding: where, which rule, and (in the expectations) its verdict.
    struct Finding: Hashable, Comparable, CustomStringConvertible {
        var file: String
        var line: Int
        var rule: String
        var description: String { "\(file)\t\(line)\t\(rule)" }
        static func < (lhs: Finding, rhs: Finding) -> Bool {
            (lhs.file, lhs.line, lhs.rule) < (rhs.file, rhs.line, rhs.rule)
        }
    }

    enum Verdict: String { case truePositive = "true-positive", falsePositive = "false-positive" }

    struct Judged {
        var finding: Finding
        var verdict: Verdict
        var reason: String
    }

    /// The `.menu` text of each corpus file, by its corpus name.
    static func corpusTexts() throws -> [(name: String, text: String)] {
        var texts: [(String, String)] = []
        for row in ImportCorpusTests.inventory {
            texts.append((row.file, try ImportCorpusTests.importFile(row.file).text))
        }
        for name in appleFiles {
            texts.append((name, try String(contentsOf: corpusRoot.appendingPathComponent(name), encoding: .utf8)))
        }
        return texts
    }

    /// The findings of every rule on every corpus file, sorted.
    static func findings() throws -> [Finding] {
        var found: [Finding] = []
        for (name, text) in try corpusTexts() {
            let compilation = Compiler.compile([.text(text, displayPath: name)],
                                               options: CompileOptions(runRules: true, configuration: RuleConfiguration()))
            for diagnostic in compilation.diagnostics {
                let line = compilation.workspace.file(diagnostic.span.file).position(of: diagnostic.span.start).line
                found.append(Finding(file: name, line: line, rule: diagnostic.id))
            }
        }
        return found.sorted()
    }

    /// The reviewed expectations: `file TAB line TAB rule TAB verdict TAB reason`, `#` comments.
    static func expectations() throws -> [Judged] {
        let text = try String(contentsOf: expectationsURL, encoding: .utf8)
        return try text.split(separator: "\n").compactMap { line -> Judged? in
            guard !line.hasPrefix("#"), !line.isEmpty else { return nil }
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let verdict = try #require(cells.count == 5 ? Verdict(rawValue: cells[3]) : nil, "malformed line: \(line)")
            let number = try #require(Int(cells[1]), "malformed line: \(line)")
            #expect(!cells[4].isEmpty, "no reason: \(line)")
            return Judged(finding: Finding(file: cells[0], line: number, rule: cells[2]), verdict: verdict, reason: cells[4])
        }
    }

    @Test func everyFindingIsJudged() throws {
        let found = try Self.findings()
        let expected = try Self.expectations().map(\.finding).sorted()
        // Compared as lists: a rule reporting one more finding on a line counts too.
        var unjudged = found
        var vanished: [Finding] = []
        for finding in expected {
            if let index = unjudged.firstIndex(of: finding) { unjudged.remove(at: index) } else { vanished.append(finding) }
        }
        #expect(unjudged.isEmpty, "findings without a verdict in findings.tsv:\n\(unjudged.map(\.description).joined(separator: "\n"))")
        #expect(vanished.isEmpty, "judged findings that no longer appear:\n\(vanished.map(\.description).joined(separator: "\n"))")
        #expect(!found.isEmpty)
    }

    /// Per rule: findings, false positives.
    static func rates(_ judged: [Judged]) -> [String: (findings: Int, falsePositives: Int)] {
        var rates: [String: (findings: Int, falsePositives: Int)] = [:]
        for entry in judged {
            var rate = rates[entry.finding.rule] ?? (0, 0)
            rate.findings += 1
            if entry.verdict == .falsePositive { rate.falsePositives += 1 }
            rates[entry.finding.rule] = rate
        }
        return rates
    }

    /// At most 3 % of all findings and 5 % of any rule's are false positives (the rates are printed).
    @Test func falsePositivesStayRare() throws {
        let judged = try Self.expectations()
        let rates = Self.rates(judged)
        var table = "rule\tfindings\tfalse positives\n"
        for (rule, rate) in rates.sorted(by: { $0.key < $1.key }) {
            table += "\(rule)\t\(rate.findings)\t\(rate.falsePositives)\n"
            #expect(rate.falsePositives * 20 <= rate.findings, "\(rule): \(rate.falsePositives) of \(rate.findings) findings are false positives")
        }
        let total = rates.values.reduce(0) { $0 + $1.findings }
        let falsePositives = rates.values.reduce(0) { $0 + $1.falsePositives }
        print("corpus findings:\n\(table)all\t\(total)\t\(falsePositives)")
        #expect(total == judged.count)
        #expect(falsePositives * 100 <= total * 3, "\(falsePositives) of \(total) findings are false positives")
    }

    /// What `check --fix` applies to the corpus (certain fix-its only):
    /// `file TAB label before TAB label after`, each reviewed as acceptable.
    static func appliedFixes() throws -> [String] {
        var fixes: [String] = []
        for (name, text) in try corpusTexts() {
            let compilation = Compiler.compile([.text(text, displayPath: name)],
                                               options: CompileOptions(runRules: true, configuration: RuleConfiguration()))
            let file = try #require(compilation.files.first)
            let certain = compilation.diagnostics.filter { LanguageErrorID(rawValue: $0.id) == nil }.flatMap(\.fixIts).filter(\.isCertain)
            let fixed = String(decoding: FixApplier.apply(certain, to: file.source.bytes, file: file.source.id).bytes, as: UTF8.self)
            let before = text.split(separator: "\n", omittingEmptySubsequences: false)
            let after = fixed.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(before.count == after.count, "a fix changed the lines of \(name)")
            for (old, new) in zip(before, after) where old != new {
                fixes.append("\(name)\t\(firstLiteral(old))\t\(firstLiteral(new))")
            }
        }
        return fixes
    }

    /// The first string literal of a line, without its quotes.
    static func firstLiteral(_ line: Substring) -> String {
        let parts = line.split(separator: "\"", maxSplits: 2, omittingEmptySubsequences: false)
        return parts.count >= 3 ? String(parts[1]) : String(line)
    }

    /// Every label `check --fix` writes on the corpus is one a person accepts: the
    /// list in `Tests/Corpus/fixes.tsv` was reviewed, and a fix that appears,
    /// changes or disappears fails until it is reviewed again.
    @Test func fixesLeaveAcceptedLabels() throws {
        let text = try String(contentsOf: Self.corpusRoot.appendingPathComponent("fixes.tsv"), encoding: .utf8)
        let reviewed = text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }.map(String.init)
        let applied = try Self.appliedFixes()
        #expect(applied == reviewed, "fixes differ from fixes.tsv:\n\(applied.joined(separator: "\n"))")
        #expect(!applied.isEmpty)
    }
}
