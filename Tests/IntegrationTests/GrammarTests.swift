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
import CompilerTestSupport

/// The editor syntaxes in `grammar/`: the TextMate grammar, run by a real
/// TextMate engine (textmate-grammar-python, driven by
/// `Tests/grammar/textmate_tokens.py`), and the Vim syntax, run by headless
/// Vim. `Tests/run-all.sh` installs both tools when they are missing.
struct GrammarTests {
    static let grammar = TestSupport.packageRoot.appendingPathComponent("grammar")
    static let textMate = grammar.appendingPathComponent("menu.tmLanguage.json")
    static let vimSyntax = grammar.appendingPathComponent("vim/syntax/menu.vim")
    static let fixture = TestSupport.packageRoot.appendingPathComponent("Tests/grammar/fixture.menu")

    /// An executable found on PATH.
    static func executable(_ name: String) -> String? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Whether `word` occurs in `text` as a whole word.
    static func containsWord(_ text: String, _ word: String) -> Bool {
        var searchRange = text.startIndex..<text.endIndex
        while let found = text.range(of: word, range: searchRange) {
            let before = found.lowerBound == text.startIndex ? nil : text[text.index(before: found.lowerBound)]
            let after = found.upperBound == text.endIndex ? nil : text[found.upperBound]
            let isWordCharacter = { (character: Character?) in character.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false }
            if !isWordCharacter(before), !isWordCharacter(after) { return true }
            searchRange = found.upperBound..<text.endIndex
        }
        return false
    }

    @Test func everyKeywordIsInBothGrammars() throws {
        let textMate = try String(contentsOf: Self.textMate, encoding: .utf8)
        let vim = try String(contentsOf: Self.vimSyntax, encoding: .utf8)
        for keyword in Keywords.all.sorted() {
            #expect(Self.containsWord(textMate, keyword), "grammar/menu.tmLanguage.json does not know '\(keyword)'")
            #expect(Self.containsWord(vim, keyword), "grammar/vim/syntax/menu.vim does not know '\(keyword)'")
        }
    }

    @Test func editorFilesAreValidJSON() throws {
        for name in ["menu.tmLanguage.json", "language-configuration.json", "package.json"] {
            let data = try Data(contentsOf: Self.grammar.appendingPathComponent(name))
            #expect((try? JSONSerialization.jsonObject(with: data)) != nil, "\(name) is not valid JSON")
        }
    }

    // MARK: - TextMate

    /// `textmate_tokens.py` output for each file, by the path given.
    static func textMateTokens(_ paths: [String]) throws -> [String: [String]] {
        guard let python = executable("python3") else {
            Issue.record("python3 is not on PATH")
            return [:]
        }
        let script = TestSupport.packageRoot.appendingPathComponent("Tests/grammar/textmate_tokens.py").path
        let result = try Subprocess.run(python, [script] + paths, directory: TestSupport.packageRoot)
        guard result.status == 0 else {
            Issue.record("textmate_tokens.py failed (install the engine with: python3 -m pip install textmate-grammar-python, as Tests/run-all.sh does):\n\(result.error)")
            return [:]
        }
        var sections: [String: [String]] = [:]
        var current: String?
        for line in result.output.split(separator: "\n", omittingEmptySubsequences: false) where !line.isEmpty {
            if line.hasPrefix("== ") {
                current = String(line.dropFirst(3))
                sections[current ?? ""] = []
            } else if let current {
                sections[current, default: []].append(String(line))
            }
        }
        return sections
    }

