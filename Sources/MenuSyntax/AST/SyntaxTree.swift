import MenuSupport

/// The syntax tree of one file, stored flat.
///
/// The parser appends nodes to a few arrays instead of allocating a tree:
/// an element is a fixed-size record, its body a contiguous run of member
/// references, names and labels are byte ranges of the source. Parsing
/// makes no allocation per node, the tree takes about two bytes per byte of
/// source, and the resolver reads it without building strings for text it
/// only compares or copies.
///
/// Tools read it through the view types of `Syntax.swift` (`ElementSyntax`,
/// `PropertySyntax`, …), which materialise names and values on demand.
public final class SyntaxTree: Sendable {
    public let file: SourceFile
    /// Every element, in source order (a parent before its children).
    @usableFromInline package let elements: [ElementNode]
    /// The bodies of the elements that have one (`ElementNode.body`).
    @usableFromInline let bodies: [BodyNode]
    /// Each body's members, contiguous per body.
    @_spi(MenuPipeline) public let members: [MemberRef]
    package let properties: [PropertyNode]
    /// Property values; a list's items are contiguous.
    package let values: [ValueNode]
    package let uses: [UseNode]
    package let attributes: [AttributeNode]
    /// The rule ids of every attribute, contiguous per attribute.
    let ruleIDs: [TextRange]
    package let docs: [DocComment]
    /// The element each of `docs` documents, ascending (see `doc(ofElement:)`).
    let documentedElements: [UInt32]
    /// The `@allow` attributes of elements, by ascending element (see `attributeRun(ofElement:)`).
    package let elementAttributes: [ElementAttributes]
    /// Decoded values of the string literals that contain escapes.
    package let decodedStrings: [String]
    /// Where each of `decodedStrings`' literals starts, ascending (see `stringValue`).
    let decodedStarts: [UInt32]
    /// Indices of the top-level elements.
    package let topLevel: [Int32]

    /// Takes the builder's arrays (leaving it empty).
    init(file: SourceFile, builder: inout SyntaxTreeBuilder) {
        self.file = file
        elements = SyntaxTree.take(&builder.elements)
        bodies = SyntaxTree.take(&builder.bodies)
        members = SyntaxTree.take(&builder.members)
        properties = SyntaxTree.take(&builder.properties)
        values = SyntaxTree.take(&builder.values)
        uses = builder.uses
        attributes = builder.attributes
        ruleIDs = builder.ruleIDs
        docs = builder.docs
        documentedElements = builder.documentedElements
        elementAttributes = builder.elementAttributes
        decodedStrings = builder.decodedStrings
        decodedStarts = builder.decodedStarts
        topLevel = builder.topLevel
    }

    /// Moves an array out of the builder, without its unused capacity when
    /// that is over a quarter. The builder reserves by line count, which
    /// overshoots for files with long bodies per line; trimming one array at
    /// a time, the builder's copy freed first, keeps the extra memory to one
    /// array at a time.
    ///
    /// An array larger than `untrimmedBytes` is left as it is: an
    /// allocation that large is a mapping of its own, fresh from the system
    /// (glibc maps every allocation over 32 MB; macOS's large allocations
    /// are mapped too), whose capacity past the elements was never written
    /// and takes no memory, and the copy would only have added the array
    /// again for a moment — the peak of a check of a file of nested
    /// elements (one element every two lines) was that copy.
    private static func take<T>(_ array: inout [T]) -> [T] {
        var taken: [T] = []
        swap(&taken, &array)
        if taken.capacity * MemoryLayout<T>.stride > untrimmedBytes { return taken }
        return taken.withoutSpareCapacity()
    }

    static let untrimmedBytes = 32 << 20

    /// Number of elements at every depth.
    public var elementCount: Int { elements.count }

    package func span(_ range: TextRange) -> Span { Span(file: file.id, start: Int(range.start), end: Int(range.end)) }

    package func text(_ range: TextRange) -> String { file.text(Int(range.start)..<Int(range.end)) }

    /// Element `index`'s written identifier (`ElementNode.name`).
    // The resolver and the model's readers ask it of nearly every element,
    // in other modules: public to the pipeline and inlinable, where the
    // node's accessor was a call per identifier read.
    @_spi(MenuPipeline) @inlinable
    public func name(ofElement index: Int) -> TextRange {
        let node = elements[index]
        return TextRange(start: node.nameStart, end: node.nameStart + UInt32(node.nameLength))
    }

