/// The JSON backend: the checked document, every element with its kind,
/// id, label, resolved properties, children, location, doc comment and
/// origin. Key order is fixed; the schema is docs/schema/menu.schema.json.
///
/// It writes from the model's records: each distinct text is escaped once
/// per document, paths are built while descending, and nothing is made per
/// element but the bytes written (its output is about ten times its input).
public enum JSONBackend {
    public static let schemaVersion = 1

    public static func render(_ file: CheckedFile, files: (FileID) -> SourceFile?) -> String {
        String(decoding: renderBytes(file, files: files), as: UTF8.self)
    }

    /// The document as UTF-8, without making a string.
    public static func renderBytes(_ file: CheckedFile, files: (FileID) -> SourceFile?) -> [UInt8] {
        // Streamed into one array reserved for the usual size (about eleven
        // times the input), so the output's pages are touched once, not once
        // in a growing buffer and again in a copy of it (at a hundred
        // megabytes, touching fresh pages costs more than writing them).
        var bytes: [UInt8] = []
        bytes.reserveCapacity(file.source.bytes.count * 12 + 4096)
        render(file, files: files) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// The document handed to `sink` in pieces as it is written: what
    /// `menuc build` does, so an output ten times its input never sits in memory.
    public static func render(_ file: CheckedFile, files: (FileID) -> SourceFile?, to sink: (UnsafeBufferPointer<UInt8>) -> Void) {
        withoutActuallyEscaping(files) { files in
            withoutActuallyEscaping(sink) { sink in
                var renderer = JSONRenderer(file: file, files: files)
                var writer = JSONStreamWriter(streamingTo: sink)
                renderer.render(to: &writer)
                writer.finishStreaming()
            }
        }
    }
}

/// Writes one document; the state of a single `JSONBackend.render` call.
///
/// What repeats is written once into `cache` and copied from there: each
/// distinct text escaped and quoted, each property key, the kinds' default
/// values, a shortcut's object. Elements are written from the model's
/// records, and an element's path is built while descending.
private struct JSONRenderer {
    let file: CheckedFile
    let store: ModelStore
    let files: (FileID) -> SourceFile?
    /// Pieces of JSON written once (see `escapedTexts` and the others).
    let cache = OutputBuffer(capacity: 1 << 16)
    /// Escaped, quoted texts, by `TextID`: a range of `cache` (lower bound -1: not yet).
    var escapedTexts: [Range<Int>]
    /// `"name": ` for each property name, by raw value.
    let propertyKeys: [Range<Int>]
    /// The JSON of each default value, by `ElementKind.ordinal * 2 + context`
    /// and position in `PropertyCatalog.defaults(for:in:)`; nil: not yet made.
    var defaultValues: [[Range<Int>]?]
    /// Each shortcut's object, by its index in the model, as written at
    /// `indent` (its lines are indented; -1: not yet written).
    var shortcutObjects: [(indent: Int, range: Range<Int>)]
    /// Per file of the store (`ElementRecord.file`): where its elements are.
    var locations: [LocationTable?]
    /// Escaped, quoted display paths of the files of `use` and `menu:` sites, by `FileID`.
    var siteNames: [Int: Range<Int>] = [:]
    /// The path of the element being written, '/'-joined ids (identifiers need no escaping).
    var path = ElementPath()

    /// A source file's escaped, quoted name, and a cursor over its lines.
    struct LocationTable {
        var name: Range<Int>
        var lines: LineCursor
    }

    init(file: CheckedFile, files: @escaping (FileID) -> SourceFile?) {
        self.file = file
        self.store = file.store
        self.files = files
        escapedTexts = Array(repeating: -1..<(-1), count: file.store.texts.count)
        propertyKeys = cache.appendPropertyKeys()
        defaultValues = Array(repeating: nil, count: ElementKind.allCases.count * 2)
        shortcutObjects = Array(repeating: (-1, 0..<0), count: file.store.shortcuts.count)
        locations = Array(repeating: nil, count: file.store.trees.count)
    }

    mutating func render(to writer: inout JSONStreamWriter) {
        writer.object { json in
            json.key("schemaVersion"); json.int(JSONBackend.schemaVersion)
            json.key("file"); json.string(file.source.displayPath)
            json.key("doc"); json.string(file.doc)
            json.key("platforms")
            json.array { json in
                for platform in file.platforms {
                    json.element()
                    json.object { json in
                        json.key("name"); json.string(platform.name.rawValue)
                        json.key("version"); json.string(platform.version)
                    }
                }
            }
            json.key("imports")
            json.array { json in
                for imported in file.imports {
                    json.element(); json.string(imported.path)
                }
            }
            json.key("declarations")
            json.array { json in
                for declaration in file.declarations {
                    json.element()
                    path.reset()
                    element(declaration.index, to: &json)
                }
            }
        }
    }

