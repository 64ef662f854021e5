import MenuSupport
import MenuSyntax
import MenuFormatter
import MenuRules
import MenuBackends
import MenuCompiler
import MenuLanguageServer
import MenuImport

/// Help texts for every command.
enum Help {
    static let main = """
        menuc — compiles .menu files (Apple-style menus and buttons), checks them
        against Apple's Human Interface Guidelines, and emits JSON, Swift and
        Markdown.

        USAGE: menuc <command> [options]

        COMMANDS:
          check     Check files and report diagnostics
          build     Check files and write outputs (--emit json,swift,markdown)
          fmt       Rewrite files in the canonical layout (--check: only report)
          import    Write the menus of a .xib or .storyboard as a .menu file
          rules     List every guideline rule
          explain   Explain a rule or language error
          lsp       Run the language server (for editors) on stdin/stdout
          help      Show help for a command

        OPTIONS:
          --help      Show this help
          --version   Print the version

        Run 'menuc help <command>' for a command's options.

        """

    static let check = """
        USAGE: menuc check <paths>... [options]

        Checks .menu files against the language and Apple's Human Interface
        Guidelines. A path may be a file, a directory (searched recursively for
        *.menu, minus the 'exclude' patterns of its menuc.json) or '-' for
        standard input.

        OPTIONS:
          --format <format>        text (default), short, json, sarif, or github
                                   (text and short show 200 per file; the others
                                   list every finding)
          --config <file>          Use this menuc.json instead of the nearest one
          --rule <id>=<severity>   Set a rule to off, note, warning or error
                                   (repeatable; wins over the configuration)
          --fix                    Apply every guideline fix-it, re-check, and
                                   write the fixed files (language errors' "did
                                   you mean" fixes are left for you to confirm)
          --baseline <file>        Report only findings not in the baseline
          --write-baseline <file>  Record today's findings as the baseline
          --root <dir>             Project root; imports may not leave it
                                   (default: nearest folder with menuc.json,
                                   Package.swift or .git)
          --warnings-as-errors     Exit 1 when there are warnings
          --color <when>           auto (default), always, or never
          --timings                Print how long each phase took (to stderr)
          --help                   Show this help

        EXIT STATUS: 0 no errors, 1 errors in the input, 2 usage or I/O problem.

        """

    static let build = """
        USAGE: menuc build <paths>... --emit <formats> --out <dir> [options]

        Checks .menu files and, when none has an error, writes one output per
        input and format under --out, mirroring the input tree. Outputs are
        written atomically and only when changed; on any error, or when
        interrupted (Ctrl-C, SIGTERM), nothing is written. With '-' (standard
        input) the output goes to standard output.

        FORMATS (--emit, comma-separated):
          json                     The checked document (docs/schema/menu.schema.json)
          swift                    Swift source that builds the document with the
                                   MenuModel library, plus an Action enum
          markdown                 A documentation page per file, and index.md
                                   when a directory is built
          xcstrings                A String Catalog of every visible string, keyed
                                   by path; merged into the one already at the
                                   output (translations kept, changed ones marked
                                   needs_review, removed ones stale)

        OPTIONS:
          --emit <formats>         json (default), swift, markdown, xcstrings: e.g. json,swift
          --out <dir>              Output directory
          --type-name <name>       Swift: the namespace's name (one input only;
                                   default: the file name in UpperCamelCase)
          --access <level>         Swift: public, internal (default) or package
          --depfile <file>         Write a Makefile-style dependency file: each
                                   output and the files it was made from,
                                   imports included
          --format <format>        Diagnostics format: text (default), short, json
          --root <dir>             Project root (see 'menuc help check')
          --warnings-as-errors     Treat warnings as errors
          --color <when>           auto (default), always, or never
          --timings                Print how long each phase took (to stderr)
          --help                   Show this help

        EXIT STATUS: 0 success, 1 errors in the input, 2 usage or I/O problem.

        """

    static let format = """
        USAGE: menuc fmt <paths>... [--check] [options]

        Rewrites .menu files in the canonical layout: 2-space indentation, one
        statement per line, property-only bodies on one line when they fit in
        100 columns, a blank line between top-level declarations. Comments,
        strings and numbers are kept exactly as written; order never changes.
        Files are rewritten atomically and only when their layout changes. A
        file with syntax errors is never rewritten: its errors are printed.
        A path may be a file, a directory (searched recursively for *.menu,
        honouring menuc.json exclusions) or '-' (standard input to standard
        output).

        OPTIONS:
          --check                  Write nothing; print a unified diff of each
                                   file that is not formatted and exit 1
          --format <format>        Diagnostics format: text (default), short, json,
                                   sarif, or github
          --config <file>          menuc.json whose exclusions apply
          --color <when>           auto (default), always, or never
          --help                   Show this help

        EXIT STATUS: 0 formatted (or already formatted), 1 syntax errors or
        (with --check) files to reformat, 2 usage or I/O problem.

        """

    static let importing = """
        USAGE: menuc import <file.xib|file.storyboard> [--strings <file.strings> |
                            --xcstrings <file.xcstrings> --language <lang>] [--out <file.menu>]

        Writes the menus of an Interface Builder file as a .menu file, formatted
        as 'menuc fmt' writes it: the main menu as the menubar, the dock menu,
        status-item and other menus as top-level menus, views' menus as context
        menus. Separators become sections; state, disabled items, alternates and
        key equivalents are carried over; menus filled at run time (Services,
        Open Recent, Window, Font, Help) become dynamic. What cannot be carried
        over (custom views, images, bindings, keys the language can't write) is
        reported on standard error as FILE:LINE: reason, with a summary line.

        OPTIONS:
          --strings <file>         Localized titles from a .strings file (UTF-8
                                   or UTF-16), keyed by object id or by title
          --xcstrings <file>       Localized titles from a String Catalog...
          --language <lang>        ...in this language (e.g. de, pt-BR)
          --out <file>             Write here (atomically) instead of standard output
          --help                   Show this help

        EXIT STATUS: 0 imported (notes are not errors), 1 the file can't be read
        as an Interface Builder file or holds no menus, 2 usage or I/O problem.

        """

    static let rules = """
        USAGE: menuc rules [--config <file>] [--rule <id>=<severity>]... [--markdown]

        Lists every guideline rule: id, default severity, effective severity
        under the configuration (the nearest menuc.json, or --config), fix-it,
        and guideline. --markdown prints docs/rules.md.

        """

    static let explain = """
        USAGE: menuc explain <rule-id>

        Prints a rule's explanation, the guideline it comes from, and its
        examples. Language error ids (syntax, unknown-property, …) work too.

        """

    static let lsp = """
        USAGE: menuc lsp [--stdio]

        Runs the menuc language server, speaking the Language Server Protocol
        (JSON-RPC with Content-Length framing) on standard input and output.
        Editors start it themselves; see the README's "Editor support"
        section for VS Code and Neovim. It serves diagnostics, quick fixes,
        hover, completion, go to definition, find references, document
        symbols, semantic tokens, folding ranges and formatting (as
        'menuc fmt').

        OPTIONS:
          --stdio   Accepted for clients that pass it (stdio is the only transport)
          --help    Show this help

        EXIT STATUS: 0 after an orderly shutdown and exit, 1 otherwise.

        """
}
