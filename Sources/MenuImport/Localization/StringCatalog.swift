import MenuCompiler
import MenuSupport
import MenuSyntax
import MenuFormatter

/// A String Catalog (`.xcstrings`): JSON, `{"sourceLanguage": "en",
/// "strings": {KEY: {"localizations": {LANG: {"stringUnit": {"state": …,
/// "value": …}}}}}}`. For a XIB or storyboard the keys are object ids
/// (`"abc-12-xyz.title"`); for code, the source text.
enum StringCatalog {
    struct Failure: Error, Sendable, Equatable {
        var line: Int?
        var message: String
    }

    static let maximumBytes = 16 << 20

    /// The entries of `language`, each at the line of its key; `notes`
    /// gets the entries that have no plain string in that language.
    static func read(_ bytes: [UInt8], language: String, notes: inout [ImportNote]) -> Result<[StringsFile.Entry], Failure> {
        guard bytes.count <= maximumBytes else { return .failure(Failure(line: 1, message: "the file is larger than \(maximumBytes >> 20) MiB")) }
        let json: JSON
        do {
            json = try JSON.parse(bytes)
        } catch {
            return .failure(Failure(line: line(ofFailure: "\(error)", in: bytes), message: "not a String Catalog: \(error)"))
        }
        guard let strings = json["strings"]?.object else {
            return .failure(Failure(line: 1, message: "not a String Catalog: it has no \"strings\" object"))
        }
        let lines = KeyLines(bytes: bytes)
        var entries: [StringsFile.Entry] = []
        for key in strings.keys.sorted() {
            guard let localization = strings[key]?["localizations"]?[language] else { continue }
            let line = lines.line(of: key)
            if let value = localization["stringUnit"]?["value"]?.string {
                entries.append(StringsFile.Entry(key: key, value: value, line: line))
            } else if localization["variations"] != nil {
                notes.append(ImportNote(.translations, line: line,
                                        "\"\(TextEscaping.visible(key))\" varies by plural or device in \(TextEscaping.visible(language)); a menu title takes one string, so it is left out"))
            }
        }
        return .success(entries)
    }

    /// The line of the byte offset a JSON failure names ("… at byte N").
    private static func line(ofFailure description: String, in bytes: [UInt8]) -> Int? {
        guard let range = description.firstRange(of: "at byte "),
              let offset = Int(description[range.upperBound...].prefix { $0.isNumber }) else { return nil }
        return bytes.prefix(max(0, offset - 1)).reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    }

    /// Where each key of the catalog is written: the line of its first
    /// `"key":`, found in one pass over the file.
    private struct KeyLines {
        var lines: [String: Int] = [:]

        init(bytes: [UInt8]) {
            var line = 1
            var index = 0
            var depth = 0
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case 0x0A: line += 1
                case UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: "}"): depth -= 1
                case UInt8(ascii: "\""):
                    let start = index
                    index += 1
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                        if bytes[index] == UInt8(ascii: "\\") { index += 1 }
                        index += 1
                    }
                    // Keys of "strings" are at depth 2: {"strings": {KEY: …}}.
                    if depth == 2, index < bytes.count, let key = try? JSON.parse(Array(bytes[start...index])).string, lines[key] == nil {
                        lines[key] = line
                    }
                default: break
                }
                index += 1
            }
        }

        func line(of key: String) -> Int? { lines[key] }
    }
}