    // MARK: - Elements

    /// One element and its children. Members are written one after another
    /// without closures: this runs once per element of the output.
    private mutating func element(_ index: Int, to json: inout JSONStreamWriter) {
        let record = store.records[index]
        let tree = store.tree(of: record)
        let node = tree.elements[Int(record.syntax)]
        let mark = path.enter(record, of: store)
        let object = json.beginObject()
        json.key("kind"); json.raw(JSONRenderer.quoted(record.kind))
        json.key("context"); json.raw(record.context == .menu ? "\"menu\"" : "\"control\"")
        // The id is the path's last component.
        json.key("id"); path.withID(at: mark) { json.plainString($0) }
        json.key("idSource")
        switch record.idSource {
        case .explicit: json.raw("\"explicit\"")
        case .label: json.raw("\"label\"")
        case .synthetic: json.raw("\"synthetic\"")
        }
        json.key("path"); path.withBytes { json.plainString($0) }
        json.key("label")
        if record.label.exists { text(record.label, to: &json) } else { json.null() }
        json.key("doc")
        if node.doc >= 0 { json.string(tree.docs[Int(node.doc)].text) } else { json.null() }
        json.key("properties")
        properties(of: record, to: &json)
        json.key("allow")
        let allow = json.beginArray()
        if node.attributeCount > 0 {
            for attribute in tree.allowAttributes(first: node.firstAttribute, count: node.attributeCount) {
                for rule in attribute.ruleIDs { json.element(); json.string(rule.text) }
            }
        }
        json.endArray(allow)
        json.key("location"); location(of: record, offset: Int(node.keyword.start), to: &json)
        json.key("origin")
        if record.origin >= 0 { origin(store.origins[Int(record.origin)], to: &json) } else { json.null() }
        json.key("children")
        let children = json.beginArray()
        let first = Int(record.firstChild)
        for position in first..<(first + Int(record.childCount)) {
            json.element()
            element(Int(store.children[position]), to: &json)
        }
        json.endArray(children)
        json.endObject(object)
        path.leave(mark)
    }

    /// Written properties and the kind's defaults, in name order.
    private mutating func properties(of record: ElementRecord, to json: inout JSONStreamWriter) {
        let object = json.beginObject()
        var merge = PropertyMerge(store: store, record: record)
        guard !merge.isEmpty else { json.endObject(object); return }
        let slot = record.kind.ordinal * 2 + (record.context == .menu ? 1 : 0)
        let defaults = defaultValues[slot] ?? makeDefaultValues(slot, record)
        while let entry = merge.next() {
            json.key(cache, propertyKeys[Int(entry.name.rawValue)])
            if let written = entry.written {
                write(written, of: record, to: &json)
            } else if defaults[entry.defaultIndex].lowerBound >= 0 {
                json.escaped(cache, defaults[entry.defaultIndex])
            } else {
                JSONRenderer.write(PropertyCatalog.defaults(for: record.kind, in: record.context)[entry.defaultIndex].1, to: &json)
            }
        }
        json.endObject(object)
    }

    /// The defaults of a kind in a context, as JSON. Defaults are Booleans
    /// and enumeration cases, one line each; a value that would take
    /// several lines (none does) is left to be written where it goes (-1).
    private mutating func makeDefaultValues(_ slot: Int, _ record: ElementRecord) -> [Range<Int>] {
        let values = PropertyCatalog.defaults(for: record.kind, in: record.context).map { _, value -> Range<Int> in
            switch value {
            case .list, .shortcut: return -1..<(-1)
            default:
                let start = cache.count
                var writer = JSONStreamWriter(appendingTo: cache, indent: 0)
                JSONRenderer.write(value, to: &writer)
                return start..<cache.count
            }
        }
        defaultValues[slot] = values
        return values
    }

    private mutating func write(_ stored: PropertyRecord, of record: ElementRecord, to json: inout JSONStreamWriter) {
        switch stored.kind {
        case .string: text(TextID(stored.payload), to: &json)
        case .bool: json.raw(stored.payload != 0 ? "true" : "false")
        case .number: store.withTextBytes(TextID(stored.payload)) { json.raw($0) }
        case .symbol, .reference:
            if stored.payload != PropertyRecord.textInSource {
                text(TextID(stored.payload), to: &json)
            } else {
                // An identifier as written: nothing to escape.
                store.withValueBytes(of: stored, in: record) { json.plainString($0) }
            }
        case .shortcut: shortcut(Int(stored.payload), to: &json)
        }
    }

