import Foundation
import Testing
import MenuTestSupport
import CompilerTestSupport
@testable import MenuSupport
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
@testable import MenuBackends
@testable import MenuCompiler

/// Every fenced code block of the README and docs/*.md, found by reading
/// the files (a new block is covered without being listed), is run as what
/// its info string says it is:
///
/// - `menu`: a whole file — `menuc check` finds no language error, and
///   `menuc fmt --check` no change; `menu noncanonical`: the same without
///   the layout (the block shows another layout on purpose); `menu
///   fragment`: part of a file — no error but those a missing context
///   gives (misplaced-element, import-failed, unknown-reference);
///   `menu error=ID`: shows that language error, and only it.
/// - `sh`: `bash -n` parses it; `text`: what a reader sees (output, a
///   synopsis, pseudo-syntax). In both, each `menuc` command line's options
///   must be options of that command (`menuc COMMAND --help`).
/// - `swift`: type-checked with the Swift generated for samples/notes.menu
///   (and the SwiftUI adapter over its stand-in); `swift excerpt`: each
///   line not elided with `…` is a line of that generated file; `swift
///   manifest`: the arguments of a `Package(…)`, type-checked against
///   SwiftPM's PackageDescription.
/// - `json`: parses; `json menuc.json`: a configuration menuc loads.
///
/// The exceptions, not run: `ebnf` (grammar excerpts; grammar/menu.ebnf
/// is checked against the lexer), `js` and `lua` (editor configuration for
/// editors the suite doesn't script that way), `markdown` (what a page
/// embeds). docs/rules.md is generated, and its examples are the rules'
/// and the diagnostic catalog's, which RuleExampleTests and
/// DiagnosticCatalogTests run.
extension DocumentationTests {
    struct CodeBlock: CustomStringConvertible, Sendable {
        var file: String
        var line: Int
        var info: String
        var body: String

        var kind: String { String(info.split(separator: " ").first ?? "") }
        var attributes: [String] { info.split(separator: " ").dropFirst().map(String.init) }
        var description: String { "\(file):\(line) ```\(info)" }
    }

    static let notRun: Set<String> = ["ebnf", "js", "lua", "markdown"]
    static let run: Set<String> = ["menu", "sh", "text", "swift", "json"]

