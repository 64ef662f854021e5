import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics
import MenuRules
import MenuBackends
import MenuFormatter

/// Makefile-style dependency files (`menuc build --depfile FILE`): for each
/// output, the source files it was made from — the input and everything it
/// imports, transitively — so make, ninja and Xcode rebuild it when any of
/// them changes.
///
/// A dependency file is read as code: GNU make parses it as makefile syntax
/// (`;` starts a recipe it runs, `a!=cmd` runs `cmd`, `$(shell …)` runs a
/// command, `*` globs, `~` is a home directory, `x(y)` an archive member), and ninja
/// reads it with its own lexer, which ends a name at any character outside
/// a fixed set. Every path written is one both read back exactly: the few
/// characters both tools can escape the same way are escaped (`DepFile.escape`),
/// every other character with a meaning to either is refused with an error
/// naming the path and the character. The tools the escaping was checked
/// against (`Tests/IntegrationTests/DepFileToolTests.swift` runs them) are
/// GNU make 4.3 and ninja 1.11.
public enum DepFile {
    /// One output and its inputs.
    public struct Rule: Equatable, Sendable {
        /// The output's path, as written.
        public var output: String
        /// The source files it was made from, the input first.
        public var inputs: [String]

        /// A rule for one output.
        public init(output: String, inputs: [String]) {
            self.output = output
            self.inputs = inputs
        }
    }

    /// A path that a dependency file cannot hold, and why.
    public struct UnrepresentablePath: Error, Equatable, Sendable {
        /// The path as menuc shows it.
        public var path: String
        /// What make or ninja would make of it.
        public var reason: String

        /// What to tell the user (the path quoted with escapes, so a line
        /// break or control character in it shows as `\n`, `\u{1B}`).
        public var message: String {
            "cannot list \(SwiftEscaping.stringLiteral(path)) in a dependency file: \(reason)"
        }
    }

    /// `file` and every file it imports, directly or not, each once, in
    /// breadth-first order; paths as the workspace shows them.
    public static func inputs(of file: FileID, in workspace: Workspace) -> [String] {
        var order: [FileID] = [file]
        var seen: Set<FileID> = [file]
        var index = 0
        while index < order.count {
            for imported in workspace.imports[order[index].rawValue] {
                if let target = imported.file, seen.insert(target).inserted { order.append(target) }
            }
            index += 1
        }
        return order.map { workspace.file($0).displayPath }
    }

    /// One `output: input input …` line per rule, or the first path that
    /// can't be written. Bytes, not text: a path that is not UTF-8 is
    /// written as the file system has it.
    public static func render(_ rules: [Rule]) -> Result<[UInt8], UnrepresentablePath> {
        var text: [UInt8] = []
        do {
            for rule in rules {
                text += try escape(rule.output, isOutput: true)
                text.append(UInt8(ascii: ":"))
                for input in rule.inputs {
                    text.append(UInt8(ascii: " "))
                    text += try escape(input, isOutput: false)
                }
                text.append(UInt8(ascii: "\n"))
            }
        } catch {
            return .failure(error)
        }
        return .success(text)
    }

