import MenuCompiler
import MenuSupport
import MenuSyntax
import MenuFormatter
import MenuRules
import MenuBackends
import MenuLanguageServer
import MenuImport

enum CommandLineTool {
    static func run(_ arguments: [String], keeping kept: KeptUntilExit, interruptions: Interruptions) -> ExitCode {
        guard let command = arguments.first else {
            Terminal.error(Help.main)
            return .usage
        }
        let rest = Array(arguments.dropFirst())
        if command == "check" || command == "build", let problem = JobsSetting.fromEnvironment().problem {
            Terminal.error("menuc \(command): warning: \(Terminal.shown(problem))\n")
        }
        do {
            switch command {
            case "--help", "-h": Terminal.write(Help.main); return .success
            case "--version", "-V": Terminal.write("menuc \(Compiler.version)\n"); return .success
            case "help":
                let arguments = try Arguments(rest, command: Help.help)
                if arguments.has("--help") { return help("help") }
                guard arguments.positional.count <= 1 else { throw Arguments.UsageError(message: "name one command") }
                return help(arguments.positional.first)
            case "check": return try CheckCommand.run(rest, keeping: kept, interruptions: interruptions)
            case "build": return try BuildCommand.run(rest, keeping: kept, interruptions: interruptions)
            case "preview": return try PreviewCommand.run(rest, interruptions: interruptions)
            case "fmt": return try FormatCommand.run(rest, interruptions: interruptions)
            case "rules": return try RulesCommand.list(rest)
            case "explain": return try RulesCommand.explain(rest)
            case "lsp": return try LSPCommand.run(rest)
            case "import": return try ImportCommand.run(rest, interruptions: interruptions)
            default:
                var message = "menuc: unknown command '\(Terminal.shown(command))'"
                if let suggestion = Suggest.closest(to: command, in: commands) { message += "; did you mean '\(suggestion)'?" }
                Terminal.error(message + "\nRun 'menuc --help' for the list of commands.\n")
                return .usage
            }
        } catch let failure as Arguments.UsageError {
            Terminal.error("menuc \(command): \(Terminal.shown(failure.message))\nRun 'menuc help \(command)' for usage.\n")
            return .usage
        } catch let failure as CommandFailure {
            Terminal.error("menuc \(command): \(Terminal.shown(failure.message))\n")
            return failure.code
        } catch {
            Terminal.error("menuc \(command): \(Terminal.shown("\(error)"))\n")
            return .usage
        }
    }

    static var commands: [String] { Help.commands.map(\.name) }

    static func help(_ topic: String?) -> ExitCode {
        guard let topic else {
            Terminal.write(Help.main)
            return .success
        }
        guard let command = Help.command(named: topic) else {
            var message = "menuc help: no command '\(Terminal.shown(topic))'"
            if let suggestion = Suggest.closest(to: topic, in: commands) { message += "; did you mean '\(suggestion)'?" }
            Terminal.error(message + "\n")
            return .usage
        }
        Terminal.write(command.helpText)
        return .success
    }
}
