/// Turns parse trees into the checked model: validates properties against
/// the catalog, derives identifiers, splices `use` and `menu:`, resolves
/// references, and reports the language errors of the rules catalog's
/// first table.
///
/// Each top-level declaration is resolved once and cached, so a menu used
/// from many places (or from another file) is built and reported once.
public final class Resolver {
    private let workspace: Workspace
    public private(set) var diagnostics: [Diagnostic] = []

    private struct DeclarationKey: Hashable {
        var file: FileID
        var index: Int
    }

    /// Top-level names visible in one file: its own and its imports'.
    private struct Scope {
        var names: [String: DeclarationKey] = [:]
    }

    private var scopes: [FileID: Scope] = [:]
    private var topLevelIDs: [FileID: [AssignedID]] = [:]
    private var cache: [DeclarationKey: Element] = [:]
    private var inProgress: [DeclarationKey] = []
    private var checkedFiles: [FileID: CheckedFile] = [:]

    public init(workspace: Workspace) {
        self.workspace = workspace
    }

    // MARK: - Files

    /// The checked form of a file (and, through it, of what it imports).
    public func check(_ file: FileID) -> CheckedFile {
        if let done = checkedFiles[file] { return done }
        let syntax = workspace.syntax(file)
        _ = scope(of: file)
        var declarations: [Element] = []
        for index in syntax.elements.indices {
            declarations.append(declaration(DeclarationKey(file: file, index: index)))
        }
        checkMenubars(in: file, declarations: declarations)
        let (platforms, written) = resolvePlatforms(syntax.platforms)
        let checked = CheckedFile(
            source: workspace.file(file), doc: syntax.doc?.text, platforms: platforms, platformsWritten: written,
            imports: workspace.imports[file.rawValue], declarations: declarations, syntax: syntax
        )
        checkedFiles[file] = checked
        return checked
    }

    private func report(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }

    private func resolvePlatforms(_ directive: PlatformsDirective?) -> ([Platform], Bool) {
        guard let directive else { return (Platform.defaults, false) }
        var platforms: [Platform] = []
        var seen: [Platform.Name: Span] = [:]
        let names = Platform.Name.allCases.map(\.rawValue)
        for entry in directive.entries {
            guard let name = Platform.Name(rawValue: entry.name.text) else {
                let exact = names.first { $0.lowercased() == entry.name.text.lowercased() }
                let suggestion = exact ?? Suggest.closest(to: entry.name.text, in: names)
                report(.error(.invalidValue, "unknown platform '\(entry.name.text)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""),
                              at: entry.name.span, label: "not a platform", help: "platforms are \(names.joined(separator: ", "))",
                              fixIts: suggestion.map { [FixIt(message: "replace with '\($0)'", edits: [TextEdit(span: entry.name.span, replacement: $0)])] } ?? []))
                continue
            }
            if let first = seen[name] {
                report(.error(.invalidValue, "\(name.rawValue) is listed twice", at: entry.name.span, label: "listed again",
                              secondary: [LabeledSpan(first, "first listed here")]))
                continue
            }
            seen[name] = entry.name.span
            if let version = entry.version, version.text.split(separator: ".").count > 3 {
                report(.error(.invalidValue, "'\(version.text)' is not a version (write 17, 17.2 or 10.15.1)", at: version.span, label: "not a version"))
            }
            platforms.append(Platform(name: name, version: entry.version?.text))
        }
        return (platforms, true)
    }

    /// A program has one menu bar; a second is misplaced.
    private func checkMenubars(in file: FileID, declarations: [Element]) {
        var first: Element?
        for key in visibleFiles(of: file) where key != file {
            if let bar = checkedOrBuiltDeclarations(of: key).first(where: { $0.kind == .menubar }) { first = bar; break }
        }
        for element in declarations where element.kind == .menubar {
            if let earlier = first {
                let place = workspace.file(earlier.span.file).displayPath
                report(.error(.misplacedElement, "a program has one menubar, and one is already declared in \(place)", at: element.keywordSpan,
                              label: "second menubar", secondary: [LabeledSpan(earlier.keywordSpan, "first menubar")],
                              help: "put every menu of the bar in one menubar; declare other menus at the top level and add them with 'use'"))
            } else {
                first = element
            }
        }
    }

    private func checkedOrBuiltDeclarations(of file: FileID) -> [Element] {
        workspace.syntax(file).elements.indices.map { declaration(DeclarationKey(file: file, index: $0)) }
    }