    /// A shortcut's object, written once per depth it appears at.
    private mutating func shortcut(_ index: Int, to json: inout JSONStreamWriter) {
        var (indent, range) = shortcutObjects[index]
        if indent != json.memberIndent {
            indent = json.memberIndent
            let start = cache.count
            var writer = JSONStreamWriter(appendingTo: cache, indent: indent)
            JSONRenderer.write(.shortcut(store.shortcuts[index]), to: &writer)
            range = start..<cache.count
            shortcutObjects[index] = (indent, range)
        }
        json.escaped(cache, range)
    }

    private static func write(_ value: Value, to json: inout JSONStreamWriter) {
        switch value {
        case .string(let text): json.string(text)
        case .bool(let flag): json.bool(flag)
        case .number(let text): json.number(text)
        case .symbol(let name), .reference(let name): json.string(name)
        case .shortcut(let shortcut):
            json.object { json in
                json.key("canonical"); json.string(shortcut.canonical)
                json.key("display"); json.string(shortcut.display)
                json.key("key"); json.string(shortcut.key)
                json.key("modifiers")
                json.array { json in
                    for modifier in shortcut.modifiers { json.element(); json.string(modifier.rawValue) }
                }
            }
        case .list(let values):
            json.array { json in
                for item in values { json.element(); write(item, to: &json) }
            }
        }
    }

    /// A text of the model, escaped once per document.
    private mutating func text(_ id: TextID, to json: inout JSONStreamWriter) {
        var range = escapedTexts[Int(id.rawValue)]
        if range.lowerBound < 0 {
            let start = cache.count
            JSONValue.writeString(store.texts[id], to: cache)
            range = start..<cache.count
            escapedTexts[Int(id.rawValue)] = range
        }
        json.escaped(cache, range)
    }

    private mutating func origin(_ origin: Origin, to json: inout JSONStreamWriter) {
        let object = json.beginObject()
        json.key("via"); json.string(origin.via.rawValue)
        json.key("menu"); json.string(origin.menu)
        json.key("site")
        if let site = files(origin.site.file) {
            let name = siteNames[site.id.rawValue] ?? fileName(site)
            siteNames[site.id.rawValue] = name
            let line = site.lineIndex(of: origin.site.start)
            location(file: name, line: line, column: origin.site.start - site.lineStarts[line], to: &json)
        } else {
            json.null()
        }
        json.endObject(object)
    }

    /// Where an element's keyword is, in the file it is written in.
    private mutating func location(of record: ElementRecord, offset: Int, to json: inout JSONStreamWriter) {
        let file = Int(record.file)
        if locations[file] == nil {
            let source = store.tree(of: record).file
            locations[file] = LocationTable(name: fileName(source), lines: LineCursor(source))
        }
        let (line, start) = locations[file]!.lines.locate(offset)
        location(file: locations[file]!.name, line: line, column: offset - start, to: &json)
    }

    /// `{"file": …, "line": …, "column": …}`, from 0-based line and column.
    /// (Mutating only so that calling it doesn't copy the renderer.)
    private mutating func location(file name: Range<Int>, line: Int, column: Int, to json: inout JSONStreamWriter) {
        let object = json.beginObject()
        json.key("file"); json.escaped(cache, name)
        json.key("line"); json.int(line + 1)
        json.key("column"); json.int(column + 1)
        json.endObject(object)
    }

    /// A source file's display path, escaped and quoted (into `cache`).
    private func fileName(_ source: SourceFile) -> Range<Int> {
        let start = cache.count
        JSONValue.writeString(source.displayPath, to: cache)
        return start..<cache.count
    }

    private static func quoted(_ kind: ElementKind) -> StaticString {
        switch kind {
        case .menubar: "\"menubar\""
        case .menu: "\"menu\""
        case .view: "\"view\""
        case .contextmenu: "\"contextmenu\""
        case .button: "\"button\""
        case .toggle: "\"toggle\""
        case .popup: "\"popup\""
        case .pulldown: "\"pulldown\""
        case .option: "\"option\""
        case .toolbar: "\"toolbar\""
        case .row: "\"row\""
        case .item: "\"item\""
        case .section: "\"section\""
        case .submenu: "\"submenu\""
        }
    }
}