    /// The hand-checked fixture, token by token: `Tests/grammar/fixture.tokens.txt`.
    @Test func textMateScopesOfTheFixture() throws {
        let tokens = try Self.textMateTokens(["Tests/grammar/fixture.menu"])["Tests/grammar/fixture.menu"] ?? []
        let expected = try String(contentsOf: TestSupport.packageRoot.appendingPathComponent("Tests/grammar/fixture.tokens.txt"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        #expect(tokens.count == expected.count, "\(tokens.count) tokens, expected \(expected.count)")
        for (actual, wanted) in zip(tokens, expected) where actual != wanted {
            Issue.record("token differs:\n  got      \(actual)\n  expected \(wanted)")
        }
    }

    /// Every sample tokenizes with every visible character inside a scope
    /// and nothing marked invalid.
    @Test func textMateTokenizesEverySample() throws {
        let samples = TestSupport.menuFiles(under: TestSupport.samples).filter { !$0.hasPrefix("errors/") }.map { "samples/" + $0 }
        let sections = try Self.textMateTokens(samples)
        #expect(sections.count == samples.count)
        for (path, tokens) in sections.sorted(by: { $0.key < $1.key }) {
            #expect(tokens.count > 10, "\(path): too few tokens")
            for token in tokens {
                // `LINE:COLUMN "TEXT" SCOPES…`: a token with no scope ends with its closing quote.
                #expect(!token.hasSuffix("\""), "\(path): no scope for \(token)")
                #expect(!token.contains(" invalid."), "\(path): \(token)")
            }
        }
    }

    // MARK: - Vim

    /// Highlight groups at chosen positions of the fixture (1-based line
    /// and column); "" where nothing is highlighted.
    static let vimExpectations: [(line: Int, column: Int, group: String)] = [
        (1, 1, "menuDocComment"), (2, 1, "menuLineComment"),
        (3, 1, "menuPlatforms"), (3, 11, "menuPlatformName"), (3, 15, "menuVersion"), (3, 19, "menuPlatformName"), (3, 25, "menuVersion"),
        (4, 1, "menuImport"), (4, 8, "menuString"),
        (6, 1, "menuAttributeName"), (6, 8, "menuRuleID"), (6, 26, "menuRuleID"),
        (7, 1, "menuElementKind"), (7, 6, "menuElementName"), (7, 11, "menuString"), (7, 17, "menuEscape"), (7, 28, "menuEscape"),
        (7, 36, "menuEscapeError"),
        (8, 3, "menuElementKind"), (8, 8, "menuElementName"), (8, 13, "menuString"), (8, 22, "menuProperty"), (8, 32, "menuShortcut"),
        (8, 47, "menuProperty"), (8, 56, "menuBoolean"),
        (9, 3, "menuElementKind"), (9, 10, "menuElementName"), (9, 37, ""), (9, 43, "menuLineComment"),
        (10, 3, "menuBlockComment"), (10, 30, "menuBlockComment"),
        // A kind is a keyword only at the start of an element: here a property and a value.
        (11, 3, "menuProperty"), (11, 9, ""),
        (12, 3, "menuUse"), (12, 7, "menuReference"),
        (15, 1, "menuElementKind"), (15, 29, "menuNumber"), (15, 41, "menuNumber"),
    ]

    @Test func vimHighlightsTheFixture() throws {
        guard let vim = Self.executable("vim") else {
            Issue.record("vim is not on PATH (Tests/run-all.sh installs it: apt-get install -y vim)")
            return
        }
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("groups.txt")
        let positions = Self.vimExpectations.map { "[\($0.line), \($0.column)]" }.joined(separator: ", ")
        let probe = """
            let s:lines = ['filetype=' . &filetype]
            for [s:line, s:column] in [\(positions)]
              call add(s:lines, s:line . ':' . s:column . ' ' . synIDattr(synID(s:line, s:column, 1), 'name'))
            endfor
            call writefile(s:lines, '\(output.path)')
            qall!
            """
        let probeURL = directory.appendingPathComponent("probe.vim")
        try TestSupport.write(probe, to: probeURL)
        let result = try Subprocess.run(vim, ["-Es", "-u", "NONE", "-N", "-i", "NONE",
                                              "-c", "set rtp+=\(Self.grammar.appendingPathComponent("vim").path)",
                                              "-c", "filetype on", "-c", "syntax on",
                                              "-c", "edit \(Self.fixture.path)", "-c", "source \(probeURL.path)"])
        let lines = (try? String(contentsOf: output, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
        #expect(lines.first == "filetype=menu", "ftdetect did not set the filetype (vim: \(result.status) \(result.error))")
        let groups = Dictionary(lines.dropFirst().map { line -> (String, String) in
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            return (parts[0], parts.count > 1 ? parts[1] : "")
        }, uniquingKeysWith: { first, _ in first })
        for expectation in Self.vimExpectations {
            let key = "\(expectation.line):\(expectation.column)"
            #expect(groups[key] == expectation.group, "line \(expectation.line), column \(expectation.column): \(groups[key] ?? "nothing")")
        }
    }
}
