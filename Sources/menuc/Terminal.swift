import Foundation

/// Standard streams and colour decisions for the command line.
struct Terminal {
    static func write(_ text: String, to handle: FileHandle = .standardOutput) {
        handle.write(Data(text.utf8))
    }

    static func error(_ text: String) {
        write(text, to: .standardError)
    }

    /// Colour only on a terminal, never with NO_COLOR set.
    static func wantsColor(_ choice: String?, handle: Int32) -> Bool {
        switch choice {
        case "always": return true
        case "never": return false
        default:
            if let noColor = ProcessInfo.processInfo.environment["NO_COLOR"], !noColor.isEmpty { return false }
            if ProcessInfo.processInfo.environment["TERM"] == "dumb" { return false }
            return isatty(handle) == 1
        }
    }

    static func readStandardInput() -> [UInt8] {
        [UInt8](FileHandle.standardInput.readDataToEndOfFile())
    }
}

/// Exit codes: 0 success, 1 problems in the input, 2 usage or I/O.
enum ExitCode: Int32 {
    case success = 0
    case inputErrors = 1
    case usage = 2
}

struct CommandFailure: Error {
    var message: String
    var code: ExitCode = .usage
}