    /// The decoded value of a string literal.
    package func stringValue(_ literal: StringRef) -> String {
        if let index = SyntaxTree.decodedIndex(of: literal, starts: decodedStarts) { return decodedStrings[index] }
        return text(literal.content)
    }

    /// Where a literal with escapes has its value in `decodedStrings`: its
    /// own index, or (an element's label, `StringRef.escaped`) the one
    /// decoded from a literal starting where it starts. Nil without escapes.
    static func decodedIndex(of literal: StringRef, starts: [UInt32]) -> Int? {
        if literal.decoded >= 0 { return Int(literal.decoded) }
        guard literal.decoded == StringRef.escaped else { return nil }
        return position(of: literal.token.start, in: starts[...], \.self)
    }

    /// The members of element `index`'s body (empty without a body).
    // The resolver asks it of every element, in another module: inlinable
    // (so public to the pipeline), where the call retained the members' array.
    @_spi(MenuPipeline) @inlinable
    public func memberRefs(of index: Int) -> ArraySlice<MemberRef> {
        guard let body = body(of: elements[index]) else { return members[0..<0] }
        return members[Int(body.firstMember)..<Int(body.firstMember + body.memberCount)]
    }

    /// The body of an element of this tree, if it has one.
    @inlinable package func body(of node: ElementNode) -> BodyNode? {
        node.hasBody ? bodies[Int(node.body)] : nil
    }

    /// Element `index`, attributes included.
    package func span(ofElement index: Int) -> TextRange {
        let node = elements[index]
        let start = node.hasAttributes ? attributes[Int(attributeRun(ofElement: index).first)].span.start : node.keyword.start
        return node.span(start: start, body: body(of: node))
    }

    /// Element `index`'s doc comment, if it has one.
    package func doc(ofElement index: Int) -> DocComment? {
        docPosition(ofElement: index).map { docs[$0] }
    }

    /// Where element `index`'s doc comment is written, if it has one: what
    /// the resolver asks of every documented element, without a copy of
    /// the comment's text.
    package func docSpan(ofElement index: Int) -> Span? {
        docPosition(ofElement: index).map { docs[$0].span }
    }

    /// Where element `index`'s doc comment is in `docs`, if it has one.
    private func docPosition(ofElement index: Int) -> Int? {
        guard elements[index].hasDoc else { return nil }
        return SyntaxTree.position(of: UInt32(index), in: documentedElements[...], \.self)
    }

    /// Element `index`'s `@allow` attributes: a run of `attributes` (empty without any).
    package func attributeRun(ofElement index: Int) -> (first: UInt32, count: UInt32) {
        guard elements[index].hasAttributes,
              let position = SyntaxTree.position(of: UInt32(index), in: elementAttributes[...], \.element) else { return (0, 0) }
        return (elementAttributes[position].first, elementAttributes[position].count)
    }

    /// Where `element` is in a side table ascending by element (binary search).
    static func position<Entry>(of element: UInt32, in table: ArraySlice<Entry>, _ key: (Entry) -> UInt32) -> Int? {
        var (low, high) = (table.startIndex, table.endIndex)
        while low < high {
            let middle = (low + high) / 2
            if key(table[middle]) < element { low = middle + 1 } else { high = middle }
        }
        return low < table.endIndex && key(table[low]) == element ? low : nil
    }
}

/// An element's run of `@allow` attributes.
package struct ElementAttributes: Sendable {
    package var element: UInt32
    package var first: UInt32
    package var count: UInt32
}

/// A byte range of the tree's file. Thirty-two bits: files are limited to
/// `SourceFile.maximumSize`.
// The resolver measures and compares names by it, in another module:
// public to the pipeline, with `count` inlinable.
@_spi(MenuPipeline) public struct TextRange: Hashable, Sendable {
    @usableFromInline package var start: UInt32
    @usableFromInline package var end: UInt32

    static let empty = TextRange(start: 0, end: 0)

    @usableFromInline
    init(start: UInt32, end: UInt32) {
        self.start = start
        self.end = end
    }

