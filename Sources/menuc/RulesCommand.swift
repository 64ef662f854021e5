import Foundation
import MenuCompiler

enum RulesCommand {
    static func list(_ raw: [String]) throws -> ExitCode {
        let arguments = try Arguments(raw, valueOptions: ["--config", "--rule"], flagOptions: ["--help", "--markdown"])
        if arguments.has("--help") {
            Terminal.write(Help.rules)
            return .success
        }
        if arguments.has("--markdown") {
            Terminal.write(RuleDocumentation.markdown())
            return .success
        }
        var configuration = RuleConfiguration()
        let configPath = arguments.value("--config")
            ?? ProjectConfiguration.find(from: (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent("_"))
        if let configPath {
            switch ProjectConfiguration.load(path: configPath, knownRuleIDs: RuleDocumentation.configurableIDs) {
            case .success(let loaded): configuration = loaded.rules
            case .failure(let failure): throw CommandFailure(message: failure.description)
            }
        }
        for rule in arguments.all("--rule") {
            let parts = rule.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let severity = RuleSeverity(rawValue: parts[1]), RuleDocumentation.configurableIDs.contains(parts[0]) else {
                throw Arguments.UsageError(message: "--rule takes ID=SEVERITY with a known rule id and off, note, warning or error (got '\(rule)')")
            }
            configuration.severities[parts[0]] = severity
        }
        Terminal.write(RuleDocumentation.table(configuration: configuration))
        return .success
    }

    static func explain(_ raw: [String]) throws -> ExitCode {
        let arguments = try Arguments(raw, valueOptions: [], flagOptions: ["--help"])
        if arguments.has("--help") {
            Terminal.write(Help.explain)
            return .success
        }
        guard let id = arguments.positional.first else { throw Arguments.UsageError(message: "name a rule id, e.g. menuc explain label-title-case") }
        if let text = RuleDocumentation.explain(id) {
            Terminal.write(text)
            return .success
        }
        var message = "no rule or language error named '\(id)'"
        if let suggestion = Suggest.closest(to: id, in: RuleDocumentation.allIDs) { message += "; did you mean '\(suggestion)'?" }
        throw CommandFailure(message: message + "\nRun 'menuc rules' for the list.")
    }
}
