/// The description of every command, from which its parser and its help
/// are made (see `CommandSpec`).
enum Help {
    static let helpOption = CommandSpec.Option(flag: "--help", short: "-h", "Show this help")
    static let quietOption = CommandSpec.Option(flag: "--quiet", short: "-q", "Say nothing about files written (errors are still printed)")
    static let colorOption = CommandSpec.Option("--color", "<when>", "auto (default), always, or never; see COLOUR")
    static let colorSection = CommandSpec.Section(title: "COLOUR", text: """
        --color always or never wins. Otherwise: no colour when NO_COLOR is set (not empty); \
        colour when CLICOLOR_FORCE or FORCE_COLOR is set (not empty, not 0); no colour when \
        CLICOLOR is 0 or TERM is dumb; else colour only on a terminal.
        """)
    static let formatOption = CommandSpec.Option("--format", "<format>", """
        Diagnostics: text (default), short, json, sarif, or github (text and short \
        show 200 per file; the others list every finding)
        """)
    static let columnOption = CommandSpec.Option("--column-unit", "<unit>", """
        How text, short and github diagnostics count columns: bytes (default; as \
        clang and Vim's errorformat count), chars, display (screen columns, tabs to \
        8, as GCC and Emacs count), or utf16
        """)
    static let configOption = CommandSpec.Option("--config", "<file>", "Use this menuc.json instead of the nearest one")
    static let ruleOption = CommandSpec.Option("--rule", "<id>=<severity>", """
        Set a rule to off, note, warning or error (repeatable; wins over the configuration)
        """)
    static let streams = """
        Diagnostics go to standard output, or to standard error when standard output \
        carries what the command produced ('-' or --check diffs). What was written is said on \
        standard error (-q: not at all).
        """

    static let check = CommandSpec(
        name: "check", summary: "Check files and report diagnostics",
        usage: "<paths>... [options]",
        description: """
            Checks .menu files against the language and Apple's Human Interface Guidelines. \
            A path may be a file, a directory (searched recursively for *.menu, minus the \
            'exclude' patterns of its menuc.json) or '-' for standard input. With --fix and \
            '-', the fixed text goes to standard output.


            \(streams)
            """,
        sections: [colorSection],
        options: [
            formatOption, columnOption, configOption, ruleOption,
            .init(flag: "--fix", """
                Apply every guideline fix-it, re-check, and write the fixed files; fix-its \
                not applied are listed with the reason (language errors' "did you mean" \
                fixes are left for you to confirm)
                """),
            .init("--baseline", "<file>", "Report only findings not in the baseline"),
            .init("--write-baseline", "<file>", "Record today's findings as the baseline"),
            .init("--root", "<dir>", """
                Project root; imports may not leave it (default: nearest folder with \
                menuc.json, Package.swift or .git)
                """),
            .init(flag: "--warnings-as-errors", "Exit 1 when there are warnings"),
            colorOption,
            .init(flag: "--timings", "Print how long each phase took (to standard error)"),
            quietOption, helpOption,
        ],
        exitStatus: "0 no errors, 1 errors in the input, 2 usage or I/O problem.")

