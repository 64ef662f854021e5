/// One description of a command: its usage, what it does, and every option
/// it takes. The argument parser and the help text are both made from it,
/// so `menuc help COMMAND` cannot name an option the parser refuses, nor
/// leave out one it accepts.
struct CommandSpec: Sendable {
    struct Option: Sendable {
        /// `--format`.
        var name: String
        /// The value's placeholder (`<format>`); nil for a flag.
        var value: String?
        /// One-letter spelling (`-h`, `-q`).
        var short: String?
        var help: String

        init(_ name: String, _ value: String, _ help: String) {
            self.name = name
            self.value = value
            self.help = help
        }

        init(flag name: String, short: String? = nil, _ help: String) {
            self.name = name
            self.short = short
            self.help = help
        }
    }

    /// A titled paragraph of the help between the description and the options (FORMATS, COLOUR).
    struct Section: Sendable {
        var title: String
        var text: String
    }

    var name: String
    /// One line for the list of commands.
    var summary: String
    /// What follows `USAGE: menuc NAME `.
    var usage: String
    var description: String
    var sections: [Section] = []
    var options: [Option]
    var exitStatus: String

    var valueOptions: Set<String> { Set(options.filter { $0.value != nil }.map(\.name)) }
    var flagOptions: Set<String> { Set(options.filter { $0.value == nil }.map(\.name)) }
    /// `-h` → `--help`.
    var shortNames: [String: String] {
        var names: [String: String] = [:]
        for option in options { if let short = option.short { names[short] = option.name } }
        return names
    }

    static let width = 80
    static let optionColumn = 27

    var helpText: String {
        var lines = ["USAGE: menuc \(name) \(usage)", ""]
        lines += Self.wrap(description, indent: "")
        for section in sections {
            lines += ["", section.title + ":"]
            lines += Self.wrap(section.text, indent: "  ")
        }
        lines += ["", "OPTIONS:"]
        for option in options {
            var label = "  "
            if let short = option.short { label += short + ", " }
            label += option.name
            if let value = option.value { label += " " + value }
            let padding = String(repeating: " ", count: Self.optionColumn)
            var wrapped = Self.wrap(option.help, indent: padding)
            if label.count + 2 <= Self.optionColumn, let first = wrapped.first {
                wrapped[0] = label + String(repeating: " ", count: Self.optionColumn - label.count) + first.dropFirst(Self.optionColumn)
                lines += wrapped
            } else {
                lines += [label] + wrapped
            }
        }
        lines += [""]
        lines += Self.wrap("EXIT STATUS: " + exitStatus, indent: "")
        return lines.joined(separator: "\n") + "\n\n"
    }

    /// Words filled into lines of at most `width` columns after `indent`.
    static func wrap(_ text: String, indent: String) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = indent
            for word in paragraph.split(separator: " ") {
                if line.count > indent.count, line.count + 1 + word.count > width {
                    lines.append(line)
                    line = indent
                }
                line += (line.count > indent.count ? " " : "") + word
            }
            lines.append(line)
        }
        return lines
    }
}
