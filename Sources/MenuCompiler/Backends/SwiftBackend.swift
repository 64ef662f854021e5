/// The Swift backend: one source file per `.menu` file that builds the
/// checked document with the `MenuModel` library.
///
/// The file holds a namespace `enum` named after the source file, one static
/// property per top-level declaration, `document` for the whole file, and an
/// `Action` enum of every action the file names, so an app switches over
/// actions with the compiler's help. Compiled and encoded to JSON, the
/// document equals what the JSON backend writes for the same file.
///
/// All text from the source goes through `SwiftEscaping`: labels and doc
/// comments can't break out of their literals or comments.
public enum SwiftBackend {
    /// The access level of the generated declarations (`--access`).
    public enum Access: String, CaseIterable, Sendable {
        case `public`, `internal`, `package`

        /// The modifier to write before a declaration, with its space
        /// (none for `internal`, Swift's default).
        var modifier: String {
            switch self {
            case .public: "public "
            case .package: "package "
            case .internal: ""
            }
        }
    }

    /// `--type-name` and `--access`.
    public struct Options: Sendable {
        /// The namespace's name; nil derives it from the file name.
        public var typeName: String?
        /// The access level of the namespace and everything in it.
        public var access: Access

        /// Options for the file name's namespace at `access` (internal, Swift's default).
        public init(typeName: String? = nil, access: Access = .internal) {
            self.typeName = typeName
            self.access = access
        }
    }

    /// The Swift source for one checked file; `files` gives the source
    /// files behind spans (for locations), as for the JSON backend.
    public static func render(_ file: CheckedFile, files: (FileID) -> SourceFile?, options: Options = Options()) -> String {
        String(decoding: renderBytes(file, files: files, options: options), as: UTF8.self)
    }

