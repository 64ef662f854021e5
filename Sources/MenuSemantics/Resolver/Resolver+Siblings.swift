import MenuSupport
@_spi(MenuPipeline) import MenuSyntax

// Siblings: settling the identifiers of an element's children once spliced copies have joined them.
extension Resolver {
    /// Spliced elements take their place under the host; synthetic ids that
    /// collide are renumbered, and real collisions are reported. The
    /// siblings are `openChildren[mark...]`, written in `tree` (all but
    /// spliced copies).
    func finalizeSiblings(from mark: Int, writtenIn tree: SyntaxTree) {
        let count = openChildren.count - mark
        guard count > 0 else { return }
        // Ids compared as bytes, pairwise: bodies are small, and hashing or
        // making a string per id cost more than the comparisons. Large
        // bodies use an index.
        let useIndex = count > 16
        var index = SiblingIndex(count: useIndex ? count : 0)
        takenPositions.shrink(to: 0)
        var hasSynthetic = false
        var hasCopies = false
        // The body's file and its bytes, found once for the body: found for
        // each child, they were two reference counts each.
        let file = slot(of: tree)
        tree.file.bytes.withUnsafeBufferPointer { bytes in
            for position in 0..<count {
                let child = openChildren[mark + position]
                let record = model.records[Int(child)]
                if record.isSpliced { hasCopies = true }
                guard record.idSource != .synthetic else {
                    hasSynthetic = true
                    continue
                }
                let first: Int?
                if useIndex {
                    first = index.first(idText(child), orInsert: position, text: { idText(at: $0, from: mark) })
                } else {
                    first = takenPosition(of: child, record, among: mark, writtenIn: tree, file: file, bytes: bytes)
                    if first == nil { takenPositions.append(position) }
                }
                guard let first else { continue }
                let earlier = openChildren[mark + first]
                // A pair that both come from one splice was reported in its own menu.
                let childOrigin = origin(of: child)
                let earlierOrigin = origin(of: earlier)
                if childOrigin == nil || earlierOrigin == nil || childOrigin != earlierOrigin {
                    reportDuplicateID(idText(child), first: idSpan(Int(earlier)), second: childOrigin?.site ?? idSpan(Int(child)),
                                      derived: record.idSource == .label, labels: derivedLabels(earlier, child))
                }
            }
        }
        // Without spliced siblings, the synthetic identifiers chosen before
        // the elements were built avoided every other sibling's already.
        guard hasSynthetic, hasCopies else { return }
        var takenNames: [TextID] = []
        var ordinals = [Int](repeating: 0, count: ElementKind.allCases.count)
        for position in 0..<count where model.records[Int(openChildren[mark + position])].idSource == .synthetic {
            let child = openChildren[mark + position]
            let kind = model.records[Int(child)].kind
            var ordinal = ordinals[kind.ordinal]
            var candidate: TextID
            repeat {
                ordinal += 1
                candidate = syntheticID(kind, ordinal)
            } while useIndex ? index.contains(text(candidate), text: { idText(at: $0, from: mark) }) : isTaken(candidate, among: mark, orIn: takenNames)
            ordinals[kind.ordinal] = ordinal
            model.records[Int(child)].id = candidate
            if useIndex { _ = index.first(text(candidate), orInsert: position, text: { idText(at: $0, from: mark) }) } else { takenNames.append(candidate) }
        }
    }

    /// The position (from `mark`) of the sibling in `takenPositions` with
    /// the identifier of element `child`, whose record is `record`.
    ///
    /// Most bodies are written in one file (`file`, whose text is `bytes`)
    /// with every name written: those names are compared in place, where
    /// `sameID` would find the tree and its bytes again for each pair.
    private func takenPosition(of child: Int32, _ record: ElementRecord, among mark: Int, writtenIn tree: SyntaxTree,
                               file: UInt32, bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !takenPositions.isEmpty else { return nil }
        guard !record.id.exists, record.idSource == .explicit, record.file == file else {
            return takenPositions.first { sameID(openChildren[mark + $0], child) }
        }
        let name = tree.name(ofElement: Int(record.syntax))
        return takenPositions.first { position in
            let sibling = openChildren[mark + position]
            let other = model.records[Int(sibling)]
            guard !other.id.exists, other.idSource == .explicit, other.file == file else { return sameID(sibling, child) }
            return Resolver.sameBytes(name, tree.name(ofElement: Int(other.syntax)), in: bytes)
        }
    }

    /// The identifier of the sibling at `position` from `mark`. (A method,
    /// not a closure kept in a variable, which took a heap context and
    /// reference counts for each body.)
    private func idText(at position: Int, from mark: Int) -> String { idText(openChildren[mark + position]) }

    /// Whether a sibling in `takenPositions`, or a synthetic one chosen
    /// already (`chosen`), has this identifier.
    private func isTaken(_ candidate: TextID, among mark: Int, orIn chosen: [TextID]) -> Bool {
        chosen.contains(candidate) || takenPositions.contains { hasID(openChildren[mark + $0], candidate) }
    }

    /// Whether an element's identifier is this interned text.
    private func hasID(_ index: Int32, _ text: TextID) -> Bool {
        let record = model.records[Int(index)]
        if record.id.exists { return record.id == text }
        let range = model.texts.byteRange(text)
        return model.texts.bytes.withUnsafeBufferPointer { table in
            withIDBytes(record) { $0.elementsEqual(UnsafeBufferPointer(rebasing: table[range])) }
        }
    }

    /// Whether two elements have the same identifier, compared as bytes.
    private func sameID(_ a: Int32, _ b: Int32) -> Bool {
        let first = model.records[Int(a)]
        let second = model.records[Int(b)]
        if first.id.exists, second.id.exists { return first.id == second.id }
        if !first.id.exists, !second.id.exists, first.idSource == .explicit, second.idSource == .explicit, first.file == second.file {
            // Both written in one file: compare the two names' bytes there.
            let tree = syntaxTree(of: first)
            return sameText(tree.name(ofElement: Int(first.syntax)), tree.name(ofElement: Int(second.syntax)), in: tree)
        }
        return withIDBytes(first) { left in withIDBytes(second) { right in left.elementsEqual(right) } }
    }
}
