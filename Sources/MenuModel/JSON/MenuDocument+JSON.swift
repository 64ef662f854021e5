import Foundation

extension MenuDocument {
    /// Reads a document from what `menuc build --emit json` writes.
    public init(jsonData: Data) throws {
        self = try JSONDecoder().decode(MenuDocument.self, from: jsonData)
    }

    /// The document as JSON, byte for byte as `menuc build --emit json`
    /// writes it for the same source (keys in the backend's order).
    /// Throws only for a number that JSON can't hold (infinity, NaN).
    public func jsonText() throws -> String {
        try OrderedJSONEncoder().encodeToString(self)
    }
}

extension MenuElement {
    /// The properties generated code writes as a JSON object; none for "".
    /// Generated code writes what the compiler checked, so a failure is a
    /// bug in menuc: it stops a debug build and leaves the element without
    /// properties in a release one.
    static func decodeProperties(_ json: String) -> [String: PropertyValue] {
        guard !json.isEmpty else { return [:] }
        do {
            return try JSONDecoder().decode([String: PropertyValue].self, from: Data(json.utf8))
        } catch {
            assertionFailure("generated properties that are not a JSON object of property values: \(error)")
            return [:]
        }
    }
}

extension MenuElement {
    /// Kind, context and identifier source from generated code's
    /// `"item menu explicit"`; as for `decodeProperties`, anything else is
    /// a bug in menuc (a synthetic item in a menu in a release build).
    static func decodeShape(_ shape: String) -> (Kind, Context, IdentifierSource) {
        let parts = shape.split(separator: " ")
        if parts.count == 3, let kind = Kind(rawValue: String(parts[0])), let context = Context(rawValue: String(parts[1])),
           let idSource = IdentifierSource(rawValue: String(parts[2])) {
            return (kind, context, idSource)
        }
        assertionFailure("generated kind, context and identifier source that are not three raw values: \(shape)")
        return (.item, .menu, .synthetic)
    }
}

extension MenuElement {
    /// A location from generated code's `"file:line:column"` (the file's
    /// name may hold colons: the numbers are the last two parts); as for
    /// `decodeProperties`, anything else is a bug in menuc (no location).
    static func decodeLocation(_ text: String) -> SourceLocation? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count >= 3, let line = Int(parts[parts.count - 2]), let column = Int(parts[parts.count - 1]) {
            return SourceLocation(file: parts.dropLast(2).joined(separator: ":"), line: line, column: column)
        }
        assertionFailure("a generated location that is not file:line:column: \(text)")
        return nil
    }
}
