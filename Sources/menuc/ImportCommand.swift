import MenuCompiler
import MenuImport
import MenuSupport
import MenuSyntax
import MenuFormatter
import MenuRules
import MenuBackends
import MenuLanguageServer

/// `menuc import`: an Interface Builder file's menus as a `.menu` file,
/// formatted, on standard output or atomically in `--out`; what could not
/// be carried over is reported on standard error as `FILE:LINE: reason`.
enum ImportCommand {
    /// Larger inputs are refused before they are read (the reader's own bound).
    static let maximumInputBytes = 64 << 20

    static func run(_ raw: [String], interruptions: Interruptions) throws -> ExitCode {
        let arguments = try Arguments(raw, command: Help.importing)
        if arguments.has("--help") {
            Terminal.write(Help.importing.helpText)
            return .success
        }
        guard arguments.positional.count == 1, let path = arguments.positional.first else {
            throw Arguments.UsageError(message: arguments.positional.isEmpty
                ? "no input file (give one .xib or .storyboard file)" : "one input file at a time (give one .xib or .storyboard file)")
        }
        let stringsPath = arguments.value("--strings")
        let catalogPath = arguments.value("--xcstrings")
        let language = arguments.value("--language")
        if stringsPath != nil, catalogPath != nil { throw Arguments.UsageError(message: "give --strings or --xcstrings, not both") }
        if catalogPath != nil, language == nil { throw Arguments.UsageError(message: "--xcstrings needs --language (e.g. --language de)") }
        if catalogPath == nil, language != nil { throw Arguments.UsageError(message: "--language goes with --xcstrings") }
        let outPath = arguments.value("--out")

        let input = MenuImporter.Input(displayPath: path == "-" ? "<stdin>" : path, bytes: try read(path))
        let translationsPath = stringsPath ?? catalogPath
        var localization = MenuImporter.Localization.none
        if let stringsPath {
            localization = .strings(MenuImporter.Input(displayPath: stringsPath, bytes: try read(stringsPath)))
        } else if let catalogPath, let language {
            localization = .catalog(MenuImporter.Input(displayPath: catalogPath, bytes: try read(catalogPath)), language: language)
        }
        if let outPath {
            // The output must not replace what it is made from.
            for source in [path, translationsPath].compactMap({ $0 }) where source != "-" {
                if let output = PathNames.realPath(outPath), output == PathNames.realPath(source) {
                    throw CommandFailure(message: "--out \(outPath) is the input \(source); choose another file")
                }
            }
        }

        let imported: MenuImporter.Imported
        switch MenuImporter.importMenus(from: input, localization: localization) {
        case .success(let result): imported = result
        case .failure(let failure):
            Terminal.error(MenuImporter.render(failure.note, interfaceBuilderPath: input.displayPath, translationsPath: translationsPath)
                           + "\nmenuc import: nothing was imported\n")
            return .inputErrors
        }
        Terminal.error(MenuImporter.report(imported, interfaceBuilderPath: input.displayPath, translationsPath: translationsPath))
        guard let outPath else {
            Terminal.write(imported.text)
            return .success
        }
        if case .failure(let failure) = interruptions.write([OutputWriter.Output(path: outPath, contents: imported.text)], command: "import",
                                                            note: "no file was changed") {
            throw CommandFailure(message: failure.message + " (no file was changed)")
        }
        return .success
    }

    private static func read(_ path: String) throws -> [UInt8] {
        if path == "-" { return try Terminal.readStandardInput() }
        switch FileSystem.lookUpWithSize(path) {
        case .failure(let failure) where failure.isMissing: throw CommandFailure(message: "no such file: \(path)")
        case .failure(let failure): throw CommandFailure(message: "cannot read \(path): \(failure.reason)")
        case .success((.regularFile, let size)) where size > maximumInputBytes:
            throw CommandFailure(message: "\(path) is \(size / 1_048_576) MiB; menuc import reads files up to \(maximumInputBytes >> 20) MiB")
        case .success((.regularFile, _)): break
        case .success((.directory, _)): throw CommandFailure(message: "\(path) is a directory, not a file")
        case .success: throw CommandFailure(message: "\(path) is not a regular file (use - to read standard input)")
        }
        switch FileSystem.contents(atPath: path) {
        case .success(let bytes): return bytes
        case .failure(let failure): throw CommandFailure(message: "cannot read \(path): \(failure.reason)")
        }
    }
}
