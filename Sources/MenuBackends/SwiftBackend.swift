@_spi(MenuPipeline) import MenuSupport
@_spi(MenuPipeline) import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

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
package enum SwiftBackend {
    /// The access level of the generated declarations (`--access`).
    package enum Access: String, CaseIterable, Sendable {
        case `public`, `internal`, `package`

        /// The modifier to write before a declaration, with its space
        /// (none for `internal`, Swift's default).
        var modifier: StaticString {
            switch self {
            case .public: "public "
            case .package: "package "
            case .internal: ""
            }
        }
    }

    /// `--type-name` and `--access`.
    package struct Options: Sendable {
        /// The namespace's name; nil derives it from the file name.
        package var typeName: String?
        /// The access level of the namespace and everything in it.
        package var access: Access

        /// Options for the file name's namespace at `access` (internal, Swift's default).
        package init(typeName: String? = nil, access: Access = .internal) {
            self.typeName = typeName
            self.access = access
        }
    }

    /// The Swift source for one checked file; `files` gives the source
    /// files behind spans (for locations), as for the JSON backend.
    package static func render(_ file: CheckedFile, files: (FileID) -> SourceFile?, options: Options = Options()) -> String {
        String(decoding: renderBytes(file, files: files, options: options), as: UTF8.self)
    }

    /// The source as UTF-8, without making a string.
    package static func renderBytes(_ file: CheckedFile, files: (FileID) -> SourceFile?, options: Options = Options()) -> [UInt8] {
        // One array reserved for the usual size (about ten times the input):
        // see `JSONBackend.renderBytes`.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(file.source.bytes.count * 11 + 4096)
        render(file, files: files, options: options) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// The source handed to `sink` in pieces as it is written (what `menuc build` does).
    package static func render(_ file: CheckedFile, files: (FileID) -> SourceFile?, options: Options = Options(),
                              to sink: (UnsafeBufferPointer<UInt8>) -> Void) {
        withoutActuallyEscaping(files) { files in
            withoutActuallyEscaping(sink) { sink in
                var renderer = SwiftFileRenderer(file: file, files: files, options: options)
                var writer = SwiftSourceWriter(streamingTo: sink)
                renderer.render(to: &writer)
                writer.flushRemaining()
            }
        }
    }

    /// The namespace name for a source file: UpperCamelCase of its name
    /// (`notes.menu` → `Notes`), never a keyword or a `MenuModel` type name.
    package static func typeName(forFile displayPath: String) -> String {
        let fileName = displayPath.split(separator: "/").last.map(String.init) ?? displayPath
        let name = SwiftEscaping.upperCamelCase(fileName: fileName) ?? "Menus"
        return reservedTypeNames.contains(name) || SwiftEscaping.keywords.contains(name) ? name + "Menus" : name
    }

    /// Why `name` can't be given with `--type-name`, or nil when it can.
    package static func problem(withTypeName name: String) -> String? {
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
        "MenuBarProperties", "GroupProperties", "MenuElementView", "ElementPresentation",
        "String", "Bool", "Int", "Double", "Array", "Dictionary", "Optional", "Sendable", "CaseIterable", "RawRepresentable",
        "Type", "Protocol", "Action",
    ]

    /// Case names for the actions, in order: the action names themselves,
    /// except those a case can't have (`self`, `allCases`, `rawValue`, …),
    /// which get a `_` appended.
    static func caseNames(for actions: [String]) -> [String] {
        let unusable = SwiftEscaping.unusableMemberNames.union(["allCases", "rawValue", "hashValue", "AllCases", "RawValue"])
        return uniqueNames(actions, taken: [], unusable: unusable)
    }

    private static func uniqueNames(_ names: [String], taken initial: Set<String>, unusable: Set<String>) -> [String] {
        var taken = initial
        taken.reserveCapacity(initial.count + names.count)
        return names.map { name in
            let base = unusable.contains(name) ? name + "_" : name
            if taken.insert(base).inserted { return base }
            var ordinal = 2
            while !taken.insert(base + String(ordinal)).inserted { ordinal += 1 }
            return base + String(ordinal)
        }
    }

    /// Every action the file can trigger, without repeats, sorted: each
    /// `action:` value, and for an item or button without one that has a
    /// written or label-derived identifier, that identifier (its derived
    /// action, as `MenuElement.performedAction` says).
    static func actions(in file: CheckedFile) -> [String] {
        var names = Set<String>()
        for (element, _) in file.walk() where element.has(.action) || derivesAction(element.record) {
            if let action = element[.action]?.name ?? (derivesAction(element.record) ? element.id : nil) { names.insert(action) }
        }
        return names.sorted()
    }

    /// Whether an element without `action:` triggers its identifier.
    static func derivesAction(_ record: ElementRecord) -> Bool {
        (record.kind == .item || record.kind == .button) && record.idSource != .synthetic
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
    private var literals: RangeTable
    /// `"name": ` for each property name, by raw value.
    private let propertyKeys: [Range<Int>]
    /// `kind: .item, context: .menu, id: `: how an element's first line
    /// starts, by `ElementKind.ordinal * 2 + context`.
    private let openings: [Range<Int>]
    /// The default properties' lines, by `ElementKind.ordinal * 2 + context`;
    /// nil: not yet made.
    private var defaultLines: [DefaultLines?]
    /// Texts as JSON strings, by `TextID`, as `literals` (for properties).
    private var jsonStrings: RangeTable
    /// Labels as comment text, by `TextID`, as `literals` (for handles' summaries).
    private var commentLabels: RangeTable
    /// The properties of the element being written, as a JSON object.
    private var json: [UInt8] = []
    /// Whether `json` can be a raw string literal (see `writeProperties`).
    private var jsonIsRaw = true
    /// Where the pieces of `cache` begin that can't go into a raw string
    /// literal (a text with `"#`, a control or a non-ASCII character):
    /// found once, when the piece is made; nearly always none.
    private var unsafePieces = Set<Int>()
    /// Scratch space of `SwiftNames.members(of:in:pending:)`.
    private var pendingMembers: [Int] = []
    /// `.shortcut(…)` values, by the shortcut's index in the model.
    private var shortcutValues: RangeTable
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

    /// A kind's default properties in a context, as lines of `cache`
    /// (`"enabled": .bool(true),`).
    struct DefaultLines {
        /// Bit `rawValue` is set for each name that has a default.
        var names: UInt64 = 0
        /// By the name's raw value (empty where there is no default).
        var lines: [Range<Int>] = Array(repeating: 0..<0, count: PropertyName.count)
    }

    init(file: CheckedFile, files: @escaping (FileID) -> SourceFile?, options: SwiftBackend.Options) {
        self.file = file
        self.store = file.store
        self.files = files
        self.options = options
        // By the group's numbering; about one text per element of the file.
        let elements = file.walkIndex.order.count
        literals = RangeTable(keyCount: file.store.texts.count, expectedKeys: elements)
        jsonStrings = RangeTable(keyCount: file.store.texts.count, expectedKeys: elements)
        commentLabels = RangeTable(keyCount: file.store.texts.count, expectedKeys: elements)
        propertyKeys = cache.appendPropertyKeys()
        openings = SwiftFileRenderer.appendOpenings(to: cache)
        defaultLines = Array(repeating: nil, count: ElementKind.allCases.count * 2)
        shortcutValues = RangeTable(keyCount: file.store.shortcuts.count, expectedKeys: elements)
        locations = Array(repeating: nil, count: file.store.trees.count)
    }

    private var access: StaticString { options.access.modifier }

    /// Where a record's kind and context find their pieces (`openings`, `defaultLines`).
    private static func slot(_ kind: ElementKind, _ context: ElementContext) -> Int {
        kind.ordinal * 2 + (context == .menu ? 1 : 0)
    }

    private static func appendOpenings(to cache: OutputBuffer) -> [Range<Int>] {
        var openings = Array(repeating: 0..<0, count: ElementKind.allCases.count * 2)
        for kind in ElementKind.allCases {
            for context in [ElementContext.control, .menu] {
                let start = cache.count
                cache.appendString("\"\(kind.rawValue) \(context.rawValue) ")
                openings[slot(kind, context)] = start..<cache.count
            }
        }
        return openings
    }

    mutating func render(to writer: inout SwiftSourceWriter) {
        let path = file.source.displayPath
        writer.line("// Generated by menuc \(MenucVersion.current). DO NOT EDIT.")
        writer.line("// Source: " + SwiftEscaping.commentText(path))
        writer.blankLine()
        writer.line("import MenuModel")
        writer.blankLine()
        // A name that is no identifier would be code: callers check with
        // `problem(withTypeName:)`, and anything else falls back to the derived name.
        let typeName = options.typeName.flatMap { SwiftBackend.problem(withTypeName: $0) == nil ? $0 : nil }
            ?? SwiftBackend.typeName(forFile: path)
        if let doc = file.doc {
            SwiftFileRenderer.writeDocComment(doc, to: &writer)
        } else {
            writer.line("/// The menus and controls of " + SwiftEscaping.commentText(path) + ".")
        }
        writer.line("\(access)enum \(typeName) {")
        writer.indented { body in
            writeScope(file.declarations.map(\.index), topLevel: true, to: &body)
            body.blankLine()
            writeDocument(to: &body)
            body.blankLine()
            writeLocalization(to: &body)
            body.blankLine()
            writeActions(to: &body)
        }
        writer.line("}")
    }

    // MARK: - Handles and their scopes

    /// The handles of a scope's members (record indices), each followed by
    /// the type holding its own members' handles. Members without a handle
    /// (synthetic identifiers below the top level) are written inside their
    /// parent's element instead.
    private mutating func writeScope(_ members: [Int], topLevel: Bool, to writer: inout SwiftSourceWriter) {
        var first = true
        for member in members where topLevel || store.records[member].idSource != .synthetic {
            if !first { writer.line() }
            first = false
            writeHandle(member, topLevel: topLevel, to: &writer)
        }
    }

    /// `static let name: MenuModel.View = MenuModel.View(MenuModel.MenuElement(…))`,
    /// then `enum Name { … }` when the element holds others. Each handle is
    /// its own declaration with its type written out, and a parent lists its
    /// children's handles: the type checker sees many small expressions
    /// instead of one that grows with the file.
    ///
    /// Written from the record's bytes, as elements are: nearly every
    /// element has a handle, and making its comment, name and declaration
    /// as strings took five times as long as writing the element.
    private mutating func writeHandle(_ index: Int, topLevel: Bool, to writer: inout SwiftSourceWriter) {
        let record = store.records[index]
        let tree = store.tree(of: record)
        if let doc = tree.doc(ofElement: Int(record.syntax)) {
            SwiftFileRenderer.writeDocComment(doc.text, to: &writer)
        } else {
            writeSummary(of: record, opening: "/// The ", closing: ".", to: &writer)
        }
        if topLevel { path.reset() }
        let view = SwiftFileRenderer.viewType(record.kind)
        let access = self.access
        SwiftFileRenderer.withHandleName(of: record, in: store, topLevel: topLevel) { name in
            writer.line(room: access.utf8CodeUnitCount + name.count + 2 * view.utf8CodeUnitCount + 60) { line in
                line.put(access)
                line.put("static let ")
                line.put(name)
                line.put(": MenuModel.")
                line.put(view)
                line.put(" = MenuModel.")
                line.put(view)
                line.put("(MenuModel.MenuElement(")
            }
        }
        let typeName = record.childCount > 0 ? SwiftFileRenderer.typeName(of: record, index: index, in: store) : nil
        writeElement(index, closing: "))", scope: typeName, to: &writer)
        if let typeName {
            writer.line()
            writeSummary(of: record, opening: "/// Handles of what the ", closing: " holds.", to: &writer)
            typeName.withUnsafeBufferPointer { typeName in
                writer.line(room: access.utf8CodeUnitCount + typeName.count + 7) { line in
                    line.put(access)
                    line.put("enum ")
                    line.put(typeName)
                    line.put(" {")
                }
            }
            writer.indented { body in
                // The path of the element whose members these are, for their elements.
                let mark = path.enter(record, of: store)
                let members = SwiftNames.members(of: record, in: store, pending: &pendingMembers)
                writeScope(members, topLevel: false, to: &body)
                path.leave(mark)
            }
            writer.line(fixed: "}")
        }
    }

    /// `opening` + ``item `newNote` (“New Note”)`` + `closing`: the kind, the
    /// identifier and the label, for an element without a doc comment.
    private mutating func writeSummary(of record: ElementRecord, opening: StaticString, closing: StaticString,
                                       to writer: inout SwiftSourceWriter) {
        let label = record.label.exists ? commentLabel(record.label) : nil
        let kind = SwiftFileRenderer.kindName(record.kind)
        let cache = self.cache
        store.withIDBytes(of: record) { id in
            let room = opening.utf8CodeUnitCount + kind.utf8CodeUnitCount + id.count + (label?.count ?? 0) + closing.utf8CodeUnitCount + 16
            writer.line(room: room) { line in
                line.put(opening)
                line.put(kind)
                line.put(" `")
                line.put(id)
                line.put(UInt8(ascii: "`"))
                if let label {
                    line.put(" (“")
                    line.put(cache.bytes(label))
                    line.put("”)")
                }
                line.put(closing)
            }
        }
    }

    /// A label as `SwiftEscaping.commentText` makes it, in `cache`, once per text.
    private mutating func commentLabel(_ id: TextID) -> Range<Int> {
        var range = commentLabels[Int(id.rawValue)]
        if range.lowerBound < 0 {
            let start = cache.count
            let cache = self.cache
            let plain = store.withTextBytes(id) { text -> Bool in
                guard SwiftEscaping.isPrintableASCII(text) else { return false }
                cache.write(atMost: text.count) { $0.put(text) }
                return true
            }
            if !plain { cache.appendString(SwiftEscaping.commentText(store.texts[id])) }
            range = start..<cache.count
            commentLabels[Int(id.rawValue)] = range
        }
        return range
    }

    /// The handle's name as written, `SwiftEscaping.identifier(SwiftNames.handleName(…))`:
    /// most identifiers are their own handle's name, and those are not made
    /// into strings. Static, as the other helpers called from inside the
    /// renderer's own closures: a method would copy the renderer first.
    private static func withHandleName<Result>(of record: ElementRecord, in store: ModelStore, topLevel: Bool,
                                               _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        store.withIDBytes(of: record) { id in
            // Starting with an ASCII byte that is no capital, an identifier
            // is its own lowerCamelCase: only the reserved names change.
            if let first = id.first, first < 0x80, !(first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z")),
               !SwiftFileRenderer.unusableMembers.contains(id), !SwiftEscaping.keywordBytes.contains(id),
               !(topLevel && SwiftNames.namespaceMemberWords.contains(id)) {
                return body(id)
            }
            var name = SwiftEscaping.identifier(SwiftNames.handleName(String(decoding: id, as: UTF8.self), topLevel: topLevel))
            return name.withUTF8(body)
        }
    }

    /// `SwiftNames.typeName` as bytes: an identifier written with a small
    /// ASCII letter first is that letter capitalized and the rest, and an
    /// ASCII one with a capital first is itself, unless the result is a
    /// name the generated code keeps (`String`, `Action`, `Self`); only
    /// those, and every other identifier, take the strings.
    private static func typeName(of record: ElementRecord, index: Int, in store: ModelStore) -> [UInt8] {
        let fast: [UInt8]? = store.withIDBytes(of: record) { id in
            guard record.idSource != .synthetic, let first = id.first, id.count <= BytePrefix.length else { return nil }
            var name = Array(id)
            if first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z") {
                name[0] -= 0x20
            } else {
                // Already a capital (its handle's name starts with a small letter, so the two differ).
                guard first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z"), id.allSatisfy({ $0 < 0x80 }) else { return nil }
            }
            let reserved = name.withUnsafeBufferPointer { name in
                SwiftFileRenderer.reservedTypeNames.contains(name) || SwiftEscaping.keywordBytes.contains(name)
                    || SwiftFileRenderer.unusableMembers.contains(name)
            }
            return reserved ? nil : name
        }
        return fast ?? Array(SwiftNames.typeName(Element(store: store, index: index)).utf8)
    }

    /// `SwiftBackend.reservedTypeNames` of at most `BytePrefix.length` bytes
    /// (the fast path of `typeName(of:index:in:)` asks only about those).
    private static let reservedTypeNames = ASCIIWordSet(SwiftBackend.reservedTypeNames.filter { $0.utf8.count <= BytePrefix.length })

    private static let unusableMembers = ASCIIWordSet(SwiftEscaping.unusableMemberNames)

    /// The kind as comments name it (its raw value).
    private static func kindName(_ kind: ElementKind) -> StaticString {
        switch kind {
        case .menubar: "menubar"
        case .menu: "menu"
        case .submenu: "submenu"
        case .contextmenu: "contextmenu"
        case .view: "view"
        case .button: "button"
        case .toggle: "toggle"
        case .popup: "popup"
        case .pulldown: "pulldown"
        case .option: "option"
        case .item: "item"
        case .section: "section"
        case .toolbar: "toolbar"
        case .row: "row"
        }
    }

    /// The `MenuModel` view a handle of this kind is.
    private static func viewType(_ kind: ElementKind) -> StaticString {
        switch kind {
        case .menubar: "MenuBarProperties"
        case .menu, .submenu, .contextmenu: "MenuProperties"
        case .view: "ViewProperties"
        case .button: "ButtonProperties"
        case .toggle: "ToggleProperties"
        case .popup: "PopUpProperties"
        case .pulldown: "PullDownProperties"
        case .option: "OptionProperties"
        case .item: "ItemProperties"
        case .section, .toolbar, .row: "GroupProperties"
        }
    }

    /// `///` lines for a doc comment, as `SwiftEscaping.docComment` makes
    /// them. Most are one line of printable ASCII with nothing to trim:
    /// those are copied as they are.
    private static func writeDocComment(_ doc: String, to writer: inout SwiftSourceWriter) {
        var doc = doc
        let copied = doc.withUTF8 { text -> Bool in
            guard let last = text.last, last != 0x20, SwiftEscaping.isPrintableASCII(text) else { return false }
            writer.line(room: text.count + 4) { line in
                line.put("/// ")
                line.put(text)
            }
            return true
        }
        if !copied {
            for line in SwiftEscaping.docComment(doc) { writer.line(line) }
        }
    }

    private func writeDocument(to writer: inout SwiftSourceWriter) {
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
            let handles = file.declarations.map { SwiftEscaping.identifier(SwiftNames.handleName($0.id, topLevel: true)) + ".element" }
            body.line("declarations: [" + handles.joined(separator: ", ") + "]")
        }
    }

    /// `localizer`, the hook labels are translated through unless the app
    /// supplies another: the app's compiled String Catalog of this file
    /// (`--emit xcstrings` writes NAME.xcstrings beside NAME.swift; Xcode
    /// compiles it into the table NAME), and `label(_:localizer:)`.
    private func writeLocalization(to writer: inout SwiftSourceWriter) {
        let fileName = file.source.displayPath.split(separator: "/").last.map(String.init) ?? file.source.displayPath
        let table = PathNames.deletingExtension(of: fileName)
        let catalog = SwiftEscaping.commentText(table)
        writer.line("/// How this file's labels are translated unless the app supplies its own `MenuLocalizer`:")
        writer.line("/// the app's compiled String Catalog `\(catalog)` (`menuc build --emit xcstrings` writes")
        writer.line("/// \(catalog).xcstrings), through `Bundle.main`.")
        writer.line("\(access)static let localizer: MenuModel.MenuLocalizer = .bundle(table: \(SwiftEscaping.stringLiteral(table)))")
        writer.blankLine()
        writer.line("/// A handle's label as the app shows it: translated by `localizer`, this file's String Catalog")
        writer.line("/// unless the app supplies another (`handle.sourceLabel` is the text of the `.menu` file).")
        writer.block("\(access)static func label(_ handle: some MenuModel.MenuElementView, localizer: MenuModel.MenuLocalizer = localizer) -> String? {") { body in
            body.line("localizer.label(of: handle.element)")
        }
    }

    private func writeActions(to writer: inout SwiftSourceWriter) {
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
        writer.line("/// Every action \(path) can trigger, sorted: `action:` values, and the identifiers of")
        writer.line("/// items and buttons without one (their derived actions).")
        writer.block("\(access)enum Action: String, CaseIterable, Sendable {") { body in
            actions.write(to: &body)
        }
    }

    // MARK: - Elements

    /// One element's arguments, `kind: …, children: [ … ]` (the opening line
    /// is written), leaving out arguments that have their default (no label,
    /// no children, …). Trailing commas in argument lists need Swift 6.1, so
    /// the last argument has none.
    ///
    /// A child with a handle in `scope` (the element's type) is that handle's
    /// element; others are written in place, and so are all the descendants
    /// of one without a scope.
    ///
    /// Each line is one `line(room:)`: what goes into it from `cache` is
    /// made first, since `cache` may move while it grows.
    private mutating func writeElement(_ index: Int, closing: StaticString, scope: [UInt8]?, to writer: inout SwiftSourceWriter) {
        let record = store.records[index]
        let tree = store.tree(of: record)
        let node = tree.elements[Int(record.syntax)]
        let cache = self.cache
        let mark = path.enter(record, of: store)
        let hasOrigin = record.isSpliced
        let hasChildren = record.childCount > 0
        writer.enter()
        let opening = openings[SwiftFileRenderer.slot(record.kind, record.context)]
        let idSource: StaticString = switch record.idSource {
        case .explicit: "explicit\", id: \""
        case .label: "label\", id: \""
        case .synthetic: "synthetic\", id: \""
        }
        // Identifiers and paths are made of identifier characters: plain literals.
        path.withID(at: mark) { id in
            writer.line(room: opening.count + idSource.utf8CodeUnitCount + id.count + 2) { line in
                line.put(cache.bytes(opening))
                line.put(idSource)
                line.put(id)
                line.put("\",")
            }
        }
        path.withBytes { path in
            writer.line(room: path.count + 10) { line in
                line.put("path: \"")
                line.put(path)
                line.put("\",")
            }
        }
        if record.label.exists {
            let label = literal(record.label)
            writer.line(room: label.count + 8) { line in
                line.put("label: ")
                line.put(cache.bytes(label))
                line.put(UInt8(ascii: ","))
            }
        }
        if node.hasDoc, let doc = tree.doc(ofElement: Int(record.syntax)) { writeDoc(doc.text, to: &writer) }
        properties(of: record, to: &writer)
        if node.hasAttributes {
            let run = tree.attributeRun(ofElement: Int(record.syntax))
            let ruleIDs = tree.allowAttributes(first: run.first, count: run.count).flatMap(\.ruleIDs).map(\.text)
            if !ruleIDs.isEmpty { writer.line("allow: [" + ruleIDs.map(SwiftEscaping.stringLiteral).joined(separator: ", ") + "],") }
        }
        writeLocation(of: record, offset: Int(node.keyword.start), comma: hasOrigin || hasChildren, to: &writer)
        if hasOrigin, let origin = store.origin(of: index) { writeOrigin(origin, comma: hasChildren, to: &writer) }
        if hasChildren {
            // A transparent group's children are named as if it were not there.
            if record.isTransparent { path.leave(mark) }
            writer.line(fixed: "children: [")
            writer.enter()
            let first = Int(record.firstChild)
            for position in first..<(first + Int(record.childCount)) {
                let child = Int(store.children[position])
                if let scope, store.records[child].idSource != .synthetic {
                    scope.withUnsafeBufferPointer { scope in
                        SwiftFileRenderer.withHandleName(of: store.records[child], in: store, topLevel: false) { name in
                            writer.line(room: scope.count + name.count + 10) { line in
                                line.put(scope)
                                line.put(UInt8(ascii: "."))
                                line.put(name)
                                line.put(".element,")
                            }
                        }
                    }
                } else {
                    writer.line(fixed: "MenuModel.MenuElement(")
                    let childRecord = store.records[child]
                    writeElement(child, closing: "),", scope: childRecord.isTransparent ? scope : nil, to: &writer)
                }
            }
            writer.leave()
            writer.line(fixed: "]")
        }
        writer.leave()
        writer.line(fixed: closing)
        path.leave(mark)
    }

    /// `doc: "…",`. Doc comments seldom repeat, so they are not kept in
    /// `cache`; most need no escaping and are copied as they are.
    private func writeDoc(_ text: String, to writer: inout SwiftSourceWriter) {
        var text = text
        let plain = text.withUTF8 { bytes -> Bool in
            guard SwiftEscaping.needsNoEscape(bytes) else { return false }
            writer.line(room: bytes.count + 8) { line in
                line.put("doc: \"")
                line.put(bytes)
                line.put("\",")
            }
            return true
        }
        if !plain { writer.line("doc: " + SwiftEscaping.stringLiteral(text) + ",") }
    }

    /// A text of the model as a literal in `cache`, escaped once per file.
    private mutating func literal(_ id: TextID) -> Range<Int> {
        var range = literals[Int(id.rawValue)]
        if range.lowerBound < 0 {
            let start = cache.count
            // Most texts need no escaping: their bytes go between quotes, with
            // no strings made (two allocations per label were a tenth of the
            // backend).
            let cache = self.cache
            let plain = store.withTextBytes(id) { text -> Bool in
                guard SwiftEscaping.needsNoEscape(text) else { return false }
                cache.write(atMost: text.count + 2) { $0.putQuoted(text) }
                return true
            }
            if !plain { cache.appendString(SwiftEscaping.stringLiteral(store.texts[id])) }
            range = start..<cache.count
            literals[Int(id.rawValue)] = range
        }
        return range
    }

    /// `properties: #"{"name": value, …}"#,`: written properties and the
    /// kind's defaults, in name order, as the JSON object `MenuModel`
    /// decodes them from; nothing when there are none.
    ///
    /// One string literal, not a dictionary literal of `PropertyValue`
    /// cases: an app's compiler type-checks a literal of seven enum payloads
    /// in about as long as the rest of the element together.
    ///
    /// In the order `NamesInOrder` gives; a name written twice takes
    /// `PropertyMerge`, which keeps both.
    private mutating func properties(of record: ElementRecord, to writer: inout SwiftSourceWriter) {
        let slot = SwiftFileRenderer.slot(record.kind, record.context)
        let defaults = defaultLines[slot] ?? makeDefaultLines(slot, record)
        json.removeAll(keepingCapacity: true)
        jsonIsRaw = true
        if var names = NamesInOrder(record, of: store, defaults: defaults.names) {
            while let (name, written) = names.next() {
                if let written {
                    appendProperty(store.properties[written], of: record)
                } else {
                    appendMember(defaults.lines[name])
                }
            }
        } else {
            var merge = PropertyMerge(store: store, record: record)
            while let entry = merge.next() {
                if let written = entry.written {
                    appendProperty(written, of: record)
                } else {
                    appendMember(defaults.lines[Int(entry.name.rawValue)])
                }
            }
        }
        guard !json.isEmpty else { return }
        json.append(UInt8(ascii: "}"))
        SwiftFileRenderer.writeProperties(json, raw: jsonIsRaw, to: &writer)
    }

    /// `properties: …,` with the object as a raw string literal, `#"…"#`,
    /// when it is printable ASCII that can't end the literal or start an
    /// escape in it (`raw`: nearly always); else as any text, through
    /// `SwiftEscaping.stringLiteral`.
    private static func writeProperties(_ json: [UInt8], raw: Bool, to writer: inout SwiftSourceWriter) {
        json.withUnsafeBufferPointer { json in
            if raw {
                writer.line(room: json.count + 18) { line in
                    line.put("properties: #\"")
                    line.put(json)
                    line.put("\"#,")
                }
            } else {
                writer.line("properties: " + SwiftEscaping.stringLiteral(String(decoding: json, as: UTF8.self)) + ",")
            }
        }
    }

    /// Whether text can go into a raw string literal `#"…"#` as it is:
    /// printable ASCII without `"#` (which would end it) or `\#` (which
    /// would start an escape).
    static func fitsRawLiteral(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var previous: UInt8 = 0
        for byte in text {
            if byte < 0x20 || byte >= 0x7F || (byte == UInt8(ascii: "#") && (previous == 0x22 || previous == 0x5C)) { return false }
            previous = byte
        }
        return true
    }

    /// Marks the piece `range` of `cache` when it can't go into a raw string literal.
    private mutating func notePiece(_ range: Range<Int>) {
        if !SwiftFileRenderer.fitsRawLiteral(cache.bytes(range)) { unsafePieces.insert(range.lowerBound) }
    }

    /// Appends a piece of `cache` to `json`.
    private mutating func appendPiece(_ range: Range<Int>) {
        if !unsafePieces.isEmpty, unsafePieces.contains(range.lowerBound) { jsonIsRaw = false }
        json.append(contentsOf: cache.bytes(range))
    }

    /// `{` or `, ` before the next member of `json`.
    private mutating func startMember() {
        if json.isEmpty {
            json.append(UInt8(ascii: "{"))
        } else {
            json.append(UInt8(ascii: ","))
            json.append(UInt8(ascii: " "))
        }
    }

    /// A member kept in `cache` (a default's).
    private mutating func appendMember(_ member: Range<Int>) {
        startMember()
        appendPiece(member)
    }

    /// The lines of a kind's defaults in a context, as JSON members
    /// (Booleans and enumeration cases from the catalog: nothing to escape).
    private mutating func makeDefaultLines(_ slot: Int, _ record: ElementRecord) -> DefaultLines {
        var defaults = DefaultLines()
        for (name, value) in PropertyCatalog.defaults(for: record.kind, in: record.context) {
            let start = cache.count
            cache.append(cache, propertyKeys[Int(name.rawValue)])
            cache.appendString(SwiftFileRenderer.json(value))
            defaults.names |= UInt64(1) << UInt64(name.rawValue)
            defaults.lines[Int(name.rawValue)] = start..<cache.count
            notePiece(start..<cache.count)
        }
        defaultLines[slot] = defaults
        return defaults
    }

    /// A written property as a member of `json`: `"name": value`.
    private mutating func appendProperty(_ stored: PropertyRecord, of record: ElementRecord) {
        startMember()
        json.append(contentsOf: cache.bytes(propertyKeys[Int(stored.name.rawValue)]))
        switch stored.kind {
        case .string:
            appendPiece(jsonString(TextID(stored.payload)))
        case .bool:
            json.append(contentsOf: stored.payload != 0 ? "true".utf8 : "false".utf8)
        case .number:
            // Normalized numbers are JSON numbers, as the JSON backend writes them.
            store.withTextBytes(TextID(stored.payload)) { json.append(contentsOf: $0) }
        case .symbol, .reference:
            if stored.payload != PropertyRecord.textInSource {
                appendPiece(jsonString(TextID(stored.payload)))
            } else {
                // An identifier as written: nothing to escape.
                store.withValueBytes(of: stored, in: record) { name in
                    json.append(UInt8(ascii: "\""))
                    json.append(contentsOf: name)
                    json.append(UInt8(ascii: "\""))
                }
            }
        case .shortcut:
            let index = Int(stored.payload)
            var range = shortcutValues[index]
            if range.lowerBound < 0 {
                let start = cache.count
                cache.appendString(SwiftFileRenderer.json(.shortcut(store.shortcuts[index])))
                range = start..<cache.count
                shortcutValues[index] = range
                notePiece(range)
            }
            appendPiece(range)
        }
    }

    /// A text of the model as a JSON string in `cache`, escaped once per file.
    private mutating func jsonString(_ id: TextID) -> Range<Int> {
        var range = jsonStrings[Int(id.rawValue)]
        if range.lowerBound < 0 {
            let start = cache.count
            let cache = self.cache
            store.withTextBytes(id) { text in
                if SwiftEscaping.needsNoEscape(text) {
                    cache.write(atMost: text.count + 2) { $0.putQuoted(text) }
                } else {
                    JSONValue.writeString(String(decoding: text, as: UTF8.self), to: cache)
                }
            }
            range = start..<cache.count
            jsonStrings[Int(id.rawValue)] = range
            notePiece(range)
        }
        return range
    }

    /// A value as JSON, as `MenuModel` decodes it into a `PropertyValue`
    /// (symbols and references are strings; a shortcut its key and modifiers).
    private static func json(_ value: Value) -> String {
        var bytes: [UInt8] = []
        switch value {
        case .string(let text), .symbol(let text), .reference(let text): JSONValue.writeString(text, to: &bytes)
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let text): return text
        case .shortcut(let shortcut):
            bytes += "{\"key\": ".utf8
            JSONValue.writeString(shortcut.key, to: &bytes)
            bytes += ", \"modifiers\": [".utf8
            for (index, modifier) in shortcut.modifiers.enumerated() {
                if index > 0 { bytes += ", ".utf8 }
                JSONValue.writeString(modifier.rawValue, to: &bytes)
            }
            bytes += "]}".utf8
        case .list(let values): return "[" + values.map(json).joined(separator: ", ") + "]"
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `location: "file:line:column"` for an element's keyword, in the file
    /// it is written in (one string literal, not a `SourceLocation`: see
    /// `properties`).
    private mutating func writeLocation(of record: ElementRecord, offset: Int, comma: Bool, to writer: inout SwiftSourceWriter) {
        let file = Int(record.file)
        if locations[file] == nil {
            let source = store.tree(of: record).file
            let start = cache.count
            cache.appendString(SwiftEscaping.stringLiteral(source.displayPath))
            locations[file] = LocationTable(name: start..<cache.count, lines: LineCursor(source))
        }
        guard let (line, start) = locations[file]?.lines.locate(offset), let name = locations[file]?.name else { return }
        let cache = self.cache
        writer.line(room: SwiftFileRenderer.locationRoom(name)) { cursor in
            cursor.put("location: ")
            // The file's literal without its closing quote, then the numbers.
            cursor.put(cache.bytes(name.lowerBound..<(name.upperBound - 1)))
            cursor.put(UInt8(ascii: ":"))
            cursor.putDecimal(line + 1)
            cursor.put(UInt8(ascii: ":"))
            cursor.putDecimal(offset - start + 1)
            cursor.put(comma ? "\"," : "\"")
        }
    }

    /// `origin: .init(via: …, menu: …, site: …)`: the `use` or `menu:` that spliced an element.
    private mutating func writeOrigin(_ origin: Origin, comma: Bool, to writer: inout SwiftSourceWriter) {
        var opening = "origin: .init(via: .\(origin.via.rawValue), menu: \(SwiftEscaping.stringLiteral(origin.menu)), site: "
        let site = files(origin.site.file).map { source -> (name: Range<Int>, line: Int, column: Int) in
            let line = source.lineIndex(of: origin.site.start)
            return (siteLiteral(source), line, origin.site.start - source.lineStarts[line])
        }
        let cache = self.cache
        opening.withUTF8 { opening in
            writer.line(room: opening.count + (site.map { SwiftFileRenderer.locationRoom($0.name) } ?? 3) + 2) { cursor in
                cursor.put(opening)
                if let site {
                    SwiftFileRenderer.putLocation(cache.bytes(site.name), line: site.line, column: site.column, to: &cursor)
                } else {
                    cursor.put("nil")
                }
                cursor.put(comma ? ")," : ")")
            }
        }
    }

    /// The string literal of a site's file's display path, in `cache`.
    private mutating func siteLiteral(_ source: SourceFile) -> Range<Int> {
        if let name = siteLiterals[source.id.rawValue] { return name }
        let start = cache.count
        cache.appendString(SwiftEscaping.stringLiteral(source.displayPath))
        siteLiterals[source.id.rawValue] = start..<cache.count
        return start..<cache.count
    }

    /// `.init(file: …, line: …, column: …)` from 0-based line and column.
    private static func putLocation(_ file: UnsafeBufferPointer<UInt8>, line: Int, column: Int, to cursor: inout ByteCursor) {
        cursor.put(".init(file: ")
        cursor.put(file)
        cursor.put(", line: ")
        cursor.putDecimal(line + 1)
        cursor.put(", column: ")
        cursor.putDecimal(column + 1)
        cursor.put(UInt8(ascii: ")"))
    }

    /// The room `putLocation` needs for a file name of `cache`.
    private static func locationRoom(_ file: Range<Int>) -> Int { file.count + 31 + 2 * ByteCursor.decimalRoom }

    private func writeList(_ label: String, _ items: [String], to writer: inout SwiftSourceWriter) {
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
/// `menuc-bench --time swift` on the 10 MB corpus shows the rent: with the
/// string functions alone the backend took about twice as long.
/// `EscapingTests` checks that both give the same cases.
private struct ActionNames {
    /// The names' bytes, back to back.
    private var bytes: [UInt8] = []
    /// Sorted, distinct names as offsets into `bytes`; nil when the string functions are used.
    private var ranges: [NameRange]? = []
    /// The names and case names from the string functions.
    private var named: [(action: String, name: String)] = []

    /// A name's place in `bytes`. 32-bit offsets: a 100 MB file's actions
    /// took more memory here, as `Range<Int>` in three arrays, than the
    /// output buffer of the whole backend.
    private struct NameRange {
        var start: UInt32
        var end: UInt32
        var range: Range<Int> { Int(start)..<Int(end) }
    }

    init(_ file: CheckedFile) {
        let store = file.store
        // Each element's action: its written `action:` (a symbol or a
        // reference; there is no default), else its derived action.
        enum Action { case written(PropertyRecord), derived }
        func action(_ index: Int32) -> Action? {
            let record = store.records[Int(index)]
            if record.propertyCount > 0, let stored = store.writtenProperty(.action, of: record),
               stored.kind == .symbol || stored.kind == .reference { return .written(stored) }
            return SwiftBackend.derivesAction(record) ? .derived : nil
        }
        func withBytes(of action: Action, _ index: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
            let record = store.records[Int(index)]
            switch action {
            case .written(let stored): store.withValueBytes(of: stored, in: record, body)
            case .derived: store.withIDBytes(of: record, body)
            }
        }
        // Two passes, so that the names are gathered into memory of their
        // exact size (growing it doubled the peak of a large file's build).
        var total = 0
        var count = 0
        for index in file.walkIndex.order {
            guard let found = action(index) else { continue }
            withBytes(of: found, index) { total += $0.count }
            count += 1
        }
        var ascii = total <= Int(UInt32.max)
        var keyed: [SortKey] = []
        if ascii {
            bytes.reserveCapacity(total)
            keyed.reserveCapacity(count)
            for index in file.walkIndex.order {
                guard let found = action(index) else { continue }
                let start = bytes.count
                withBytes(of: found, index) { value in
                    if value.contains(where: { $0 >= 0x80 }) { ascii = false }
                    bytes.append(contentsOf: value)
                }
                keyed.append(SortKey(range: NameRange(start: UInt32(start), end: UInt32(bytes.count))))
            }
        }
        if ascii {
            bytes.withUnsafeBufferPointer { all in
                func name(_ range: NameRange) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: all[range.range]) }
                for index in keyed.indices { keyed[index].setPrefix(name(keyed[index].range)) }
                // Sorted by their first sixteen bytes as two integers, then
                // (on a tie) by all their bytes: comparing byte by byte was
                // most of the sort's time.
                keyed.sort { a, b in
                    if a.high != b.high { return a.high < b.high }
                    if a.low != b.low { return a.low < b.low }
                    return name(a.range).lexicographicallyPrecedes(name(b.range))
                }
                var distinct: [NameRange] = []
                distinct.reserveCapacity(keyed.count)
                var previous: SortKey?
                for key in keyed {
                    if let previous, previous.high == key.high, previous.low == key.low, name(previous.range).elementsEqual(name(key.range)) { continue }
                    distinct.append(key.range)
                    previous = key
                }
                keyed = []
                // Names a case can't have are renamed, which may clash: leave that to `caseNames`.
                if distinct.contains(where: { ActionNames.unusable.contains(name($0)) }) {
                    ascii = false
                } else {
                    ranges = distinct
                }
            }
        }
        if !ascii {
            bytes = []
            ranges = nil
            let actions = SwiftBackend.actions(in: file)
            named = Array(zip(actions, SwiftBackend.caseNames(for: actions)))
        }
    }

    /// A name's `BytePrefix`: comparing the two integers orders names as
    /// their bytes do, up to a tie.
    private struct SortKey {
        var high: UInt64 = 0
        var low: UInt64 = 0
        var range: NameRange

        init(range: NameRange) { self.range = range }

        mutating func setPrefix(_ name: UnsafeBufferPointer<UInt8>) {
            let prefix = BytePrefix(name)
            high = prefix.high
            low = prefix.low
        }
    }

    /// What `caseNames(for:)` renames (keep in step with it).
    private static let unusable = ASCIIWordSet(SwiftEscaping.unusableMemberNames.union(["allCases", "rawValue", "hashValue", "AllCases", "RawValue"]))

    var isEmpty: Bool { ranges.map(\.isEmpty) ?? named.isEmpty }

    /// `case name` lines; `case name_ = "name"` where the case is renamed.
    func write(to writer: inout SwiftSourceWriter) {
        guard let ranges else {
            for (action, name) in named {
                // Written as the pieces are (an identifier, a literal): nothing to trim.
                var line = "case " + SwiftEscaping.identifier(name)
                if name != action { line += " = " + SwiftEscaping.stringLiteral(action) }
                line.withUTF8 { line in writer.line(room: line.count) { $0.put(line) } }
            }
            return
        }
        bytes.withUnsafeBufferPointer { all in
            for range in ranges {
                let name = UnsafeBufferPointer(rebasing: all[range.range])
                let quoted = SwiftEscaping.keywordBytes.contains(name)
                writer.line(room: name.count + 7) { line in
                    line.put("case ")
                    if quoted { line.put(UInt8(ascii: "`")) }
                    line.put(name)
                    if quoted { line.put(UInt8(ascii: "`")) }
                }
            }
        }
    }
}
