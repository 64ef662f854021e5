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

/// `menuc fmt`: the canonical layout, comments kept where they were,
/// idempotence and unchanged meaning over every sample, fixture and
/// robustness mutation that parses, and the command line.
struct FormatterTests {
    /// The formatted text; records a failure (and returns the input) when
    /// the formatter refuses.
    static func format(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
        switch MenuFormatter.format(text) {
        case .success(let formatted): return formatted
        case .failure(let failure):
            Issue.record("not formatted: \(failure.diagnostics.map(\.message))", sourceLocation: sourceLocation)
            return text
        }
    }

    // MARK: - Layout

    @Test func canonicalLayout() {
        let input = """
            platforms   iOS 17,macOS 14
            import "shared/edit.menu"
            menu Edit "Edit"
            {
            \titem undo "Undo" {shortcut:"cmd+z"}; item redo "Redo" {
                    shortcut : "cmd+shift+z"
               }
            section {item a "A"
            item b "B" {}}


            use Other
            }
            menubar { use Edit }
            """
        let expected = """
            platforms iOS 17, macOS 14
            import "shared/edit.menu"

            menu Edit "Edit" {
              item undo "Undo" { shortcut: "cmd+z" }
              item redo "Redo" { shortcut: "cmd+shift+z" }
              section {
                item a "A"
                item b "B" {}
              }

              use Other
            }

            menubar {
              use Edit
            }

            """
        #expect(Self.format(input) == expected)
    }

    @Test func oneLineBodiesFitTheWidth() {
        let short = "menu M \"M\" {\n  item a \"A\" {\n    symbol: \"a\"\n    action: go\n  }\n}\n"
        #expect(Self.format(short) == "menu M \"M\" {\n  item a \"A\" { symbol: \"a\"; action: go }\n}\n")
        // 100 columns exactly fit; 101 do not.
        let label = String(repeating: "x", count: 100 - "  item a \"\" { action: go }".count)
        let fits = "menu M \"M\" {\n  item a \"\(label)\" { action: go }\n}\n"
        #expect(Self.format(fits) == fits)
        let tooWide = "menu M \"M\" {\n  item a \"\(label)x\" { action: go }\n}\n"
        #expect(Self.format(tooWide) == "menu M \"M\" {\n  item a \"\(label)x\" {\n    action: go\n  }\n}\n")
        // Width counts display columns: an emoji takes two.
        let wide = "menu M \"M\" {\n  item a \"\(label.dropLast())📁\" { action: go }\n}\n"
        #expect(Self.format(wide).contains("{\n    action: go"))
        // Bodies with elements are never on one line.
        #expect(Self.format("section { item a \"A\" }") == "section {\n  item a \"A\"\n}\n")
    }

    @Test func textIsReproducedExactly() {
        let input = "view V \"Tap \\\"Done\\\" \\u{1F600}\\t…\" { width: -4; height: 10.50; padding: 0044 }\n@allow(label-title-case, x-2) button b \"b\"\n"
        let expected = "view V \"Tap \\\"Done\\\" \\u{1F600}\\t…\" { width: -4; height: 10.50; padding: 0044 }\n\n@allow(label-title-case, x-2)\nbutton b \"b\"\n"
        #expect(Self.format(input) == expected)
    }

    @Test func blankLinesAreKeptCollapsedAndNotAtBodyEdges() {
        let input = "menu M \"M\" {\n\n\n  item a \"A\"\n\n\n\n  item b \"B\"\n\n}\n\n\n\nmenu N \"N\"\n"
        #expect(Self.format(input) == "menu M \"M\" {\n  item a \"A\"\n\n  item b \"B\"\n}\n\nmenu N \"N\"\n")
    }

    @Test func lineBreaksAndByteOrderMarkAreNormalized() {
        let input = "\u{FEFF}menu M \"M\" {\r\n  item a \"A\" /* one\r\n  two */\r\n}\r\n"
        #expect(Self.format(input) == "menu M \"M\" {\n  item a \"A\" /* one\n  two */\n}\n")
    }

    // MARK: - Comments