    /// The source as UTF-8, without making a string.
    public static func renderBytes(_ file: CheckedFile, files: (FileID) -> SourceFile?, options: Options = Options()) -> [UInt8] {
        // One array reserved for the usual size (about ten times the input):
        // see `JSONBackend.renderBytes`.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(file.source.bytes.count * 11 + 4096)
        render(file, files: files, options: options) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// The source handed to `sink` in pieces as it is written (what `menuc build` does).
    public static func render(_ file: CheckedFile, files: (FileID) -> SourceFile?, options: Options = Options(),
                              to sink: (UnsafeBufferPointer<UInt8>) -> Void) {
        withoutActuallyEscaping(files) { files in
            withoutActuallyEscaping(sink) { sink in
                var renderer = SwiftFileRenderer(file: file, files: files, options: options)
                var writer = CodeWriter(streamingTo: sink)
                renderer.render(to: &writer)
                writer.flushRemaining()
            }
        }
    }

    /// The namespace name for a source file: UpperCamelCase of its name
    /// (`notes.menu` → `Notes`), never a keyword or a `MenuModel` type name.
    public static func typeName(forFile displayPath: String) -> String {
        let fileName = displayPath.split(separator: "/").last.map(String.init) ?? displayPath
        let name = SwiftEscaping.upperCamelCase(fileName: fileName) ?? "Menus"
        return reservedTypeNames.contains(name) || SwiftEscaping.keywords.contains(name) ? name + "Menus" : name
    }

    /// Why `name` can't be given with `--type-name`, or nil when it can.
    public static func problem(withTypeName name: String) -> String? {
        guard SwiftEscaping.isIdentifier(name) else { return "'\(name)' is not a Swift identifier" }
        if SwiftEscaping.keywords.contains(name) || SwiftEscaping.unusableMemberNames.contains(name) { return "'\(name)' is a Swift keyword" }
        if reservedTypeNames.contains(name) { return "'\(name)' would hide a type the generated code or apps use" }
        return nil
    }

    /// Names a namespace must not take: it would shadow the module, the types
    /// of `MenuModel` (keep in step with Sources/MenuModel) or basic Swift types.
    static let reservedTypeNames: Set<String> = [
        "MenuModel", "Swift", "Foundation",
        "MenuDocument", "MenuElement", "PropertyValue", "KeyboardShortcut", "SourceLocation", "ShortcutBinding",
        "ButtonType", "ButtonStyle", "ControlSize", "ButtonRole", "ItemRole", "CheckmarkState", "ToggleState",
        "ToggleIndicator", "MenuLayout", "Presentation", "ButtonProperties", "ToggleProperties", "PopUpProperties",
        "PullDownProperties", "OptionProperties", "ItemProperties", "MenuProperties", "ViewProperties", "OrderedJSONEncoder",
        "String", "Bool", "Int", "Double", "Array", "Dictionary", "Optional", "Sendable", "CaseIterable", "RawRepresentable",
        "Type", "Protocol", "Action",
    ]

    /// Static property names for the declarations, in order: lowerCamelCase
    /// of each identifier, made unique (a later clash gets `2`, `3`, …) and
    /// never `document`, which names the whole file.
    static func memberNames(for ids: [String]) -> [String] {
        uniqueNames(ids.map(SwiftEscaping.lowerCamelCase), taken: ["document"], unusable: SwiftEscaping.unusableMemberNames)
    }

    /// Case names for the actions, in order: the action names themselves,
    /// except those a case can't have (`self`, `allCases`, `rawValue`, …),
    /// which get a `_` appended.
    static func caseNames(for actions: [String]) -> [String] {
        let unusable = SwiftEscaping.unusableMemberNames.union(["allCases", "rawValue", "hashValue", "AllCases", "RawValue"])
        return uniqueNames(actions, taken: [], unusable: unusable)
    }

    private static func uniqueNames(_ names: [String], taken initial: Set<String>, unusable: Set<String>) -> [String] {
        var taken = initial
        return names.map { name in
            let base = unusable.contains(name) ? name + "_" : name
            var candidate = base
            var ordinal = 2
            while taken.contains(candidate) {
                candidate = base + String(ordinal)
                ordinal += 1
            }
            taken.insert(candidate)
            return candidate
        }
    }

    /// Every `action:` value in the file, without repeats, sorted.
    static func actions(in file: CheckedFile) -> [String] {
        var names = Set<String>()
        for element in file.elements(where: { $0.has(.action) }) {
            if let action = element[.action]?.name { names.insert(action) }
        }
        return names.sorted()
    }
}

/// Writes one file; the state of a single `SwiftBackend.render` call.
///
/// Elements are written from the model's records, line by line from
/// pieces; what repeats is written once into `cache` and copied: each
/// distinct text as a literal, property keys, the kinds' default
/// properties, shortcuts, file names.
private struct SwiftFileRenderer {
    let file: CheckedFile
    let store: ModelStore
    let files: (FileID) -> SourceFile?
    let options: SwiftBackend.Options
    /// Pieces of Swift written once (see `literals` and the others).
    private let cache = OutputBuffer(capacity: 1 << 16)
    /// String literals of the model's texts, by `TextID`: a range of `cache`
    /// (lower bound -1: not yet). Each distinct text is escaped once.
    private var literals: [Range<Int>]
    /// `"name": ` for each property name, by raw value.
    private let propertyKeys: [Range<Int>]
    /// Each default property's line (`"enabled": .bool(true),`), by
    /// `ElementKind.ordinal * 2 + context` and position in
    /// `PropertyCatalog.defaults(for:in:)`; nil: not yet made.
    private var defaultLines: [[Range<Int>]?]
    /// `.number(…)` values, by the number's `TextID`.
    private var numberValues: [UInt32: Range<Int>] = [:]
    /// `.shortcut(…)` values, by the shortcut's index in the model.
    private var shortcutValues: [Range<Int>]
    /// Per file of the store (`ElementRecord.file`): its name's literal and a cursor over its lines.
    private var locations: [LocationTable?]
    /// String literals of the display paths of `use` and `menu:` sites' files, by `FileID`.
    private var siteLiterals: [Int: Range<Int>] = [:]
    /// The path of the element being written ('/'-joined identifiers: no escaping needed).
    private var path = ElementPath()