    // MARK: - Scopes

    /// The file itself, then everything it imports, transitively, in order.
    private func visibleFiles(of file: FileID) -> [FileID] {
        var order: [FileID] = [file]
        var seen: Set<FileID> = [file]
        var index = 0
        while index < order.count {
            for imported in workspace.imports[order[index].rawValue] {
                if let target = imported.file, seen.insert(target).inserted { order.append(target) }
            }
            index += 1
        }
        return order
    }

    private func ids(ofTopLevel file: FileID) -> [AssignedID] {
        if let known = topLevelIDs[file] { return known }
        let assigned = IdentifierAssignment.assign(workspace.syntax(file).elements.map { .init(syntax: $0) }, taken: [])
        topLevelIDs[file] = assigned
        return assigned
    }

    private func scope(of file: FileID) -> Scope {
        if let known = scopes[file] { return known }
        var scope = Scope()
        let syntax = workspace.syntax(file)
        var origins: [String: FileID] = [:]
        // Own declarations first: they win over imported ones.
        for (index, assigned) in ids(ofTopLevel: file).enumerated() {
            if let previous = scope.names[assigned.id] {
                let first = syntax.elements[previous.index]
                let second = syntax.elements[index]
                reportDuplicateID(assigned.id, first: focus(of: first), second: focus(of: second), derived: assigned.source == .label)
                continue
            }
            scope.names[assigned.id] = DeclarationKey(file: file, index: index)
            origins[assigned.id] = file
        }
        for imported in visibleFiles(of: file).dropFirst() {
            let importedSyntax = workspace.syntax(imported)
            for (index, assigned) in ids(ofTopLevel: imported).enumerated() {
                let key = DeclarationKey(file: imported, index: index)
                guard let existing = scope.names[assigned.id] else {
                    scope.names[assigned.id] = key
                    origins[assigned.id] = imported
                    continue
                }
                guard existing != key, origins[assigned.id] != imported else { continue }
                let importedFocus = focus(of: importedSyntax.elements[index])
                if existing.file == file {
                    let own = syntax.elements[existing.index]
                    report(.error(.duplicateID, "'\(assigned.id)' is already declared in the imported file \(workspace.file(imported).displayPath)",
                                  at: focus(of: own), label: "declared again here", secondary: [LabeledSpan(importedFocus, "imported declaration")],
                                  help: "rename one of them; names of imported declarations share this file's namespace"))
                } else if let site = syntax.imports.first?.span {
                    let firstPlace = workspace.file(existing.file).displayPath
                    report(.error(.duplicateID, "'\(assigned.id)' is declared in both \(firstPlace) and \(workspace.file(imported).displayPath), which this file imports",
                                  at: site, label: "imports conflicting declarations", secondary: [LabeledSpan(importedFocus, "second declaration")],
                                  help: "rename one of them"))
                }
            }
        }
        scopes[file] = scope
        return scope
    }

    /// Where an element's identifier comes from: its name, else its label.
    private func focus(of syntax: ElementSyntax) -> Span { syntax.name?.span ?? syntax.label?.span ?? syntax.keyword }

    private func reportDuplicateID(_ id: String, first: Span, second: Span, derived: Bool) {
        report(.error(.duplicateID, "duplicate identifier '\(id)'", at: second, label: derived ? "derives the identifier '\(id)' again" : "declared again here",
                      secondary: [LabeledSpan(first, "first declared here")],
                      help: "siblings need distinct identifiers; give one an explicit identifier, e.g. item \(id)2 \"…\""))
    }

    // MARK: - Declarations

    private func declaration(_ key: DeclarationKey) -> Element {
        if let cached = cache[key] { return cached }
        let syntax = workspace.syntax(key.file).elements[key.index]
        let assigned = ids(ofTopLevel: key.file)[key.index]
        if case .misplaced(let help) = Placement.check(child: syntax.kind, parent: nil, parentContext: .control) {
            report(.error(.misplacedElement, "\(syntax.kind.rawValue) cannot be declared at the top level", at: syntax.keyword,
                          label: "misplaced \(syntax.kind.rawValue)", help: help))
        }
        inProgress.append(key)
        let element = build(syntax, parent: nil, parentContext: .control, assigned: assigned, parentPath: "", file: key.file)
        inProgress.removeLast()
        cache[key] = element
        return element
    }

