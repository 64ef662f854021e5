import MenuCompiler
import MenuSupport
import MenuSyntax
import MenuFormatter

/// `menuc import`: the menus of an Interface Builder file (`.xib` or
/// `.storyboard`) as a `.menu` file.
///
/// What it guarantees:
/// - the text is exactly what `menuc fmt` writes, and it compiles without
///   language errors (it is checked before it is returned; guideline
///   findings are the menus' own);
/// - everything it could not carry over, or changed on the way, is a note
///   at its line in the input;
/// - the same input gives the same bytes;
/// - hostile input gets a located `Failure` (see `XMLReader`), never a
///   crash, a hang or unbounded memory.
package enum MenuImporter {
    package struct Input: Sendable {
        /// How reports name the file.
        package var displayPath: String
        package var bytes: [UInt8]

        package init(displayPath: String, bytes: [UInt8]) {
            self.displayPath = displayPath
            self.bytes = bytes
        }
    }

    /// Where localized titles come from.
    package enum Localization: Sendable {
        case none
        /// A `.strings` file (UTF-8 or UTF-16), keyed by object id or by base title.
        case strings(Input)
        /// A String Catalog (`.xcstrings`) and the language to take.
        case catalog(Input, language: String)
    }

    package struct Imported: Sendable {
        /// The `.menu` file, formatted.
        package var text: String
        /// In file order: the Interface Builder file's, then the translations'.
        package var notes: [ImportNote]
        package var counts: ImportCounts
    }

    /// Why nothing was imported: the input is not an Interface Builder file
    /// menuc can read, holds no menus, or its translations can't be read.
    package struct Failure: Error, Sendable, Equatable {
        package var note: ImportNote
    }

    package static func importMenus(from input: Input, localization: Localization = .none) -> Result<Imported, Failure> {
        switch XMLReader.read(input.bytes) {
        case .success(let document): importMenus(fromXML: document, displayPath: input.displayPath, localization: localization)
        case .failure(let failure): .failure(Failure(note: ImportNote(.interfaceBuilder, line: failure.line, failure.message)))
        }
    }

    /// The import of a document once it is read as XML.
    static func importMenus(fromXML xml: XMLDocument, displayPath: String, localization: Localization = .none) -> Result<Imported, Failure> {
        var notes: [ImportNote] = []
        let document: IBDocument
        do {
            document = try IBReader.read(xml, notes: &notes)
        } catch {
            return .failure(Failure(note: ImportNote(.interfaceBuilder, line: error.line, error.message)))
        }
        guard !document.menus.isEmpty else {
            return .failure(Failure(note: ImportNote(.interfaceBuilder, line: nil, "the file holds no menus to import")))
        }
        var translationNotes: [ImportNote] = []
        var translations: Translations?
        switch localization {
        case .none:
            break
        case .strings(let file):
            switch StringsFile.read(file.bytes) {
            case .success(let read): translations = Translations(read.entries)
            case .failure(let failure): return .failure(Failure(note: ImportNote(.translations, line: failure.line, failure.message)))
            }
        case .catalog(let file, let language):
            switch StringCatalog.read(file.bytes, language: language, notes: &translationNotes) {
            case .success(let entries): translations = Translations(entries)
            case .failure(let failure): return .failure(Failure(note: ImportNote(.translations, line: failure.line, failure.message)))
            }
        }
        var converter = MenuConverter(translations: translations)
        let raw = converter.convert(document, fileName: PathNames.lastComponent(of: displayPath))
        notes += converter.notes
        if let translations = converter.translations {
            translationNotes += translations.titlesForMissingObjects(objectIDs: document.objectIDs)
        }
        let outputPath = PathNames.lastComponent(of: displayPath) + ".menu"
        let text: String
        switch MenuFormatter.format(raw, displayPath: outputPath) {
        case .success(let formatted): text = formatted
        case .failure(let failure):
            return .failure(Failure(note: ImportNote(.interfaceBuilder, line: nil, "menuc import wrote a file it cannot format (\(failure.diagnostics.first?.message ?? "?")); please report this as a bug")))
        }
        let check = Compiler.compile([.text(text, displayPath: outputPath)], options: CompileOptions(runRules: false))
        if let error = check.diagnostics.first(where: { $0.severity == .error }) {
            return .failure(Failure(note: ImportNote(.interfaceBuilder, line: nil, "menuc import wrote a file with a language error (\(error.message)); please report this as a bug")))
        }
        notes.sort { ($0.line ?? 0) < ($1.line ?? 0) }
        return .success(Imported(text: text, notes: notes + translationNotes, counts: converter.counts))
    }

    /// What `menuc import` prints on standard error: each note, then a
    /// line saying what was carried over.
    package static func report(_ imported: Imported, interfaceBuilderPath: String, translationsPath: String?) -> String {
        imported.notes.map { render($0, interfaceBuilderPath: interfaceBuilderPath, translationsPath: translationsPath) + "\n" }.joined()
            + "menuc import: \(interfaceBuilderPath): \(imported.counts.summary(localized: translationsPath != nil, notes: imported.notes.count))\n"
    }

    /// `FILE:LINE: message`, the file named by the paths given.
    package static func render(_ note: ImportNote, interfaceBuilderPath: String, translationsPath: String?) -> String {
        let path = note.source == .interfaceBuilder ? interfaceBuilderPath : translationsPath ?? interfaceBuilderPath
        return "\(path):\(note.line.map { "\($0):" } ?? "") \(note.message)"
    }
}