    init(_ start: Int, _ end: Int) {
        self.start = UInt32(truncatingIfNeeded: start)
        self.end = UInt32(truncatingIfNeeded: max(start, end))
    }

    @_spi(MenuPipeline) @inlinable
    public var count: Int { Int(end - start) }
}

/// A string literal: the token, and how to get its value. Twelve bytes:
/// every element and value holds one.
package struct StringRef: Hashable, Sendable {
    /// The literal as written, quotes included.
    package var token: TextRange
    /// Index into `decodedStrings` when the literal has escapes (or
    /// `escaped`, for an element's label); else `closed` or `unclosed` (the
    /// value is the bytes between the quotes).
    package var decoded: Int32

    static let closed: Int32 = -1
    static let unclosed: Int32 = -2
    /// Has escapes: the value is the tree's decoded string of the literal
    /// starting at `token.start`. An element keeps its label so, without
    /// the index: four bytes of every element, for the few labels with escapes.
    static let escaped: Int32 = -3

    /// Whether the value is decoded (`SyntaxTree.stringValue`), not the bytes between the quotes.
    package var hasEscapes: Bool { decoded >= 0 || decoded == StringRef.escaped }

    static let none = StringRef(token: .empty, decoded: StringRef.unclosed)

    /// The bytes between the quotes (without a closing quote the lexer
    /// reported missing): the value when the literal has no escapes.
    package var content: TextRange {
        let start = min(token.start + 1, token.end)
        return TextRange(start: start, end: max(start, decoded == StringRef.closed ? token.end - 1 : token.end))
    }
}

/// An element, in 24 bytes: the largest of the tree's arrays (one per
/// element of a 10 MB file is 160,000; a file can be nothing but
/// elements), kept whole while a build runs. What is implied is not
/// stored: the keyword's end (its kind's spelling), the braces' ends (one
/// byte each), and where the element ends unless its body is left open
/// (at its '}', label, identifier or keyword). What not every element has
/// the tree keeps aside, with a flag here: its body (`BodyNode`, 16 bytes:
/// a file of items without bodies paid them for each), its doc comment and
/// its `@allow` attributes, which also give its start
/// (`body(of:)`, `doc(ofElement:)`, `attributeRun(ofElement:)`, `span(ofElement:)`).
@usableFromInline package struct ElementNode: Sendable {
    package var kind: ElementKind
    @usableFromInline var flags: UInt8 = 0
    /// The identifier's length, in the two bytes the layout leaves here:
    /// at most `maximumNameLength` (the parser refuses a longer one).
    @usableFromInline var nameLength: UInt16 = 0
    private var keywordStart: UInt32
    @usableFromInline var nameStart: UInt32 = 0
    /// The label's literal; whether it is closed or has escapes is in `flags`.
    private var labelToken = TextRange.empty
    /// Index into the tree's `bodies` when `hasBody`.
    @usableFromInline var body: UInt32 = 0

    init(kind: ElementKind, keyword: TextRange) {
        self.kind = kind
        keywordStart = keyword.start
    }

    /// The longest identifier an element can have, in bytes.
    package static let maximumNameLength = Int(UInt16.max)

    package var name: TextRange {
        get { TextRange(start: nameStart, end: nameStart + UInt32(nameLength)) }
        set {
            precondition(newValue.end - newValue.start <= UInt32(ElementNode.maximumNameLength), "the parser refuses a longer identifier")
            nameStart = newValue.start
            nameLength = UInt16(truncatingIfNeeded: newValue.end - newValue.start)
        }
    }

    @usableFromInline static let named: UInt8 = 1, labelled: UInt8 = 2, bodied: UInt8 = 4, closed: UInt8 = 8
    @usableFromInline static let documented: UInt8 = 16, attributed: UInt8 = 32
    @usableFromInline static let labelClosed: UInt8 = 64, labelEscaped: UInt8 = 128

    @usableFromInline func has(_ flag: UInt8) -> Bool { flags & flag != 0 }

    @usableFromInline mutating func set(_ flag: UInt8, _ on: Bool) {
        flags = on ? flags | flag : flags & ~flag
    }

    // Read for every element by the resolver, in another module:
    // inlinable, where a call each cost more than the read.
    @inlinable package var hasName: Bool { get { has(Self.named) } set { set(Self.named, newValue) } }
    @inlinable package var hasLabel: Bool { get { has(Self.labelled) } set { set(Self.labelled, newValue) } }
    /// The element has a body (`body` is its place in the tree's `bodies`).
    @inlinable var hasBody: Bool { get { has(Self.bodied) } set { set(Self.bodied, newValue) } }
    /// The body's closing brace was found (else it is reported, and the body's `close` is where the element ends).
    var hasClose: Bool { get { has(Self.closed) } set { set(Self.closed, newValue) } }
    /// The tree keeps a doc comment for it.
    @inlinable package var hasDoc: Bool { get { has(Self.documented) } set { set(Self.documented, newValue) } }
    /// The tree keeps `@allow` attributes for it.
    @inlinable package var hasAttributes: Bool { get { has(Self.attributed) } set { set(Self.attributed, newValue) } }

    /// The label's literal (`StringRef.none` without one). One with escapes
    /// reads as `StringRef.escaped`: its value is found by where it starts.
    package var label: StringRef {
        get {
            StringRef(token: labelToken, decoded: has(Self.labelEscaped) ? StringRef.escaped : has(Self.labelClosed) ? StringRef.closed : StringRef.unclosed)
        }
        set {
            labelToken = newValue.token
            set(Self.labelEscaped, newValue.hasEscapes)
            set(Self.labelClosed, newValue.decoded == StringRef.closed)
        }
    }

    /// The whole element, from `start` (its first attribute, else its
    /// keyword) to its end; `body` is its body when it has one.
    func span(start: UInt32, body: BodyNode?) -> TextRange {
        let end: UInt32
        if let body {
            end = hasClose ? body.closeBrace + 1 : body.closeBrace
        } else {
            end = hasLabel ? label.token.end : hasName ? name.end : keywordStart + kind.keywordLength
        }
        return TextRange(start: start, end: end)
    }

    package var keyword: TextRange { TextRange(start: keywordStart, end: keywordStart + kind.keywordLength) }

}

