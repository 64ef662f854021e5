@_spi(MenuPipeline) import MenuSupport
@_spi(MenuPipeline) import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// The JSON backend: the checked document, every element with its kind,
/// id, label, resolved properties, children, location, doc comment and
/// origin. Key order is fixed; the schema is docs/schema/menu.schema.json.
///
/// It writes from the model's records: each distinct text is escaped once
/// per document, paths are built while descending, and nothing is made per
/// element but the bytes written (its output is about ten times its input).
package enum JSONBackend {
    package static let schemaVersion = 1

    package static func render(_ file: CheckedFile, files: (FileID) -> SourceFile?) -> String {
        String(decoding: renderBytes(file, files: files), as: UTF8.self)
    }

    /// The document as UTF-8, without making a string.
    package static func renderBytes(_ file: CheckedFile, files: (FileID) -> SourceFile?) -> [UInt8] {
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
    package static func render(_ file: CheckedFile, files: (FileID) -> SourceFile?, to sink: (UnsafeBufferPointer<UInt8>) -> Void) {
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
    var escapedTexts: GroupKeyedTable<Range<Int>>
    /// `"name": ` for each property name, by raw value.
    let propertyKeys: [Range<Int>]
    /// Each default property as a member (`"enabled": true`), by slot
    /// (`ElementKind.ordinal * 2 + context`) times the number of names plus
    /// the name's raw value; made per slot (lower bound -1: a value of
    /// several lines, written where it goes).
    var defaultMembers: [Range<Int>]
    /// The slots whose default members are made (bit `slot`): one flat
    /// table and a mask, where a table per slot cost reference counts per element.
    var madeDefaults: UInt64 = 0
    /// The fixed pieces of elements, by their members' indentation / 2; nil: not yet made.
    var layouts: [ElementLayout?] = []
    /// Each shortcut's object, by its index in the model, as written at
    /// `indent` (its lines are indented; -1: not yet written).
    var shortcutObjects: GroupKeyedTable<(indent: Int, range: Range<Int>)>
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
        // By the group's numbering; about one text per element of the file.
        let elements = file.walkIndex.order.count
        escapedTexts = GroupKeyedTable(keyCount: file.store.texts.count, missing: -1..<(-1), expectedKeys: elements)
        propertyKeys = cache.appendPropertyKeys()
        defaultMembers = Array(repeating: -1..<(-1), count: ElementKind.allCases.count * 2 * PropertyName.count)
        shortcutObjects = GroupKeyedTable(keyCount: file.store.shortcuts.count, missing: (-1, 0..<0), expectedKeys: elements)
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

    /// One element and its children, its members written from the pieces
    /// of its depth's `ElementLayout` in a few writes: the head (kind to
    /// doc), the properties, the tail (allow to children). This runs once
    /// per element of the output, about 25 lines each: as one write per
    /// member (line break, indentation, key, value) it took twice the
    /// instructions.
    ///
    /// What goes into a write from `cache` is made first, since `cache`
    /// may move while it grows.
    private mutating func element(_ index: Int, to json: inout JSONStreamWriter) {
        let record = store.records[index]
        let tree = store.tree(of: record)
        let node = tree.elements[Int(record.syntax)]
        let mark = path.enter(record, of: store)
        let object = json.beginObject()
        let layout = layout(at: json.memberIndent)
        let label = record.label.exists ? escapedText(record.label) : nil
        let doc = node.hasDoc ? tree.doc(ofElement: Int(record.syntax))?.text : nil
        JSONRenderer.writeHead(record, label: label, hasDoc: doc != nil, path: path, mark: mark, layout: layout, cache: cache, to: &json)
        // A transparent group's children are named as if it were not there.
        if record.isTransparent { path.leave(mark) }
        if let doc {
            json.string(doc)
            JSONRenderer.put(layout.properties, from: cache, to: &json)
        }
        properties(of: record, to: &json)
        let attributes = node.hasAttributes ? tree.attributeRun(ofElement: Int(record.syntax)) : (first: 0, count: 0)
        let ruleIDs = attributes.count > 0 ? tree.allowAttributes(first: attributes.first, count: attributes.count).flatMap(\.ruleIDs) : []
        if !ruleIDs.isEmpty {
            JSONRenderer.put(layout.allow, from: cache, to: &json)
            let allow = json.beginArray()
            for rule in ruleIDs { json.element(); json.string(rule.text) }
            json.endArray(allow)
        }
        let location = location(of: record, offset: Int(node.keyword.start))
        let hasOrigin = record.isSpliced
        JSONRenderer.writeTail(location, allow: ruleIDs.isEmpty, origin: !hasOrigin, children: hasOrigin ? nil : record.childCount, layout: layout, cache: cache, to: &json)
        if hasOrigin {
            if let found = store.origin(of: index) { origin(found, to: &json) }
            JSONRenderer.writeChildrenKey(record.childCount, layout: layout, cache: cache, to: &json)
        }
        if record.childCount > 0 {
            let children = json.beginArray()
            let first = Int(record.firstChild)
            for position in first..<(first + Int(record.childCount)) {
                json.element()
                element(Int(store.children[position]), to: &json)
            }
            json.endArray(children)
        }
        json.endObject(object)
        path.leave(mark)
    }

    // The functions that write an element's pieces are static: a method
    // called with an argument that changes the renderer would copy it first.

    /// `"kind"` to `"doc"` (its value when null) and then the `"properties"` key.
    private static func writeHead(_ record: ElementRecord, label: Range<Int>?, hasDoc: Bool, path: ElementPath, mark: ElementPath.Mark,
                                  layout: ElementLayout, cache: OutputBuffer, to json: inout JSONStreamWriter) {
        let kind = quoted(record.kind)
        let context: StaticString = record.context == .menu ? "\"menu\"" : "\"control\""
        let idSource: StaticString = switch record.idSource {
        case .explicit: "\"explicit\""
        case .label: "\"label\""
        case .synthetic: "\"synthetic\""
        }
        let fixed = layout.headRoom + kind.utf8CodeUnitCount + context.utf8CodeUnitCount + idSource.utf8CodeUnitCount
        // Identifiers and paths are made of identifier characters: quoted without escaping.
        path.withBytes { pathBytes in
            path.withID(at: mark) { id in
                json.members(room: fixed + id.count + pathBytes.count + (label?.count ?? 4)) { cursor in
                    cursor.put(cache.bytes(layout.kind))
                    cursor.put(kind)
                    cursor.put(cache.bytes(layout.context))
                    cursor.put(context)
                    cursor.put(cache.bytes(layout.id))
                    cursor.putQuoted(id)
                    cursor.put(cache.bytes(layout.idSource))
                    cursor.put(idSource)
                    cursor.put(cache.bytes(layout.path))
                    cursor.putQuoted(pathBytes)
                    cursor.put(cache.bytes(layout.label))
                    if let label { cursor.put(cache.bytes(label)) } else { cursor.put("null") }
                    cursor.put(cache.bytes(layout.doc))
                    // A doc comment is written next (escaped), then the properties' key.
                    if !hasDoc {
                        cursor.put("null")
                        cursor.put(cache.bytes(layout.properties))
                    }
                }
            }
        }
    }

    /// `"allow"` (when empty), `"location"`, `"origin"` and (when there is
    /// no origin) the `"children"` key and, when empty, its value.
    private static func writeTail(_ location: Location, allow: Bool, origin: Bool, children: UInt32?,
                                  layout: ElementLayout, cache: OutputBuffer, to json: inout JSONStreamWriter) {
        json.members(room: layout.tailRoom + location.file.count) { cursor in
            if allow {
                cursor.put(cache.bytes(layout.allow))
                cursor.put("[]")
            }
            cursor.put(cache.bytes(layout.location))
            cursor.put(cache.bytes(location.file))
            cursor.put(cache.bytes(layout.line))
            cursor.putDecimal(location.line + 1)
            cursor.put(cache.bytes(layout.column))
            cursor.putDecimal(location.column + 1)
            cursor.put(cache.bytes(layout.origin))
            if origin { cursor.put("null") }
            if let children { putChildrenKey(children, layout: layout, cache: cache, to: &cursor) }
        }
    }

    /// The `"children"` key, and `[]` when there are none.
    private static func writeChildrenKey(_ count: UInt32, layout: ElementLayout, cache: OutputBuffer, to json: inout JSONStreamWriter) {
        json.members(room: layout.children.count + 2) { putChildrenKey(count, layout: layout, cache: cache, to: &$0) }
    }

    @inline(__always)
    private static func putChildrenKey(_ count: UInt32, layout: ElementLayout, cache: OutputBuffer, to cursor: inout ByteCursor) {
        cursor.put(cache.bytes(layout.children))
        if count == 0 { cursor.put("[]") }
    }

    /// A piece of `cache` as members (a key written apart from its value).
    private static func put(_ piece: Range<Int>, from cache: OutputBuffer, to json: inout JSONStreamWriter) {
        json.members(room: piece.count) { $0.put(cache.bytes(piece)) }
    }

    /// The pieces of the elements whose members are `indent` spaces deep.
    private mutating func layout(at indent: Int) -> ElementLayout {
        let depth = indent / 2
        if depth < layouts.count, let layout = layouts[depth] { return layout }
        if depth >= layouts.count { layouts += Array(repeating: nil, count: depth + 1 - layouts.count) }
        let layout = ElementLayout(indent: indent, in: cache)
        layouts[depth] = layout
        return layout
    }

    /// Written properties and the kind's defaults, in name order, a member
    /// a write.
    ///
    /// In the order `NamesInOrder` gives; a name written twice takes
    /// `PropertyMerge`, which keeps both.
    private mutating func properties(of record: ElementRecord, to json: inout JSONStreamWriter) {
        let object = json.beginObject()
        let slot = JSONRenderer.slot(record.kind, record.context)
        if madeDefaults & (UInt64(1) << UInt64(slot)) == 0 { makeDefaultMembers(slot, record) }
        guard var names = NamesInOrder(record, of: store, defaults: PropertyCatalog.defaultNames(for: record.kind, in: record.context)) else {
            mergedProperties(of: record, slot: slot, to: &json)
            json.endObject(object)
            return
        }
        while let (name, written) = names.next() {
            if let written {
                write(store.properties[written], of: record, to: &json)
            } else {
                writeDefault(at: name, slot: slot, record, to: &json)
            }
        }
        json.endObject(object)
    }

    /// `properties(of:to:)` for an element with a name written twice.
    private mutating func mergedProperties(of record: ElementRecord, slot: Int, to json: inout JSONStreamWriter) {
        var merge = PropertyMerge(store: store, record: record)
        while let entry = merge.next() {
            if let written = entry.written {
                write(written, of: record, to: &json)
            } else {
                writeDefault(entry.name, slot: slot, record, to: &json)
            }
        }
    }

    /// `writeDefault(_:slot:_:to:)` by the name's raw value: the cached
    /// member is found without making the name (whose `init(rawValue:)` is
    /// a call into another module, per default property of every element).
    private func writeDefault(at name: Int, slot: Int, _ record: ElementRecord, to json: inout JSONStreamWriter) {
        let member = defaultMembers[slot * PropertyName.count + name]
        guard member.lowerBound >= 0 else { return writeDefault(PropertyName(rawValue: UInt8(name)), slot: slot, record, to: &json) }
        json.member(room: member.count) { $0.put(cache.bytes(member)) }
    }

    /// A default property's member, from `cache`.
    private func writeDefault(_ name: PropertyName?, slot: Int, _ record: ElementRecord, to json: inout JSONStreamWriter) {
        guard let name else { return }
        let member = defaultMembers[slot * PropertyName.count + Int(name.rawValue)]
        if member.lowerBound >= 0 {
            json.member(room: member.count) { $0.put(cache.bytes(member)) }
        } else if let value = PropertyCatalog.defaultValue(name, for: record.kind, in: record.context) {
            json.key(cache, propertyKeys[Int(name.rawValue)])
            JSONRenderer.write(value, to: &json)
        }
    }

    /// Where a record's kind and context find their default members.
    private static func slot(_ kind: ElementKind, _ context: ElementContext) -> Int {
        kind.ordinal * 2 + (context == .menu ? 1 : 0)
    }

    /// The defaults of a kind in a context as members (`"enabled": true`).
    /// Defaults are Booleans and enumeration cases, one line each; a value
    /// that would take several lines (none does) is left to be written
    /// where it goes (-1).
    private mutating func makeDefaultMembers(_ slot: Int, _ record: ElementRecord) {
        for (name, value) in PropertyCatalog.defaults(for: record.kind, in: record.context) {
            let member: Range<Int>
            switch value {
            case .list, .shortcut: member = -1..<(-1)
            default:
                let start = cache.count
                let key = propertyKeys[Int(name.rawValue)]
                cache.append(cache, key)
                var writer = JSONStreamWriter(appendingTo: cache, indent: 0)
                JSONRenderer.write(value, to: &writer)
                member = start..<cache.count
            }
            defaultMembers[slot * PropertyName.count + Int(name.rawValue)] = member
        }
        madeDefaults |= UInt64(1) << UInt64(slot)
    }

    /// A written property's member: its key and value in one write.
    private mutating func write(_ stored: PropertyRecord, of record: ElementRecord, to json: inout JSONStreamWriter) {
        let key = propertyKeys[Int(stored.name.rawValue)]
        switch stored.kind {
        case .string:
            JSONRenderer.writeMember(key: key, escapedText(TextID(stored.payload)), from: cache, to: &json)
        case .bool:
            let value: StaticString = stored.payload != 0 ? "true" : "false"
            json.member(room: key.count + value.utf8CodeUnitCount) { cursor in
                cursor.put(cache.bytes(key))
                cursor.put(value)
            }
        case .number:
            store.withTextBytes(TextID(stored.payload)) { number in
                JSONRenderer.writeMember(key: key, number, from: cache, to: &json)
            }
        case .symbol, .reference:
            if stored.payload != PropertyRecord.textInSource {
                JSONRenderer.writeMember(key: key, escapedText(TextID(stored.payload)), from: cache, to: &json)
            } else {
                // An identifier as written: nothing to escape.
                store.withValueBytes(of: stored, in: record) { name in
                    json.member(room: key.count + name.count + 2) { cursor in
                        cursor.put(cache.bytes(key))
                        cursor.putQuoted(name)
                    }
                }
            }
        case .shortcut:
            JSONRenderer.writeMember(key: key, shortcut(Int(stored.payload), at: json.memberIndent), from: cache, to: &json)
        }
    }

    /// A member whose key and value are in `cache`.
    private static func writeMember(key: Range<Int>, _ value: Range<Int>, from cache: OutputBuffer, to json: inout JSONStreamWriter) {
        json.member(room: key.count + value.count) { cursor in
            cursor.put(cache.bytes(key))
            cursor.put(cache.bytes(value))
        }
    }

    /// A member whose key is in `cache` and whose value is JSON as it is (a number).
    private static func writeMember(key: Range<Int>, _ value: UnsafeBufferPointer<UInt8>, from cache: OutputBuffer, to json: inout JSONStreamWriter) {
        json.member(room: key.count + value.count) { cursor in
            cursor.put(cache.bytes(key))
            cursor.put(value)
        }
    }

    /// A shortcut's object as written at `indent` (its lines are indented),
    /// in `cache`: made once per depth it appears at.
    private mutating func shortcut(_ index: Int, at indent: Int) -> Range<Int> {
        var (objectIndent, range) = shortcutObjects[index]
        if objectIndent != indent {
            objectIndent = indent
            let start = cache.count
            var writer = JSONStreamWriter(appendingTo: cache, indent: indent)
            JSONRenderer.write(.shortcut(store.shortcuts[index]), to: &writer)
            range = start..<cache.count
            shortcutObjects[index] = (indent, range)
        }
        return range
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

    /// A text of the model, escaped and quoted in `cache` once per document.
    private mutating func escapedText(_ id: TextID) -> Range<Int> {
        var range = escapedTexts[Int(id.rawValue)]
        if range.lowerBound < 0 {
            let start = cache.count
            JSONValue.writeString(store.texts[id], to: cache)
            range = start..<cache.count
            escapedTexts[Int(id.rawValue)] = range
        }
        return range
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

    /// Where an element's keyword is: the escaped, quoted name of the file
    /// it is written in (in `cache`) and 0-based line and column.
    struct Location {
        var file: Range<Int>
        var line: Int
        var column: Int
    }

    private mutating func location(of record: ElementRecord, offset: Int) -> Location {
        let file = Int(record.file)
        if locations[file] == nil {
            let source = store.tree(of: record).file
            locations[file] = LocationTable(name: fileName(source), lines: LineCursor(source))
        }
        guard let (line, start) = locations[file]?.lines.locate(offset), let name = locations[file]?.name else {
            return Location(file: 0..<0, line: 0, column: 0)  // made just above
        }
        return Location(file: name, line: line, column: offset - start)
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

/// The fixed text of an element's members when they are `indent` spaces
/// deep — each key with the comma, line break and indentation before it,
/// as `JSONStreamWriter` lays members out — made once per depth in the
/// renderer's cache and copied.
private struct ElementLayout {
    /// The first member's key: no comma before it.
    let kind: Range<Int>
    let context, id, idSource, path, label, doc, properties, allow: Range<Int>
    /// The `"location"` key, its object's `{` and the `"file"` key.
    let location: Range<Int>
    let line, column: Range<Int>
    /// The location's `}`, then the `"origin"` key.
    let origin: Range<Int>
    let children: Range<Int>

    /// The most `JSONRenderer.writeHead` puts besides the kind, context,
    /// id source, id, path and label: its pieces, the id's and the path's
    /// quotes, and a doc's `null`.
    let headRoom: Int
    /// The most `JSONRenderer.writeTail` puts besides the file name.
    let tailRoom: Int

    init(indent: Int, in cache: OutputBuffer) {
        func piece(_ text: String) -> Range<Int> {
            let start = cache.count
            cache.appendString(text)
            return start..<cache.count
        }
        let lineBreak = "\n" + String(repeating: " ", count: indent)
        let nextMember = "," + lineBreak
        let nextLocationMember = ",\n" + String(repeating: " ", count: indent + 2)
        kind = piece(lineBreak + "\"kind\": ")
        context = piece(nextMember + "\"context\": ")
        id = piece(nextMember + "\"id\": ")
        idSource = piece(nextMember + "\"idSource\": ")
        path = piece(nextMember + "\"path\": ")
        label = piece(nextMember + "\"label\": ")
        doc = piece(nextMember + "\"doc\": ")
        properties = piece(nextMember + "\"properties\": ")
        allow = piece(nextMember + "\"allow\": ")
        location = piece(nextMember + "\"location\": {\n" + String(repeating: " ", count: indent + 2) + "\"file\": ")
        line = piece(nextLocationMember + "\"line\": ")
        column = piece(nextLocationMember + "\"column\": ")
        origin = piece(lineBreak + "}" + nextMember + "\"origin\": ")
        children = piece(nextMember + "\"children\": ")
        headRoom = kind.count + context.count + id.count + 2 + idSource.count + path.count + 2 + label.count
            + doc.count + 4 + properties.count
        tailRoom = allow.count + 2 + location.count + line.count + ByteCursor.decimalRoom + column.count + ByteCursor.decimalRoom
            + origin.count + 4 + children.count + 2
    }
}