    static var documentationFiles: [String] {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: TestSupport.packageRoot.appendingPathComponent("docs").path)) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") && $0 != "rules.md" }.sorted().map { "docs/" + $0 }
    }

    /// The fenced blocks of a Markdown file: an opening fence of three or
    /// more backticks (indented inside a list item), its info string, and
    /// the lines up to a closing fence at least as long.
    static func codeBlocks(in path: String) throws -> [CodeBlock] {
        let lines = try read(path).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var blocks: [CodeBlock] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let indent = line.prefix { $0 == " " }.count
            let fence = line.dropFirst(indent).prefix { $0 == "`" }.count
            guard fence >= 3 else { index += 1; continue }
            let info = String(line.dropFirst(indent + fence)).trimmingCharacters(in: .whitespaces)
            var body: [String] = []
            var end = index + 1
            while end < lines.count {
                let candidate = lines[end].trimmingCharacters(in: .whitespaces)
                if candidate.count >= fence, candidate.allSatisfy({ $0 == "`" }) { break }
                body.append(String(lines[end].dropFirst(min(indent, lines[end].prefix { $0 == " " }.count))))
                end += 1
            }
            blocks.append(CodeBlock(file: path, line: index + 1, info: info, body: body.joined(separator: "\n") + "\n"))
            index = end + 1
        }
        return blocks
    }

    static func allCodeBlocks() throws -> [CodeBlock] {
        try documentationFiles.flatMap(codeBlocks(in:))
    }

    @Test func everyCodeBlockSaysWhatItIs() throws {
        let blocks = try Self.allCodeBlocks()
        #expect(blocks.count > 50, "\(blocks.count) blocks")
        for block in blocks {
            #expect(Self.run.contains(block.kind) || Self.notRun.contains(block.kind),
                    "\(block): say what the block is (menu, sh, text, swift, json, or one of the exceptions \(Self.notRun.sorted()))")
        }
    }

    // MARK: - .menu

    @Test func menuBlocksCheckAndFormat() throws {
        let cli = CLITests()
        let blocks = try Self.allCodeBlocks().filter { $0.kind == "menu" }
        #expect(blocks.count > 20)
        for block in blocks {
            let check = try cli.menuc(["check", "--format", "short", "-"], input: block.body)
            let errors = Set(check.output.split(separator: "\n").compactMap { line -> String? in
                guard let open = line.lastIndex(of: "["), line.hasSuffix("]") else { return nil }
                let id = String(line[line.index(after: open)..<line.index(before: line.endIndex)])
                return LanguageErrorID(rawValue: id) != nil ? id : nil
            })
            if let expected = block.attributes.first(where: { $0.hasPrefix("error=") })?.dropFirst(6) {
                #expect(errors == [String(expected)], "\(block): \(check.output)")
            } else if block.attributes.contains("fragment") {
                let context: Set<String> = ["misplaced-element", "import-failed", "unknown-reference"]
                #expect(errors.isSubset(of: context), "\(block): \(check.output)")
            } else {
                #expect(errors.isEmpty, "\(block): \(check.output)")
                if !block.attributes.contains("noncanonical") {
                    let format = try cli.menuc(["fmt", "--check", "-"], input: block.body)
                    #expect(format.status == 0, "\(block) is not in the canonical layout (mark it noncanonical if that is the point):\n\(format.output)\(format.error)")
                }
            }
        }
    }

    // MARK: - Shell and command lines

    @Test func shellBlocksParseAndTheirMenucCommandsTakeTheirOptions() throws {
        let blocks = try Self.allCodeBlocks()
        var commandLines = 0
        for block in blocks where block.kind == "sh" {
            let parsed = try Subprocess.run("/usr/bin/env", ["bash", "-n"], input: Data(block.body.utf8))
            #expect(parsed.status == 0, "\(block): \(parsed.error)")
        }
        var helps: [String: String] = [:]
        for block in blocks where block.kind == "sh" || block.kind == "text" {
            for line in block.body.split(separator: "\n") {
                guard let (command, options) = Self.menucOptions(in: String(line)) else { continue }
                commandLines += 1
                if helps[command] == nil { helps[command] = try CLITests().menuc([command, "--help"]).output }
                let help = helps[command] ?? ""
                #expect(help.contains("USAGE: menuc \(command)"), "\(block): no command menuc \(command)")
                for option in options {
                    #expect(Self.containsWord(help, option), "\(block): menuc \(command) has no option \(option): \(line)")
                }
            }
        }
        #expect(commandLines >= 10, "\(commandLines) menuc command lines")
    }

    static let commands: Set<String> = ["check", "build", "fmt", "preview", "import", "rules", "explain", "lsp", "help"]

    /// The menuc command a line runs and the long options it gives it:
    /// `menuc CMD …`, `.build/release/menuc CMD …` or `swift package [--allow-…] menuc CMD …`.
    static func menucOptions(in line: String) -> (command: String, options: [String])? {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let at = words.firstIndex(where: { $0 == "menuc" || $0 == "menuc-write" || $0.hasSuffix("/menuc") }),
              at + 1 < words.count, commands.contains(words[at + 1]) else { return nil }
        let throughPlugin = at > 0 && words[..<at].contains("package")
        var options: [String] = []
        for word in words[(at + 2)...] {
            if word == "#" || word.hasPrefix("#") { break }
            // `[--format`, `--rule=X`, `--emit,` and `--a|--b` alike.
            for part in word.split(separator: "|") {
                let option = part.drop { $0 == "[" || $0 == "(" }.prefix { $0.isLetter || $0.isNumber || $0 == "-" }
                guard option.hasPrefix("--"), option.count > 2 else { continue }
                // The command plugins' own option.
                if throughPlugin, option == "--target" { continue }
                options.append(String(option))
            }
        }
        return (words[at + 1], options)
    }

    static func containsWord(_ text: String, _ word: String) -> Bool {
        var rest = text[...]
        while let range = rest.range(of: word) {
            let after = range.upperBound == rest.endIndex ? nil : rest[range.upperBound]
            if after.map({ !($0.isLetter || $0.isNumber || $0 == "-") }) ?? true { return true }
            rest = rest[range.upperBound...]
        }
        return false
    }

    // MARK: - Swift

    @Test func swiftBlocksCompile() throws {
        let blocks = try Self.allCodeBlocks().filter { $0.kind == "swift" }
        let compilation = Compiler.compile([.path("samples/notes.menu")], options: CompileOptions(), workspace: Workspace(currentDirectory: TestSupport.packageRoot.path))
        let workspace = compilation.workspace
        let notes = SwiftBackend.render(try #require(compilation.files.first), files: { workspace.file($0) })
        let adapters = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: adapters) }
        let swiftUI = try AppsDocumentationTests.buildSwiftUIAdapter(in: adapters)
        try #require(swiftUI.status == 0, "\(swiftUI.output)\(swiftUI.error)")
        let generatedLines = Set(notes.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        var kinds: Set<String> = []
        for block in blocks {
            switch block.attributes.first {
            case nil:
                kinds.insert("program")
                let checked = try GeneratedAPITests.typecheck(["Notes.swift": notes, "main.swift": block.body], flags: ["-I", adapters.path])
                #expect(checked.status == 0, "\(block):\n\(block.body)\n\(checked.error)")
            case "excerpt":
                kinds.insert("excerpt")
                for line in block.body.split(separator: "\n") where !line.contains("…") {
                    let trimmed = line.trimmingCharacters(in: .whitespaces)
                    #expect(generatedLines.contains(trimmed), "\(block): menuc does not generate the line \(trimmed)")
                }
            case "manifest":
                kinds.insert("manifest")
                let manifest = "import PackageDescription\n\nlet package = Package(\n    name: \"App\",\n" + block.body + ")\n"
                let checked = try Self.typecheckManifest(manifest)
                #expect(checked.status == 0, "\(block):\n\(manifest)\n\(checked.error)")
            case let other?:
                Issue.record("\(block): unknown kind of Swift block '\(other)'")
            }
        }
        #expect(kinds == ["program", "excerpt", "manifest"])
    }

    /// `swiftc -typecheck` of a manifest against the toolchain's PackageDescription.
    static func typecheckManifest(_ text: String) throws -> Subprocess.Result {
        let toolchain = URL(fileURLWithPath: PluginDemoTests.swift).resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
        let api = toolchain.appendingPathComponent("lib/swift/pm/ManifestAPI").path
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("Package.swift")
        try TestSupport.write(text, to: path)
        return try Subprocess.run("/usr/bin/env", ["swiftc", "-typecheck", "-I", api, "-package-description-version", "6.0", path.path])
    }

    // MARK: - JSON

    @Test func jsonBlocksParseAndConfigurationsLoad() throws {
        let blocks = try Self.allCodeBlocks().filter { $0.kind == "json" }
        #expect(!blocks.isEmpty)
        for block in blocks {
            #expect((try? JSONSerialization.jsonObject(with: Data(block.body.utf8))) != nil, "\(block) is not JSON")
            guard block.attributes.contains("menuc.json") else { continue }
            let directory = try TestSupport.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let configuration = directory.appendingPathComponent("menuc.json")
            try TestSupport.write(block.body, to: configuration)
            let check = try CLITests().menuc(["check", "--config", configuration.path, "-"], input: "menu File \"File\" { item close \"Close\" }\n")
            #expect(check.status != 2, "\(block): \(check.error)")
        }
    }
}
