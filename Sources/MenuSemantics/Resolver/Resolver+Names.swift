import MenuSupport
@_spi(MenuPipeline) import MenuSyntax

// Texts, spans and identifier candidates: reading names out of the syntax trees and the model.
extension Resolver {
    func text(_ id: TextID) -> String { model.texts[id] }

    func intern(_ range: TextRange, in tree: SyntaxTree) -> TextID {
        tree.file.bytes.withUnsafeBufferPointer { bytes in
            model.texts.intern(UnsafeBufferPointer(rebasing: bytes[Int(range.start)..<Int(range.end)]))
        }
    }

    /// A string literal's value, interned (decoded only when it has escapes).
    func intern(_ literal: StringRef, in tree: SyntaxTree) -> TextID {
        if literal.hasEscapes { return model.texts.intern(tree.stringValue(literal)) }
        return intern(literal.content, in: tree)
    }

    func syntheticID(_ kind: ElementKind, _ ordinal: Int) -> TextID {
        let row = kind.ordinal
        while syntheticNames[row].count < ordinal {
            syntheticNames[row].append(model.texts.intern(IdentifierAssignment.syntheticName(kind, syntheticNames[row].count + 1)))
        }
        return syntheticNames[row][ordinal - 1]
    }

    /// Where an element's identifier comes from: its name, else its label.
    func focus(_ element: Int, in tree: SyntaxTree) -> Span {
        let node = tree.elements[element]
        return tree.span(node.hasName ? node.name : node.hasLabel ? node.label.token : node.keyword)
    }

    func syntaxTree(of record: ElementRecord) -> SyntaxTree { model.trees[Int(record.file)] }

    func keywordSpan(_ index: Int) -> Span {
        let record = model.records[index]
        let tree = syntaxTree(of: record)
        return tree.span(tree.elements[Int(record.syntax)].keyword)
    }

    func idSpan(_ index: Int) -> Span {
        let record = model.records[index]
        return focus(Int(record.syntax), in: syntaxTree(of: record))
    }

    /// How to name an element in messages: `item 'Copy'`.
    func displayName(_ index: Int) -> String {
        let record = model.records[index]
        if record.label.exists, !model.texts.byteRange(record.label).isEmpty { return "\(record.kind.rawValue) '\(text(record.label))'" }
        return "\(record.kind.rawValue) '\(idText(Int32(index)))'"
    }

    /// An element's identifier. Written identifiers, and those of
    /// declarations derived from their labels, are not interned — they are
    /// nearly all distinct, and interning them filled the text table — so
    /// they are read from the syntax or derived again (see `ElementRecord.id`).
    func idText(_ index: Int32) -> String {
        withIDBytes(model.records[Int(index)]) { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the UTF-8 of an element's identifier.
    func withIDBytes<Result>(_ record: ElementRecord, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if record.id.exists {
            let range = model.texts.byteRange(record.id)
            return model.texts.bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
        }
        if record.idSource == .label {
            let range = model.texts.byteRange(record.label)
            let derived = model.texts.bytes.withUnsafeBufferPointer { IdentifierDerivation.derive(fromUTF8: UnsafeBufferPointer(rebasing: $0[range])) }
            return (derived ?? []).withUnsafeBufferPointer(body)
        }
        let tree = syntaxTree(of: record)
        let name = tree.name(ofElement: Int(record.syntax))
        return tree.file.bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[Int(name.start)..<Int(name.end)])) }
    }

    /// The length of an element's identifier in bytes: `withIDBytes`'
    /// count, without deriving one from a label (see `derivedCount`).
    func idCount(_ record: ElementRecord) -> Int {
        if record.id.exists { return model.texts.byteRange(record.id).count }
        if record.idSource == .label {
            let range = model.texts.byteRange(record.label)
            return model.texts.bytes.withUnsafeBufferPointer { IdentifierDerivation.derivedCount(fromUTF8: UnsafeBufferPointer(rebasing: $0[range])) }
        }
        return syntaxTree(of: record).name(ofElement: Int(record.syntax)).count
    }

    // MARK: - Identifiers

    /// `nested`: below the top level, where written names need not be
    /// interned (the scope of top-level names needs them).
    func candidate(_ element: Int, in tree: SyntaxTree, nested: Bool) -> IdentifierAssignment.Candidate<TextID> {
        let node = tree.elements[element]
        if node.hasName {
            // Only a name spelled like a synthetic one (`section2`) can take
            // one; the others stay unread in the syntax (`.none`), unhashed.
            let explicit = !nested || mayBeSynthetic(node.name, in: tree) ? intern(node.name, in: tree) : TextID.none
            return .init(kind: node.kind, explicit: explicit, derived: nil)
        }
        // A changeable-title toggle has no label: derive from its "off" (then "on") text.
        let labelText = node.hasLabel ? tree.stringValue(node.label) : stringProperty(.off, of: element, in: tree) ?? stringProperty(.on, of: element, in: tree)
        let derived = labelText.flatMap(IdentifierDerivation.derive(from:)).map { model.texts.intern($0) }
        return .init(kind: node.kind, explicit: nil, derived: derived)
    }

    /// Whether a written name has the shape of a synthetic identifier: a
    /// kind's keyword, then digits or nothing.
    func mayBeSynthetic(_ name: TextRange, in tree: SyntaxTree) -> Bool {
        tree.file.bytes.withUnsafeBufferPointer { bytes in
            let written = UnsafeBufferPointer(rebasing: bytes[Int(name.start)..<Int(name.end)])
            // Its letters, without the digits that end it, must be a keyword.
            var letters = written.count
            while letters > 0, written[letters - 1] >= UInt8(ascii: "0"), written[letters - 1] <= UInt8(ascii: "9") { letters -= 1 }
            return ElementKind(keywordBytes: UnsafeBufferPointer(rebasing: written[..<letters])) != nil
        }
    }

    /// An element's identifier, interned (written ones, and declarations'
    /// derived ones, are not, until asked for here).
    func internedID(_ index: Int32) -> TextID {
        let record = model.records[Int(index)]
        if record.id.exists { return record.id }
        return model.texts.intern(idText(index))
    }

    private func stringProperty(_ name: PropertyName, of element: Int, in tree: SyntaxTree) -> String? {
        for member in tree.memberRefs(of: element) where member.kind == .property {
            let property = tree.properties[Int(member.index)]
            guard propertyName(property.name, in: tree) == name else { continue }
            let value = tree.values[Int(property.value)]
            if value.kind == .string { return tree.stringValue(value.string) }
        }
        return nil
    }

    func propertyName(_ range: TextRange, in tree: SyntaxTree) -> PropertyName? {
        tree.file.bytes.withUnsafeBufferPointer { PropertyName(bytes: UnsafeBufferPointer(rebasing: $0[Int(range.start)..<Int(range.end)])) }
    }
}
