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
    package let elements: [ElementNode]
    /// Each body's members, contiguous per body.
    package let members: [MemberRef]
    package let properties: [PropertyNode]
    /// Property values; a list's items are contiguous.
    package let values: [ValueNode]
    package let uses: [UseNode]
    package let attributes: [AttributeNode]
    /// The rule ids of every attribute, contiguous per attribute.
    let ruleIDs: [TextRange]
    package let docs: [DocComment]
    /// Decoded values of the string literals that contain escapes.
    package let decodedStrings: [String]
    /// Indices of the top-level elements.
    package let topLevel: [Int32]

    /// Takes the builder's arrays (leaving it empty).
    init(file: SourceFile, builder: inout SyntaxTreeBuilder) {
        self.file = file
        elements = SyntaxTree.take(&builder.elements)
        members = SyntaxTree.take(&builder.members)
        properties = SyntaxTree.take(&builder.properties)
        values = SyntaxTree.take(&builder.values)
        uses = builder.uses
        attributes = builder.attributes
        ruleIDs = builder.ruleIDs
        docs = builder.docs
        decodedStrings = builder.decodedStrings
        topLevel = builder.topLevel
    }

    /// Moves an array out of the builder, without its unused capacity when
    /// that is over a quarter. The builder reserves by line count, which
    /// overshoots for files with long bodies per line; trimming one array at
    /// a time, the builder's copy freed first, keeps the extra memory to one
    /// array at a time.
    private static func take<T>(_ array: inout [T]) -> [T] {
        var taken: [T] = []
        swap(&taken, &array)
        return taken.withoutSpareCapacity()
    }

    /// Number of elements at every depth.
    public var elementCount: Int { elements.count }

    package func span(_ range: TextRange) -> Span { Span(file: file.id, start: Int(range.start), end: Int(range.end)) }

    package func text(_ range: TextRange) -> String { file.text(Int(range.start)..<Int(range.end)) }

    /// The decoded value of a string literal.
    package func stringValue(_ literal: StringRef) -> String {
        if literal.decoded >= 0 { return decodedStrings[Int(literal.decoded)] }
        return text(literal.content)
    }

    /// The members of element `index`'s body (empty without a body).
    package func memberRefs(of index: Int) -> ArraySlice<MemberRef> {
        let node = elements[index]
        return members[Int(node.firstMember)..<Int(node.firstMember + node.memberCount)]
    }
}

/// A byte range of the tree's file. Thirty-two bits: files are limited to
/// `SourceFile.maximumSize`.
package struct TextRange: Hashable, Sendable {
    package var start: UInt32
    package var end: UInt32

    static let empty = TextRange(start: 0, end: 0)

    init(start: UInt32, end: UInt32) {
        self.start = start
        self.end = end
    }

    init(_ start: Int, _ end: Int) {
        self.start = UInt32(truncatingIfNeeded: start)
        self.end = UInt32(truncatingIfNeeded: max(start, end))
    }

    package var count: Int { Int(end - start) }
}

/// A string literal: the token, and how to get its value. Twelve bytes:
/// every element and value holds one.
package struct StringRef: Hashable, Sendable {
    /// The literal as written, quotes included.
    package var token: TextRange
    /// Index into `decodedStrings` when the literal has escapes; else
    /// `closed` or `unclosed` (the value is the bytes between the quotes).
    package var decoded: Int32

    static let closed: Int32 = -1
    static let unclosed: Int32 = -2

    static let none = StringRef(token: .empty, decoded: StringRef.unclosed)

    /// The bytes between the quotes (without a closing quote the lexer
    /// reported missing): the value when the literal has no escapes.
    package var content: TextRange {
        let start = min(token.start + 1, token.end)
        return TextRange(start: start, end: max(start, decoded == StringRef.closed ? token.end - 1 : token.end))
    }
}

