#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MenuCompiler

/// The `menuc` command line: a thin shell over the MenuCompiler library.
let arguments = Array(CommandLine.arguments.dropFirst())
let keptUntilExit = KeptUntilExit()
let status = CommandLineTool.run(arguments, keeping: keptUntilExit)
exit(status.rawValue)
