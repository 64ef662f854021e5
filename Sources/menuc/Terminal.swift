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
        check(FileDescriptorIO.writeAll(text.utf8, to: descriptor), descriptor: descriptor)
    }

    /// Bytes as they are (a fixed file need not be UTF-8).
    static func write(bytes: [UInt8], to descriptor: Int32 = STDOUT_FILENO) {
        check(FileDescriptorIO.writeAll(bytes, to: descriptor), descriptor: descriptor)
    }

    /// A write that failed ends the command: what it printed is incomplete,
    /// so it must not exit 0. A reader that went away (a closed pipe, as
    /// with `| head`) is not an error worth a message.
    private static func check(_ written: Bool, descriptor: Int32) {
        guard !written else { return }
        let code = errno
        if code != EPIPE, descriptor != STDERR_FILENO {
            let stream = descriptor == STDOUT_FILENO ? "standard output" : "descriptor \(descriptor)"
            let reason = String(cString: strerror(code))
            _ = FileDescriptorIO.writeAll("menuc: cannot write to \(stream): \(reason)\n".utf8, to: STDERR_FILENO)
        }
        exit(ExitCode.usage.rawValue)
    }

    /// Bytes as a streamed report hands them on.
    static func write(buffer: UnsafeBufferPointer<UInt8>, to descriptor: Int32) {
        check(FileDescriptorIO.writeAll(buffer, to: descriptor), descriptor: descriptor)
    }

    /// Writes the pieces with `separator` between them (and before the
    /// first with `leadingSeparator`: the pieces continue earlier ones),
    /// copied once into one buffer: `joined` on thousands of rendered
    /// diagnostics cost more than rendering them in parallel.
    static func write(_ pieces: [String], separator: String, leadingSeparator: Bool = false, to descriptor: Int32) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(pieces.reduce(0) { $0 + $1.utf8.count + separator.utf8.count })
        for (index, piece) in pieces.enumerated() {
            if index > 0 || leadingSeparator { bytes.append(contentsOf: separator.utf8) }
            bytes.append(contentsOf: piece.utf8)
        }
        check(FileDescriptorIO.writeAll(bytes, to: descriptor), descriptor: descriptor)
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

    /// Whether to colour what goes to `handle`, by the common conventions
    /// in this order: `--color always|never`; `NO_COLOR` (no-color.org);
    /// `CLICOLOR_FORCE` or `FORCE_COLOR`; `CLICOLOR=0` or `TERM=dumb`; a terminal.
    static func wantsColor(_ choice: String?, handle: Int32) -> Bool {
        wantsColor(choice, environment: Environment.value, isTerminal: isatty(handle) == 1)
    }

    static func wantsColor(_ choice: String?, environment: (String) -> String?, isTerminal: Bool) -> Bool {
        switch choice {
        case "always": return true
        case "never": return false
        default:
            func set(_ name: String) -> Bool { environment(name).map { !$0.isEmpty } ?? false }
            if set("NO_COLOR") { return false }
            for name in ["CLICOLOR_FORCE", "FORCE_COLOR"] where set(name) && environment(name) != "0" { return true }
            if environment("CLICOLOR") == "0" || environment("TERM") == "dumb" { return false }
            return isTerminal
        }
    }

    /// A note of what a command produced (files written or fixed), on
    /// standard error so standard output keeps only the command's product;
    /// `-q` silences it.
    static func status(_ text: String, quiet: Bool) {
        if !quiet { error(text) }
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