/// An element, in 64 bytes: the largest of the tree's arrays (one per
/// element of a 10 MB file is 160,000), kept whole while a build runs.
/// What is implied is not stored: the keyword's end (its kind's spelling)
/// and the braces' ends (one byte each).
package struct ElementNode: Sendable {
    package var kind: ElementKind
    private var flags: UInt8 = 0
    private var keywordStart: UInt32
    package var name = TextRange.empty
    package var label = StringRef.none
    private var openBrace: UInt32 = 0
    private var closeBrace: UInt32 = 0
    package var span: TextRange
    package var firstMember: UInt32 = 0
    package var memberCount: UInt32 = 0
    package var firstAttribute: UInt32
    package var attributeCount: UInt32
    /// Index into `docs`, or -1.
    package var doc: Int32 = -1

    init(kind: ElementKind, keyword: TextRange, span: TextRange, firstAttribute: UInt32, attributeCount: UInt32) {
        self.kind = kind
        keywordStart = keyword.start
        self.span = span
        self.firstAttribute = firstAttribute
        self.attributeCount = attributeCount
    }

    private static let named: UInt8 = 1, labelled: UInt8 = 2, bodied: UInt8 = 4, closed: UInt8 = 8

    private func has(_ flag: UInt8) -> Bool { flags & flag != 0 }

    private mutating func set(_ flag: UInt8, _ on: Bool) {
        flags = on ? flags | flag : flags & ~flag
    }

    package var hasName: Bool { get { has(Self.named) } set { set(Self.named, newValue) } }
    package var hasLabel: Bool { get { has(Self.labelled) } set { set(Self.labelled, newValue) } }
    /// The element has a body (`open` is its '{').
    var hasBody: Bool { get { has(Self.bodied) } set { set(Self.bodied, newValue) } }
    /// The body's closing brace was found (else it is reported and `close` is empty).
    var hasClose: Bool { get { has(Self.closed) } set { set(Self.closed, newValue) } }

    package var keyword: TextRange { TextRange(start: keywordStart, end: keywordStart + kind.keywordLength) }

    /// The body's '{' (empty without a body).
    var open: TextRange {
        get { hasBody ? TextRange(start: openBrace, end: openBrace + 1) : .empty }
        set { openBrace = newValue.start }
    }

    /// The body's '}' (empty when it is missing).
    var close: TextRange {
        get { hasClose ? TextRange(start: closeBrace, end: closeBrace + 1) : .empty }
        set { closeBrace = newValue.start }
    }
}

package struct MemberRef: Sendable {
    package enum Kind: UInt8, Sendable {
        case property, element, use
    }
    package var kind: Kind
    package var index: UInt32
}

package struct PropertyNode: Sendable {
    package var name: TextRange
    /// Index into `values`.
    package var value: UInt32
    package var span: TextRange
}

/// A property value, in 20 bytes (one per property).
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
    /// A string's `StringRef.decoded`, or a list's first item in `values`.
    private var first: UInt32 = 0
    /// A list's item count.
    private(set) var itemCount: UInt32 = 0

    init(kind: Kind, flag: Bool = false, range: TextRange) {
        self.kind = kind
        self.flag = flag
        self.range = range
    }

    init(string literal: StringRef) {
        self.init(kind: .string, range: literal.token)
        first = UInt32(bitPattern: literal.decoded)
    }

    init(listOf firstItem: UInt32, count: UInt32, range: TextRange) {
        self.init(kind: .list, range: range)
        first = firstItem
        itemCount = count
    }

    /// A string's literal (`StringRef.none` for another kind).
    package var string: StringRef {
        kind == .string ? StringRef(token: range, decoded: Int32(bitPattern: first)) : .none
    }

    /// A list's first item in `values`.
    var firstItem: UInt32 { kind == .list ? first : 0 }
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

    init(lines: Int) {
        // Formatted files hold at most about one element or property per
        // line. Reserving by lines avoids regrowth copies, and the doubling
        // that would leave up to half of each array unused while the tree
        // is resolved and checked (the largest share of a check's memory).
        elements.reserveCapacity(lines + 4)
        properties.reserveCapacity(lines + 4)
        values.reserveCapacity(lines + 4)
        members.reserveCapacity(lines * 2 + 4)
    }
}
