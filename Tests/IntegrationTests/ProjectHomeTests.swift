import Foundation
import Testing
import MenuTestSupport
import CompilerTestSupport
@testable import MenuSupport
@testable import MenuSyntax
@testable import MenuRules
@testable import MenuCompiler

/// Links to menuc's own documentation: SARIF's `informationUri` and each
/// rule's `helpUri` are built from `ProjectHome`, land on a heading that
/// docs/rules.md really has, and the places outside the code that name the
/// project's home and license agree with it.
struct ProjectHomeTests {
    /// The anchors GitHub gives the headings of a Markdown file: lowercased,
    /// punctuation other than `-` and `_` dropped, spaces as `-`.
    static func anchors(ofMarkdown text: String) -> Set<String> {
        var anchors: Set<String> = []
        var inFence = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inFence.toggle(); continue }
            guard !inFence, line.hasPrefix("#") else { continue }
            let title = line.drop { $0 == "#" }.drop { $0 == " " }
            var slug = ""
            for character in title.lowercased() {
                if character.isLetter || character.isNumber || character == "-" || character == "_" { slug.append(character) }
                else if character == " " { slug.append("-") }
            }
            anchors.insert(slug)
        }
        return anchors
    }

    @Test func sarifLinksLandOnHeadingsOfTheRulesPage() throws {
        let rulesPage = try String(contentsOf: TestSupport.packageRoot.appendingPathComponent("docs/rules.md"), encoding: .utf8)
        let anchors = Self.anchors(ofMarkdown: rulesPage)
        let renderer = DiagnosticRenderer(files: { _ in nil })
        let log = try JSONSerialization.jsonObject(with: Data(renderer.sarif([]).utf8)) as? [String: Any]
        let runs = try #require(log?["runs"] as? [[String: Any]])
        let driver = try #require((runs.first?["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["informationUri"] as? String == ProjectHome.repository)
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.count == RuleDocumentation.allIDs.count)
        let prefix = ProjectHome.repository + "/blob/main/docs/rules.md#"
        for rule in rules {
            let id = try #require(rule["id"] as? String)
            let uri = try #require(rule["helpUri"] as? String, "\(id) has no helpUri")
            #expect(uri.hasPrefix(prefix), "\(id): \(uri)")
            let anchor = String(uri.dropFirst(prefix.count))
            #expect(anchor == id && anchors.contains(anchor), "\(id): docs/rules.md has no heading #\(anchor)")
            if let descriptor = RuleRegistry.descriptor(id) {
                // The guideline's page stays in the rule's properties.
                #expect((rule["properties"] as? [String: Any])?["guidelineURL"] as? String == descriptor.guideline.url, "\(id)")
            }
        }
    }

    @Test func theGrammarPackageAndTheReadmeNameTheHomeAndTheLicense() throws {
        let root = TestSupport.packageRoot
        let package = try JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("grammar/package.json"))) as? [String: Any]
        #expect((package?["repository"] as? [String: Any])?["url"] as? String == ProjectHome.repository)
        #expect(package?["license"] as? String == "Apache-2.0")
        let license = try String(contentsOf: root.appendingPathComponent("LICENSE"), encoding: .utf8)
        #expect(license.contains("Apache License") && license.contains("Version 2.0, January 2004"))
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains(ProjectHome.repository) && readme.contains("Apache License 2.0"))
    }
}
