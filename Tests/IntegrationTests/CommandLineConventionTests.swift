import Foundation
import Testing
import MenuTestSupport

/// The command line behaves the same way in every command: help and
/// version spellings, help made from the parser's own description, write
/// failures, colour, streams, and the errors people meet first.
@Suite(.serialized)
struct CommandLineConventionTests {
    static let commands = ["check", "build", "fmt", "import", "rules", "explain", "lsp", "help"]

    func menuc(_ arguments: [String], input: String? = nil, in directory: URL? = nil,
               environment: [String: String] = [:]) throws -> Subprocess.Result {
        // Colour variables of the machine running the tests must not leak in.
        let neutral = ["NO_COLOR": "1", "CLICOLOR": "", "CLICOLOR_FORCE": "", "FORCE_COLOR": "", "TERM": "xterm"]
        return try Subprocess.run(CLITests.binary, arguments, input: input.map { Data($0.utf8) },
                                  directory: directory ?? TestSupport.packageRoot,
                                  environment: neutral.merging(environment) { _, new in new })
    }

    /// The options a help text lists (its OPTIONS section), with whether each takes a value.
    static func listedOptions(_ help: String) -> [(name: String, takesValue: Bool)] {
        guard let section = help.components(separatedBy: "\nOPTIONS:\n").last else { return [] }
        var options: [(String, Bool)] = []
        for line in section.split(separator: "\n") where line.hasPrefix("  ") && !line.hasPrefix("   ") {
            var words = line.split(separator: " ").map(String.init)
            if words.first?.hasSuffix(",") == true { words.removeFirst() }
            guard let name = words.first, name.hasPrefix("--") else { continue }
            options.append((name, words.count > 1 && words[1].hasPrefix("<")))
        }
        return options
    }

