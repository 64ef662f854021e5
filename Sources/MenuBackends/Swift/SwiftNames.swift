import MenuSyntax
import MenuSemantics

/// The Swift names generated code gives elements, and the clashes between
/// them, found before anything is written.
///
/// Every named element (explicit or label-derived identifier; every
/// top-level declaration) gets a `static` handle in its scope, named by
/// ``handleName(_:topLevel:)``; one that holds elements also gets a nested
/// type, ``typeName(_:)``, that is the scope of their handles. Transparent
/// groups (synthetic sections, toolbars and rows) are looked through, as
/// paths do. Names are never renumbered: two elements of one scope that
/// would get one name (or one path) are a `name-clash` error.
package enum SwiftNames {
    /// The handle's name: lowerCamelCase of the identifier; one no member
    /// can have (`self`, `Type`, `init`, …, and at the top level
    /// `document`) gets `_` appended.
    package static func handleName(_ id: String, topLevel: Bool) -> String {
        let name = SwiftEscaping.lowerCamelCase(id)
        if SwiftEscaping.unusableMemberNames.contains(name) || (topLevel && name == "document") { return name + "_" }
        return name
    }

    /// The nested type's name: the identifier with a capital first letter
    /// (a synthetic one spelled as its kind reads: `menubar` → `MenuBar`);
    /// one that would hide a type the generated code names, or that is
    /// its handle's name too (`_x`), gets `_` appended.
    package static func typeName(_ element: Element) -> String {
        let id = element.id
        var name: String
        if element.idSource == .synthetic, let spelled = spelledKinds[element.kind], id.hasPrefix(element.kind.rawValue) {
            name = spelled + id.dropFirst(element.kind.rawValue.count)
        } else {
            name = (id.first.map { String($0).uppercased() } ?? "") + id.dropFirst()
        }
        if SwiftBackend.reservedTypeNames.contains(name) || SwiftEscaping.keywords.contains(name) || SwiftEscaping.unusableMemberNames.contains(name) {
            name += "_"
        }
        if name == handleName(id, topLevel: element.parent == nil) { name += "_" }
        return name
    }

    private static let spelledKinds: [ElementKind: String] = [
        .menubar: "MenuBar", .contextmenu: "ContextMenu", .pulldown: "PullDown", .popup: "PopUp",
    ]

    /// Whether an element has a handle, given that its scope is generated.
    package static func hasHandle(_ element: Element) -> Bool {
        element.parent == nil || element.idSource != .synthetic
    }

    /// The members of an element's scope: its children, with transparent
    /// groups opened up, in source order.
    package static func members(of element: Element) -> [Element] {
        var result: [Element] = []
        var pending: [Element] = element.children.reversed()
        while let next = pending.popLast() {
            if next.record.isTransparent {
                pending.append(contentsOf: next.children.reversed())
            } else {
                result.append(next)
            }
        }
        return result
    }

    /// `name-clash` errors of a checked file (one without language errors):
    /// members of one scope whose paths or generated names would be the same.
    package static func clashes(in file: CheckedFile) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        // Top-level identifiers are distinct (`duplicate-id`), and so are paths there.
        var scopes: [(members: [Element], generated: Bool)] = [(file.declarations, true)]
        while let (members, generated) = scopes.popLast() {
            var paths: [String: Element] = [:]
            var names: [String: (Element, String)] = [:]
            for member in members {
                let named = generated && hasHandle(member)
                if let first = paths.updateValue(member, forKey: member.id) {
                    diagnostics.append(clash(member, first, "the path '\(member.path)' would name two elements"))
                } else if named {
                    for (name, what) in generatedNames(of: member) {
                        if let (first, firstWhat) = names[name] {
                            diagnostics.append(clash(member, first, "'\(first.id)' and '\(member.id)' would both be named '\(name)' in generated Swift (\(firstWhat) and \(what))"))
                            break
                        }
                        names[name] = (member, what)
                    }
                }
                if member.children.count > 0 { scopes.append((SwiftNames.members(of: member), named)) }
            }
        }
        return diagnostics
    }

    /// The handle name and, for an element holding others, the type name.
    private static func generatedNames(of element: Element) -> [(String, String)] {
        let handle = (handleName(element.id, topLevel: element.parent == nil), "a handle")
        return element.children.count > 0 ? [handle, (typeName(element), "a type")] : [handle]
    }

    private static func clash(_ second: Element, _ first: Element, _ message: String) -> Diagnostic {
        .error(.nameClash, message, at: focus(second), label: "clashes with the element named first",
               secondary: [LabeledSpan(focus(first), "first named here")],
               help: "give one of them another identifier; sections without an identifier don't separate names")
    }

    /// Where an element is named: its identifier, label or keyword; for a
    /// spliced copy, the `use` or `menu:` that put it there.
    private static func focus(_ element: Element) -> Span {
        if let origin = element.origin { return origin.site }
        return element.nameSpan ?? element.labelSpan ?? element.keywordSpan
    }
}