    /// Finds the declared menu a `use` or `menu:` names; nil after reporting.
    private func referencedMenu(_ name: Name, file: FileID, what: String) -> Element? {
        let scope = scope(of: file)
        guard let key = scope.names[name.text] else {
            let menus = scope.names.filter { workspace.syntax($0.value.file).elements[$0.value.index].kind == .menu }.map(\.key).sorted()
            reportUnknown(name, candidates: menus, what: what, kindWanted: "menu")
            return nil
        }
        let target = workspace.syntax(key.file).elements[key.index]
        guard target.kind == .menu else {
            report(.error(.unknownReference, "'\(name.text)' is a \(target.kind.rawValue), but \(what) needs a menu", at: name.span,
                          label: "not a menu", secondary: [LabeledSpan(focus(of: target), "'\(name.text)' is declared here")]))
            return nil
        }
        if let start = inProgress.firstIndex(of: key) {
            let names = (inProgress[start...] + [key]).map { ids(ofTopLevel: $0.file)[$0.index].id }
            report(.error(.referenceCycle, "reference cycle: \(names.joined(separator: " → "))", at: name.span,
                          label: "refers back to '\(name.text)'",
                          secondary: [LabeledSpan(focus(of: target), "'\(name.text)' is declared here")],
                          help: "a menu cannot contain itself; move the shared items into a menu that neither uses"))
            return nil
        }
        return declaration(key)
    }

    private func reportUnknown(_ name: Name, candidates: [String], what: String, kindWanted: String, listed: [String]? = nil, alternatives: String? = nil) {
        let suggestion = Suggest.closest(to: name.text, in: candidates)
        var message = "\(what) names '\(name.text)', but no \(kindWanted) of that name is declared"
        if let suggestion { message += "; did you mean '\(suggestion)'?" }
        let shown = listed ?? candidates
        var help = shown.isEmpty ? "declare a \(kindWanted) named '\(name.text)'" : "declared \(kindWanted)s: \(shown.prefix(8).joined(separator: ", "))\(shown.count > 8 ? ", …" : "")"
        if let alternatives { help += "; \(alternatives)" }
        report(.error(.unknownReference, message, at: name.span, label: "unknown \(kindWanted)",
                      help: help,
                      fixIts: suggestion.map { [FixIt(message: "replace with '\($0)'", edits: [TextEdit(span: name.span, replacement: $0)])] } ?? []))
    }

    // MARK: - Elements

    private func context(childOf parent: ElementKind?, parentContext: ElementContext) -> ElementContext {
        guard let parent else { return .control }
        if parent.holdsMenuElements { return .menu }
        if parent == .section { return parentContext }
        return .control
    }

    private func build(_ syntax: ElementSyntax, parent: ElementKind?, parentContext: ElementContext, assigned: AssignedID, parentPath: String, file: FileID) -> Element {
        let context = syntax.kind == .menu || syntax.kind == .menubar ? .menu : context(childOf: parent, parentContext: parentContext)
        let path = parentPath.isEmpty ? assigned.id : parentPath + "/" + assigned.id
        var element = Element(
            kind: syntax.kind, context: context, id: assigned.id, idSource: assigned.source, label: syntax.label?.value,
            properties: [], children: [], span: syntax.span, keywordSpan: syntax.keyword, nameSpan: syntax.name?.span,
            labelSpan: syntax.label?.span, doc: syntax.doc?.text, origin: nil, allows: syntax.attributes, path: path
        )
        let members = syntax.body?.members ?? []
        var menuReference: Name?
        // Few properties per element: a list beats a dictionary's allocation.
        var seen: [(name: String, span: Span)] = []
        for case .property(let property) in members {
            if let first = seen.first(where: { $0.name == property.name.text })?.span {
                report(.error(.duplicateProperty, "'\(property.name.text)' is set twice on \(element.displayName)", at: property.name.span,
                              label: "set again here", secondary: [LabeledSpan(first, "first set here")],
                              help: "remove one of them", fixIts: [removal(of: property, in: file)]))
                continue
            }
            seen.append((property.name.text, property.name.span))
            guard let value = validate(property, on: element) else { continue }
            if property.name.text == "menu", case .identifier(let name) = property.value { menuReference = name }
            element.properties.append(Property(name: property.name.text, value: value, nameSpan: property.name.span,
                                               valueSpan: property.value.span, span: property.span))
        }
        element.children = buildChildren(of: &element, members: members, menuReference: menuReference, file: file)
        resolveReferences(of: &element, file: file)
        for spec in PropertyCatalog.specs(for: element.kind, in: context) {
            if let defaultValue = spec.defaultValue, element.property(spec.name) == nil {
                element.properties.append(Property(name: spec.name, value: defaultValue, nameSpan: nil, valueSpan: nil, span: nil))
            }
        }
        element.properties.sort { $0.name < $1.name }
        return element
    }