    struct LocationTable {
        var name: Range<Int>
        var lines: LineCursor
    }

    init(file: CheckedFile, files: @escaping (FileID) -> SourceFile?, options: SwiftBackend.Options) {
        self.file = file
        self.store = file.store
        self.files = files
        self.options = options
        literals = Array(repeating: -1..<(-1), count: file.store.texts.count)
        propertyKeys = cache.appendPropertyKeys()
        defaultLines = Array(repeating: nil, count: ElementKind.allCases.count * 2)
        shortcutValues = Array(repeating: -1..<(-1), count: file.store.shortcuts.count)
        locations = Array(repeating: nil, count: file.store.trees.count)
    }

    private var access: String { options.access.modifier }

    mutating func render(to writer: inout CodeWriter) {
        let path = file.source.displayPath
        writer.line("// Generated by menuc \(MenuCompiler.version). DO NOT EDIT.")
        writer.line("// Source: " + SwiftEscaping.commentText(path))
        writer.blankLine()
        writer.line("import MenuModel")
        writer.blankLine()
        // A name that is no identifier would be code: callers check with
        // `problem(withTypeName:)`, and anything else falls back to the derived name.
        let typeName = options.typeName.flatMap { SwiftBackend.problem(withTypeName: $0) == nil ? $0 : nil }
            ?? SwiftBackend.typeName(forFile: path)
        if let doc = file.doc {
            for line in SwiftEscaping.docComment(doc) { writer.line(line) }
        } else {
            writer.line("/// The menus and controls of " + SwiftEscaping.commentText(path) + ".")
        }
        let memberNames = SwiftBackend.memberNames(for: file.declarations.map(\.id))
        writer.line("\(access)enum \(typeName) {")
        writer.indented { body in
            for (declaration, name) in zip(file.declarations, memberNames) {
                writeDeclaration(declaration, named: name, to: &body)
                body.line()
            }
            writeDocument(memberNames: memberNames, to: &body)
            body.blankLine()
            writeActions(to: &body)
        }
        writer.line("}")
    }

    // MARK: - Declarations

    private mutating func writeDeclaration(_ element: Element, named name: String, to writer: inout CodeWriter) {
        if let doc = element.doc {
            for line in SwiftEscaping.docComment(doc) { writer.line(line) }
        } else {
            let shown = element.label.map { " (“" + SwiftEscaping.commentText($0) + "”)" } ?? ""
            writer.line("/// The \(element.kind.rawValue) `\(element.id)`\(shown).")
        }
        path.reset()
        writer.line("\(access)static let \(SwiftEscaping.identifier(name)): MenuModel.MenuElement = .init(")
        writeElement(element.index, closing: ")", to: &writer)
    }

    private func writeDocument(memberNames: [String], to writer: inout CodeWriter) {
        writer.line("/// Everything " + SwiftEscaping.commentText(file.source.displayPath) + " declares, as one document.")
        writer.block("\(access)static let document: MenuModel.MenuDocument = .init(", closing: ")") { body in
            body.line("schemaVersion: \(JSONBackend.schemaVersion),")
            body.line("file: \(SwiftEscaping.stringLiteral(file.source.displayPath)),")
            if let doc = file.doc { body.line("doc: \(SwiftEscaping.stringLiteral(doc)),") }
            writeList("platforms", file.platforms.map { platform in
                ".init(name: .\(platform.name.rawValue), version: \(platform.version.map(SwiftEscaping.stringLiteral) ?? "nil"))"
            }, to: &body)
            if !file.imports.isEmpty {
                writeList("imports", file.imports.map { SwiftEscaping.stringLiteral($0.path) }, to: &body)
            }
            body.line("declarations: [" + memberNames.map(SwiftEscaping.identifier).joined(separator: ", ") + "]")
        }
    }

