import Foundation
import Testing
@testable import MenuSupport
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
@testable import MenuRules
@testable import MenuBackends
@testable import MenuFormatter
@testable import MenuCompiler
@testable import MenuLanguageServer
import MenuTestSupport

/// CI report formats, --fix, baselines and the generated rules reference,
/// through the real binary and real consumers.
@Suite(.serialized)
struct ReportAndFixTests {
    let cli = CLITests()

    @Test func sarifIsAcceptedByARealConsumer() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try cli.menuc(["check", "samples/guidelines", "--format", "sarif"])
        #expect(result.status == 1)
        let path = directory.appendingPathComponent("report.sarif")
        try TestSupport.write(result.output, to: path)
        let short = try cli.menuc(["check", "samples/guidelines", "--format", "short"])
        // One line per finding, and a `note:` line per related location.
        let count = short.output.split(separator: "\n").filter { !$0.contains(": note: ") }.count
        let script = """
            import json, sys
            from sarif import loader
            report = loader.load_sarif_file(sys.argv[1])
            print("results", report.get_result_count())
            run = json.load(open(sys.argv[1]))["runs"][0]
            rules = run["tool"]["driver"]["rules"]
            assert all(rule.get("helpUri") for rule in rules), "every rule has a help URI"
            ids = {rule["id"] for rule in rules}
            assert all(result["ruleId"] in ids for result in run["results"]), "results name known rules"
            assert any("fixes" in result for result in run["results"]), "fixes are reported"
            print("rules", len(rules))
            """
        let check = try Subprocess.run("/usr/bin/env", ["python3", "-c", script, path.path])
        #expect(check.status == 0, "\(check.output)\(check.error)")
        #expect(check.output.contains("results \(count)"), "\(check.output) vs \(count) findings")
        #expect(check.output.contains("rules \(RuleDocumentation.allIDs.count)"))
    }

    @Test func githubAnnotations() throws {
        let result = try cli.menuc(["check", "-", "--format", "github"], input: "platforms macOS 14\nmenu F \"File\" { item e \"Export...\" { input: true } }")
        #expect(result.output.hasPrefix("::warning file=<stdin>,line=2,col=24,endLine=2,endColumn=35,title=label-ellipsis-character::'Export...' uses three periods"))
        #expect(result.output.contains("%0Aguideline: Menus › Labels"))
        #expect(result.output.split(separator: "\n").count == 1)
    }

    @Test func fixAppliesOnceAndKeepsCommentsAndFormatting() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try TestSupport.write("{}", to: directory.appendingPathComponent("menuc.json"))
        let original = """
            platforms macOS 14

            // Keep this comment.
            menu File "File" {
              item export "Export..."   { input: true }   // and this one
              item save "Save As..." { input: true; shortcut: "cmd+shift+s" }
            }

            """
        let file = directory.appendingPathComponent("fix.menu")
        try TestSupport.write(original, to: file)
        let first = try cli.menuc(["check", "--fix", "--format", "short", "fix.menu"], in: directory)
        #expect(first.error.contains("fixed 1 file"))
        let fixed = try String(contentsOf: file, encoding: .utf8)
        #expect(fixed == original.replacingOccurrences(of: "...", with: "…"))
        #expect(!first.output.contains("label-ellipsis-character"), "the re-check after fixing is what is reported")
        let second = try cli.menuc(["check", "--fix", "fix.menu"], in: directory)
        #expect(!second.error.contains("fixed"))
        #expect(try String(contentsOf: file, encoding: .utf8) == fixed)
    }

    @Test func fixLeavesLanguageErrorSuggestionsAlone() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = "menu File \"File\" { item e \"Export...\" { shortcat: \"cmd+e\" } }\n"
        try TestSupport.write(text, to: directory.appendingPathComponent("a.menu"))
        let result = try cli.menuc(["check", "--fix", "a.menu"], in: directory)
        #expect(result.status == 1)
        #expect(try String(contentsOf: directory.appendingPathComponent("a.menu"), encoding: .utf8) == text)
    }

    @Test func baselineReportsOnlyNewFindingsAcrossEdits() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try TestSupport.write("{}", to: directory.appendingPathComponent("menuc.json"))
        let file = directory.appendingPathComponent("b.menu")
        try TestSupport.write("platforms macOS 14\nmenu File \"File\" {\n  item e \"Export...\" { input: true }\n}\n", to: file)
        let write = try cli.menuc(["check", "b.menu", "--write-baseline", "baseline.json"], in: directory)
        #expect(write.status == 0 && write.error.contains("wrote 1 finding"))
        // Lines above move every finding; a new finding appears below.
        try TestSupport.write("platforms macOS 14\n\n// moved down\nmenu File \"File\" {\n  item e \"Export...\" { input: true }\n  item p \"Print...\" { input: true }\n}\n", to: file)
        let checked = try cli.menuc(["check", "b.menu", "--baseline", "baseline.json", "--format", "short"], in: directory)
        #expect(checked.output == "b.menu:6:10: warning: 'Print...' uses three periods instead of an ellipsis [label-ellipsis-character]\n")
        let bad = try cli.menuc(["check", "b.menu", "--baseline", "menuc.json"], in: directory)
        #expect(bad.status == 2 && bad.error.contains("not a menuc baseline"))
    }

    @Test func rulesReferenceIsUpToDate() throws {
        let committed = try String(contentsOf: TestSupport.packageRoot.appendingPathComponent("docs/rules.md"), encoding: .utf8)
        #expect(committed == RuleDocumentation.markdown(), "docs/rules.md is stale: run `swift run menuc rules --markdown > docs/rules.md`")
    }

    @Test func rulesListShowsEffectiveSeverity() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try TestSupport.write(#"{"rules": {"label-ellipsis-character": "error"}}"#, to: directory.appendingPathComponent("menuc.json"))
        let result = try cli.menuc(["rules"], in: directory)
        let line = result.output.split(separator: "\n").first { $0.hasPrefix("label-ellipsis-character") }.map(String.init) ?? ""
        #expect(line.split(separator: " ", omittingEmptySubsequences: true).prefix(3) == ["label-ellipsis-character", "warning", "error"])
    }
}
