/// Answers about a file that depend only on its directory — the project
/// root, the `menuc.json` that applies — computed once per directory:
/// each is a walk up the tree with a system call per ancestor, and a
/// build of thousands of files has a few folders.
package struct PerDirectory<Value: Sendable>: Sendable {
    private var answers: [String: Value] = [:]

    package init() {}

    /// The answer for the file at `absolutePath`, from `compute` the first
    /// time its directory is asked about.
    package mutating func value(forFileAt absolutePath: String, _ compute: () -> Value) -> Value {
        let directory = PathNames.deletingLastComponent(of: absolutePath)
        if let known = answers[directory] { return known }
        let answer = compute()
        answers[directory] = answer
        return answer
    }
}