    private func writeActions(to writer: inout CodeWriter) {
        let path = SwiftEscaping.commentText(file.source.displayPath)
        let actions = ActionNames(file)
        guard !actions.isEmpty else {
            // A raw-value enum needs a case, so an empty one spells out RawRepresentable.
            writer.line("/// Every action \(path) names: none.")
            writer.block("\(access)enum Action: RawRepresentable, CaseIterable, Hashable, Sendable {") { body in
                body.line("\(access)static var allCases: [Action] { [] }")
                body.line("\(access)var rawValue: String { switch self {} }")
                body.line("\(access)init?(rawValue: String) { nil }")
            }
            return
        }
        writer.line("/// Every action \(path) names (`action:` values), sorted.")
        writer.block("\(access)enum Action: String, CaseIterable, Sendable {") { body in
            actions.write(to: &body)
        }
    }

    // MARK: - Elements

    /// One element as `.init(kind: …, children: [ … ])` (the opening line is
    /// written), leaving out arguments that have their default (no label, no
    /// children, …). Trailing commas in argument lists need Swift 6.1, so
    /// the last argument has none.
    private mutating func writeElement(_ index: Int, closing: StaticString, to writer: inout CodeWriter) {
        let record = store.records[index]
        let tree = store.tree(of: record)
        let node = tree.elements[Int(record.syntax)]
        let mark = path.enter(record, of: store)
        let hasOrigin = record.origin >= 0
        let hasChildren = record.childCount > 0
        writer.enter()
        writer.beginLine()
        writer.write("kind: .")
        writer.write(string: record.kind.rawValue)
        writer.write(record.context == .menu ? ", context: .menu, id: " : ", context: .control, id: ")
        // Identifiers and paths are made of identifier characters: a plain literal.
        path.withID(at: mark) { writer.writeQuoted($0) }
        switch record.idSource {
        case .explicit: writer.write(", idSource: .explicit,")
        case .label: writer.write(", idSource: .label,")
        case .synthetic: writer.write(", idSource: .synthetic,")
        }
        writer.endLine()
        writer.beginLine()
        writer.write("path: ")
        path.withBytes { writer.writeQuoted($0) }
        writer.write(",")
        writer.endLine()
        if record.label.exists {
            writer.beginLine()
            writer.write("label: ")
            literal(record.label, to: &writer)
            writer.write(",")
            writer.endLine()
        }
        if node.doc >= 0 {
            writer.beginLine()
            writer.write("doc: ")
            writer.write(string: SwiftEscaping.stringLiteral(tree.docs[Int(node.doc)].text))
            writer.write(",")
            writer.endLine()
        }
        properties(of: record, to: &writer)
        if node.attributeCount > 0 {
            let ruleIDs = tree.allowAttributes(first: node.firstAttribute, count: node.attributeCount).flatMap(\.ruleIDs).map(\.text)
            if !ruleIDs.isEmpty { writer.line("allow: [" + ruleIDs.map(SwiftEscaping.stringLiteral).joined(separator: ", ") + "],") }
        }
        writer.beginLine()
        writer.write("location: ")
        location(of: record, offset: Int(node.keyword.start), to: &writer)
        if hasOrigin || hasChildren { writer.write(",") }
        writer.endLine()
        if hasOrigin {
            let origin = store.origins[Int(record.origin)]
            writer.beginLine()
            writer.write("origin: .init(via: .")
            writer.write(string: origin.via.rawValue)
            writer.write(", menu: ")
            writer.write(string: SwiftEscaping.stringLiteral(origin.menu))
            writer.write(", site: ")
            if let site = files(origin.site.file) { siteLocation(site, offset: origin.site.start, to: &writer) } else { writer.write("nil") }
            writer.write(hasChildren ? ")," : ")")
            writer.endLine()
        }
        if hasChildren {
            writer.beginLine()
            writer.write("children: [")
            writer.endLine()
            writer.enter()
            let first = Int(record.firstChild)
            for position in first..<(first + Int(record.childCount)) {
                writer.beginLine()
                writer.write(".init(")
                writer.endLine()
                writeElement(Int(store.children[position]), closing: "),", to: &writer)
            }
            writer.leave()
            writer.beginLine()
            writer.write("]")
            writer.endLine()
        }
        writer.leave()
        writer.beginLine()
        writer.write(closing)
        writer.endLine()
        path.leave(mark)
    }

