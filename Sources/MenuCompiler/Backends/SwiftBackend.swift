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
        withoutActuallyEscaping(files) { files in
            var renderer = SwiftFileRenderer(file: file, files: files, options: options)
            var writer = CodeWriter()
            renderer.render(to: &writer)
            return writer.bytes
        }
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
private struct SwiftFileRenderer {
    let file: CheckedFile
    let store: ModelStore
    let files: (FileID) -> SourceFile?
    let options: SwiftBackend.Options
    /// String literals of the model's texts, by `TextID`: a range of `cache`
    /// (lower bound -1: not yet). Each distinct text is escaped once.
    private var literals: [Range<Int>]
    private let cache = OutputBuffer(capacity: 1 << 16)
    /// String literals of source files' display paths, by `FileID`.
    private var fileLiterals: [Int: Range<Int>] = [:]
    /// `.shortcut(…)` values, by the shortcut's index in the model.
    private var shortcutValues: [Int: Range<Int>] = [:]
    /// The path of the element being written ('/'-joined identifiers: no escaping needed).
    private var path: [UInt8] = []

    init(file: CheckedFile, files: @escaping (FileID) -> SourceFile?, options: SwiftBackend.Options) {
        self.file = file
        self.store = file.store
        self.files = files
        self.options = options
        literals = Array(repeating: -1..<(-1), count: file.store.texts.count)
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
        path.removeAll(keepingCapacity: true)
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
        let actions = SwiftBackend.actions(in: file)
        let path = SwiftEscaping.commentText(file.source.displayPath)
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
            for (action, name) in zip(actions, SwiftBackend.caseNames(for: actions)) {
                body.beginLine()
                body.write("case ")
                body.write(string: SwiftEscaping.identifier(name))
                if name != action {
                    body.write(" = ")
                    body.write(string: SwiftEscaping.stringLiteral(action))
                }
                body.endLine()
            }
        }
    }

    // MARK: - Elements

    /// One element as `.init(kind: …, children: [ … ])` (the opening line is
    /// written), leaving out arguments that have their default (no label, no
    /// children, …). Written from the model's records, line by line from
    /// pieces; trailing commas in argument lists need Swift 6.1, so the last
    /// argument has none.
    private mutating func writeElement(_ index: Int, closing: StaticString, to writer: inout CodeWriter) {
        let record = store.records[index]
        let tree = store.tree(of: record)
        let node = tree.elements[Int(record.syntax)]
        let pathLength = path.count
        if !path.isEmpty { path.append(UInt8(ascii: "/")) }
        let idStart = path.count
        appendID(of: record, node: node, tree: tree, to: &path)
        let hasProperties = record.propertyCount > 0 || !PropertyCatalog.defaults(for: record.kind, in: record.context).isEmpty
        let hasOrigin = record.origin >= 0
        let hasChildren = record.childCount > 0
        writer.indented { body in
            body.beginLine()
            body.write("kind: .")
            body.write(string: record.kind.rawValue)
            body.write(record.context == .menu ? ", context: .menu, id: " : ", context: .control, id: ")
            // Identifiers and paths are made of identifier characters: a plain literal.
            path.withUnsafeBufferPointer { quoted(UnsafeBufferPointer(rebasing: $0[idStart...]), to: &body) }
            body.write(", idSource: .")
            body.write(string: record.idSource.rawValue)
            body.write(",")
            body.endLine()
            body.beginLine()
            body.write("path: ")
            path.withUnsafeBufferPointer { quoted($0, to: &body) }
            body.write(",")
            body.endLine()
            if record.label.exists {
                body.beginLine()
                body.write("label: ")
                literal(record.label, to: &body)
                body.write(",")
                body.endLine()
            }
            if node.doc >= 0 {
                body.beginLine()
                body.write("doc: ")
                body.write(string: SwiftEscaping.stringLiteral(tree.docs[Int(node.doc)].text))
                body.write(",")
                body.endLine()
            }
            if hasProperties {
                body.line("properties: [")
                body.indented { list in properties(of: record, tree: tree, to: &list) }
                body.line("],")
            }
            if node.attributeCount > 0 {
                let ruleIDs = tree.allowAttributes(first: node.firstAttribute, count: node.attributeCount).flatMap(\.ruleIDs).map(\.text)
                if !ruleIDs.isEmpty { body.line("allow: [" + ruleIDs.map(SwiftEscaping.stringLiteral).joined(separator: ", ") + "],") }
            }
            body.beginLine()
            body.write("location: ")
            location(tree.file, offset: Int(node.keyword.start), to: &body)
            if hasOrigin || hasChildren { body.write(",") }
            body.endLine()
            if hasOrigin {
                let origin = store.origins[Int(record.origin)]
                body.beginLine()
                body.write("origin: .init(via: .")
                body.write(string: origin.via.rawValue)
                body.write(", menu: ")
                body.write(string: SwiftEscaping.stringLiteral(origin.menu))
                body.write(", site: ")
                if let site = files(origin.site.file) { location(site, offset: origin.site.start, to: &body) } else { body.write("nil") }
                body.write(hasChildren ? ")," : ")")
                body.endLine()
            }
            if hasChildren {
                body.line("children: [")
                body.indented { list in
                    let first = Int(record.firstChild)
                    for position in first..<(first + Int(record.childCount)) {
                        list.line(".init(")
                        writeElement(Int(store.children[position]), closing: "),", to: &list)
                    }
                }
                body.line("]")
            }
        }
        writer.beginLine()
        writer.write(closing)
        writer.endLine()
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

    /// Text that needs no escaping (identifiers), as a literal.
    private func quoted(_ bytes: UnsafeBufferPointer<UInt8>, to writer: inout CodeWriter) {
        writer.write("\"")
        writer.write(bytes)
        writer.write("\"")
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

    /// Written properties and the kind's defaults, in name order, one line each.
    private mutating func properties(of record: ElementRecord, tree: SyntaxTree, to writer: inout CodeWriter) {
        let written = store.properties[Int(record.firstProperty)..<Int(record.firstProperty + record.propertyCount)].sorted { $0.name < $1.name }
        let defaults = PropertyCatalog.defaults(for: record.kind, in: record.context)
        var nextWritten = 0
        var nextDefault = 0
        while nextWritten < written.count || nextDefault < defaults.count {
            writer.beginLine()
            writer.write("\"")
            if nextDefault < defaults.count, nextWritten == written.count || defaults[nextDefault].0 < written[nextWritten].name {
                let (name, value) = defaults[nextDefault]
                nextDefault += 1
                writer.write(string: name.text)
                writer.write("\": ")
                // Defaults are Booleans and enumeration cases from the catalog: nothing to escape.
                switch value {
                case .bool(let flag): writer.write(flag ? ".bool(true)" : ".bool(false)")
                case .symbol(let symbol):
                    writer.write(".string(\"")
                    writer.write(string: symbol)
                    writer.write("\")")
                default: writer.write(string: self.value(value))
                }
            } else {
                let stored = written[nextWritten]
                nextWritten += 1
                if nextDefault < defaults.count, defaults[nextDefault].0 == stored.name { nextDefault += 1 }
                writer.write(string: stored.name.text)
                writer.write("\": ")
                write(stored, tree: tree, to: &writer)
            }
            writer.write(",")
            writer.endLine()
        }
    }

    private mutating func write(_ stored: PropertyRecord, tree: SyntaxTree, to writer: inout CodeWriter) {
        switch stored.kind {
        case .string:
            writer.write(".string(")
            literal(TextID(stored.payload), to: &writer)
            writer.write(")")
        case .bool:
            writer.write(stored.payload != 0 ? ".bool(true)" : ".bool(false)")
        case .number:
            writer.write(string: ".number(\(numberLiteral(store.texts[TextID(stored.payload)])))")
        case .symbol, .reference:
            writer.write(".string(")
            if stored.payload != PropertyRecord.textInSource {
                literal(TextID(stored.payload), to: &writer)
            } else {
                let range = tree.values[Int(tree.properties[Int(stored.syntax)].value)].range
                tree.file.bytes.withUnsafeBufferPointer { quoted(UnsafeBufferPointer(rebasing: $0[Int(range.start)..<Int(range.end)]), to: &writer) }
            }
            writer.write(")")
        case .shortcut:
            let index = Int(stored.payload)
            var range = shortcutValues[index] ?? -1..<(-1)
            if range.lowerBound < 0 {
                let start = cache.count
                cache.appendString(value(.shortcut(store.shortcuts[index])))
                range = start..<cache.count
                shortcutValues[index] = range
            }
            writer.write(cache, range)
        }
    }

    private mutating func location(_ source: SourceFile, offset: Int, to writer: inout CodeWriter) {
        let line = source.lineIndex(of: offset)
        var name = fileLiterals[source.id.rawValue] ?? -1..<(-1)
        if name.lowerBound < 0 {
            let start = cache.count
            cache.appendString(SwiftEscaping.stringLiteral(source.displayPath))
            name = start..<cache.count
            fileLiterals[source.id.rawValue] = name
        }
        writer.write(".init(file: ")
        writer.write(cache, name)
        writer.write(", line: ")
        writer.writeDecimal(line + 1)
        writer.write(", column: ")
        writer.writeDecimal(offset - source.lineStarts[line] + 1)
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