    static let build = CommandSpec(
        name: "build", summary: "Check files and write outputs (--emit json,swift,markdown)",
        usage: "<paths>... [--emit <formats>] --out <dir> [options]",
        description: """
            Checks .menu files and, when none has an error, writes one output per input \
            and format under --out, mirroring the input tree. Outputs are written \
            atomically and only when changed; on any error, or when interrupted (Ctrl-C, \
            SIGTERM), nothing is written. A single '-' input built to one format may \
            leave out --out: the output then goes to standard output.


            \(streams)
            """,
        sections: [
            .init(title: "FORMATS (--emit, comma-separated)", text: """
                json: the checked document (docs/schema/menu.schema.json)
                swift: Swift source that builds the document with the MenuModel library, plus an Action enum
                markdown: a documentation page per file, and index.md when a directory is built
                xcstrings: a String Catalog of every visible string, keyed by path; merged into the one already \
                at the output (translations kept, changed ones marked needs_review, removed ones stale)
                """),
            colorSection,
        ],
        options: [
            .init("--emit", "<formats>", "json (default), swift, markdown, xcstrings, or several: json,swift"),
            .init("--out", "<dir>", "Output directory (needed unless one '-' input is built to one format)"),
            .init("--type-name", "<name>", """
                Swift: the namespace's name (one input only; default: the file name in UpperCamelCase)
                """),
            .init("--access", "<level>", "Swift: public, internal (default) or package"),
            .init("--depfile", "<file>", """
                Write a Makefile-style dependency file: each output and the files it was \
                made from, imports included
                """),
            formatOption, columnOption, configOption, ruleOption,
            .init("--baseline", "<file>", "Report only findings not in the baseline"),
            .init("--root", "<dir>", "Project root (see 'menuc help check')"),
            .init(flag: "--warnings-as-errors", "Treat warnings as errors"),
            colorOption,
            .init(flag: "--timings", "Print how long each phase took (to standard error)"),
            quietOption, helpOption,
        ],
        exitStatus: "0 success, 1 errors in the input, 2 usage or I/O problem.")

    static let format = CommandSpec(
        name: "fmt", summary: "Rewrite files in the canonical layout (--check: only report)",
        usage: "<paths>... [--check] [options]",
        description: """
            Rewrites .menu files in the canonical layout: 2-space indentation, one \
            statement per line, property-only bodies on one line when they fit in 100 \
            columns, a blank line between top-level declarations, LF line ends, no byte \
            order mark. Comments, strings and numbers are kept exactly as written; order \
            never changes. Files are rewritten atomically and only when their layout \
            changes. A file with syntax errors is never rewritten: its errors are printed. \
            A path may be a file, a directory (searched recursively for *.menu, honouring \
            menuc.json exclusions) or '-' (standard input to standard output).


            \(streams)
            """,
        sections: [colorSection],
        options: [
            .init(flag: "--check", """
                Write nothing; print a unified diff (which patch applies) of each file \
                that is not formatted and exit 1
                """),
            formatOption, columnOption,
            .init("--config", "<file>", "menuc.json whose exclusions apply"),
            colorOption, quietOption, helpOption,
        ],
        exitStatus: """
            0 formatted (or already formatted), 1 syntax errors or (with --check) files \
            to reformat, 2 usage or I/O problem.
            """)

    static let importing = CommandSpec(
        name: "import", summary: "Write the menus of a .xib or .storyboard as a .menu file",
        usage: "<file.xib|file.storyboard> [--strings <file> | --xcstrings <file> --language <lang>] [--out <file.menu>]",
        description: """
            Writes the menus of an Interface Builder file as a .menu file, formatted as \
            'menuc fmt' writes it: the main menu as the menubar, the dock menu, \
            status-item and other menus as top-level menus, views' menus as context menus. \
            Separators become sections; state, disabled items, alternates and key \
            equivalents are carried over; menus filled at run time (Services, Open Recent, \
            Window, Font, Help) become dynamic. What cannot be carried over (custom views, \
            images, bindings, keys the language can't write) is reported on standard error \
            as FILE:LINE: reason, with a summary line.
            """,
        options: [
            .init("--strings", "<file>", """
                Localized titles from a .strings file (UTF-8 or UTF-16), keyed by object id or by title
                """),
            .init("--xcstrings", "<file>", "Localized titles from a String Catalog..."),
            .init("--language", "<lang>", "...in this language (e.g. de, pt-BR)"),
            .init("--out", "<file>", "Write here (atomically) instead of standard output"),
            helpOption,
        ],
        exitStatus: """
            0 imported (notes are not errors), 1 the file can't be read as an Interface \
            Builder file or holds no menus, 2 usage or I/O problem.
            """)

