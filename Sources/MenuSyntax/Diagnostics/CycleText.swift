import MenuSupport

/// How a message names a cycle: "import cycle: a.menu → b.menu → a.menu".
/// A long cycle names its first and last steps and counts the rest, so a
/// cycle through a thousand files still reads as one short line.
package enum CycleText {
    /// Steps named at most; the rest are counted.
    static let shownSteps = 8

    /// `path` lists the cycle's members and ends with the first again.
    package static func describe(_ what: String, _ path: [String], of noun: String) -> String {
        guard path.count > shownSteps + 1 else { return "\(what): \(path.joined(separator: " → "))" }
        let head = path.prefix(shownSteps / 2).joined(separator: " → ")
        let tail = path.suffix(shownSteps / 2).joined(separator: " → ")
        return "\(what) through \(path.count - 1) \(noun): \(head) → … \(path.count - shownSteps) more … → \(tail)"
    }

    /// A chain that doesn't close, shortened the same way: "M65 → M64 → … 57 more … → M1".
    package static func chain(_ names: [String]) -> String {
        guard names.count > shownSteps else { return names.joined(separator: " → ") }
        let head = names.prefix(shownSteps / 2).joined(separator: " → ")
        let tail = names.suffix(shownSteps / 2).joined(separator: " → ")
        return "\(head) → … \(names.count - shownSteps) more … → \(tail)"
    }
}
