import MenuCompiler
import MenuSupport
import MenuSyntax
import MenuFormatter
import MenuRules
import MenuBackends
import MenuLanguageServer
import MenuImport

/// The `menuc` command line: a thin shell over the MenuCompiler library.
// First, before any other thread starts: the signals' mask is inherited.
let interruptions = Interruptions()
AllocatorPolicy.apply()
// Read as bytes (`PathBytes`): `CommandLine.arguments` replaces what is not
// UTF-8 with U+FFFD, and a file named so could then not be opened.
let arguments = (1..<Int(CommandLine.argc)).compactMap { index in CommandLine.unsafeArgv[index].map { PathBytes.string(cString: $0) } }
let keptUntilExit = KeptUntilExit()
let status = CommandLineTool.run(arguments, keeping: keptUntilExit, interruptions: interruptions)
exit(status.rawValue)