    /// One path as make and ninja both read it back, or why it can't be.
    ///
    /// Escaped: a space (`\ `, with any backslashes right before it
    /// doubled, as GCC writes it), `#` (`\#`) and `:` (`\:`). Written as
    /// they are: letters, digits, non-ASCII, and `+ , - . / _ ~ ( ) { } ] @ ! %`,
    /// which neither tool treats specially where they are allowed. Refused:
    /// everything else, see `refusal`.
    public static func escape(_ path: String, isOutput: Bool = false) throws(UnrepresentablePath) -> [UInt8] {
        // The file system's bytes: a name that is not UTF-8 is written as it is on disk.
        let bytes = PathBytes.bytes(path)
        if let reason = refusal(of: bytes, isOutput: isOutput) {
            throw UnrepresentablePath(path: path, reason: reason)
        }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 4)
        var backslashes = 0
        for byte in bytes {
            switch byte {
            case UInt8(ascii: " "):
                // 2N+1 backslashes and a space read as N backslashes and a space in both tools.
                result += repeatElement(UInt8(ascii: "\\"), count: backslashes + 1)
                result.append(byte)
            case UInt8(ascii: "#"), UInt8(ascii: ":"):
                result.append(UInt8(ascii: "\\"))
                result.append(byte)
            default:
                result.append(byte)
            }
            backslashes = byte == UInt8(ascii: "\\") ? backslashes + 1 : 0
        }
        return result
    }

    /// Why a path can't be written, or nil when it can. Each reason says
    /// which tool misreads the character, so a user knows what to rename.
    static func refusal(of bytes: [UInt8], isOutput: Bool) -> String? {
        for (index, byte) in bytes.enumerated() {
            let next = index + 1 < bytes.count ? bytes[index + 1] : nil
            if let reason = refusal(of: byte, next: next) { return reason }
            if byte == UInt8(ascii: "%"), isOutput {
                return "'%' in an output would make make read the rule as a pattern rule"
            }
        }
        if bytes.first == UInt8(ascii: "~") {
            return "make reads a leading '~' as a home directory"
        }
        if bytes.last == UInt8(ascii: ":") {
            return "a name ending in ':' ends the list of outputs in ninja"
        }
        // make's archive members: `lib.a(member.o)`.
        if bytes.last == UInt8(ascii: ")"), let open = bytes.firstIndex(of: UInt8(ascii: "(")), open > 0 {
            return "make reads a name ending in '(…)' as a member of an archive"
        }
        // GNU make 4.4 reads `.WAIT` among prerequisites as an ordering marker, not a file.
        var name = bytes[...]
        while name.starts(with: [UInt8(ascii: "."), UInt8(ascii: "/")]) { name = name.dropFirst(2) }
        if name.elementsEqual(".WAIT".utf8) {
            return "make reads '.WAIT' among prerequisites as an ordering marker"
        }
        return nil
    }

    /// The reason a byte (given the one after it) can't be written.
    private static func refusal(of byte: UInt8, next: UInt8?) -> String? {
        switch byte {
        case 0x0A, 0x0D:
            return "it contains a line break"
        case 0x00..<0x20, 0x7F:
            return "it contains the control character \(InvisibleCharacters.unicodeEscape(Unicode.Scalar(byte)))"
        case UInt8(ascii: "$"):
            // `$$` is a literal `$` only until something expands the line
            // again, as make does for every prerequisite under `.SECONDEXPANSION`.
            return "make expands '$' (and '$$' too, in a makefile with .SECONDEXPANSION), which can run commands"
        case UInt8(ascii: ";"):
            return "';' starts a recipe in make (a command it runs)"
        case UInt8(ascii: "="):
            return "'=' makes make read the line as a variable assignment ('!=' runs a command)"
        case UInt8(ascii: "|"):
            return "'|' starts order-only prerequisites in make, and ninja ends a name at it"
        case UInt8(ascii: "*"), UInt8(ascii: "?"):
            return "'\(Character(Unicode.Scalar(byte)))' is a wildcard in make (it would match other files), and ninja ends a name at it"
        case UInt8(ascii: "["):
            return "'[' starts a wildcard in make (it would match other files), and only make can escape it"
        case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "^"), UInt8(ascii: "`"):
            return "ninja ends a name at '\(Character(Unicode.Scalar(byte)))' and cannot escape it"
        case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "&"):
            return "ninja (before 1.12) ends a name at '\(Character(Unicode.Scalar(byte)))'"
        case UInt8(ascii: "\\"):
            switch next {
            case nil:
                return "a '\\' at the end of a name escapes what follows it in make and ninja alike"
            case UInt8(ascii: "#")?, UInt8(ascii: ":")?:
                return "make and ninja read a '\\' before '\(Character(Unicode.Scalar(next ?? 0)))' differently"
            default:
                return nil
            }
        default:
            return nil
        }
    }
}