    @Test func everyCommandTakesBothHelpSpellings() throws {
        for command in Self.commands {
            let long = try menuc([command, "--help"])
            let short = try menuc([command, "-h"])
            let viaHelp = try menuc(["help", command])
            #expect(long.status == 0 && long.output.hasPrefix("USAGE: menuc \(command)"), "\(command) --help: \(long.error)")
            #expect(short.status == 0 && short.output == long.output, "\(command) -h")
            #expect(viaHelp.status == 0 && viaHelp.output == long.output, "menuc help \(command)")
        }
        let main = try menuc(["--help"])
        #expect(try menuc(["-h"]).output == main.output)
        for command in Self.commands { #expect(main.output.contains("\n  \(command) "), "menuc --help lists \(command)") }
        let version = try menuc(["--version"])
        #expect(version.status == 0 && version.output.hasPrefix("menuc "))
        #expect(try menuc(["-V"]).output == version.output)
        let unknown = try menuc(["help", "chek"])
        #expect(unknown.status == 2 && unknown.error.contains("did you mean 'check'?"))
    }

    /// Every option a help text lists is one the parser takes, and the
    /// options of the usage line are among them.
    @Test func helpListsWhatTheParserTakes() throws {
        for command in Self.commands {
            let help = try menuc([command, "--help"]).output
            let options = Self.listedOptions(help)
            #expect(options.contains { $0.name == "--help" }, "\(command)")
            for option in options where option.name != "--help" {
                var arguments = [command, option.name]
                if option.takesValue { arguments.append("x") }
                let result = try menuc(arguments, input: "")
                #expect(!result.error.contains("unknown option"), "\(command) \(option.name): \(result.error)")
            }
            let usage = help.split(separator: "\n").first.map(String.init) ?? ""
            for word in usage.split(whereSeparator: { " []|=".contains($0) }) where word.hasPrefix("--") {
                #expect(options.contains { $0.name == word }, "\(command): the usage line names \(word)")
            }
        }
        // What `build` took without saying so.
        let build = try menuc(["build", "--help"]).output
        for option in ["--config", "--rule", "--baseline", "--quiet"] { #expect(Self.listedOptions(build).contains { $0.name == option }, "\(option)") }
        #expect(build.contains("sarif") && build.contains("github"))
    }

    /// A full disk on standard output is an error with a message; a reader
    /// that goes away is not worth one.
    @Test func aFailedWriteToStandardOutputIsAnError() throws {
        let samples = TestSupport.samples.appendingPathComponent("mail.menu").path
        for command in [["rules"], ["check", "--format", "sarif", samples], ["fmt", "-"], ["rules", "--format", "json"]] {
            let result = try Subprocess.run("/bin/sh", ["-c", "\"$0\" \"$@\" >/dev/full", CLITests.binary] + command,
                                            input: Data("menu M \"M\" {   item a \"Open\" }\n".utf8), directory: TestSupport.packageRoot)
            #expect(result.status == 2, "\(command)")
            #expect(result.error == "menuc: cannot write to standard output: No space left on device\n", "\(command): \(result.error)")
        }
        let closed = try Subprocess.run("/bin/sh", ["-c", "\"$0\" rules --markdown | head -c 1 >/dev/null", CLITests.binary],
                                        directory: TestSupport.packageRoot)
        #expect(closed.error.isEmpty, "\(closed.error)")
    }

    @Test func colourFollowsTheCommonConventions() throws {
        let file = "samples/errors/unknown-property.menu"
        func coloured(_ options: [String], _ environment: [String: String]) throws -> Bool {
            try menuc(["check", file] + options, environment: ["NO_COLOR": ""].merging(environment) { _, new in new }).output.contains("\u{1B}[")
        }
        #expect(try !coloured([], [:]), "not a terminal")
        #expect(try coloured([], ["CLICOLOR_FORCE": "1"]))
        #expect(try coloured([], ["FORCE_COLOR": "1"]))
        #expect(try !coloured([], ["FORCE_COLOR": "0"]))
        #expect(try !coloured([], ["CLICOLOR_FORCE": "1", "NO_COLOR": "1"]), "NO_COLOR wins over forcing")
        #expect(try coloured(["--color", "always"], ["NO_COLOR": "1"]), "the option wins over the environment")
        #expect(try !coloured(["--color", "never"], ["CLICOLOR_FORCE": "1"]))
        let bad = try menuc(["check", file, "--color", "sometimes"])
        #expect(bad.status == 2 && bad.error.contains("--color takes auto, always or never"))
    }

    @Test func misleadingUsageGetsAClearError() throws {
        let several = try menuc(["build", "-", "--emit", "swift,json"], input: "menu M \"M\" { item a \"Open\" }")
        #expect(several.status == 2 && several.error.contains("need a folder: give --out <dir>"), "\(several.error)")
        let empty = try menuc(["build", "samples/mail.menu", "--out", ""])
        #expect(empty.status == 2 && empty.error.contains("--out needs a folder, not an empty path"))
        let rule = try menuc(["check", "samples/mail.menu", "--rule", "label-title-cases=off"])
        #expect(rule.status == 2 && rule.error.contains("did you mean 'label-title-case'?"), "\(rule.error)")
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try TestSupport.write("{ \"rules\": { \"label-title-cases\": \"off\" } }", to: directory.appendingPathComponent("menuc.json"))
        try TestSupport.write("menu M \"M\" { item a \"Open\" }\n", to: directory.appendingPathComponent("a.menu"))
        let configured = try menuc(["check", "a.menu"], in: directory)
        #expect(configured.status == 2 && configured.error.contains("did you mean 'label-title-case'?"), "\(configured.error)")
    }

    /// `check --fix -` fixes standard input to standard output, as `fmt -`
    /// formats it; the report then goes to standard error, and the fix-its
    /// not applied are named with the reason.
    @Test func fixWorksOnStandardInputAndSaysWhatItLeft() throws {
        let source = "menu File \"File\" {\n  item e \"Export...\" { input: true }\n}\n"
        let result = try menuc(["check", "--fix", "-", "--format", "short"], input: source)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == source.replacingOccurrences(of: "Export...", with: "Export…"), "\(result.output)")
        let unfixable = "menu File \"File\" {\n  item o \"Open\" { shortcuts: \"cmd+o\" }\n}\n"
        let left = try menuc(["check", "--fix", "-", "--format", "short"], input: unfixable)
        #expect(left.status == 1 && left.output == unfixable)
        #expect(left.error.contains("<stdin>:2:19: error: unknown property 'shortcuts'"), "the report on standard error: \(left.error)")
        #expect(left.error.contains("<stdin>:2:19: fix-it not applied (a language error's suggestion; confirm it by hand)"), "\(left.error)")
        let quiet = try menuc(["check", "--fix", "-", "-q", "--format", "short"], input: unfixable)
        #expect(!quiet.error.contains("fix-it not applied"))
    }

    /// `build`, `fmt` and `check --fix` say what they wrote on standard
    /// error (quiet with -q); diagnostics go where `check` sends them.
    @Test func commandsSayWhatTheyWroteTheSameWay() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try TestSupport.write("{}", to: directory.appendingPathComponent("menuc.json"))
        try TestSupport.write("menu M \"M\" {   item a \"Export...\" { input: true } }\n", to: directory.appendingPathComponent("a.menu"))
        let built = try menuc(["build", "a.menu", "--emit", "json,swift", "--out", "out", "--format", "short"], in: directory)
        #expect(built.status == 0)
        #expect(built.output.contains("a.menu:1:23: warning:"), "diagnostics on standard output, as check: \(built.output)")
        #expect(built.error == "wrote 2 files to out\n", "\(built.error)")
        let again = try menuc(["build", "a.menu", "--emit", "json,swift", "--out", "out"], in: directory)
        #expect(again.error == "out is up to date (2 files unchanged)\n", "\(again.error)")
        let quiet = try menuc(["build", "a.menu", "--emit", "json", "--out", "out2", "-q"], in: directory)
        #expect(quiet.status == 0 && quiet.error.isEmpty)
        let formatted = try menuc(["fmt", "a.menu"], in: directory)
        #expect(formatted.error == "reformatted 1 file\n", "\(formatted.error)")
        let fixed = try menuc(["check", "--fix", "a.menu"], in: directory)
        #expect(fixed.error == "fixed 1 file\n", "\(fixed.error)")
        let rules = try menuc(["rules", "--format", "json"])
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(rules.output.utf8)) as? [[String: Any]])
        let ids = listed.compactMap { $0["id"] as? String }
        #expect(!ids.isEmpty && ids == ids.sorted(), "the order of docs/rules.md")
        let table = try menuc(["rules"]).output.split(separator: "\n").dropFirst().map { String($0.prefix { $0 != " " }) }
        #expect(table == ids)
    }
}