    /// A fix-it removing a property with the blank space before it.
    private func removal(of property: PropertySyntax, in file: FileID) -> FixIt {
        let span = TextRanges.removalSpan(for: property.span, in: workspace.file(file))
        return FixIt(message: "remove '\(property.name.text)'", edits: [TextEdit(span: span, replacement: "")])
    }

    private func buildChildren(of element: inout Element, members: [MemberSyntax], menuReference: Name?, file: FileID) -> [Element] {
        let parentKind = element.kind
        // Splices first: their identifiers are taken when synthetic ones are chosen.
        var spliced: [Int: [Element]] = [:]
        for (index, member) in members.enumerated() {
            guard case .use(let use) = member else { continue }
            if !use.attributes.isEmpty {
                report(.error(.syntax, "@allow applies to elements, not to 'use'", at: use.attributes[0].span, label: "on a 'use'",
                              help: "put @allow on the declared menu '\(use.target.text)' or on the element holding this 'use'"))
            }
            guard parentKind.holdsMenuElements || parentKind == .menubar || (parentKind == .section && element.context == .menu) else {
                report(.error(.misplacedElement, "'use' cannot appear in \(element.displayName)", at: use.span, label: "misplaced 'use'",
                              help: "'use' splices a declared menu into a menubar, menu, pulldown, contextmenu, submenu or section"))
                continue
            }
            guard let target = referencedMenu(use.target, file: file, what: "'use'") else { continue }
            let origin = Origin(via: .use, menu: use.target.text, site: use.span)
            spliced[index] = parentKind == .menubar ? [stamp(target, origin: origin)] : target.children.map { stamp($0, origin: origin) }
        }
        let elementSyntaxes = members.compactMap { member -> ElementSyntax? in
            if case .element(let child) = member { return child }
            return nil
        }
        let takenBySplices = Set(spliced.values.joined().map(\.id))
        let assignedIDs = IdentifierAssignment.assign(elementSyntaxes.map { .init(syntax: $0) }, taken: takenBySplices)
        var children: [Element] = []
        var elementIndex = 0
        for (index, member) in members.enumerated() {
            switch member {
            case .property:
                continue
            case .use:
                children.append(contentsOf: spliced[index] ?? [])
            case .element(let childSyntax):
                let assigned = assignedIDs[elementIndex]
                elementIndex += 1
                if case .misplaced(let help) = Placement.check(child: childSyntax.kind, parent: parentKind, parentContext: element.context) {
                    let childName = childSyntax.label?.value ?? childSyntax.name?.text
                    report(.error(.misplacedElement, "\(childSyntax.kind.rawValue)\(childName.map { " '\($0)'" } ?? "") cannot appear in \(element.displayName)",
                                  at: childSyntax.keyword, label: "misplaced \(childSyntax.kind.rawValue)", help: help))
                }
                children.append(build(childSyntax, parent: parentKind, parentContext: element.context, assigned: assigned, parentPath: element.path, file: file))
            }
        }
        if let menuReference {
            if let firstInline = children.first {
                report(.error(.misplacedElement, "\(element.displayName) takes its items from 'menu: \(menuReference.text)', so it cannot also list items",
                              at: firstInline.keywordSpan, label: "inline item", secondary: [LabeledSpan(menuReference.span, "items come from here")],
                              help: "remove the inline items, or remove 'menu: \(menuReference.text)'"))
            } else if let target = referencedMenu(menuReference, file: file, what: "'menu:'") {
                let origin = Origin(via: .menu, menu: menuReference.text, site: menuReference.span)
                children = target.children.map { stamp($0, origin: origin) }
            } else {
                // Already reported; keep the property out of the output.
                element.properties.removeAll { $0.name == "menu" }
            }
        }
        return finalizeSiblings(children, parentPath: element.path)
    }

