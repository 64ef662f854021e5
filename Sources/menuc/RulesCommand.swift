import MenuCompiler

enum RulesCommand {
    static func list(_ raw: [String]) throws -> ExitCode {
        let arguments = try Arguments(raw, valueOptions: [], flagOptions: ["--help"])
        if arguments.has("--help") {
            Terminal.write(Help.rules)
            return .success
        }
        Terminal.write(RuleDocumentation.table(configuration: RuleConfiguration()))
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
