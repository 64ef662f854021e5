import Foundation
import Testing
import MenuTestSupport
import CompilerTestSupport
@testable import LanguageServerTestSupport
@testable import MenuSupport
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
@testable import MenuLanguageServer

/// References — `use`'s target and the values of `menu:`, `opens:` and
/// `default:` — get one scope in the TextMate grammar and one group in Vim,
/// and the scope is the one editors give the language server's semantic
/// token for them; Vim also finds an element's kind after a block comment.
/// Over `Tests/grammar/references.menu`.
struct ReferenceScopeTests {
    static let fixturePath = "Tests/grammar/references.menu"
    static let fixture = TestSupport.packageRoot.appendingPathComponent(fixturePath)

    /// The TextMate scopes VS Code styles a semantic token type with when
    /// the theme has no rule for the type itself (its default
    /// `semanticTokenScopes`, in tokenClassificationRegistry.ts).
    static let textMateScopeOfSemanticType: [String: String] = [
        "variable": "variable.other.readwrite", "property": "variable.other.property",
        "enumMember": "variable.other.enummember", "function": "entity.name.function",
        "type": "entity.name.type", "keyword": "keyword",
    ]

    /// Where the fixture's references are: (1-based line, 1-based column in
    /// Unicode scalars, the name), found after each of the four introducers.
    static func references() throws -> [(line: Int, column: Int, name: String)] {
        let text = try String(contentsOf: fixture, encoding: .utf8)
        var found: [(Int, Int, String)] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let scalars = Array(line.unicodeScalars)
            let string = String(line)
            for introducer in ["use ", "menu: ", "opens: ", "default: "] {
                var searchStart = string.startIndex
                while let range = string.range(of: introducer, range: searchStart..<string.endIndex) {
                    searchStart = range.upperBound
                    if introducer == "use ", range.lowerBound != string.startIndex,
                       !string[..<range.lowerBound].allSatisfy({ $0 == " " }) { continue }
                    let column = string.unicodeScalars.distance(from: string.unicodeScalars.startIndex, to: range.upperBound)
                    let name = String(String.UnicodeScalarView(scalars[column...].prefix { $0.properties.isAlphabetic || $0 == "_" || ("0"..."9").contains($0) }))
                    found.append((index + 1, column + 1, name))
                }
            }
        }
        return found.sorted { ($0.0, $0.1) < ($1.0, $1.1) }
    }

    @Test func theFixtureHasEachKindOfReference() throws {
        let names = try Self.references().map(\.name)
        #expect(names == ["Details", "small", "Edit", "Edit"], "\(names)")
    }

    @Test func textMateGivesEveryReferenceTheScopeOfItsSemanticToken() throws {
        let tokens = try GrammarTests.textMateTokens([Self.fixturePath])[Self.fixturePath] ?? []
        var scopeAt: [String: String] = [:]
        for token in tokens {
            // `LINE:COLUMN "TEXT" SCOPES…`: the innermost scope is the last.
            let parts = token.split(separator: " ")
            if let position = parts.first, let last = parts.last { scopeAt[String(position)] = String(last) }
        }
        let text = try String(contentsOf: Self.fixture, encoding: .utf8)
        let document = LanguageServerProbe.document(text)
        let classified = SemanticTokensFeature.classify(document.syntax, lexed: document.lexed)
        let lineStarts = [0] + text.utf8.enumerated().filter { $0.element == 0x0A }.map { $0.offset + 1 }
        var scopes: Set<String> = []
        for reference in try Self.references() {
            let line = text.split(separator: "\n", omittingEmptySubsequences: false)[reference.line - 1]
            let offset = lineStarts[reference.line - 1] + String(String.UnicodeScalarView(line.unicodeScalars.prefix(reference.column - 1))).utf8.count
            let semantic = try #require(classified.first { $0.start == offset }, "no semantic token at \(reference)")
            #expect(semantic.end - semantic.start == reference.name.utf8.count)
            let scope = try #require(scopeAt["\(reference.line):\(reference.column)"], "no TextMate token at \(reference)")
            let expected = try #require(Self.textMateScopeOfSemanticType[semantic.type.name])
            #expect(scope.hasPrefix(expected + "."), "\(reference.name) at \(reference.line):\(reference.column): \(scope), its semantic token is \(semantic.type.name)")
            scopes.insert(scope)
        }
        #expect(scopes.count == 1, "references have several scopes: \(scopes.sorted())")
    }

    /// The grammars list the properties whose value is a reference; the
    /// property catalog decides which those are.
    @Test func theGrammarsKnowEveryReferenceProperty() throws {
        var names: Set<String> = []
        for kind in ElementKind.allCases {
            for context in [ElementContext.control, .menu] {
                for spec in PropertyCatalog.specs(for: kind, in: context) {
                    switch spec.type {
                    case .menuReference, .viewReference, .optionReference: names.insert(spec.name)
                    default: break
                    }
                }
            }
        }
        let grammar = try JSONSerialization.jsonObject(with: Data(contentsOf: GrammarTests.grammar.appendingPathComponent("menu.tmLanguage.json"))) as? [String: Any]
        let begin = try #require(((grammar?["repository"] as? [String: Any])?["reference-property"] as? [String: Any])?["begin"] as? String)
        #expect(Self.alternatives(in: begin, after: "\\b(", separator: "|") == names, "\(begin)")
        let vim = try String(contentsOf: GrammarTests.vimSyntax, encoding: .utf8)
        let line = try #require(vim.split(separator: "\n").first { $0.contains("syn match   menuReferenceProperty") })
        #expect(Self.alternatives(in: String(line), after: "\\<\\(", separator: "\\|") == names, "\(line)")
    }

    static func alternatives(in pattern: String, after opening: String, separator: String) -> Set<String> {
        guard let start = pattern.range(of: opening) else { return [] }
        let rest = pattern[start.upperBound...]
        guard let end = rest.firstIndex(of: ")") else { return [] }
        var body = String(rest[..<end])
        if body.hasSuffix("\\") { body.removeLast() }
        return Set(body.components(separatedBy: separator))
    }

    @Test func vimHighlightsReferencesAsOneGroupAndKindsAfterBlockComments() throws {
        guard let vim = GrammarTests.executable("vim") else {
            Issue.record("vim is not on PATH (Tests/run-all.sh installs it: apt-get install -y vim)")
            return
        }
        let text = try String(contentsOf: Self.fixture, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Vim's columns are bytes.
        func byteColumn(_ line: Int, _ column: Int) -> Int {
            String(String.UnicodeScalarView(lines[line - 1].unicodeScalars.prefix(column - 1))).utf8.count + 1
        }
        var expectations = try Self.references().map { (line: $0.line, column: byteColumn($0.line, $0.column), group: "menuReference") }
        let commented = try #require(lines.firstIndex { $0.contains("*/ menu Window") })
        let kindColumn = try #require(lines[commented].range(of: "*/ menu")).upperBound
        expectations.append((commented + 1, lines[commented].utf8.distance(from: lines[commented].startIndex, to: kindColumn) - 3, "menuElementKind"))
        expectations.append((commented + 1, 3, "menuBlockComment"))
        let groups = try Self.vimGroups(vim, at: expectations.map { ($0.line, $0.column) })
        for expectation in expectations {
            #expect(groups["\(expectation.line):\(expectation.column)"] == expectation.group,
                    "line \(expectation.line), column \(expectation.column): \(groups["\(expectation.line):\(expectation.column)"] ?? "nothing")")
        }
    }

    /// The highlight group Vim gives each (line, byte column) of the fixture.
    static func vimGroups(_ vim: String, at positions: [(Int, Int)]) throws -> [String: String] {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("groups.txt")
        let list = positions.map { "[\($0.0), \($0.1)]" }.joined(separator: ", ")
        let probe = """
            let s:lines = []
            for [s:line, s:column] in [\(list)]
              call add(s:lines, s:line . ':' . s:column . ' ' . synIDattr(synID(s:line, s:column, 1), 'name'))
            endfor
            call writefile(s:lines, '\(output.path)')
            qall!
            """
        let probeURL = directory.appendingPathComponent("probe.vim")
        try TestSupport.write(probe, to: probeURL)
        _ = try Subprocess.run(vim, ["-Es", "-u", "NONE", "-N", "-i", "NONE",
                                     "-c", "set rtp+=\(GrammarTests.grammar.appendingPathComponent("vim").path)",
                                     "-c", "filetype on", "-c", "syntax on",
                                     "-c", "edit \(fixture.path)", "-c", "source \(probeURL.path)"])
        let lines = (try? String(contentsOf: output, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
        return Dictionary(lines.map { line -> (String, String) in
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            return (parts[0], parts.count > 1 ? parts[1] : "")
        }, uniquingKeysWith: { first, _ in first })
    }
}
