import MenuCompiler
import MenuSupport
import MenuSyntax
import MenuFormatter
import MenuRules
import MenuBackends
import MenuLanguageServer
import MenuImport

/// `menuc lsp`: the language server over standard input and output. All of
/// it lives in the library; this only wires it to the process.
enum LSPCommand {
    static func run(_ raw: [String]) throws -> ExitCode {
        // Clients pass `--stdio` and `--clientProcessId=N` by habit; stdio is
        // the only transport, and the client ends the server with `exit`.
        let arguments = try Arguments(raw, command: Help.lsp)
        if arguments.has("--help") {
            Terminal.write(Help.lsp.helpText)
            return .success
        }
        if let extra = arguments.positional.first { throw Arguments.UsageError(message: "unexpected argument '\(extra)'") }
        // A client that goes away must not kill the server with SIGPIPE mid-write.
        signal(SIGPIPE, SIG_IGN)
        let server = LanguageServer(configuration: LanguageServer.Configuration(formatter: MenuFormatterAdapter()))
        let code = StdioTransport().run(server)
        return code == 0 ? .success : .inputErrors
    }
}
