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

/// Validates the JSON backend's output for every sample and fixture
/// against docs/schema/menu.schema.json with a real JSON Schema validator
/// (Python's `jsonschema`, installed by Tests/run-all.sh).
struct SchemaTests {
    @Test func everyOutputIsSchemaValid() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var written: [String] = []
        for testCase in GoldenTests.cases {
            guard let json = GoldenTests.outputs(for: testCase).json else { continue }
            let url = directory.appendingPathComponent("\(written.count).json")
            try TestSupport.write(json, to: url)
            written.append(testCase.input)
        }
        #expect(written.count >= 6, "samples should compile: \(written)")
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            jsonschema.Draft202012Validator.check_schema(schema)
            validator = jsonschema.Draft202012Validator(schema)
            failures = 0
            for path in sys.argv[2:]:
                for error in validator.iter_errors(json.load(open(path))):
                    failures += 1
                    print(path, list(error.absolute_path), error.message)
            print("validated", len(sys.argv) - 2)
            sys.exit(1 if failures else 0)
            """
        let schema = TestSupport.packageRoot.appendingPathComponent("docs/schema/menu.schema.json").path
        let files = written.indices.map { directory.appendingPathComponent("\($0).json").path }
        let result = try Subprocess.run("/usr/bin/env", ["python3", "-c", script, schema] + files)
        #expect(result.status == 0, "schema validation failed (inputs: \(written)):\n\(result.output)")
        #expect(result.output.contains("validated \(written.count)"))
    }
}