    /// A spliced copy: marked with where it came from, down the whole subtree.
    private func stamp(_ element: Element, origin: Origin) -> Element {
        var copy = element
        copy.origin = origin
        copy.children = element.children.map { stamp($0, origin: origin) }
        return copy
    }

    private func repath(_ element: Element, parentPath: String) -> Element {
        var copy = element
        copy.path = parentPath.isEmpty ? element.id : parentPath + "/" + element.id
        copy.children = element.children.map { repath($0, parentPath: copy.path) }
        return copy
    }

    /// Spliced elements take their place under the host; synthetic ids that
    /// collide are renumbered, and real collisions are reported.
    private func finalizeSiblings(_ children: [Element], parentPath: String) -> [Element] {
        var result = children
        var taken: [String: Int] = [:]
        for (index, child) in result.enumerated() where child.idSource != .synthetic {
            if let first = taken[child.id] {
                let earlier = result[first]
                // A pair that both come from one splice was reported in its own menu.
                if child.origin == nil || earlier.origin == nil || child.origin != earlier.origin {
                    reportDuplicateID(child.id, first: earlier.idSpan, second: child.origin?.site ?? child.idSpan, derived: child.idSource == .label)
                }
            } else {
                taken[child.id] = index
            }
        }
        var ordinals: [ElementKind: Int] = [:]
        var renamed = Set<Int>()
        for index in result.indices where result[index].idSource == .synthetic {
            let kind = result[index].kind
            var ordinal = ordinals[kind, default: 0]
            var candidate: String
            repeat {
                ordinal += 1
                candidate = ordinal == 1 ? kind.rawValue : "\(kind.rawValue)\(ordinal)"
            } while taken[candidate] != nil
            ordinals[kind] = ordinal
            taken[candidate] = index
            if result[index].id != candidate {
                result[index].id = candidate
                renamed.insert(index)
            }
        }
        // Only renamed and spliced elements carry a path from elsewhere.
        for index in result.indices where renamed.contains(index) || result[index].origin != nil {
            result[index] = repath(result[index], parentPath: parentPath)
        }
        return result
    }

    // MARK: - Properties

