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
    let elements: [ElementNode]
    /// Each body's members, contiguous per body.
    let members: [MemberRef]
    let properties: [PropertyNode]
    /// Property values; a list's items are contiguous.
    let values: [ValueNode]
    let uses: [UseNode]
    let attributes: [AttributeNode]
    /// The rule ids of every attribute, contiguous per attribute.
    let ruleIDs: [TextRange]
    let docs: [DocComment]
    /// Decoded values of the string literals that contain escapes.
    let decodedStrings: [String]
    /// Indices of the top-level elements.
    let topLevel: [Int32]

    init(file: SourceFile, builder: SyntaxTreeBuilder) {
        self.file = file
        elements = builder.elements
        members = builder.members
        properties = builder.properties
        values = builder.values
        uses = builder.uses
        attributes = builder.attributes
        ruleIDs = builder.ruleIDs
        docs = builder.docs
        decodedStrings = builder.decodedStrings
        topLevel = builder.topLevel
    }

    /// Number of elements at every depth.
    public var elementCount: Int { elements.count }

    func span(_ range: TextRange) -> Span { Span(file: file.id, start: Int(range.start), end: Int(range.end)) }

    func text(_ range: TextRange) -> String { file.text(Int(range.start)..<Int(range.end)) }

    /// The decoded value of a string literal.
    func stringValue(_ literal: StringRef) -> String {
        if literal.decoded >= 0 { return decodedStrings[Int(literal.decoded)] }
        return text(literal.content)
    }

    /// The members of element `index`'s body (empty without a body).
    func memberRefs(of index: Int) -> ArraySlice<MemberRef> {
        let node = elements[index]
        return members[Int(node.firstMember)..<Int(node.firstMember + node.memberCount)]
    }

    func span(of member: MemberRef) -> TextRange {
        switch member.kind {
        case .property: properties[Int(member.index)].span
        case .element: elements[Int(member.index)].span
        case .use: uses[Int(member.index)].span
        }
    }
}

/// A byte range of the tree's file. Thirty-two bits: files are limited to
/// `SourceFile.maximumSize`.
struct TextRange: Hashable, Sendable {
    var start: UInt32
    var end: UInt32

    static let empty = TextRange(start: 0, end: 0)

    init(start: UInt32, end: UInt32) {
        self.start = start
        self.end = end
    }

    init(_ start: Int, _ end: Int) {
        self.start = UInt32(truncatingIfNeeded: start)
        self.end = UInt32(truncatingIfNeeded: max(start, end))
    }

    var count: Int { Int(end - start) }
}

/// A string literal: the token, and how to get its value.
struct StringRef: Hashable, Sendable {
    /// The literal as written, quotes included.
    var token: TextRange
    /// The bytes between the quotes; the value when `decoded` is -1.
    var content: TextRange
    /// Index into `decodedStrings` when the literal has escapes, else -1.
    var decoded: Int32
}

struct ElementNode: Sendable {
    var kind: ElementKind
    var hasName = false
    var hasLabel = false
    var hasBody = false
    /// The body's closing brace was found (else it is reported and `close` is empty).
    var hasClose = false
    var keyword: TextRange
    var name = TextRange.empty
    var label = StringRef(token: .empty, content: .empty, decoded: -1)
    var open = TextRange.empty
    var close = TextRange.empty
    var span: TextRange
    var firstMember: UInt32 = 0
    var memberCount: UInt32 = 0
    var firstAttribute: UInt32
    var attributeCount: UInt32
    /// Index into `docs`, or -1.
    var doc: Int32 = -1
}

struct MemberRef: Sendable {
    enum Kind: UInt8, Sendable {
        case property, element, use
    }
    var kind: Kind
    var index: UInt32
}

struct PropertyNode: Sendable {
    var name: TextRange
    /// Index into `values`.
    var value: UInt32
    var span: TextRange
}

struct ValueNode: Sendable {
    enum Kind: UInt8, Sendable {
        case string, identifier, number, bool, list
    }
    var kind: Kind
    /// The value of a boolean.
    var flag = false
    /// The whole value as written (for a negative number, with its '-').
    var range: TextRange
    /// A string's literal.
    var string = StringRef(token: .empty, content: .empty, decoded: -1)
    /// A list's items in `values`.
    var firstItem: UInt32 = 0
    var itemCount: UInt32 = 0
}

struct UseNode: Sendable {
    var firstAttribute: UInt32
    var attributeCount: UInt32
    var target: TextRange
    var span: TextRange
}

struct AttributeNode: Sendable {
    var span: TextRange
    var firstRuleID: UInt32
    var ruleIDCount: UInt32
}

/// What the parser appends to; frozen into a `SyntaxTree` at the end.
struct SyntaxTreeBuilder {
    var elements: [ElementNode] = []
    var members: [MemberRef] = []
    var properties: [PropertyNode] = []
    var values: [ValueNode] = []
    var uses: [UseNode] = []
    var attributes: [AttributeNode] = []
    var ruleIDs: [TextRange] = []
    var docs: [DocComment] = []
    var decodedStrings: [String] = []
    var topLevel: [Int32] = []

    func spanOfMember(_ member: MemberRef) -> TextRange {
        switch member.kind {
        case .property: properties[Int(member.index)].span
        case .element: elements[Int(member.index)].span
        case .use: uses[Int(member.index)].span
        }
    }

    init(expectedBytes: Int) {
        // Real files hold about one element per 60 bytes and one property
        // per 45: reserving avoids most regrowth copies on large inputs.
        elements.reserveCapacity(expectedBytes / 64 + 4)
        properties.reserveCapacity(expectedBytes / 48 + 4)
        values.reserveCapacity(expectedBytes / 48 + 4)
        members.reserveCapacity(expectedBytes / 28 + 4)
    }
}
