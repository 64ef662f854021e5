import Foundation
import Testing
@testable import MenuSupport
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
@testable import MenuRules
@testable import MenuBackends
@testable import MenuFormatter
@testable import MenuCompiler
import MenuTestSupport
import CompilerTestSupport
import FormatterTestSupport

/// `menuc fmt` keeps what a file means: the checked model and diagnostics
/// of the formatted text are the original's, over every sample, fixture,
/// comment placement and robustness mutation that parses. That every
/// sample is already formatted is `FormatterMeaningTests` of
/// MenuFormatterTests.
struct FormatterMeaningTests {
    /// The formatted text; records a failure (and returns the input) when
    /// the formatter refuses.
    static func format(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
        FormatterProbe.format(text, sourceLocation: sourceLocation)
    }

    @Test func docCommentsStartTheirOwnLine() {
        let input = "menu M \"M\" {\n  item a \"A\"; /// documents b\n  item b \"B\"\n  /// dropped before a property\n  action: go\n}\n"
        let expected = "menu M \"M\" {\n  item a \"A\"\n  /// documents b\n  item b \"B\"\n  /// dropped before a property\n  action: go\n}\n"
        #expect(Self.format(input) == expected)
        #expect(Self.meaning(input) == Self.meaning(expected))
    }

    /// Whether the first doc block documents the file or the first element
    /// depends on the blank line after it; the formatter keeps the answer.
    @Test func theFileDocStaysTheFileDoc() throws {
        let cases = [
            "/// file\n\nmenu M \"M\"\n",
            "/// element\nmenu M \"M\"\n",
            "/// file\nplatforms macOS 14\nmenu M \"M\"\n",
            "/// element\n;\n\nmenu M \"M\"\n",
            "/// element\n// between\n\nmenu M \"M\"\n",
            "/// a\n\n/// b\nmenu M \"M\"\n",
            "// first\n/// doc\n\n\nmenu M \"M\"\n",
            "/// a\n;\n/// b\nmenu M \"M\"\n",
            "/// a\n/* c */ /// b\nmenu M \"M\"\n",
            "menu M \"M\" {\n  /// a\n\n  /// b\n  item a \"A\"\n}\n",
        ]
        for input in cases {
            let formatted = Self.format(input)
            #expect(Self.meaning(formatted) == Self.meaning(input), "\(input.debugDescription) → \(formatted.debugDescription)")
            #expect(Self.format(formatted) == formatted)
        }
    }

    // MARK: - Every sample, fixture and mutation

    /// A file's meaning: its JSON without source positions (which move when
    /// the layout changes), plus the ids of its diagnostics.
    static func meaning(_ text: String, path: String? = nil) -> String {
        meaning(Array(text.utf8), path: path)
    }

