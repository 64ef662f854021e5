// Codable conformances that write exactly the JSON shape of
// `menuc build --emit json` (docs/schema/menu.schema.json): the same keys,
// in the same order, with `null` for absent optional values.
//
// Foundation's JSONEncoder does not keep key order; `OrderedJSONEncoder`
// does, and with it the model's JSON is byte-identical to the backend's.

extension MenuDocument: Codable {
    private enum CodingKeys: String, CodingKey {
        case schemaVersion, file, doc, platforms, imports, declarations
    }

    /// Encodes the document with the JSON backend's keys and key order.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(schemaVersion, forKey: .schemaVersion)
        try container.encode(file, forKey: .file)
        try container.encode(doc, forKey: .doc)
        try container.encode(platforms, forKey: .platforms)
        try container.encode(imports, forKey: .imports)
        try container.encode(declarations, forKey: .declarations)
    }

    /// Decodes what the JSON backend writes.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            schemaVersion: try container.decode(Int.self, forKey: .schemaVersion),
            file: try container.decode(String.self, forKey: .file),
            doc: try container.decodeIfPresent(String.self, forKey: .doc),
            platforms: try container.decode([Platform].self, forKey: .platforms),
            imports: try container.decode([String].self, forKey: .imports),
            declarations: try container.decode([MenuElement].self, forKey: .declarations)
        )
    }
}

extension MenuDocument.Platform: Codable {
    private enum CodingKeys: String, CodingKey {
        case name, version
    }

    /// Encodes `name` and `version` (null when absent).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(version, forKey: .version)
    }

    /// Decodes `name` and `version`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(name: try container.decode(Name.self, forKey: .name),
                  version: try container.decodeIfPresent(String.self, forKey: .version))
    }
}

extension MenuElement: Codable {
    private enum CodingKeys: String, CodingKey {
        case kind, context, id, idSource, path, label, doc, properties, allow, location, origin, children
    }

    /// A property name used as a JSON object key.
    private struct PropertyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Encodes every key of the JSON backend, in its order; properties as
    /// one object sorted by name.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(context, forKey: .context)
        try container.encode(id, forKey: .id)
        try container.encode(idSource, forKey: .idSource)
        try container.encode(path, forKey: .path)
        try container.encode(label, forKey: .label)
        try container.encode(doc, forKey: .doc)
        var propertyContainer = container.nestedContainer(keyedBy: PropertyKey.self, forKey: .properties)
        for name in properties.keys.sorted() {
            if let value = properties[name] { try propertyContainer.encode(value, forKey: PropertyKey(stringValue: name)) }
        }
        try container.encode(allow, forKey: .allow)
        try container.encode(location, forKey: .location)
        try container.encode(origin, forKey: .origin)
        try container.encode(children, forKey: .children)
    }

    /// Decodes what the JSON backend writes.
    public init(from decoder: any Decoder) throws {
        try MenuDocument.checkNesting(of: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let propertyContainer = try container.nestedContainer(keyedBy: PropertyKey.self, forKey: .properties)
        var properties: [String: PropertyValue] = [:]
        for key in propertyContainer.allKeys {
            properties[key.stringValue] = try propertyContainer.decode(PropertyValue.self, forKey: key)
        }
        self.init(
            kind: try container.decode(Kind.self, forKey: .kind),
            context: try container.decode(Context.self, forKey: .context),
            id: try container.decode(String.self, forKey: .id),
            idSource: try container.decode(IdentifierSource.self, forKey: .idSource),
            path: try container.decode(String.self, forKey: .path),
            label: try container.decodeIfPresent(String.self, forKey: .label),
            doc: try container.decodeIfPresent(String.self, forKey: .doc),
            properties: properties,
            allow: try container.decode([String].self, forKey: .allow),
            location: try container.decodeIfPresent(SourceLocation.self, forKey: .location),
            origin: try container.decodeIfPresent(Origin.self, forKey: .origin),
            children: try container.decode([MenuElement].self, forKey: .children)
        )
    }
}

extension MenuElement.Origin: Codable {
    private enum CodingKeys: String, CodingKey {
        case via, menu, site
    }

    /// Encodes `via`, `menu` and `site`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(via, forKey: .via)
        try container.encode(menu, forKey: .menu)
        try container.encode(site, forKey: .site)
    }

    /// Decodes `via`, `menu` and `site`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(via: try container.decode(Via.self, forKey: .via),
                  menu: try container.decode(String.self, forKey: .menu),
                  site: try container.decodeIfPresent(SourceLocation.self, forKey: .site))
    }
}

extension SourceLocation: Codable {
    private enum CodingKeys: String, CodingKey {
        case file, line, column
    }

    /// Encodes `file`, `line` and `column`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        try container.encode(line, forKey: .line)
        try container.encode(column, forKey: .column)
    }

    /// Decodes `file`, `line` and `column`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(file: try container.decode(String.self, forKey: .file),
                  line: try container.decode(Int.self, forKey: .line),
                  column: try container.decode(Int.self, forKey: .column))
    }
}

extension MenuDocument {
    /// How deep elements nest below their declaration in what menuc
    /// writes: its limit for written and spliced elements alike.
    public static let maximumElementDepth = 64

    /// Coding-path length past which decoding stops: each level of
    /// elements takes two (`children` and the index), and what menuc writes
    /// stays well inside. Decoding recurses once per level, and so do the
    /// copies, comparisons and release of the model that follow; JSON from
    /// elsewhere that nests deeper could exhaust a thread's stack.
    static let maximumCodingDepth = 2 * (maximumElementDepth + 1) + 8

    /// Throws when `decoder` is deeper than menuc ever writes.
    static func checkNesting(of decoder: any Decoder) throws {
        let path = decoder.codingPath
        guard path.count > maximumCodingDepth else { return }
        throw DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: path, debugDescription: "nested more than \(maximumElementDepth) levels deep; menuc never writes such a document"))
    }
}
