/// The JSON backend: the checked document, every element with its kind,
/// id, label, resolved properties, children, location, doc comment and
/// origin. Key order is fixed; the schema is docs/schema/menu.schema.json.
public enum JSONBackend {
    public static let schemaVersion = 1

    public static func render(_ file: CheckedFile, files: (FileID) -> SourceFile?) -> String {
        var writer = JSONStreamWriter(capacity: file.source.bytes.count * 12)
        writer.object { json in
            json.key("schemaVersion"); json.int(schemaVersion)
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
                    json.element(); element(declaration, to: &json, files: files)
                }
            }
        }
        return writer.finish()
    }

    private static func element(_ element: Element, to json: inout JSONStreamWriter, files: (FileID) -> SourceFile?) {
        json.object { json in
            json.key("kind"); json.string(element.kind.rawValue)
            json.key("context"); json.string(element.context.rawValue)
            json.key("id"); json.string(element.id)
            json.key("idSource"); json.string(element.idSource.rawValue)
            json.key("path"); json.string(element.path)
            json.key("label"); json.string(element.label)
            json.key("doc"); json.string(element.doc)
            json.key("properties")
            json.object { json in
                for property in element.properties {
                    json.key(property.name); value(property.value, to: &json)
                }
            }
            json.key("allow")
            json.array { json in
                for attribute in element.allows {
                    for rule in attribute.ruleIDs { json.element(); json.string(rule.text) }
                }
            }
            json.key("location"); location(element.keywordSpan, to: &json, files: files)
            json.key("origin")
            if let origin = element.origin {
                json.object { json in
                    json.key("via"); json.string(origin.via.rawValue)
                    json.key("menu"); json.string(origin.menu)
                    json.key("site"); location(origin.site, to: &json, files: files)
                }
            } else {
                json.null()
            }
            json.key("children")
            json.array { json in
                for child in element.children {
                    json.element(); self.element(child, to: &json, files: files)
                }
            }
        }
    }

    private static func value(_ value: Value, to json: inout JSONStreamWriter) {
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
                for item in values { json.element(); self.value(item, to: &json) }
            }
        }
    }

    private static func location(_ span: Span, to json: inout JSONStreamWriter, files: (FileID) -> SourceFile?) {
        guard let file = files(span.file) else { return json.null() }
        let position = file.position(of: span.start)
        json.object { json in
            json.key("file"); json.string(file.displayPath)
            json.key("line"); json.int(position.line)
            json.key("column"); json.int(position.column)
        }
    }
}
