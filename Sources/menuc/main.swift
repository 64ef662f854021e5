#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MenuCompiler

/// The `menuc` command line: a thin shell over the MenuCompiler library.
// First, before any other thread starts: the signals' mask is inherited.
let interruptions = Interruptions()
AllocatorPolicy.apply()
let arguments = Array(CommandLine.arguments.dropFirst())
let keptUntilExit = KeptUntilExit()
let status = CommandLineTool.run(arguments, keeping: keptUntilExit, interruptions: interruptions)
exit(status.rawValue)