    static let rules = CommandSpec(
        name: "rules", summary: "List every guideline rule",
        usage: "[--config <file>] [--rule <id>=<severity>]... [--format text|json|markdown]",
        description: """
            Lists every guideline rule, in the order of docs/rules.md: id, default \
            severity, effective severity under the configuration (the nearest menuc.json, \
            or --config), fix-it, and guideline.
            """,
        options: [
            configOption, ruleOption,
            .init("--format", "<format>", "text (default), json, or markdown (docs/rules.md)"),
            .init(flag: "--markdown", "The same as --format markdown"),
            helpOption,
        ],
        exitStatus: "0 listed, 2 usage or I/O problem.")

    static let explain = CommandSpec(
        name: "explain", summary: "Explain a rule or language error",
        usage: "<rule-id>",
        description: """
            Prints a rule's explanation, the guideline it comes from, and its examples. \
            Language error ids (syntax, unknown-property, …) work too: what the error \
            means, an example, and the fix.
            """,
        options: [helpOption],
        exitStatus: "0 explained, 2 no such rule or error, or an I/O problem.")

    static let lsp = CommandSpec(
        name: "lsp", summary: "Run the language server (for editors) on stdin/stdout",
        usage: "[--stdio]",
        description: """
            Runs the menuc language server, speaking the Language Server Protocol \
            (JSON-RPC with Content-Length framing) on standard input and output. Editors \
            start it themselves; see the README's "Editor support" section for VS Code and \
            Neovim. It serves diagnostics, quick fixes, hover, completion, go to \
            definition, find references, document symbols, semantic tokens, folding ranges \
            and formatting (as 'menuc fmt').
            """,
        options: [
            .init(flag: "--stdio", "Accepted for clients that pass it (stdio is the only transport)"),
            .init("--clientProcessId", "<pid>", "Accepted for clients that pass it (the client ends the server with 'exit')"),
            helpOption,
        ],
        exitStatus: "0 after an orderly shutdown and exit, 1 otherwise.")

    static let preview = CommandSpec(
        name: "preview", summary: "Write an HTML page per file with every declaration drawn",
        usage: "<paths>... [--out <dir>] [--open] [options]",
        description: """
            Checks .menu files and writes one self-contained HTML page per file under \
            --out (default: menuc-preview), mirroring the input tree: each declaration \
            drawn as on the file's platforms (macOS; iOS and iPadOS; watchOS), a switch \
            for the platform and for light or dark appearance (no script, nothing loaded \
            from the network), and the file's findings listed and marked on the element \
            they concern. Pages are written atomically and only when changed; findings \
            don't stop them.
            """,
        options: [
            .init("--out", "<dir>", "Output directory (default: menuc-preview)"),
            .init(flag: "--open", "Open the first page in the browser (xdg-open; open on macOS)"),
            configOption, ruleOption,
            .init("--root", "<dir>", "Project root (see 'menuc help check')"),
            quietOption, helpOption,
        ],
        exitStatus: "0 pages written (findings in the input are shown on them), 2 usage or I/O problem.")

    static let help = CommandSpec(
        name: "help", summary: "Show help for a command",
        usage: "[<command>]",
        description: "Shows the list of commands, or a command's usage and options.",
        options: [helpOption],
        exitStatus: "0 shown, 2 no such command.")

    /// Every command, in the order `menuc --help` lists them.
    static let commands: [CommandSpec] = [check, build, preview, format, importing, rules, explain, lsp, help]

    static func command(named name: String) -> CommandSpec? {
        commands.first { $0.name == name }
    }

    static let main: String = {
        var lines = [
            "menuc — compiles .menu files (Apple-style menus and buttons), checks them",
            "against Apple's Human Interface Guidelines, and emits JSON, Swift and",
            "Markdown.",
            "",
            "USAGE: menuc <command> [options]",
            "",
            "COMMANDS:",
        ]
        for command in commands {
            lines.append("  " + command.name + String(repeating: " ", count: max(1, 10 - command.name.count)) + command.summary)
        }
        lines += [
            "",
            "OPTIONS:",
            "  -h, --help      Show this help",
            "  -V, --version   Print the version",
            "",
            "Run 'menuc help <command>' or 'menuc <command> --help' for a command's options.",
            "",
        ]
        return lines.joined(separator: "\n") + "\n"
    }()
}
