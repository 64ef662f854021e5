import Foundation
import PackagePlugin

/// What `swift package menuc` and `swift package menuc-write` share: the
/// command line they take, the package's `.menu` files, and running menuc.
///
/// SwiftPM grants a command plugin its permissions before it runs, from
/// the plugin's declaration, whatever the arguments. So one plugin can't
/// ask for write permission for `fmt` alone: `menuc` declares none and
/// runs what only reads (`check`, `fmt --check`, `--help`), and
/// `menuc-write` declares write permission and runs what writes (`fmt`,
/// `build`, `check --fix`). Both compile this file (the write plugin's
/// folder links to it).
enum MenuPluginRunner {
    /// menuc's options that take a value, so their values aren't taken for paths.
    static let valueOptions: Set<String> = ["--format", "--root", "--color", "--config", "--rule", "--emit", "--out", "--type-name",
                                            "--access", "--depfile", "--baseline", "--write-baseline", "--column-unit"]

    struct UsageError: Error, CustomStringConvertible {
        var description: String
    }

    /// Whether menuc, run with these arguments, writes into the package.
    static func writes(_ command: String, _ arguments: [String]) -> Bool {
        switch command {
        case "build": return true
        case "fmt": return !arguments.contains("--check")
        case "check": return arguments.contains("--fix") || arguments.contains("--write-baseline")
        default: return false
        }
    }

    static func usage(verb: String) -> String {
        """
        USAGE: swift package menuc <check|fmt --check> [--target NAME]… [menuc options] [paths]
               swift package --allow-writing-to-package-directory menuc-write <fmt|build|check --fix> [--target NAME]… [menuc options] [paths]

        `menuc` only reads the package: it checks .menu files, and `fmt --check` shows the diffs
        `fmt` would make. `menuc-write` runs what writes into the package, which SwiftPM asks
        permission for. Without paths, both take the .menu files of the package's targets (all,
        or those named with --target). `swift package \(verb) COMMAND --help` shows menuc's help
        for COMMAND.

        """
    }

    static func perform(context: PluginContext, arguments: [String], verb: String, mayWrite: Bool) throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let remaining = extractor.remainingArguments
        guard let command = remaining.first, !["--help", "-h", "help"].contains(command) else {
            print(usage(verb: verb), terminator: "")
            if remaining.isEmpty { throw UsageError(description: "name a command: check, fmt or build") }
            return
        }
        guard ["check", "fmt", "build"].contains(command) else {
            throw UsageError(description: "unknown command '\(command)'; run `swift package \(verb) --help`")
        }
        var menucArguments = Array(remaining.dropFirst())
        let menuc = try context.tool(named: "menuc").url
        if menucArguments.contains("--help") || menucArguments.contains("-h") {
            _ = try run(menuc, [command, "--help"], in: context.package.directoryURL)
            return
        }
        if !mayWrite, writes(command, menucArguments) {
            throw UsageError(description: "`menuc \(([command] + menucArguments).joined(separator: " "))` writes into the package; "
                + "run it as `swift package --allow-writing-to-package-directory menuc-write \(command) …`")
        }
        if !namesPaths(menucArguments) {
            let targets = try targetNames.isEmpty ? context.package.targets : context.package.targets(named: targetNames)
            let files = targets.compactMap { $0 as? SourceModuleTarget }
                .flatMap { $0.sourceFiles(withSuffix: "menu").map { relative($0.url, to: context.package.directoryURL) } }
            guard !files.isEmpty else {
                throw UsageError(description: "no target\(targetNames.isEmpty ? "" : " named \(targetNames.joined(separator: ", "))") holds .menu files; name the files or directories to \(command)")
            }
            menucArguments += files.sorted()
        }
        let status = try run(menuc, [command] + menucArguments, in: context.package.directoryURL)
        if status != 0 {
            // menuc has printed the reasons; this makes `swift package` fail too.
            Diagnostics.error("menuc \(command) failed (exit status \(status))")
        }
    }

    /// Whether the arguments already name a file, a directory or `-`.
    static func namesPaths(_ arguments: [String]) -> Bool {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "-" || !argument.hasPrefix("-") { return true }
            if valueOptions.contains(argument) { index += 1 }
        }
        return false
    }

    /// `url` relative to `base` when it is inside it, so menuc's messages name short paths.
    static func relative(_ url: URL, to base: URL) -> String {
        let path = url.standardizedFileURL.path
        let prefix = base.standardizedFileURL.path + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// Runs menuc with this process's standard streams; returns its exit status.
    static func run(_ executable: URL, _ arguments: [String], in directory: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