    /// A text of the model as a literal, escaped once per file.
    private mutating func literal(_ id: TextID, to writer: inout CodeWriter) {
        var range = literals[Int(id.rawValue)]
        if range.lowerBound < 0 {
            let start = cache.count
            cache.appendString(SwiftEscaping.stringLiteral(store.texts[id]))
            range = start..<cache.count
            literals[Int(id.rawValue)] = range
        }
        writer.write(cache, range)
    }

    /// `properties: [ … ],`: written properties and the kind's defaults, in
    /// name order, one line each; nothing when there are none.
    private mutating func properties(of record: ElementRecord, to writer: inout CodeWriter) {
        var merge = PropertyMerge(store: store, record: record)
        guard !merge.isEmpty else { return }
        let slot = record.kind.ordinal * 2 + (record.context == .menu ? 1 : 0)
        let defaults = defaultLines[slot] ?? makeDefaultLines(slot, record)
        writer.beginLine()
        writer.write("properties: [")
        writer.endLine()
        writer.enter()
        while let entry = merge.next() {
            writer.beginLine()
            if let written = entry.written {
                writer.write(cache, propertyKeys[Int(entry.name.rawValue)])
                write(written, of: record, to: &writer)
                writer.write(",")
            } else {
                writer.write(cache, defaults[entry.defaultIndex])
            }
            writer.endLine()
        }
        writer.leave()
        writer.beginLine()
        writer.write("],")
        writer.endLine()
    }

    /// The lines of a kind's defaults in a context (Booleans and
    /// enumeration cases from the catalog: nothing to escape).
    private mutating func makeDefaultLines(_ slot: Int, _ record: ElementRecord) -> [Range<Int>] {
        let lines = PropertyCatalog.defaults(for: record.kind, in: record.context).map { name, value -> Range<Int> in
            let start = cache.count
            cache.append(UInt8(ascii: "\""))
            cache.appendString(name.text)
            cache.append("\": ")
            switch value {
            case .bool(let flag): cache.append(flag ? ".bool(true)" : ".bool(false)")
            case .symbol(let symbol):
                cache.append(".string(\"")
                cache.appendString(symbol)
                cache.append("\")")
            default: cache.appendString(self.value(value))
            }
            cache.append(UInt8(ascii: ","))
            return start..<cache.count
        }
        defaultLines[slot] = lines
        return lines
    }

    private mutating func write(_ stored: PropertyRecord, of record: ElementRecord, to writer: inout CodeWriter) {
        switch stored.kind {
        case .string:
            writer.write(".string(")
            literal(TextID(stored.payload), to: &writer)
            writer.write(")")
        case .bool:
            writer.write(stored.payload != 0 ? ".bool(true)" : ".bool(false)")
        case .number:
            var range = numberValues[stored.payload] ?? -1..<(-1)
            if range.lowerBound < 0 {
                let start = cache.count
                cache.appendString(".number(\(numberLiteral(store.texts[TextID(stored.payload)])))")
                range = start..<cache.count
                numberValues[stored.payload] = range
            }
            writer.write(cache, range)
        case .symbol, .reference:
            writer.write(".string(")
            if stored.payload != PropertyRecord.textInSource {
                literal(TextID(stored.payload), to: &writer)
            } else {
                // An identifier as written: a plain literal.
                store.withValueBytes(of: stored, in: record) { writer.writeQuoted($0) }
            }
            writer.write(")")
        case .shortcut:
            let index = Int(stored.payload)
            var range = shortcutValues[index]
            if range.lowerBound < 0 {
                let start = cache.count
                cache.appendString(value(.shortcut(store.shortcuts[index])))
                range = start..<cache.count
                shortcutValues[index] = range
            }
            writer.write(cache, range)
        }
    }