    static func meaning(_ bytes: [UInt8], path: String? = nil) -> String {
        let compilation: Compilation
        if let path {
            // Compiled in place (through an overlay) so its imports resolve.
            let absolute = Workspace.standardize(path, relativeTo: TestSupport.packageRoot.path)
            compilation = Compiler.compile([.path(path)], options: CompileOptions(configuration: RuleConfiguration()),
                                           workspace: Workspace(overlays: [absolute: bytes], currentDirectory: TestSupport.packageRoot.path))
        } else {
            compilation = Compiler.compile([.bytes(bytes, displayPath: "test.menu")], options: CompileOptions(configuration: RuleConfiguration()))
        }
        let ids = compilation.diagnostics.map(\.id).sorted().joined(separator: ",")
        guard let file = compilation.files.first else { return "no file; " + ids }
        let json = JSONBackend.render(file, files: { compilation.workspace.file($0) })
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)),
              let stripped = try? JSONSerialization.data(withJSONObject: withoutPositions(object), options: [.sortedKeys]) else {
            return "unreadable JSON; " + ids
        }
        return String(decoding: stripped, as: UTF8.self) + "; " + ids
    }

    static func withoutPositions(_ value: Any) -> Any {
        if let object = value as? [String: Any] {
            return object.filter { $0.key != "location" && $0.key != "site" }.mapValues(withoutPositions)
        }
        if let array = value as? [Any] { return array.map(withoutPositions) }
        return value
    }

    /// Formats `bytes` when they parse; checks idempotence, meaning and
    /// comments. Returns whether it was formatted.
    @discardableResult
    static func checkRoundTrip(_ bytes: [UInt8], path: String? = nil, name: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let file = SourceFile(id: FileID(0), displayPath: path ?? "test.menu", absolutePath: "", bytes: bytes)
        guard case .success(let once) = MenuFormatter.format(file) else {
            let parseErrors = Parser.parse(file).diagnostics.contains { $0.severity == .error }
            #expect(parseErrors, "\(name): refused although it parses", sourceLocation: sourceLocation)
            return false
        }
        let twice = (try? MenuFormatter.format(once).get()) ?? ""
        #expect(twice == once, "\(name): formatting is not idempotent", sourceLocation: sourceLocation)
        #expect(meaning(Array(once.utf8), path: path) == meaning(bytes, path: path), "\(name): formatting changed the meaning", sourceLocation: sourceLocation)
        let comments = { (text: FormatSource) in text.comments.map(\.text) }
        #expect(comments(FormatSource(file: SourceFile(id: FileID(0), displayPath: "", text: once))) == comments(FormatSource(file: file)),
                "\(name): comments changed", sourceLocation: sourceLocation)
        return true
    }

    static var corpus: [(name: String, path: String?, bytes: [UInt8])] {
        var files: [(String, String?, [UInt8])] = []
        for relative in TestSupport.menuFiles(under: TestSupport.samples) where !TestSupport.costlySamples.contains(relative) {
            guard let data = FileManager.default.contents(atPath: TestSupport.samples.appendingPathComponent(relative).path) else { continue }
            files.append(("samples/" + relative, "samples/" + relative, [UInt8](data)))
        }
        for relative in TestSupport.menuFiles(under: TestSupport.fixtures) {
            guard let data = FileManager.default.contents(atPath: TestSupport.fixtures.appendingPathComponent(relative).path) else { continue }
            files.append(("Fixtures/" + relative, nil, [UInt8](data)))
        }
        return files
    }

    @Test func idempotentAndMeaningPreservingOverSamplesAndFixtures() {
        var formatted = 0
        for (name, path, bytes) in Self.corpus where Self.checkRoundTrip(bytes, path: path, name: name) {
            formatted += 1
        }
        #expect(formatted >= 10)
    }

    /// Comments added everywhere they may stand: in every gap between
    /// tokens, at the end of every line, on a line of their own before every
    /// line. Every one must come out, and the meaning must not change.
    @Test func commentsEverywhereSurvive() {
        for (name, path, bytes) in Self.corpus {
            let file = SourceFile(id: FileID(0), displayPath: name, absolutePath: "", bytes: bytes)
            guard !Parser.parse(file).diagnostics.contains(where: { $0.severity == .error }) else { continue }
            let source = FormatSource(file: file)
            // Block comments between tokens, except where a minus must stay glued (`-4`, `rule-id`).
            var gaps: [Int] = []
            for (token, next) in zip(source.tokens, source.tokens.dropFirst()) where token.kind != .minus && next.kind != .minus {
                gaps.append(token.end)
            }
            var blocks = bytes
            for (number, offset) in gaps.enumerated().reversed() { blocks.insert(contentsOf: Array(" /* c\(number) */ ".utf8), at: offset) }
            Self.checkRoundTrip(blocks, path: path, name: name + " with block comments")

            let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            let trailing = lines.enumerated().map { $1.trimmingCharacters(in: .whitespaces).isEmpty ? String($1) : "\($1) // t\($0)" }
            Self.checkRoundTrip(Array(trailing.joined(separator: "\n").utf8), path: path, name: name + " with trailing comments")
            let ownLine = lines.enumerated().map { "// o\($0)\n\($1)" }
            Self.checkRoundTrip(Array(ownLine.joined(separator: "\n").utf8), path: path, name: name + " with own-line comments")
        }
    }

    @Test func robustnessMutationsThatParse() {
        var random = SeededGenerator(state: 20260214)
        var formatted = 0
        for (name, bytes) in RobustnessTests.sampleTexts {
            for round in 0..<60 {
                var mutated = bytes
                for _ in 0..<Int.random(in: 1...2, using: &random) {
                    let mutation = RobustnessTests.Mutation.allCases.randomElement(using: &random) ?? .flipByte
                    mutated = RobustnessTests.mutate(mutated, mutation, &random)
                }
                if Self.checkRoundTrip(mutated, name: "\(name) mutation \(round)") { formatted += 1 }
            }
        }
        #expect(formatted >= 30, "too few mutations parse to exercise the formatter")
    }
}