    private func validate(_ property: PropertySyntax, on element: Element) -> Value? {
        let name = property.name.text
        guard let spec = PropertyCatalog.spec(name, for: element.kind, in: element.context) else {
            reportUnknownProperty(property, on: element)
            return nil
        }
        func invalid(_ message: String, help: String? = nil, fixIts: [FixIt] = []) -> Value? {
            report(.error(.invalidValue, message, at: property.value.span, label: "expected \(spec.type.description)", help: help, fixIts: fixIts))
            return nil
        }
        if case .list = property.value {
            return invalid("'\(name)' takes a single value, not a list")
        }
        switch (spec.type, property.value) {
        case (.string, .string(let literal)):
            return .string(literal.value)
        case (.bool, .bool(let value, _)):
            return .bool(value)
        case (.number, .number(let text, _)):
            guard let number = Double(text), text.split(separator: ".").count <= 2 else {
                return invalid("'\(text)' is not a number")
            }
            guard number >= 0 else { return invalid("'\(name)' cannot be negative (found \(text))") }
            guard number <= 100_000 else { return invalid("\(text) is too large for '\(name)'") }
            return .number(Resolver.normalizedNumber(number))
        case (.identifier, .identifier(let identifier)),
             (.menuReference, .identifier(let identifier)),
             (.optionReference, .identifier(let identifier)),
             (.viewReference, .identifier(let identifier)):
            if case .identifier = spec.type { return .symbol(identifier.text) }
            return .reference(identifier.text)
        case (.enumeration(let values), .identifier(let identifier)):
            if values.contains(identifier.text) { return .symbol(identifier.text) }
            let suggestion = values.first { $0.lowercased() == identifier.text.lowercased() } ?? Suggest.closest(to: identifier.text, in: values)
            return invalid("'\(identifier.text)' is not a valid \(name)" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""),
                           help: "\(name) is one of: \(values.joined(separator: ", "))",
                           fixIts: suggestion.map { [FixIt(message: "replace with '\($0)'", edits: [TextEdit(span: identifier.span, replacement: $0)])] } ?? [])
        case (.enumeration(let values), .string(let literal)) where values.contains(literal.value):
            return invalid("\(name) values are written without quotes", help: "write \(name): \(literal.value)",
                           fixIts: [FixIt(message: "remove the quotes", edits: [TextEdit(span: literal.span, replacement: literal.value)])])
        case (.shortcut, .string(let literal)):
            switch Shortcut.parse(literal.value) {
            case .success(let shortcut):
                return .shortcut(shortcut)
            case .failure(let error):
                report(.error(.invalidShortcut, "invalid shortcut \"\(literal.value)\": \(error.message)", at: literal.span, label: "not a shortcut",
                              help: "write shortcuts as \"cmd+shift+n\" or \"⌘⇧N\""))
                return nil
            }
        case (.string, .identifier(let identifier)):
            return invalid("'\(name)' takes a string; found the identifier '\(identifier.text)'", help: "put it in quotes: \(name): \"\(identifier.text)\"",
                           fixIts: [FixIt(message: "add quotes", edits: [TextEdit(span: identifier.span, replacement: "\"\(identifier.text)\"")])])
        case (.bool, .string(let literal)) where literal.value == "true" || literal.value == "false":
            return invalid("booleans are written without quotes", help: "write \(name): \(literal.value)",
                           fixIts: [FixIt(message: "remove the quotes", edits: [TextEdit(span: literal.span, replacement: literal.value)])])
        default:
            return invalid("'\(name)' expects \(spec.type.description), found \(property.value.typeDescription)")
        }
    }

    static func normalizedNumber(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    private func reportUnknownProperty(_ property: PropertySyntax, on element: Element) {
        let name = property.name.text
        let valid = PropertyCatalog.specs(for: element.kind, in: element.context).map(\.name)
        let suggestion = Suggest.closest(to: name, in: valid)
        var message = "unknown property '\(name)' for \(element.kind.rawValue)"
        if let suggestion { message += "; did you mean '\(suggestion)'?" }
        var notes: [String] = []
        let owners = PropertyCatalog.kinds(taking: name)
        if !owners.isEmpty {
            notes.append("'\(name)' is a property of \(owners.joined(separator: ", "))"
                + (element.kind == .toggle ? " (a toggle in a view is a toggle button; in a menu it is a changeable-title item)" : ""))
        }
        report(.error(.unknownProperty, message, at: property.name.span, label: "not a property of \(element.kind.rawValue)", notes: notes,
                      help: valid.isEmpty ? "\(element.kind.rawValue) takes no properties" : "\(element.kind.rawValue) takes: \(valid.joined(separator: ", "))",
                      fixIts: suggestion.map { [FixIt(message: "replace with '\($0)'", edits: [TextEdit(span: property.name.span, replacement: $0)])] } ?? []))
    }

    /// Checks `default:` and `opens:` targets; an unresolved one is reported
    /// and dropped so backends never see a dangling reference.
    private func resolveReferences(of element: inout Element, file: FileID) {
        let optionIDs = Resolver.options(in: element.children).map(\.id)
        element.properties = element.properties.compactMap { property in
            guard case .reference(let target) = property.value, let span = property.valueSpan else { return property }
            let name = Name(text: target, span: span)
            switch property.name {
            case "default":
                guard optionIDs.contains(target) else {
                    reportUnknown(name, candidates: optionIDs, what: "'default:'", kindWanted: "option")
                    return nil
                }
                return property
            case "opens":
                let scope = scope(of: file)
                guard let key = scope.names[target] else {
                    if Resolver.genericOpenTargets.contains(target) {
                        var generic = property
                        generic.value = .symbol(target)
                        return generic
                    }
                    let views = scope.names.filter { workspace.syntax($0.value.file).elements[$0.value.index].kind == .view }.map(\.key).sorted()
                    reportUnknown(name, candidates: views + Resolver.genericOpenTargets, what: "'opens:'", kindWanted: "view",
                                  listed: views, alternatives: "or one of \(Resolver.genericOpenTargets.joined(separator: ", "))")
                    return nil
                }
                let kind = workspace.syntax(key.file).elements[key.index].kind
                guard kind == .view else {
                    report(.error(.unknownReference, "'\(target)' is a \(kind.rawValue), but 'opens:' needs a view", at: span, label: "not a view"))
                    return nil
                }
                return property
            default:
                return property
            }
        }
    }

    /// `opens:` targets that name a kind of presentation rather than a declared view.
    static let genericOpenTargets = ["window", "sheet", "view"]

    static func options(in children: [Element]) -> [Element] {
        children.flatMap { child -> [Element] in
            switch child.kind {
            case .option: [child]
            case .section: options(in: child.children)
            default: []
            }
        }
    }
}
