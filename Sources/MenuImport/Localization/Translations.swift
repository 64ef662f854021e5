import MenuSupport
import MenuSyntax
import MenuFormatter
import MenuCompiler

/// Localized titles for the menus being imported, from a `.strings` file
/// or a String Catalog, looked up by object id (`"abc-12-xyz.title"`, as
/// Xcode writes them for a XIB) and else by the base title (the older
/// title-keyed form).
struct Translations {
    private var entries: [String: StringsFile.Entry] = [:]
    /// Keys that gave a title.
    private(set) var used: Set<String> = []

    init(_ list: [StringsFile.Entry]) {
        // A repeated key: the last one counts, as for Foundation's reader.
        for entry in list { entries[entry.key] = entry }
    }

    var isEmpty: Bool { entries.isEmpty }

    /// The translation of an object's title: by its id, else by its base title.
    mutating func title(of objectID: String, base: String) -> String? {
        for key in [objectID + ".title", base] where !key.isEmpty && key != ".title" {
            if let entry = entries[key] {
                used.insert(key)
                return entry.value
            }
        }
        return nil
    }

    /// Notes about id-keyed titles for objects the file does not have (a
    /// strings file made for another version of it), in line order.
    func titlesForMissingObjects(objectIDs: Set<String>) -> [ImportNote] {
        entries.values.filter { entry in
            guard entry.key.hasSuffix(".title"), !used.contains(entry.key) else { return false }
            let id = String(entry.key.dropLast(".title".count))
            return Translations.looksLikeObjectID(id) && !objectIDs.contains(id)
        }
        .sorted { ($0.line ?? 0, $0.key) < ($1.line ?? 0, $1.key) }
        .map { ImportNote(.translations, line: $0.line, "a title for the object '\(TextEscaping.visible(String($0.key.dropLast(".title".count))))', which the Interface Builder file does not have") }
    }

    /// Xcode's object ids: `abc-12-XyZ`, or a number in older files.
    static func looksLikeObjectID(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count == 3, parts.allSatisfy({ $0.count >= 2 && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }) { return true }
        return !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
