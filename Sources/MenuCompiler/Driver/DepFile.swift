/// Makefile-style dependency files (`menuc build --depfile FILE`): for each
/// output, the source files it was made from — the input and everything it
/// imports, transitively — so make, ninja and Xcode rebuild it when any of
/// them changes.
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

    /// A path that a dependency file cannot hold.
    public struct UnrepresentablePath: Error, Equatable, Sendable {
        /// The path with a line break in it.
        public var path: String
        /// What to tell the user.
        public var message: String { "cannot list \(path) in a dependency file: it contains a line break" }
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

    /// One `output: input input …` line per rule.
    public static func render(_ rules: [Rule]) -> Result<String, UnrepresentablePath> {
        var text = ""
        for rule in rules {
            for path in [rule.output] + rule.inputs where path.contains(where: \.isNewline) {
                return .failure(UnrepresentablePath(path: path))
            }
            text += escape(rule.output) + ":" + rule.inputs.map { " " + escape($0) }.joined() + "\n"
        }
        return .success(text)
    }

    /// Escapes what make and ninja read specially in a path, as GCC and
    /// Clang do: blank space (`\ `), `#` (`\#`) and `$` (`$$`); backslashes
    /// right before a blank or `#` are doubled so they stay backslashes.
    public static func escape(_ path: String) -> String {
        var result = ""
        var backslashes = 0
        for character in path {
            switch character {
            case " ", "\t", "#":
                result += String(repeating: "\\", count: backslashes) + "\\" + String(character)
            case "$":
                result += "$$"
            default:
                result.append(character)
            }
            backslashes = character == "\\" ? backslashes + 1 : 0
        }
        return result
    }
}
