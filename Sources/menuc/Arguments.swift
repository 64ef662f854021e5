import MenuCompiler
import MenuSupport
import MenuSyntax
import MenuFormatter
import MenuRules
import MenuBackends
import MenuLanguageServer
import MenuImport

/// A small command-line scanner: flags, options with values (`--out DIR`
/// or `--out=DIR`), repeatable options, and positional arguments. Unknown
/// flags are usage errors naming the closest known one.
struct Arguments {
    struct UsageError: Error {
        var message: String
    }

    private(set) var positional: [String] = []
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []

    /// Parses `arguments` as `command` describes them: the same description
    /// makes its help, so the two cannot differ.
    init(_ arguments: [String], command: CommandSpec) throws {
        try self.init(arguments, valueOptions: command.valueOptions, flagOptions: command.flagOptions, shortNames: command.shortNames)
    }

    /// `valueOptions` take a value; `flagOptions` don't; `shortNames` spell some of them in one letter.
    init(_ arguments: [String], valueOptions: Set<String>, flagOptions: Set<String>, shortNames: [String: String] = [:]) throws {
        var index = 0
        var onlyPositional = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositional || argument == "-" || !argument.hasPrefix("-") {
                positional.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositional = true
                continue
            }
            var name = shortNames[argument] ?? argument
            var inlineValue: String?
            if name == argument, let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if valueOptions.contains(name) {
                if let inlineValue {
                    values[name, default: []].append(inlineValue)
                } else if index < arguments.count {
                    values[name, default: []].append(arguments[index])
                    index += 1
                } else {
                    throw UsageError(message: "\(name) needs a value")
                }
            } else if flagOptions.contains(name), inlineValue == nil {
                flags.insert(name)
            } else {
                let known = (valueOptions.union(flagOptions)).sorted()
                var message = "unknown option '\(name)'"
                if let suggestion = closest(name, known) { message += "; did you mean '\(suggestion)'?" }
                throw UsageError(message: message)
            }
        }
    }

    func value(_ name: String) -> String? { values[name]?.last }

    /// The value of an option that names a path: an empty one is refused
    /// (`--out ''` would otherwise write into the current folder).
    func path(_ name: String, naming what: String) throws -> String? {
        guard let value = value(name) else { return nil }
        if value.isEmpty { throw UsageError(message: "\(name) needs \(what), not an empty path") }
        return value
    }
    func all(_ name: String) -> [String] { values[name] ?? [] }
    func has(_ name: String) -> Bool { flags.contains(name) }

    private func closest(_ name: String, _ candidates: [String]) -> String? {
        Suggest.closest(to: name, in: candidates)
    }
}
