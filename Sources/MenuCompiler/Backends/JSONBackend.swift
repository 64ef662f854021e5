/// The JSON backend: the checked document, every element with its kind,
/// id, label, resolved properties, children, location, doc comment and
/// origin. Key order is fixed; the schema is docs/schema/menu.schema.json.
public enum JSONBackend {
    public static let schemaVersion = 1

    public static func render(_ file: CheckedFile, files: (FileID) -> SourceFile?) -> String {
        document(file, files: files).render()
    }

    public static func document(_ file: CheckedFile, files: (FileID) -> SourceFile?) -> JSONValue {
        .object([
            ("schemaVersion", .int(schemaVersion)),
            ("file", .string(file.source.displayPath)),
            ("doc", file.doc.map(JSONValue.string) ?? .null),
            ("platforms", .array(file.platforms.map { platform in
                .object([("name", .string(platform.name.rawValue)), ("version", platform.version.map(JSONValue.string) ?? .null)])
            })),
            ("imports", .array(file.imports.map { .string($0.path) })),
            ("declarations", .array(file.declarations.map { element($0, files: files) })),
        ])
    }

    static func element(_ element: Element, files: (FileID) -> SourceFile?) -> JSONValue {
        var origin = JSONValue.null
        if let source = element.origin {
            origin = .object([("via", .string(source.via.rawValue)), ("menu", .string(source.menu)), ("site", location(source.site, files: files))])
        }
        return .object([
            ("kind", .string(element.kind.rawValue)),
            ("context", .string(element.context.rawValue)),
            ("id", .string(element.id)),
            ("idSource", .string(element.idSource.rawValue)),
            ("path", .string(element.path)),
            ("label", element.label.map(JSONValue.string) ?? .null),
            ("doc", element.doc.map(JSONValue.string) ?? .null),
            ("properties", .object(element.properties.map { ($0.name, value($0.value)) })),
            ("allow", .array(element.allows.flatMap(\.ruleIDs).map { .string($0.text) })),
            ("location", location(element.keywordSpan, files: files)),
            ("origin", origin),
            ("children", .array(element.children.map { self.element($0, files: files) })),
        ])
    }

    static func value(_ value: Value) -> JSONValue {
        switch value {
        case .string(let text): .string(text)
        case .bool(let flag): .bool(flag)
        case .number(let text): .number(text)
        case .symbol(let name), .reference(let name): .string(name)
        case .shortcut(let shortcut): .object([
            ("canonical", .string(shortcut.canonical)),
            ("display", .string(shortcut.display)),
            ("key", .string(shortcut.key)),
            ("modifiers", .array(shortcut.modifiers.map { .string($0.rawValue) })),
        ])
        case .list(let values): .array(values.map(self.value))
        }
    }

    static func location(_ span: Span, files: (FileID) -> SourceFile?) -> JSONValue {
        guard let file = files(span.file) else { return .null }
        let position = file.position(of: span.start)
        return .object([("file", .string(file.displayPath)), ("line", .int(position.line)), ("column", .int(position.column))])
    }
}