    @Test func trailingCommentsStayTrailing() {
        let input = """
            platforms macOS 14 // the Mac only
            menu M "M" { // the menu
              item a "A" { action: go } // after a body
              item b "B"; /* after a semicolon */ // and more
              action: x // after a property
            } // after the brace

            """
        let expected = """
            platforms macOS 14 // the Mac only

            menu M "M" { // the menu
              item a "A" { action: go } // after a body
              item b "B" /* after a semicolon */ // and more
              action: x // after a property
            } // after the brace

            """
        #expect(Self.format(input) == expected)
    }

    @Test func ownLineCommentsTakeTheIndentation() {
        let input = """
            // first
            menu M "M" {
            // about a
                    item a "A"
                 /* block */
            item b "B" {
            // inside b
            }
              // before the brace
            }
            // last
            """
        let expected = """
            // first
            menu M "M" {
              // about a
              item a "A"
              /* block */
              item b "B" {
                // inside b
              }
              // before the brace
            }
            // last

            """
        #expect(Self.format(input) == expected)
    }

    @Test func commentsInsideStatementsSurvive() {
        // A comment inside a header, a property, a directive or an attribute
        // stays where it is; one in a would-be one-line body expands it.
        let input = """
            platforms iOS /* min */ 17, macOS 14
            @allow(/* why */ label-title-case)
            menu /* kind */ M /* id */ "M" {
              item a "A" { action /* name */ : /* value */ go }
              item b "B" { action: go /* why */ }
              use /* target */ Other
            }

            """
        let expected = """
            platforms iOS /* min */ 17, macOS 14

            @allow(/* why */ label-title-case)
            menu /* kind */ M /* id */ "M" {
              item a "A" {
                action /* name */: /* value */ go
              }
              item b "B" {
                action: go /* why */
              }
              use /* target */ Other
            }

            """
        #expect(Self.format(input) == expected)
    }

    @Test func listsWithCommentsGoOneValuePerLine() {
        let input = "item a \"A\" { tags: [one, // first\n two /* second */, [three, /* inner */ four]] }\n"
        let expected = """
            item a "A" {
              tags: [
                one, // first
                two, /* second */
                [
                  three, /* inner */
                  four
                ]
              ]
            }

            """
        #expect(Self.format(input) == expected)
        #expect(Self.format("item a \"A\" { tags: [\n  one,\n  two\n] }") == "item a \"A\" { tags: [one, two] }\n")
    }

