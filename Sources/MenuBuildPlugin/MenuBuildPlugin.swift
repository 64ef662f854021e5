import Foundation
import PackagePlugin

/// Generates Swift from every `.menu` file of a target that applies this
/// plugin, and compiles it into the target.
///
/// One build command per input, with its one output named up front
/// (`<name>.swift`), so SwiftPM and Xcode know what each command makes and
/// rerun it only when its inputs change:
///
///     menuc build <input.menu> --emit swift --out <work>/Generated
///           --format short --depfile <work>/Dependencies/<name>.d
///
/// - Diagnostics are printed as `file:line:col: severity: message [id]`,
///   which both SwiftPM and Xcode show inline. An error exits 1 and fails
///   the build; warnings don't.
/// - menuc writes an output only when its content changes, so an edit that
///   doesn't change the generated code doesn't recompile the target.
/// - The dependency file lists the files each input imports. SwiftPM's
///   plugin API has no place for a dependency file, so the plugin reads the
///   one from the previous build and declares those files as inputs too:
///   editing an imported file regenerates the files that import it.
///
/// The generated code does `import MenuModel`, so the target must depend on
/// the `MenuModel` product.
@main
struct MenuBuildPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let inputs = module.sourceFiles(withSuffix: "menu").map(\.url)
        return try MenuBuildCommands(tool: context.tool(named: "menuc").url, workDirectory: context.pluginWorkDirectoryURL)
            .commands(for: inputs, targetName: target.name)
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension MenuBuildPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let inputs = target.inputFiles.filter { $0.url.pathExtension == "menu" }.map(\.url)
        return try MenuBuildCommands(tool: context.tool(named: "menuc").url, workDirectory: context.pluginWorkDirectoryURL)
            .commands(for: inputs, targetName: target.displayName)
    }
}
#endif

/// The commands for one target's `.menu` files (shared by SwiftPM and Xcode).
struct MenuBuildCommands {
    let tool: URL
    let workDirectory: URL

    struct DuplicateName: Error, CustomStringConvertible {
        var first: URL
        var second: URL
        var targetName: String

        var description: String {
            "\(first.path) and \(second.path) in target '\(targetName)' would both generate \(first.deletingPathExtension().lastPathComponent).swift; rename one of them"
        }
    }

    func commands(for inputs: [URL], targetName: String) throws -> [Command] {
        let generated = workDirectory.appendingPathComponent("Generated")
        let dependencies = workDirectory.appendingPathComponent("Dependencies")
        var claimed: [String: URL] = [:]
        var commands: [Command] = []
        // Sorted, so the commands (and any error) don't depend on directory order.
        for input in inputs.sorted(by: { $0.path < $1.path }) {
            let name = input.deletingPathExtension().lastPathComponent
            // A module can't hold two Swift files of one name, nor two namespaces of one name.
            if let first = claimed[name] { throw DuplicateName(first: first, second: input, targetName: targetName) }
            claimed[name] = input
            let output = generated.appendingPathComponent(name + ".swift")
            let depfile = dependencies.appendingPathComponent(name + ".d")
            commands.append(.buildCommand(
                displayName: "Generating \(name).swift from \(input.lastPathComponent)",
                executable: tool,
                arguments: ["build", input.path, "--emit", "swift", "--out", generated.path, "--format", "short", "--quiet", "--depfile", depfile.path],
                inputFiles: [input] + DependencyFile.importedFiles(in: depfile, input: input),
                outputFiles: [output]
            ))
        }
        return commands
    }
}

/// Reads the dependency files menuc writes (`output: input imported …`,
/// with make's escapes).
enum DependencyFile {
    /// The existing files other than `input` that the last build of `input`
    /// read; empty when there was no last build.
    static func importedFiles(in depfile: URL, input: URL) -> [URL] {
        guard let text = try? String(contentsOf: depfile, encoding: .utf8) else { return [] }
        var paths: [String] = []
        for line in text.split(separator: "\n") {
            let words = self.words(String(line))
            // The first word is the output with its colon.
            paths += words.dropFirst()
        }
        guard let first = paths.first else { return [] }
        // menuc shows paths relative to the directory it ran in; the first
        // input is `input` itself, which tells what that directory was.
        let base = baseDirectory(shown: first, actual: input.standardizedFileURL.path)
        var seen: Set<String> = [input.standardizedFileURL.path]
        var result: [URL] = []
        for path in paths.dropFirst() {
            guard let absolute = path.hasPrefix("/") ? path : base.map({ ($0 as NSString).appendingPathComponent(path) }) else { continue }
            let url = URL(fileURLWithPath: absolute).standardizedFileURL
            // A file deleted since is no input; the main input's next change catches it.
            guard seen.insert(url.path).inserted, FileManager.default.fileExists(atPath: url.path) else { continue }
            result.append(url)
        }
        return result
    }

    /// The directory against which `shown` names `actual`.
    static func baseDirectory(shown: String, actual: String) -> String? {
        if shown.hasPrefix("/") { return "/" }
        guard actual.hasSuffix("/" + shown) else { return nil }
        return String(actual.dropLast(shown.count + 1))
    }

    /// Splits a line at unescaped blanks, undoing `\ `, `\#`, `\:`, `$$`
    /// and the doubled backslashes before them.
    static func words(_ line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var characters = Array(line)[...]
        while let character = characters.popFirst() {
            switch character {
            case "\\":
                var count = 1
                while characters.first == "\\" {
                    characters.removeFirst()
                    count += 1
                }
                if let next = characters.first, next == " " || next == "\t" || next == "#" || next == ":" {
                    current += String(repeating: "\\", count: count / 2)
                    if count % 2 == 1 {
                        current.append(next)
                        characters.removeFirst()
                    }
                } else {
                    current += String(repeating: "\\", count: count)
                }
            case "$" where characters.first == "$":
                characters.removeFirst()
                current.append("$")
            case " ", "\t":
                if !current.isEmpty { words.append(current) }
                current = ""
            default:
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
