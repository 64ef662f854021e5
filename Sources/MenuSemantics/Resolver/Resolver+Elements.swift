import MenuSupport
@_spi(MenuPipeline) import MenuSyntax

// Elements: building an element and its children, and assigning their identifiers.
extension Resolver {
    func context(childOf parent: ElementKind?, parentContext: ElementContext) -> ElementContext {
        guard let parent else { return .control }
        if parent.holdsMenuElements { return .menu }
        if parent == .section { return parentContext }
        return .control
    }

    /// Builds syntax element `element` and everything inside it; returns its index in the model.
    /// `path`: the length of its parent's identifier path (0 at the top level).
    /// `misplaced`: its placement was reported, and its properties are not
    /// checked (nor kept): where it stands, what it takes is moot, and one
    /// mistake gets one error.
    func build(_ element: Int, in tree: SyntaxTree, parentKind: ElementKind?, parentContext: ElementContext,
                       assigned: Assigned, parent: Int32, depth: UInt16, path parentPath: Int, misplaced: Bool = false) -> Int32 {
        buildDepth += 1
        defer { buildDepth -= 1 }
        let node = tree.elements[element]
        let kind = node.kind
        let context: ElementContext = kind == .menu || kind == .menubar ? .menu : self.context(childOf: parentKind, parentContext: parentContext)
        let index = Int32(model.records.count)
        model.records.append(ElementRecord(
            kind: kind, context: context, idSource: assigned.source, depth: depth, id: assigned.id,
            label: node.hasLabel ? intern(node.label, in: tree) : .none, parent: parent,
            file: slot(of: tree), syntax: UInt32(element)
        ))
        let propertyMark = openProperties.count
        var menuReference: TextRange?
        var hasReferences = false
        // Few properties per element: a list beats a dictionary's allocation,
        // and a known name (nearly all) is looked for in it only when its bit
        // says it was set before.
        seenProperties.shrink(to: 0)
        var seenNames: UInt64 = 0
        // Names that are no property, by text: a list searched for each made
        // 100,000 unknown names on one item take 14 s.
        var seenUnknown: [String: Int] = [:]
        var hasChildMembers = false
        // What the outputs repeat of it, for the splice limits (`SpliceShape`).
        var writtenBytes = Int(node.label.token.count) + tree.name(ofElement: element).count + (node.hasDoc ? tree.docSpan(ofElement: element).map { $0.end - $0.start } ?? 0 : 0)
        let body = tree.body(of: node)
        let firstMember = Int(body?.firstMember ?? 0)
        for memberIndex in firstMember..<(firstMember + Int(body?.memberCount ?? 0)) {
            guard tree.members[memberIndex].kind == .property else {
                hasChildMembers = true
                continue
            }
            let propertyIndex = Int(tree.members[memberIndex].index)
            let property = tree.properties[propertyIndex]
            writtenBytes += property.span.count
            if misplaced { continue }
            let name = propertyName(property.name, in: tree)
            let first: Int?
            if let name {
                first = seenNames & name.bit == 0 ? nil : seenProperties.first { sameText(tree.properties[$0].name, property.name, in: tree) }
                if first == nil {
                    seenProperties.append(propertyIndex)
                    seenNames |= name.bit
                }
            } else {
                // Past the file's listed errors a name that is no property
                // is an error either way (unknown, or set twice), and only
                // counted: it is not remembered, or a line of a million
                // unknown names would keep each.
                if countedWithoutMaking(at: tree.span(property.name)) { continue }
                let text = tree.text(property.name)
                first = seenUnknown[text]
                if first == nil { seenUnknown[text] = propertyIndex }
            }
            if let first {
                if countedWithoutMaking(at: tree.span(property.name)) { continue }
                let nameText = tree.text(property.name)
                report(.error(.duplicateProperty, "'\(nameText)' is set twice on \(displayName(Int(index)))", at: tree.span(property.name),
                              label: "set again here", secondary: [LabeledSpan(tree.span(tree.properties[first].name), "first set here")],
                              help: "remove one of them", fixIts: [removal(of: property, in: tree)]))
                continue
            }
            guard let record = validate(propertyIndex, named: name, in: tree, kind: kind, context: context) else { continue }
            if record.name == .menu, tree.values[Int(property.value)].kind == .identifier { menuReference = tree.values[Int(property.value)].range }
            if record.name == .alternate, record.payload != 0 { alternates.append(index) }
            if record.name == .preferred, record.payload == 0 { notPreferred.append(index) }
            if record.kind == .reference { hasReferences = true }
            openProperties.append(record)
        }
        let idBytes = assigned.id.exists ? model.texts.byteRange(assigned.id).count
            : assigned.source == .explicit ? tree.name(ofElement: element).count : idCount(model.records[Int(index)])
        let path = parent < 0 ? idBytes : parentPath + 1 + idBytes
        building.addWritten(depth: Int(depth), pathBytes: path, writtenBytes: writtenBytes)
        let childMark = openChildren.count
        // Most elements are leaves: items whose bodies hold properties only.
        let dropMenu = hasChildMembers || menuReference != nil
            ? buildChildren(of: index, element: element, in: tree, menuReference: menuReference, depth: depth, path: path)
            : false
        if dropMenu, let position = openProperties[propertyMark...].firstIndex(where: { $0.name == .menu }) {
            // Already reported; keep the property out of the output.
            openProperties.remove(at: position)
        }
        if hasReferences { resolveReferences(from: propertyMark, childrenFrom: childMark, in: tree) }
        var record = model.records[Int(index)]
        record.firstProperty = UInt32(model.properties.count)
        record.propertyCount = UInt32(openProperties.count - propertyMark)
        record.firstChild = UInt32(model.children.count)
        record.childCount = UInt32(openChildren.count - childMark)
        model.records[Int(index)] = record
        moveTop(of: &openProperties, from: propertyMark, to: &model.properties)
        moveTop(of: &openChildren, from: childMark, to: &model.children)
        return index
    }