/// An element's body, in 16 bytes.
@usableFromInline package struct BodyNode: Sendable {
    var openBrace: UInt32
    /// The '}'; for a body left open (its element's `hasClose` is false),
    /// where the element ends: its last member, or its '{'.
    var closeBrace: UInt32 = 0
    @usableFromInline package var firstMember: UInt32 = 0
    @usableFromInline package var memberCount: UInt32 = 0

    /// The '{'.
    var open: TextRange { TextRange(start: openBrace, end: openBrace + 1) }
    /// The '}', when its element `hasClose`.
    var close: TextRange { TextRange(start: closeBrace, end: closeBrace + 1) }
}

/// A member of a body, in four bytes (a file can be nothing but members,
/// and each is stored twice while its body is parsed): the kind in the two
/// high bits, the index in the rest. Indices fit in thirty bits: a file is
/// under 4 GiB (`SourceFile.maximumSize`) and every property, element and
/// `use` takes at least four bytes of it (`a:1` or `row`, and a separator).
// Read for every member by the resolver, in another module: public to the
// pipeline, with `kind` and `index` inlinable, to be read in place.
@_spi(MenuPipeline) public struct MemberRef: Sendable {
    public enum Kind: UInt8, Sendable {
        case property, element, use
    }
    @usableFromInline let bits: UInt32

    init(kind: Kind, index: UInt32) {
        bits = UInt32(kind.rawValue) << 30 | index & MemberRef.indexMask
    }

    @inlinable
    static var indexMask: UInt32 { (1 << 30) - 1 }

    @inlinable
    public var kind: Kind {
        switch bits >> 30 {
        case 0: .property
        case 1: .element
        default: .use
        }
    }

    @inlinable
    public var index: UInt32 { bits & MemberRef.indexMask }
}

/// A property, in 16 bytes (one per property, and a file can be nothing
/// but properties): its span runs from its name to the end of its value.
package struct PropertyNode: Sendable {
    package var name: TextRange
    /// Index into `values`.
    package var value: UInt32
    private var end: UInt32

    init(name: TextRange, value: UInt32, span: TextRange) {
        self.name = name
        self.value = value
        end = span.end
    }

    package var span: TextRange { TextRange(start: name.start, end: end) }
}

