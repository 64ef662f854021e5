import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// The String Catalog backend (`--emit xcstrings`): Xcode's `.xcstrings`
/// JSON with one entry per user-visible string of a file — labels, toggle
/// on/off labels, confirmations, pull-down menu titles, subtitles and
/// activity labels — in its source language.
///
/// Keys come from the element's path, not its text (`menubar/File/newNote`,
/// `menubar/View/sidebar.on`), so rewording a label keeps its translations;
/// `MenuModel.MenuLocalizer` looks labels up by the same keys. Each entry's
/// comment says where the string appears and its shortcut.
///
/// Given the catalog already written, ``merge(_:into:)`` never loses a
/// translation: entries keep every language; when the source text changed,
/// the other languages are marked `needs_review`; entries no longer in the
/// file are marked `stale`, not deleted. Nothing here reads translations
/// for anything but copying them: the guideline rules (English wording)
/// never see them.
package enum StringCatalogBackend {
    /// The catalog's source language.
    package static let sourceLanguage = "en"

    /// One string of the file.
    package struct Entry: Sendable, Equatable {
        package var key: String
        package var value: String
        package var comment: String
    }

    /// The strings of a checked file, in walk order.
    package static func entries(of file: CheckedFile) -> [Entry] {
        var entries: [Entry] = []
        for (element, _) in file.walk() {
            let path = element.path
            let place = breadcrumb(of: element)
            let shortcut = element[.shortcut]?.shortcutValue.map { " Shortcut: \($0.display)." } ?? ""
            let what = kindName(element)
            if let label = element.label {
                entries.append(Entry(key: path, value: label, comment: "\(what) in \(place).\(shortcut)"))
            }
            let extra: [(PropertyName, String)] = [(.on, "Label when on of"), (.off, "Label when off of"), (.confirm, "Question asked before"),
                                                   (.title, "Menu title of"), (.subtitle, "Subtitle of"), (.activity, "Label while working of")]
            for (name, description) in extra {
                guard element.has(name), let text = element[name]?.stringValue else { continue }
                entries.append(Entry(key: path + "." + name.text, value: text, comment: "\(description) \(what.lowercased()) in \(place).\(shortcut)"))
            }
        }
        return entries
    }

    /// "Menu bar › File › New Note": the labels (or identifiers) from the
    /// top-level declaration down, leaving out transparent groups.
    static func breadcrumb(of element: Element) -> String {
        var names: [String] = []
        var current: Element? = element
        while let next = current {
            if !next.record.isTransparent || next == element {
                names.append(next.label ?? (next.kind == .menubar ? "Menu bar" : next.id))
            }
            current = next.parent
        }
        return names.reversed().joined(separator: " › ")
    }

    static func kindName(_ element: Element) -> String {
        switch element.kind {
        case .menubar: "Menu bar"
        case .menu: "Menu"
        case .submenu: "Submenu"
        case .contextmenu: "Context menu"
        case .view: "View title"
        case .button: "Button"
        case .toggle: element.context == .menu ? "Menu item" : "Toggle"
        case .popup: "Pop-up button"
        case .pulldown: "Pull-down button"
        case .option: "Pop-up option"
        case .toolbar: "Toolbar"
        case .row: "Row"
        case .item: "Menu item"
        case .section: "Section title"
        }
    }

    /// The catalog of a file, merged into `existing` (the catalog's bytes
    /// as last written, or nil); nil `existing` makes a new catalog.
    /// Throws when `existing` is not a catalog, rather than replace it.
    package static func render(_ file: CheckedFile, mergingInto existing: [UInt8]?) throws -> String {
        let old = try existing.map { bytes -> JSON in
            let json = try JSON.parse(bytes)
            guard json.object != nil, json["strings"]?.object != nil || json["strings"] == nil else { throw NotACatalog() }
            return json
        }
        return merge(entries(of: file), into: old).render()
    }

    /// Why an existing file can't be merged into.
    package struct NotACatalog: Error, CustomStringConvertible {
        package var description: String { "the existing file is not a String Catalog (an object with \"strings\")" }
    }

    /// The catalog of `entries` merged into `existing`; see the type's notes.
    package static func merge(_ entries: [Entry], into existing: JSON?) -> JSONValue {
        let oldStrings = existing?["strings"]?.object ?? [:]
        var strings: [String: JSONValue] = [:]
        for entry in entries where strings[entry.key] == nil {
            let old = oldStrings[entry.key]
            var localizations: [(String, JSONValue)] = []
            let oldSource = old?["localizations"]?[sourceLanguage]?["stringUnit"]?["value"]?.string
            let changed = oldSource != nil && oldSource != entry.value
            for (language, value) in (old?["localizations"]?.object ?? [:]).sorted(by: { $0.key < $1.key }) where language != sourceLanguage {
                localizations.append((language, changed ? markedForReview(value) : plain(value)))
            }
            localizations.append((sourceLanguage, stringUnit(state: "translated", value: entry.value)))
            localizations.sort { $0.0 < $1.0 }
            strings[entry.key] = .object([
                ("comment", .string(entry.comment)),
                ("extractionState", .string("manual")),
                ("localizations", .object(localizations)),
            ])
        }
        for (key, old) in oldStrings where strings[key] == nil {
            // Gone from the file: kept, with every translation, as stale.
            var members = (old.object ?? [:]).filter { $0.key != "extractionState" }.map { ($0.key, plain($0.value)) }
            members.append(("extractionState", .string("stale")))
            strings[key] = .object(members.sorted { $0.0 < $1.0 })
        }
        var top: [(String, JSONValue)] = (existing?.object ?? [:]).filter { $0.key != "strings" && $0.key != "sourceLanguage" && $0.key != "version" }
            .map { ($0.key, plain($0.value)) }
        top.append(("sourceLanguage", .string(existing?["sourceLanguage"]?.string ?? sourceLanguage)))
        top.append(("strings", .object(strings.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })))
        top.append(("version", .string(existing?["version"]?.string ?? "1.0")))
        return .object(top.sorted { $0.0 < $1.0 })
    }

    private static func stringUnit(state: String, value: String) -> JSONValue {
        .object([("stringUnit", .object([("state", .string(state)), ("value", .string(value))]))])
    }

    /// A translation whose source text changed: its string unit (and its
    /// variations' units) marked `needs_review`, its text kept.
    private static func markedForReview(_ json: JSON) -> JSONValue {
        guard case .object(let members) = json else { return plain(json) }
        return .object(members.sorted { $0.key < $1.key }.map { key, value in
            if key == "stringUnit", case .object(var unit) = value {
                unit["state"] = .string("needs_review")
                return (key, plain(.object(unit)))
            }
            return (key, markedForReview(value))
        })
    }

    /// A parsed value as written back, object keys sorted.
    static func plain(_ json: JSON) -> JSONValue {
        switch json {
        case .null: .null
        case .bool(let value): .bool(value)
        case .int(let value): .int(value)
        case .double(let value): .number(String(value))
        case .string(let value): .string(value)
        case .array(let values): .array(values.map(plain))
        case .object(let members): .object(members.sorted { $0.key < $1.key }.map { ($0.key, plain($0.value)) })
        }
    }
}
