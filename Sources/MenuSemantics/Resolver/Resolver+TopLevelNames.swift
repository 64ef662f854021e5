import MenuSupport
@_spi(MenuPipeline) import MenuSyntax

// Top-level names: each declaration's identifier read from its syntax when asked, and found by its bytes.
extension Resolver {
    /// The identifiers of `file`'s declarations when some have none to
    /// read — no name, and no label that derives one: synthetic ones are
    /// chosen for those, avoiding the others, and all are interned. Nil,
    /// nearly always, when each is written or derived from its label: they
    /// are then read from the syntax when asked, not kept.
    func storedIDs(ofTopLevel file: FileID) -> TopLevelIDs? {
        if let known = storedTopLevelIDs[file] { return known }
        let tree = tree(file)
        let readable = tree.topLevel.allSatisfy { element in
            let node = tree.elements[Int(element)]
            return node.hasName || node.hasLabel && derivedID(fromLabelOf: node, in: tree) != nil
        }
        let stored = readable ? nil : TopLevelIDs(IdentifierAssignment.assign(
            tree.topLevel.map { candidate(Int($0), in: tree, nested: false) }, taken: [], synthetic: syntheticID))
        storedTopLevelIDs[file] = stored
        return stored
    }

    /// A declaration's identifier as its record holds it: interned, or
    /// `.none` to be read from the syntax (see `ElementRecord.id`).
    func assignedID(ofTopLevel key: DeclarationKey) -> Assigned {
        if let stored = storedIDs(ofTopLevel: key.file) { return stored[key.index] }
        let tree = tree(key.file)
        return (.none, tree.elements[Int(tree.topLevel[key.index])].hasName ? .explicit : .label)
    }

    /// Calls `body` with the UTF-8 of a declaration's identifier.
    func withIDBytes<Result>(ofTopLevel key: DeclarationKey, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let stored = storedIDs(ofTopLevel: key.file) {
            let range = model.texts.byteRange(stored[key.index].id)
            return model.texts.bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
        }
        let tree = tree(key.file)
        let node = tree.elements[Int(tree.topLevel[key.index])]
        if node.hasName {
            return tree.file.bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[Int(node.name.start)..<Int(node.name.end)])) }
        }
        return (derivedID(fromLabelOf: node, in: tree) ?? []).withUnsafeBufferPointer(body)
    }

    /// The identifier derived from an element's label, from its bytes in
    /// the source unless it has escapes.
    private func derivedID(fromLabelOf node: ElementNode, in tree: SyntaxTree) -> [UInt8]? {
        let literal = node.label
        if literal.hasEscapes { return IdentifierDerivation.derive(from: tree.stringValue(literal)).map { Array($0.utf8) } }
        let content = literal.content
        return tree.file.bytes.withUnsafeBufferPointer { IdentifierDerivation.derive(fromUTF8: UnsafeBufferPointer(rebasing: $0[Int(content.start)..<Int(content.end)])) }
    }

    func idText(ofTopLevel key: DeclarationKey) -> String {
        withIDBytes(ofTopLevel: key) { String(decoding: $0, as: UTF8.self) }
    }

    /// A declaration's identifier, interned: for what a group of several
    /// files keys by text (names declared in several files, "did you
    /// mean" lists across files).
    func internedID(ofTopLevel key: DeclarationKey) -> TextID {
        let assigned = assignedID(ofTopLevel: key)
        if assigned.id.exists { return assigned.id }
        let tree = tree(key.file)
        let node = tree.elements[Int(tree.topLevel[key.index])]
        if node.hasName { return intern(node.name, in: tree) }
        return model.texts.intern(idText(ofTopLevel: key))
    }

    /// Whether two of `file`'s declarations have the same identifier.
    func sameID(ofTopLevel first: Int, _ second: Int, in file: FileID) -> Bool {
        withIDBytes(ofTopLevel: DeclarationKey(file: file, index: first)) { left in
            withIDBytes(ofTopLevel: DeclarationKey(file: file, index: second)) { right in left.elementsEqual(right) }
        }
    }

    /// The position of `file`'s first declaration named `name`, from its
    /// scope's own names.
    func ownDeclaration(named name: TextID, in file: FileID, scope: Scope) -> Int? {
        guard scope.own.count > 0 else { return nil }
        let range = model.texts.byteRange(name)
        return model.texts.bytes.withUnsafeBufferPointer { table in
            let bytes = UnsafeBufferPointer(rebasing: table[range])
            return scope.own.position(hash: TextTable.hash(bytes)) { position in
                withIDBytes(ofTopLevel: DeclarationKey(file: file, index: position)) { $0.elementsEqual(bytes) }
            }
        }
    }

    /// `file`'s own names, sorted by hash, each name's first declaration
    /// kept; and each later declaration of a name, with the first's
    /// position, in source order.
    func ownNames(of file: FileID) -> (names: [OwnNames.Entry], repeats: [(second: UInt32, first: UInt32)]) {
        let count = tree(file).topLevel.count
        var entries: [OwnNames.Entry] = []
        entries.reserveCapacity(count)
        for index in 0..<count {
            let hash = withIDBytes(ofTopLevel: DeclarationKey(file: file, index: index)) { TextTable.hash($0) }
            entries.append(OwnNames.Entry(hash: hash, position: UInt32(index)))
        }
        // A name's declarations are then side by side, in source order.
        entries.sort { ($0.hash, $0.position) < ($1.hash, $1.position) }
        var repeats: [(second: UInt32, first: UInt32)] = []
        var kept = 0
        var runStart = 0
        while runStart < entries.count {
            var runEnd = runStart + 1
            while runEnd < entries.count, entries[runEnd].hash == entries[runStart].hash { runEnd += 1 }
            // The names of one hash kept so far: nearly always one.
            let keptStart = kept
            for next in runStart..<runEnd {
                let entry = entries[next]
                if let first = (keptStart..<kept).first(where: { sameID(ofTopLevel: Int(entries[$0].position), Int(entry.position), in: file) }) {
                    repeats.append((entry.position, entries[first].position))
                } else {
                    entries[kept] = entry
                    kept += 1
                }
            }
            runStart = runEnd
        }
        entries.removeLast(entries.count - kept)
        repeats.sort { $0.second < $1.second }
        return (entries, repeats)
    }
}
