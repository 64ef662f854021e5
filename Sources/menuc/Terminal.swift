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

/// Standard streams and colour decisions for the command line.
struct Terminal {
    /// Writes to standard output, or to the descriptor given.
    static func write(_ text: String, to descriptor: Int32 = STDOUT_FILENO) {
        FileDescriptorIO.writeAll(text.utf8, to: descriptor)
    }

    /// Writes the pieces with `separator` between them, copied once into
    /// one buffer: `joined` on thousands of rendered diagnostics cost more
    /// than rendering them in parallel.
    static func write(_ pieces: [String], separator: String, to descriptor: Int32) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(pieces.reduce(0) { $0 + $1.utf8.count + separator.utf8.count })
        for (index, piece) in pieces.enumerated() {
            if index > 0 { bytes.append(contentsOf: separator.utf8) }
            bytes.append(contentsOf: piece.utf8)
        }
        FileDescriptorIO.writeAll(bytes, to: descriptor)
    }

    static func error(_ text: String) {
        write(text, to: STDERR_FILENO)
    }

    /// Text from outside (a path, an argument, a message that quotes them)
    /// as it may be printed: no control or reordering character reaches
    /// the terminal (see `VisibleText`).
    static func shown(_ text: String) -> String {
        VisibleText.escaped(text)
    }

    /// Colour only on a terminal, never with NO_COLOR set.
    static func wantsColor(_ choice: String?, handle: Int32) -> Bool {
        switch choice {
        case "always": return true
        case "never": return false
        default:
            if let noColor = Environment.value("NO_COLOR"), !noColor.isEmpty { return false }
            if Environment.value("TERM") == "dumb" { return false }
            return isatty(handle) == 1
        }
    }

    static func readStandardInput() throws -> [UInt8] {
        switch FileDescriptorIO.readAll(STDIN_FILENO) {
        case .success(let bytes): return bytes
        case .failure(let failure) where failure.isTooLarge:
            throw CommandFailure(message: "cannot read standard input: it goes on past \(SourceFile.maximumSize / 1_048_576) MiB, the most menuc reads")
        case .failure(let failure) where failure.isOutOfMemory:
            throw CommandFailure(message: "cannot read standard input: it goes on past the memory menuc may use (is it endless?)")
        case .failure(let failure): throw CommandFailure(message: "cannot read standard input: \(failure.reason)")
        }
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
