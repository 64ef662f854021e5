#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MenuCompiler
import MenuSupport
import MenuSyntax
import MenuFormatter
import MenuRules
import MenuBackends
import MenuLanguageServer
import MenuImport

enum RulesCommand {
    static func list(_ raw: [String]) throws -> ExitCode {
        let arguments = try Arguments(raw, command: Help.rules)
        if arguments.has("--help") {
            Terminal.write(Help.rules.helpText)
            return .success
        }
        let format = arguments.has("--markdown") ? "markdown" : arguments.value("--format") ?? "text"
        guard ["text", "json", "markdown"].contains(format) else {
            throw Arguments.UsageError(message: "--format takes text, json or markdown (got '\(format)')")
        }
        if format == "markdown" {
            Terminal.write(RuleDocumentation.markdown())
            return .success
        }
        var configuration = RuleConfiguration()
        let configPath = arguments.value("--config")
            ?? ProjectConfiguration.find(from: PathNames.appending("_", to: FileManager.default.currentDirectoryPath))
        if let configPath {
            switch ProjectConfiguration.load(path: configPath, knownRuleIDs: RuleDocumentation.configurableIDs) {
            case .success(let loaded): configuration = loaded.rules
            case .failure(let failure): throw CommandFailure(message: failure.description)
            }
        }
        configuration.severities.merge(try CompileSession.ruleOverrides(arguments)) { _, override in override }
        Terminal.write(format == "json" ? json(configuration) : RuleDocumentation.table(configuration: configuration))
        return .success
    }

    /// Every rule as `menuc rules` lists it, for programs: one object per
    /// rule, in the same order.
    static func json(_ configuration: RuleConfiguration) -> String {
        let rules = RuleDocumentation.orderedDescriptors.map { descriptor in
            JSONValue.object([
                ("id", .string(descriptor.id)),
                ("defaultSeverity", .string(descriptor.severity.rawValue)),
                ("effectiveSeverity", .string(configuration.effectiveSeverity(of: descriptor).rawValue)),
                ("fixIt", .bool(descriptor.hasFixIt)),
                ("summary", .string(descriptor.summary)),
                ("guideline", .object([("section", .string(descriptor.guideline.section)), ("url", .string(descriptor.guideline.url))])),
            ])
        }
        return JSONValue.array(rules).render()
    }

    static func explain(_ raw: [String]) throws -> ExitCode {
        let arguments = try Arguments(raw, command: Help.explain)
        if arguments.has("--help") {
            Terminal.write(Help.explain.helpText)
            return .success
        }
        guard let id = arguments.positional.first else { throw Arguments.UsageError(message: "name a rule id, e.g. menuc explain label-title-case") }
        if let text = RuleDocumentation.explain(id) {
            Terminal.write(text)
            return .success
        }
        var message = "no rule or diagnostic named '\(id)'"
        if let suggestion = Suggest.closest(to: id, in: RuleDocumentation.allIDs + [DisplayLimit.notShownID, DiagnosticCatalog.formatterFailureID]) { message += "; did you mean '\(suggestion)'?" }
        // One line: the message is printed visibly escaped, a line break included.
        throw CommandFailure(message: message + "; run 'menuc rules' for the list")
    }
}