/// A property value, in 16 bytes (one per property). A list, which no
/// property takes, is rare: its item count is kept in a value of its own,
/// the list's header, which its items follow in `values`.
package struct ValueNode: Sendable {
    package enum Kind: UInt8, Sendable {
        case string, identifier, number, bool, list
    }
    package var kind: Kind
    /// The value of a boolean.
    package var flag = false
    /// The whole value as written (for a negative number, with its '-';
    /// for a string, its literal with the quotes).
    package var range: TextRange
    /// A string's `StringRef.decoded`; a list's header in `values`; a
    /// header's item count.
    private var payload: UInt32 = 0

    init(kind: Kind, flag: Bool = false, range: TextRange) {
        self.kind = kind
        self.flag = flag
        self.range = range
    }

    init(string literal: StringRef) {
        self.init(kind: .string, range: literal.token)
        payload = UInt32(bitPattern: literal.decoded)
    }

    /// A list, whose header is `values[header]` (see `header(count:)`).
    init(listWithHeader header: UInt32, range: TextRange) {
        self.init(kind: .list, range: range)
        payload = header
    }

    /// The header stored before a list's `count` items.
    static func header(count: UInt32, range: TextRange) -> ValueNode {
        var header = ValueNode(kind: .list, range: range)
        header.payload = count
        return header
    }

    /// A string's literal (`StringRef.none` for another kind).
    package var string: StringRef {
        kind == .string ? StringRef(token: range, decoded: Int32(bitPattern: payload)) : .none
    }

    /// A list's items in `values` (from its header there).
    func items(in values: [ValueNode]) -> Range<Int> {
        guard kind == .list else { return 0..<0 }
        let first = Int(payload) + 1
        return first..<(first + Int(values[Int(payload)].payload))
    }
}

package struct UseNode: Sendable {
    package var firstAttribute: UInt32
    package var attributeCount: UInt32
    package var target: TextRange
    package var span: TextRange
}

package struct AttributeNode: Sendable {
    package var span: TextRange
    var firstRuleID: UInt32
    var ruleIDCount: UInt32
}

/// What the parser appends to; frozen into a `SyntaxTree` at the end.
struct SyntaxTreeBuilder {
    var elements: [ElementNode] = []
    var bodies: [BodyNode] = []
    var members: [MemberRef] = []
    var properties: [PropertyNode] = []
    var values: [ValueNode] = []
    var uses: [UseNode] = []
    var attributes: [AttributeNode] = []
    var ruleIDs: [TextRange] = []
    var docs: [DocComment] = []
    var documentedElements: [UInt32] = []
    var elementAttributes: [ElementAttributes] = []
    var decodedStrings: [String] = []
    var decodedStarts: [UInt32] = []
    var topLevel: [Int32] = []

    func spanOfMember(_ member: MemberRef) -> TextRange {
        switch member.kind {
        case .property: properties[Int(member.index)].span
        case .element: spanOfElement(Int(member.index))
        case .use: uses[Int(member.index)].span
        }
    }

    /// Element `index`, attributes included (see `SyntaxTree.span(ofElement:)`).
    func spanOfElement(_ index: Int) -> TextRange {
        let node = elements[index]
        var start = node.keyword.start
        if node.hasAttributes, let position = SyntaxTree.position(of: UInt32(index), in: elementAttributes[...], \.element) {
            start = attributes[Int(elementAttributes[position].first)].span.start
        }
        return node.span(start: start, body: node.hasBody ? bodies[Int(node.body)] : nil)
    }

    init(lines: Int) {
        // Formatted files hold at most about one element or property per
        // line. Reserving by lines avoids regrowth copies, and the doubling
        // that would leave up to half of each array unused while the tree
        // is resolved and checked (the largest share of a check's memory).
        elements.reserveCapacity(lines + 4)
        bodies.reserveCapacity(lines / 2 + 4)
        properties.reserveCapacity(lines + 4)
        values.reserveCapacity(lines + 4)
        members.reserveCapacity(lines * 2 + 4)
        // Never trimmed: capacity past the declarations is never written.
        topLevel.reserveCapacity(lines + 4)
    }
}
