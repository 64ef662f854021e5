import Foundation
import PackagePlugin

/// `swift package menuc <check|fmt|build> [--target NAME]… [menuc options] [paths]`
///
/// Runs menuc from the package's directory. Without paths it works on the
/// `.menu` files of the package's targets (all of them, or those named
/// with `--target`). For projects that commit generated
/// code instead of using the build plugin:
///
///     swift package --allow-writing-to-package-directory menuc build \
///         --target App --emit swift --out Sources/App/Generated
///
/// `fmt` and `build` write into the package, which SwiftPM asks permission
/// for (`--allow-writing-to-package-directory`); `check` writes nothing.
@main
struct MenuCommandPlugin: CommandPlugin {
    static let commands = ["check", "fmt", "build"]
    /// menuc's options that take a value, so their values aren't taken for paths.
    static let valueOptions: Set<String> = ["--format", "--root", "--color", "--config", "--rule", "--emit", "--out", "--type-name", "--access", "--depfile"]

    struct UsageError: Error, CustomStringConvertible {
        var description: String
    }

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let remaining = extractor.remainingArguments
        guard let command = remaining.first, Self.commands.contains(command) else {
            throw UsageError(description: "usage: swift package menuc <\(Self.commands.joined(separator: "|"))> [--target NAME]… [menuc options] [paths]")
        }
        var menucArguments = Array(remaining.dropFirst())
        if !Self.namesPaths(menucArguments) {
            let targets = try targetNames.isEmpty ? context.package.targets : context.package.targets(named: targetNames)
            let files = targets.compactMap { $0 as? SourceModuleTarget }
                .flatMap { $0.sourceFiles(withSuffix: "menu").map { Self.relative($0.url, to: context.package.directoryURL) } }
            guard !files.isEmpty else {
                throw UsageError(description: "no target\(targetNames.isEmpty ? "" : " named \(targetNames.joined(separator: ", "))") holds .menu files; name the files or directories to \(command)")
            }
            menucArguments += files.sorted()
        }
        let status = try Self.run(context.tool(named: "menuc").url, [command] + menucArguments, in: context.package.directoryURL)
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
