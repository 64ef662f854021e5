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
        withoutActuallyEscaping(files) { files in
            var renderer = JSONRenderer(file: file, files: files)
            var writer = JSONStreamWriter(capacity: file.source.bytes.count * 12)
            renderer.render(to: &writer)
            return writer.finishBytes()
        }
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

private struct JSONRenderer {
    let file: CheckedFile
    let store: ModelStore
    let files: (FileID) -> SourceFile?
    /// Escaped, quoted texts, by `TextID`: a range of `cache` (lower bound -1: not yet).
    var escapedTexts: [Range<Int>]
    let cache = OutputBuffer(capacity: 1 << 16)
    /// Escaped, quoted display paths of source files, by `FileID`.
    var fileNames: [Int: Range<Int>] = [:]
    /// The path of the element being written, '/'-joined ids (identifiers need no escaping).
    var path: [UInt8] = []

    init(file: CheckedFile, files: @escaping (FileID) -> SourceFile?) {
        self.file = file
        self.store = file.store
        self.files = files
        escapedTexts = Array(repeating: -1..<(-1), count: file.store.texts.count)
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
                    path.removeAll(keepingCapacity: true)
                    element(declaration.index, to: &json)
                }
            }
        }
    }

    // MARK: - Elements

    private mutating func element(_ index: Int, to json: inout JSONStreamWriter) {
        let record = store.records[index]
        let tree = store.tree(of: record)
        let node = tree.elements[Int(record.syntax)]
        let pathLength = path.count
        if !path.isEmpty { path.append(UInt8(ascii: "/")) }
        let idStart = path.count
        appendID(of: record, node: node, tree: tree, to: &path)
        json.object { json in
            json.key("kind"); json.raw(JSONRenderer.quoted(record.kind))
            json.key("context"); json.raw(record.context == .menu ? "\"menu\"" : "\"control\"")
            // The id is the path's last component.
            json.key("id"); path.withUnsafeBufferPointer { json.plainString(UnsafeBufferPointer(rebasing: $0[idStart...])) }
            json.key("idSource")
            switch record.idSource {
            case .explicit: json.raw("\"explicit\"")
            case .label: json.raw("\"label\"")
            case .synthetic: json.raw("\"synthetic\"")
            }
            json.key("path"); path.withUnsafeBufferPointer { json.plainString($0) }
            json.key("label")
            if record.label.exists { text(record.label, to: &json) } else { json.null() }
            json.key("doc")
            if node.doc >= 0 { json.string(tree.docs[Int(node.doc)].text) } else { json.null() }
            json.key("properties")
            json.object { json in properties(of: record, tree: tree, to: &json) }
            json.key("allow")
            json.array { json in
                guard node.attributeCount > 0 else { return }
                for attribute in tree.allowAttributes(first: node.firstAttribute, count: node.attributeCount) {
                    for rule in attribute.ruleIDs { json.element(); json.string(rule.text) }
                }
            }
            json.key("location"); location(tree.file, offset: Int(node.keyword.start), to: &json)
            json.key("origin")
            if record.origin >= 0 {
                let origin = store.origins[Int(record.origin)]
                json.object { json in
                    json.key("via"); json.string(origin.via.rawValue)
                    json.key("menu"); json.string(origin.menu)
                    json.key("site")
                    if let site = files(origin.site.file) { location(site, offset: origin.site.start, to: &json) } else { json.null() }
                }
            } else {
                json.null()
            }
            json.key("children")
            json.array { json in
                let first = Int(record.firstChild)
                for position in first..<(first + Int(record.childCount)) {
                    json.element()
                    element(Int(store.children[position]), to: &json)
                }
            }
        }
        path.removeSubrange(pathLength...)
    }

    /// An element's identifier: written in the file, or interned.
    private func appendID(of record: ElementRecord, node: ElementNode, tree: SyntaxTree, to bytes: inout [UInt8]) {
        if record.id.exists {
            let range = store.texts.byteRange(record.id)
            store.texts.bytes.withUnsafeBufferPointer { bytes.append(contentsOf: $0[range]) }
        } else {
            tree.file.bytes.withUnsafeBufferPointer { bytes.append(contentsOf: $0[Int(node.name.start)..<Int(node.name.end)]) }
        }
    }

    /// Written properties and the kind's defaults, in name order.
    private mutating func properties(of record: ElementRecord, tree: SyntaxTree, to json: inout JSONStreamWriter) {
        let written = store.properties[Int(record.firstProperty)..<Int(record.firstProperty + record.propertyCount)]
        let defaults = PropertyCatalog.defaults(for: record.kind, in: record.context)
        // Both lists are short; merge them by name (a written one hides its default).
        var nextDefault = 0
        var remaining = written.count
        var writtenByName = written.sorted { $0.name < $1.name }[...]
        while remaining > 0 || nextDefault < defaults.count {
            let writtenName = writtenByName.first?.name
            if nextDefault < defaults.count, writtenName.map({ defaults[nextDefault].0 < $0 }) ?? true {
                let (name, value) = defaults[nextDefault]
                nextDefault += 1
                json.key(name)
                // Defaults are Booleans and enumeration cases from the catalog: nothing to escape.
                switch value {
                case .bool(let flag): json.bool(flag)
                case .symbol(let symbol): json.plainString(symbol)
                default: JSONRenderer.write(value, to: &json)
                }
                continue
            }
            guard let stored = writtenByName.popFirst() else { break }
            remaining -= 1
            if nextDefault < defaults.count, defaults[nextDefault].0 == stored.name { nextDefault += 1 }
            json.key(stored.name)
            write(stored, tree: tree, to: &json)
        }
    }

    private mutating func write(_ stored: PropertyRecord, tree: SyntaxTree, to json: inout JSONStreamWriter) {
        switch stored.kind {
        case .string: text(TextID(stored.payload), to: &json)
        case .bool: json.raw(stored.payload != 0 ? "true" : "false")
        case .number: store.texts.bytes.withUnsafeBufferPointer { json.raw(UnsafeBufferPointer(rebasing: $0[store.texts.byteRange(TextID(stored.payload))])) }
        case .symbol, .reference:
            if stored.payload != PropertyRecord.textInSource {
                text(TextID(stored.payload), to: &json)
            } else {
                // An identifier as written: nothing to escape.
                let range = tree.values[Int(tree.properties[Int(stored.syntax)].value)].range
                tree.file.bytes.withUnsafeBufferPointer { json.plainString(UnsafeBufferPointer(rebasing: $0[Int(range.start)..<Int(range.end)])) }
            }
        case .shortcut: JSONRenderer.write(.shortcut(store.shortcuts[Int(stored.payload)]), to: &json)
        }
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

    private mutating func location(_ source: SourceFile, offset: Int, to json: inout JSONStreamWriter) {
        let line = source.lineIndex(of: offset)
        var name = fileNames[source.id.rawValue] ?? -1..<(-1)
        if name.lowerBound < 0 {
            let start = cache.count
            JSONValue.writeString(source.displayPath, to: cache)
            name = start..<cache.count
            fileNames[source.id.rawValue] = name
        }
        json.object { json in
            json.key("file"); json.escaped(cache, name)
            json.key("line"); json.int(line + 1)
            json.key("column"); json.int(offset - source.lineStarts[line] + 1)
        }
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
