import MenuSupport
@_spi(MenuPipeline) import MenuSyntax

// Properties: validating each written property against the catalog, shortcuts, and resolving references.
extension Resolver {
    /// The validated form of property `index`, or nil after reporting why it is invalid.
    /// `name`: the property's name, when it is one of the catalog's.
    func validate(_ index: Int, named name: PropertyName?, in tree: SyntaxTree, kind: ElementKind, context: ElementContext) -> PropertyRecord? {
        let property = tree.properties[index]
        guard let name else {
            reportUnknownProperty(property, in: tree, kind: kind, context: context)
            return nil
        }
        let tag = PropertyCatalog.valueTag(name, for: kind, in: context)
        let value = tree.values[Int(property.value)]
        func stored(_ valueKind: PropertyRecord.Kind, _ payload: UInt32) -> PropertyRecord {
            PropertyRecord(name: name, kind: valueKind, payload: payload, syntax: UInt32(index))
        }
        // The common, valid cases first: no spec is copied and no string made.
        switch (tag, value.kind) {
        case (.none, _):
            reportUnknownProperty(property, in: tree, kind: kind, context: context)
            return nil
        case (.string, .string):
            return stored(.string, intern(value.string, in: tree).rawValue)
        case (.bool, .bool):
            return stored(.bool, value.flag ? 1 : 0)
        // Identifiers (actions, enumeration cases, references) are read back
        // from the syntax when asked for: nearly all actions are distinct.
        case (.identifier, .identifier):
            return stored(.symbol, PropertyRecord.textInSource)
        case (.menuReference, .identifier), (.optionReference, .identifier), (.viewReference, .identifier):
            return stored(.reference, PropertyRecord.textInSource)
        case (.shortcut, .string):
            let textID = intern(value.string, in: tree)
            switch shortcut(textID) {
            case .success(let shortcutIndex):
                return stored(.shortcut, UInt32(shortcutIndex))
            case .failure(let error):
                report(.error(.invalidShortcut, "invalid shortcut \"\(text(textID))\": \(error.message)", at: tree.span(value.range), label: "not a shortcut",
                              help: "write shortcuts as \"cmd+shift+n\" or \"⌘⇧N\""))
                return nil
            }
        default:
            break
        }
        guard let spec = PropertyCatalog.spec(name, for: kind, in: context) else { return nil }
        func invalid(_ message: String, help: String? = nil, fixIts: [FixIt] = []) -> PropertyRecord? {
            report(.error(.invalidValue, message, at: tree.span(value.range), label: "expected \(spec.type.description)", help: help, fixIts: fixIts))
            return nil
        }
        let nameText = name.text
        if value.kind == .list {
            return invalid("'\(nameText)' takes a single value, not a list")
        }
        switch (spec.type, value.kind) {
        case (.number, .number):
            let text = tree.text(value.range)
            guard let number = Double(text), text.split(separator: ".").count <= 2 else {
                return invalid("'\(text)' is not a number")
            }
            guard number >= 0 else { return invalid("'\(nameText)' cannot be negative (found \(text))") }
            guard number <= 100_000 else { return invalid("\(text) is too large for '\(nameText)'") }
            return stored(.number, model.texts.intern(Resolver.normalizedNumber(number)).rawValue)
        case (.enumeration(let values), .identifier):
            if isOneOf(values, value.range, in: tree) { return stored(.symbol, PropertyRecord.textInSource) }
            let identifierText = tree.text(value.range)
            let suggestion = values.first { $0.lowercased() == identifierText.lowercased() } ?? Suggest.closest(to: identifierText, in: values)
            return invalid("'\(identifierText)' is not a valid \(nameText)" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""),
                           help: "\(nameText) is one of: \(values.joined(separator: ", "))",
                           fixIts: suggestion.map { [FixIt(message: "replace with '\($0)'", edits: [TextEdit(span: tree.span(value.range), replacement: $0)])] } ?? [])
        case (.enumeration(let values), .string) where values.contains(tree.stringValue(value.string)):
            let literal = tree.stringValue(value.string)
            return invalid("\(nameText) values are written without quotes", help: "write \(nameText): \(literal)",
                           fixIts: [FixIt(message: "remove the quotes", edits: [TextEdit(span: tree.span(value.range), replacement: literal)])])
        case (.string, .identifier):
            let identifier = tree.text(value.range)
            return invalid("'\(nameText)' takes a string; found the identifier '\(identifier)'", help: "put it in quotes: \(nameText): \"\(identifier)\"",
                           fixIts: [FixIt(message: "add quotes", edits: [TextEdit(span: tree.span(value.range), replacement: "\"\(identifier)\"")])])
        case (.bool, .string) where ["true", "false"].contains(tree.stringValue(value.string)):
            let literal = tree.stringValue(value.string)
            return invalid("booleans are written without quotes", help: "write \(nameText): \(literal)",
                           fixIts: [FixIt(message: "remove the quotes", edits: [TextEdit(span: tree.span(value.range), replacement: literal)])])
        default:
            return invalid("'\(nameText)' expects \(spec.type.description), found \(tree.valueSyntax(Int(property.value)).typeDescription)")
        }
    }

    /// Whether the bytes at `range` spell one of `values` (no string is made).
    private func isOneOf(_ values: [String], _ range: TextRange, in tree: SyntaxTree) -> Bool {
        tree.file.bytes.withUnsafeBufferPointer { bytes in
            let written = UnsafeBufferPointer(rebasing: bytes[Int(range.start)..<Int(range.end)])
            return values.contains { $0.utf8.elementsEqual(written) }
        }
    }

    /// A shortcut string parsed once per distinct text.
    /// Equal shortcuts (`"cmd+n"`, `"⌘N"`) share one index, so rules compare indices.
    func shortcut(_ text: TextID) -> Result<Int, Shortcut.ParseError> {
        let slot = Int(text.rawValue)
        if slot < model.shortcutByText.count {
            let known = model.shortcutByText[slot]
            if known > 0 { return .success(Int(known) - 1) }
            if known < 0, let error = model.shortcutErrors[text] { return .failure(error) }
        } else {
            model.shortcutByText.append(contentsOf: repeatElement(0, count: slot + 1 - model.shortcutByText.count))
        }
        switch Shortcut.parse(self.text(text)) {
        case .success(let parsed):
            let index = model.shortcuts.firstIndex(of: parsed) ?? model.shortcuts.count
            if index == model.shortcuts.count { model.shortcuts.append(parsed) }
            model.shortcutByText[slot] = Int32(index + 1)
            return .success(index)
        case .failure(let error):
            model.shortcutByText[slot] = -1
            model.shortcutErrors[text] = error
            return .failure(error)
        }
    }

    private static func normalizedNumber(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    private func reportUnknownProperty(_ property: PropertyNode, in tree: SyntaxTree, kind: ElementKind, context: ElementContext) {
        guard !countedWithoutMaking(at: tree.span(property.name)) else { return }
        let name = tree.text(property.name)
        let valid = PropertyCatalog.specs(for: kind, in: context).map(\.name)
        let suggestion = Suggest.closest(to: name, in: valid)
        var message = "unknown property '\(name)' for \(kind.rawValue)"
        if let suggestion { message += "; did you mean '\(suggestion)'?" }
        var notes: [String] = []
        let owners = PropertyCatalog.kinds(taking: name)
        if !owners.isEmpty {
            notes.append("'\(name)' is a property of \(owners.joined(separator: ", "))"
                + (kind == .toggle ? " (a toggle in a view is a toggle button; in a menu it is a changeable-title item)" : ""))
        }
        let nameSpan = tree.span(property.name)
        report(.error(.unknownProperty, message, at: nameSpan, label: "not a property of \(kind.rawValue)", notes: notes,
                      help: valid.isEmpty ? "\(kind.rawValue) takes no properties" : "\(kind.rawValue) takes: \(valid.joined(separator: ", "))",
                      fixIts: suggestion.map { [FixIt(message: "replace with '\($0)'", edits: [TextEdit(span: nameSpan, replacement: $0)])] } ?? []))
    }

    /// Checks `default:` and `opens:` targets of the properties on the stack
    /// from `mark`; an unresolved one is reported and dropped so backends
    /// never see a dangling reference.
    func resolveReferences(from mark: Int, childrenFrom childMark: Int, in tree: SyntaxTree) {
        let children = openChildren[childMark...]
        let file = tree.file.id
        var kept: [PropertyRecord] = []
        for property in openProperties[mark...] {
            guard property.kind == .reference else { kept.append(property); continue }
            let node = tree.properties[Int(property.syntax)]
            let range = tree.values[Int(node.value)].range
            let span = tree.span(range)
            let name = Name(text: tree.text(range), span: span)
            switch property.name {
            case .default:
                let optionIDs = options(in: Array(children)).map(idText)
                guard optionIDs.contains(name.text) else {
                    reportUnknown(name, declared: DeclaredNames(first: Array(optionIDs.prefix(DeclaredNames.shown + 1)), candidates: CandidateNames(optionIDs), inScope: { _ in true }), what: "'default:'", kindWanted: "option")
                    continue
                }
                kept.append(property)
            case .opens:
                guard let key = lookup(intern(range, in: tree), from: file) else {
                    if Resolver.genericOpenTargets.contains(name.text) {
                        var generic = property
                        generic.kind = .symbol
                        kept.append(generic)
                        continue
                    }
                    reportUnknown(name, declared: declaredNames(.view, in: file), also: Resolver.genericOpenTargets, what: "'opens:'", kindWanted: "view",
                                  alternatives: "or one of \(Resolver.genericOpenTargets.joined(separator: ", "))")
                    continue
                }
                let targetKind = kind(of: key)
                guard targetKind == .view else {
                    report(.error(.unknownReference, "'\(name.text)' is a \(targetKind.rawValue), but 'opens:' needs a view", at: span, label: "not a view"))
                    continue
                }
                kept.append(property)
            default:
                kept.append(property)
            }
        }
        openProperties.replaceSubrange(mark..., with: kept)
    }

    /// Options of a pop-up, through its sections.
    func options(in children: [Int32]) -> [Int32] {
        children.flatMap { child -> [Int32] in
            switch model.records[Int(child)].kind {
            case .option: [child]
            case .section: options(in: Array(childIndices(of: child)))
            default: []
            }
        }
    }

    /// `opens:` targets that name a kind of presentation rather than a declared view.
    package static let genericOpenTargets = ["window", "sheet", "view"]

    package static func options<Children: Sequence>(in children: Children) -> [Element] where Children.Element == Element {
        children.flatMap { child -> [Element] in
            switch child.kind {
            case .option: [child]
            case .section: options(in: child.children)
            default: []
            }
        }
    }
}