    /// Moves `stack[mark...]` to the end of `destination`.
    private func moveTop<Value>(of stack: inout [Value], from mark: Int, to destination: inout [Value]) {
        for position in mark..<stack.count { destination.append(stack[position]) }
        stack.shrink(to: mark)
    }

    func sameText(_ a: TextRange, _ b: TextRange, in tree: SyntaxTree) -> Bool {
        guard a.count == b.count else { return false }
        return tree.file.bytes.withUnsafeBufferPointer { Resolver.sameBytes(a, b, in: $0) }
    }

    static func sameBytes(_ a: TextRange, _ b: TextRange, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        for offset in 0..<a.count where bytes[Int(a.start) + offset] != bytes[Int(b.start) + offset] { return false }
        return true
    }

    /// A fix-it removing a property with the blank space before it.
    private func removal(of property: PropertyNode, in tree: SyntaxTree) -> FixIt {
        let span = TextRanges.removalSpan(for: tree.span(property.span), in: tree.file)
        return FixIt(message: "remove '\(tree.text(property.name))'", edits: [TextEdit(span: span, replacement: "")])
    }

    func childIndices(of index: Int32) -> ArraySlice<Int32> {
        let record = model.records[Int(index)]
        return model.children[Int(record.firstChild)..<Int(record.firstChild + record.childCount)]
    }

    /// Builds the children of element `index`, spliced ones included, onto
    /// `openChildren`; returns whether its `menu:` property names nothing
    /// (and must be dropped).
    /// `path`: the length of the element's identifier path.
    private func buildChildren(of index: Int32, element: Int, in tree: SyntaxTree, menuReference: TextRange?, depth: UInt16, path: Int) -> Bool {
        let parentKind = model.records[Int(index)].kind
        let context = model.records[Int(index)].context
        let members = tree.memberRefs(of: element)
        let mark = openChildren.count
        // Splices first: their identifiers are taken when synthetic ones are chosen.
        var spliced: [Int: [Int32]] = [:]
        var allNamed = true
        for (position, member) in members.enumerated() {
            switch member.kind {
            case .property:
                continue
            case .element:
                if !tree.elements[Int(member.index)].hasName { allNamed = false }
                continue
            case .use:
                break
            }
            let use = tree.uses[Int(member.index)]
            if use.attributeCount > 0 {
                report(.error(.syntax, "@allow applies to elements, not to 'use'", at: tree.span(tree.attributes[Int(use.firstAttribute)].span), label: "on a 'use'",
                              help: "put @allow on the declared menu '\(tree.text(use.target))' or on the element holding this 'use'"))
            }
            guard parentKind.holdsMenuElements || parentKind == .menubar || (parentKind == .section && context == .menu) else {
                report(.error(.misplacedElement, "'use' cannot appear in \(displayName(Int(index)))", at: tree.span(use.span), label: "misplaced 'use'",
                              help: "'use' splices a declared menu into a menubar, menu, pulldown, contextmenu, submenu or section"))
                continue
            }
            guard let target = referencedMenu(use.target, in: tree, what: "'use'"),
                  fitsSpliceLimits(target, withRoot: parentKind == .menubar, atDepth: depth, path: path, name: tree.text(use.target), at: tree.span(use.span)) else { continue }
            let origin = addOrigin(Origin(via: .use, menu: tree.text(use.target), site: tree.span(use.span)))
            spliced[position] = parentKind == .menubar
                ? [copy(target, origin: origin, parent: index, depth: depth + 1)]
                : copies(ofChildrenOf: target, origin: origin, parent: index, depth: depth + 1)
        }
        // Elements whose identifiers are all written need no assignment (the
        // common case); otherwise derived and synthetic ones are chosen here,
        // one per element, onto `openAssigned`.
        let assignedMark = openAssigned.count
        if !allNamed { assignIdentifiers(members, in: tree, spliced: spliced) }
        var elementOrdinal = 0
        for (position, member) in members.enumerated() {
            switch member.kind {
            case .property:
                continue
            case .use:
                openChildren.append(contentsOf: spliced[position] ?? [])
            case .element:
                let child = Int(member.index)
                let assigned: Assigned = allNamed ? (.none, .explicit) : openAssigned[assignedMark + elementOrdinal]
                elementOrdinal += 1
                let childNode = tree.elements[child]
                var misplaced = false
                if case .misplaced(let help) = Placement.check(child: childNode.kind, parent: parentKind, parentContext: context),
                   !countedWithoutMaking(at: tree.span(childNode.keyword)) {
                    misplaced = true
                    let childName = childNode.hasLabel ? tree.stringValue(childNode.label) : childNode.hasName ? tree.text(childNode.name) : nil
                    report(.error(.misplacedElement, "\(childNode.kind.rawValue)\(childName.map { " '\($0)'" } ?? "") cannot appear in \(displayName(Int(index)))",
                                  at: tree.span(childNode.keyword), label: "misplaced \(childNode.kind.rawValue)", help: help))
                }
                let built = build(child, in: tree, parentKind: parentKind, parentContext: context, assigned: assigned, parent: index, depth: depth + 1, path: path,
                                  misplaced: misplaced)
                openChildren.append(built)
            }
        }
        var dropMenu = false
        if let menuReference {
            let referenceText = tree.text(menuReference)
            if openChildren.count > mark {
                report(.error(.misplacedElement, "\(displayName(Int(index))) takes its items from 'menu: \(referenceText)', so it cannot also list items",
                              at: keywordSpan(Int(openChildren[mark])), label: "inline item", secondary: [LabeledSpan(tree.span(menuReference), "items come from here")],
                              help: "remove the inline items, or remove 'menu: \(referenceText)'"))
            } else if let target = referencedMenu(menuReference, in: tree, what: "'menu:'"),
                      fitsSpliceLimits(target, withRoot: false, atDepth: depth, path: path, name: referenceText, at: tree.span(menuReference)) {
                let origin = addOrigin(Origin(via: .menu, menu: referenceText, site: tree.span(menuReference)))
                let copies = self.copies(ofChildrenOf: target, origin: origin, parent: index, depth: depth + 1)
                openChildren.append(contentsOf: copies)
            } else {
                dropMenu = true
            }
        }
        openAssigned.shrink(to: assignedMark)
        finalizeSiblings(from: mark, writtenIn: tree)
        return dropMenu
    }

