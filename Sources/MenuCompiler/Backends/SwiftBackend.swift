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
        withoutActuallyEscaping(files) { files in
            SwiftFileRenderer(file: file, files: files, options: options).render()
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
        var stack = file.declarations
        while let element = stack.popLast() {
            if let action = element["action"]?.name { names.insert(action) }
            stack.append(contentsOf: element.children)
        }
        return names.sorted()
    }
}

/// Writes one file; the state of a single `SwiftBackend.render` call.
private struct SwiftFileRenderer {
    let file: CheckedFile
    let files: (FileID) -> SourceFile?
    let options: SwiftBackend.Options

    init(file: CheckedFile, files: @escaping (FileID) -> SourceFile?, options: SwiftBackend.Options) {
        self.file = file
        self.files = files
        self.options = options
    }

    private var access: String { options.access.modifier }

    func render() -> String {
        var writer = CodeWriter()
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
        writer.block("\(access)enum \(typeName) {") { body in
            for (declaration, name) in zip(file.declarations, memberNames) {
                writeDeclaration(declaration, named: name, to: &body)
                body.line()
            }
            writeDocument(memberNames: memberNames, to: &body)
            body.blankLine()
            writeActions(to: &body)
        }
        return writer.text
    }

    // MARK: - Declarations

    private func writeDeclaration(_ element: Element, named name: String, to writer: inout CodeWriter) {
        if let doc = element.doc {
            for line in SwiftEscaping.docComment(doc) { writer.line(line) }
        } else {
            let shown = element.label.map { " (“" + SwiftEscaping.commentText($0) + "”)" } ?? ""
            writer.line("/// The \(element.kind.rawValue) `\(element.id)`\(shown).")
        }
        writeElement(element, opening: "\(access)static let \(SwiftEscaping.identifier(name)): MenuModel.MenuElement = .init(", closing: ")", to: &writer)
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
                let rawValue = name == action ? "" : " = " + SwiftEscaping.stringLiteral(action)
                body.line("case \(SwiftEscaping.identifier(name))\(rawValue)")
            }
        }
    }

    // MARK: - Elements

    /// One argument of an element's initializer: most fit on a line, the
    /// property dictionary and the children take several.
    private enum Argument {
        case line(String)
        case properties([Property])
        case children([Element])
    }

    /// One element as `.init(kind: …, children: [ … ])`, leaving out
    /// arguments that have their default (no label, no children, …).
    private func writeElement(_ element: Element, opening: String, closing: String, to writer: inout CodeWriter) {
        var arguments: [Argument] = [
            .line("kind: .\(element.kind.rawValue), context: .\(element.context.rawValue), id: \(SwiftEscaping.stringLiteral(element.id)), idSource: .\(element.idSource.rawValue)"),
            .line("path: \(SwiftEscaping.stringLiteral(element.path))"),
        ]
        if let label = element.label { arguments.append(.line("label: \(SwiftEscaping.stringLiteral(label))")) }
        if let doc = element.doc { arguments.append(.line("doc: \(SwiftEscaping.stringLiteral(doc))")) }
        if !element.properties.isEmpty { arguments.append(.properties(element.properties)) }
        let ruleIDs = element.allows.flatMap(\.ruleIDs).map(\.text)
        if !ruleIDs.isEmpty { arguments.append(.line("allow: [" + ruleIDs.map(SwiftEscaping.stringLiteral).joined(separator: ", ") + "]")) }
        arguments.append(.line("location: \(location(element.keywordSpan))"))
        if let origin = element.origin {
            arguments.append(.line("origin: .init(via: .\(origin.via.rawValue), menu: \(SwiftEscaping.stringLiteral(origin.menu)), site: \(location(origin.site)))"))
        }
        if !element.children.isEmpty { arguments.append(.children(Array(element.children))) }
        writer.block(opening, closing: closing) { body in
            for (index, argument) in arguments.enumerated() {
                // Trailing commas in argument lists need Swift 6.1; leave them out.
                let comma = index == arguments.count - 1 ? "" : ","
                switch argument {
                case .line(let text):
                    body.line(text + comma)
                case .properties(let properties):
                    body.block("properties: [", closing: "]" + comma) { list in
                        for property in properties {
                            list.line("\(SwiftEscaping.stringLiteral(property.name)): \(value(property.value)),")
                        }
                    }
                case .children(let children):
                    body.block("children: [", closing: "]" + comma) { list in
                        for child in children {
                            writeElement(child, opening: ".init(", closing: "),", to: &list)
                        }
                    }
                }
            }
        }
    }

    private func writeList(_ label: String, _ items: [String], to writer: inout CodeWriter) {
        writer.block("\(label): [", closing: "],") { list in
            for item in items { list.line(item + ",") }
        }
    }

    private func location(_ span: Span) -> String {
        guard let source = files(span.file) else { return "nil" }
        let position = source.position(of: span.start)
        return ".init(file: \(SwiftEscaping.stringLiteral(source.displayPath)), line: \(position.line), column: \(position.column))"
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