    @Test func commentsBetweenHeaderAndBrace() {
        let input = "menu M \"M\" /* a */ // b\n/* c */\n{ /* d */\n  item x \"X\"\n}\n"
        let expected = "menu M \"M\" { /* a */ // b\n  /* c */\n  /* d */\n  item x \"X\"\n}\n"
        #expect(Self.format(input) == expected)
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

    @Test func filesWithSyntaxErrorsAreRefused() throws {
        for input in ["menu M \"M\" {", "menu M \"M\" { item a \"A }", "action: go", "menu M \"M\" { item a \"A\" { shortcut \"x\" } }"] {
            guard case .failure(let failure) = MenuFormatter.format(input) else {
                Issue.record("formatted \(input.debugDescription) despite its syntax errors")
                continue
            }
            #expect(!failure.diagnostics.isEmpty && failure.diagnostics.allSatisfy { $0.severity == .error })
        }
        // Other language errors are not the formatter's business.
        #expect((try? MenuFormatter.format("menu M \"M\" { item a \"A\" { colour: red } }").get()) == "menu M \"M\" {\n  item a \"A\" { colour: red }\n}\n")
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

    /// The samples that must be formatted: all but the error and guideline
    /// examples (which show problems, and may be laid out to show them).
    static let formattedSamples: [String] = TestSupport.menuFiles(under: TestSupport.samples).filter {
        !$0.hasPrefix("errors/") && !$0.hasPrefix("guidelines/")
    }

    @Test("every sample is already formatted", arguments: formattedSamples)
    func sampleIsFormatted(_ relative: String) throws {
        let data = try Data(contentsOf: TestSupport.samples.appendingPathComponent(relative))
        let formatted = try MenuFormatter.format(SourceFile(id: FileID(0), displayPath: relative, absolutePath: "", bytes: [UInt8](data))).get()
        #expect(formatted == String(decoding: data, as: UTF8.self), "run: menuc fmt samples/\(relative)")
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

    // MARK: - Unified diff

    @Test func unifiedDiffMatchesDiffU() throws {
        let old = (1...30).map { "line \($0)" }.joined(separator: "\n") + "\n"
        var newLines = (1...30).map { "line \($0)" }
        newLines[0] = "first"
        newLines.remove(at: 10)
        newLines.insert("inserted", at: 20)
        newLines.append("last")
        let new = newLines.joined(separator: "\n") + "\n"
        let ours = UnifiedDiff.render(old: old, new: new, oldName: "a", newName: "b")
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try TestSupport.write(old, to: directory.appendingPathComponent("a"))
        try TestSupport.write(new, to: directory.appendingPathComponent("b"))
        let theirs = try Subprocess.run("/usr/bin/diff", ["-u", "a", "b"], directory: directory)
        // diff -u puts timestamps in its header; compare the hunks.
        let hunks = { (text: String) in text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2).joined(separator: "\n") }
        #expect(hunks(ours) == hunks(theirs.output))
        #expect(UnifiedDiff.render(old: old, new: old, oldName: "a", newName: "b") == "")
    }

    /// Applies an edit script to `a`; it must account for every line of both.
    static func apply(_ script: [UnifiedDiff.Edit], to a: [String], giving b: [String]) -> [String] {
        var result: [String] = []
        var oldIndex = 0
        for edit in script {
            switch edit.kind {
            case .same:
                #expect(a[edit.oldIndex] == b[edit.newIndex])
                result.append(a[edit.oldIndex])
                oldIndex = edit.oldIndex + 1
            case .delete:
                #expect(edit.oldIndex == oldIndex)
                oldIndex += 1
            case .insert:
                result.append(b[edit.newIndex])
            }
        }
        #expect(oldIndex == a.count)
        return result
    }

    /// Fewest changed lines, by dynamic programming: the oracle for small inputs.
    static func editDistance(_ a: [String], _ b: [String]) -> Int {
        var row = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var next = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...max(1, b.count) where !b.isEmpty {
                next[j] = a[i - 1] == b[j - 1] ? row[j - 1] : min(row[j], next[j - 1]) + 1
            }
            row = next
        }
        return a.isEmpty ? b.count : row[b.count]
    }

    @Test func editScriptsAreShortestAndComplete() {
        var random = SeededGenerator(state: 7)
        for _ in 0..<2_000 {
            let a = (0..<Int.random(in: 0...12, using: &random)).map { _ in ["x", "y", "z", "w"].randomElement(using: &random)! }
            let b = (0..<Int.random(in: 0...12, using: &random)).map { _ in ["x", "y", "z", "w"].randomElement(using: &random)! }
            let script = UnifiedDiff.editScript(a, b)
            #expect(Self.apply(script, to: a, giving: b) == b, "\(a) → \(b)")
            #expect(script.filter { $0.kind != .same }.count == Self.editDistance(a, b), "\(a) → \(b)")
        }
    }

    /// Past `maximumEdits` changed lines the middle is replaced whole: a
    /// reindented file of 20,000 lines took 18 GB and minutes to diff.
    @Test func diffsOfWhollyChangedFilesStayCheapAndApply() throws {
        let old = (0..<20_000).map { "      item a\($0) \"A\"" }
        let new = old.map { "  " + $0.drop { $0 == " " } }
        let script = UnifiedDiff.editScript(old, new)
        #expect(Self.apply(script, to: old, giving: new) == new)
        // The kept start and end lines are still found around the change.
        let framed = ["menu M {"] + old + ["}"]
        let reframed = ["menu M {"] + new + ["}"]
        let framedScript = UnifiedDiff.editScript(framed, reframed)
        #expect(framedScript.first?.kind == .same)
        #expect(framedScript.last?.kind == .same)
        // And `patch` applies the rendered diff.
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let oldText = framed.joined(separator: "\n") + "\n"
        let newText = reframed.joined(separator: "\n") + "\n"
        try TestSupport.write(oldText, to: directory.appendingPathComponent("f.menu"))
        try TestSupport.write(UnifiedDiff.render(old: oldText, new: newText, oldName: "f.menu", newName: "f.menu"), to: directory.appendingPathComponent("f.diff"))
        let patched = try Subprocess.run("/usr/bin/patch", ["f.menu", "f.diff"], directory: directory)
        #expect(patched.status == 0, "\(patched.output)")
        #expect(try String(contentsOf: directory.appendingPathComponent("f.menu"), encoding: .utf8) == newText)
    }
}