    /// `.init(file: …, line: …, column: …)` for an element's keyword, in the file it is written in.
    private mutating func location(of record: ElementRecord, offset: Int, to writer: inout CodeWriter) {
        let file = Int(record.file)
        if locations[file] == nil {
            let source = store.tree(of: record).file
            let start = cache.count
            cache.appendString(SwiftEscaping.stringLiteral(source.displayPath))
            locations[file] = LocationTable(name: start..<cache.count, lines: LineCursor(source))
        }
        let (line, start) = locations[file]!.lines.locate(offset)
        location(file: locations[file]!.name, line: line, column: offset - start, to: &writer)
    }

    /// The location of a `use` or `menu:` that spliced an element.
    private mutating func siteLocation(_ source: SourceFile, offset: Int, to writer: inout CodeWriter) {
        var name = siteLiterals[source.id.rawValue] ?? -1..<(-1)
        if name.lowerBound < 0 {
            let start = cache.count
            cache.appendString(SwiftEscaping.stringLiteral(source.displayPath))
            name = start..<cache.count
            siteLiterals[source.id.rawValue] = name
        }
        let line = source.lineIndex(of: offset)
        location(file: name, line: line, column: offset - source.lineStarts[line], to: &writer)
    }

    /// From 0-based line and column. (Mutating only so that calling it
    /// doesn't copy the renderer.)
    private mutating func location(file name: Range<Int>, line: Int, column: Int, to writer: inout CodeWriter) {
        writer.write(".init(file: ")
        writer.write(cache, name)
        writer.write(", line: ")
        writer.writeDecimal(line + 1)
        writer.write(", column: ")
        writer.writeDecimal(column + 1)
        writer.write(")")
    }

    private func writeList(_ label: String, _ items: [String], to writer: inout CodeWriter) {
        writer.block("\(label): [", closing: "],") { list in
            for item in items { list.line(item + ",") }
        }
    }

    private func value(_ value: Value) -> String {
        switch value {
        case .string(let text): ".string(\(SwiftEscaping.stringLiteral(text)))"
        case .bool(let flag): ".bool(\(flag))"
        case .number(let text): ".number(\(numberLiteral(text)))"
        case .symbol(let name), .reference(let name): ".string(\(SwiftEscaping.stringLiteral(name)))"
        case .shortcut(let shortcut):
            ".shortcut(.init(key: \(SwiftEscaping.stringLiteral(shortcut.key)), modifiers: [" + shortcut.modifiers.map { "." + $0.rawValue }.joined(separator: ", ") + "]))"
        case .list(let values): ".list([" + values.map(self.value).joined(separator: ", ") + "])"
        }
    }

    /// A Swift floating-point literal for a normalized number (`44`, `10.5`).
    private func numberLiteral(_ text: String) -> String {
        guard let number = Double(text), number.isFinite else { return "0" }
        if number.rounded() == number, abs(number) < 1e15 { return String(Int64(number)) }
        return String(number)
    }
}

/// The cases of the `Action` enum: every `action:` value of the file,
/// without repeats, sorted, as `SwiftBackend.actions(in:)` and
/// `caseNames(for:)` give them.
///
/// A file of many items names thousands of actions. Actions are
/// identifiers (ASCII), for which byte order is `String` order, so their
/// bytes are gathered, sorted and written without making a string each;
/// anything else (or a name a case can't have) takes the string functions.
private struct ActionNames {
    /// The names' bytes, back to back.
    private var bytes: [UInt8] = []
    /// Sorted, distinct ranges of `bytes`; nil when the string functions are used.
    private var ranges: [Range<Int>]? = []
    /// The names and case names from the string functions.
    private var named: [(action: String, name: String)] = []