    /// Pushes the identifier of each element among `members` onto `openAssigned`.
    private func assignIdentifiers(_ members: ArraySlice<MemberRef>, in tree: SyntaxTree, spliced: [Int: [Int32]]) {
        if spliced.isEmpty, assignPlainSynthetics(members, in: tree) { return }
        // Nearly always every element has a name or a label, and those are
        // its identifier whatever else is taken: pushed as they are read.
        // A list of candidates, and the list the assignment made of them,
        // beside the stack were the peak of a body of millions of items.
        let mark = openAssigned.count
        var needsSynthetic = false
        for member in members where member.kind == .element {
            let given = candidate(Int(member.index), in: tree, nested: true)
            if let explicit = given.explicit {
                openAssigned.append((explicit, .explicit))
            } else if let derived = given.derived {
                openAssigned.append((derived, .label))
            } else {
                needsSynthetic = true
                break
            }
        }
        guard needsSynthetic else { return }
        openAssigned.shrink(to: mark)
        var candidates: [IdentifierAssignment.Candidate<TextID>] = []
        for member in members where member.kind == .element { candidates.append(candidate(Int(member.index), in: tree, nested: true)) }
        var takenBySplices = Set<TextID>()
        for copies in spliced.values { for copy in copies { takenBySplices.insert(internedID(copy)) } }
        openAssigned.append(contentsOf: IdentifierAssignment.assign(candidates, taken: takenBySplices, synthetic: syntheticID))
    }

    /// The common body with unnamed elements — named items beside sections
    /// and dividers — assigned without candidates, sets or arrays: when no
    /// written name can look synthetic and no unnamed element has a text to
    /// derive from, nothing can collide, and the n-th unnamed element of a
    /// kind is simply `kind` + n (what `IdentifierAssignment.assign` gives
    /// then). Returns false, having pushed nothing, for any other body.
    private func assignPlainSynthetics(_ members: ArraySlice<MemberRef>, in tree: SyntaxTree) -> Bool {
        for member in members where member.kind == .element {
            let node = tree.elements[Int(member.index)]
            if node.hasName ? mayBeSynthetic(node.name, in: tree) : node.hasLabel || hasDerivationText(Int(member.index), in: tree) { return false }
        }
        for index in syntheticOrdinals.indices { syntheticOrdinals[index] = 0 }
        for member in members where member.kind == .element {
            let node = tree.elements[Int(member.index)]
            if node.hasName {
                // Written, and never spelled like a synthetic one: left in the syntax (see `candidate`).
                openAssigned.append((.none, .explicit))
            } else {
                syntheticOrdinals[node.kind.ordinal] += 1
                openAssigned.append((syntheticID(node.kind, syntheticOrdinals[node.kind.ordinal]), .synthetic))
            }
        }
        return true
    }

    /// Whether an unnamed, unlabelled element has a text its identifier is derived from (a toggle's `off:` or `on:`).
    private func hasDerivationText(_ element: Int, in tree: SyntaxTree) -> Bool {
        candidate(element, in: tree, nested: true).derived != nil
    }
}