    init(_ file: CheckedFile) {
        let store = file.store
        var gathered: [Range<Int>] = []
        var ascii = true
        for index in file.walkIndex.order {
            let record = store.records[Int(index)]
            // `element[.action]?.name`: a symbol or a reference (there is no default).
            guard record.propertyCount > 0, let stored = store.writtenProperty(.action, of: record),
                  stored.kind == .symbol || stored.kind == .reference else { continue }
            let start = bytes.count
            store.withValueBytes(of: stored, in: record) { value in
                if value.contains(where: { $0 >= 0x80 }) { ascii = false }
                bytes.append(contentsOf: value)
            }
            gathered.append(start..<bytes.count)
        }
        if ascii {
            bytes.withUnsafeBufferPointer { all in
                func name(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: all[range]) }
                // Sorted by their first sixteen bytes as two integers, then
                // (on a tie) by all their bytes: comparing byte by byte was
                // most of the sort's time.
                var keyed = gathered.map { SortKey(name($0), range: $0) }
                keyed.sort { a, b in
                    if a.high != b.high { return a.high < b.high }
                    if a.low != b.low { return a.low < b.low }
                    return name(a.range).lexicographicallyPrecedes(name(b.range))
                }
                var distinct: [Range<Int>] = []
                distinct.reserveCapacity(keyed.count)
                var previous: SortKey?
                for key in keyed {
                    if let previous, previous.high == key.high, previous.low == key.low, name(previous.range).elementsEqual(name(key.range)) { continue }
                    distinct.append(key.range)
                    previous = key
                }
                // Names a case can't have are renamed, which may clash: leave that to `caseNames`.
                if distinct.contains(where: { ActionNames.unusable.contains(name($0)) }) {
                    ascii = false
                } else {
                    ranges = distinct
                }
            }
        }
        if !ascii {
            ranges = nil
            let actions = SwiftBackend.actions(in: file)
            named = Array(zip(actions, SwiftBackend.caseNames(for: actions)))
        }
    }

    /// A name's first sixteen bytes, big-endian, zero-padded: comparing the
    /// two integers orders names as their bytes do, up to a tie.
    private struct SortKey {
        var high: UInt64 = 0
        var low: UInt64 = 0
        var range: Range<Int>

        init(_ name: UnsafeBufferPointer<UInt8>, range: Range<Int>) {
            self.range = range
            for (offset, byte) in name.prefix(16).enumerated() {
                if offset < 8 {
                    high |= UInt64(byte) << UInt64(56 - offset * 8)
                } else {
                    low |= UInt64(byte) << UInt64(56 - (offset - 8) * 8)
                }
            }
        }
    }

    /// What `caseNames(for:)` renames (keep in step with it).
    private static let unusable = ASCIIWordSet(SwiftEscaping.unusableMemberNames.union(["allCases", "rawValue", "hashValue", "AllCases", "RawValue"]))

    var isEmpty: Bool { ranges.map(\.isEmpty) ?? named.isEmpty }

    /// `case name` lines; `case name_ = "name"` where the case is renamed.
    func write(to writer: inout CodeWriter) {
        guard let ranges else {
            for (action, name) in named {
                writer.beginLine()
                writer.write("case ")
                writer.write(string: SwiftEscaping.identifier(name))
                if name != action {
                    writer.write(" = ")
                    writer.write(string: SwiftEscaping.stringLiteral(action))
                }
                writer.endLine()
            }
            return
        }
        bytes.withUnsafeBufferPointer { all in
            for range in ranges {
                let name = UnsafeBufferPointer(rebasing: all[range])
                writer.beginLine()
                writer.write("case ")
                if SwiftEscaping.keywordBytes.contains(name) {
                    writer.write("`")
                    writer.write(name)
                    writer.write("`")
                } else {
                    writer.write(name)
                }
                writer.endLine()
            }
        }
    }
}
