import MenuModel
import MenuSupport
import MenuSyntax

/// The checked model of one group of files (a file and what it imports),
/// stored flat.
///
/// The resolver appends one fixed-size record per element and per written
/// property; texts are interned; spans, doc comments and `@allow`s are not
/// copied but read from the syntax tree each element came from. Spliced
/// copies (`use`, `menu:`) are records of their own that share their
/// original's properties. `Element` is a handle into this store, and
/// `CheckedFile` lists a file's elements in walk order and by kind, so a
/// rule that looks at pop-ups visits pop-ups only.
///
/// Frozen once resolved: rules and backends read it from several threads.
public final class ModelStore: Sendable {
    @_spi(MenuPipeline) public let records: [ElementRecord]
    /// Each element's children, contiguous per element.
    @usableFromInline package let children: [Int32]
    /// Each element's written properties, contiguous per element, in source order.
    @_spi(MenuPipeline) public let properties: [PropertyRecord]
    package let origins: [Origin]
    /// Which origin each spliced copy has: runs of records, ascending (see `origin(of:)`).
    let originRuns: [OriginRun]
    @usableFromInline package let texts: TextTable
    /// Every distinct shortcut: equal shortcuts, however written, have one index.
    package let shortcuts: [Shortcut]
    /// The syntax trees of the group's files, for spans and attributes, in
    /// the order the resolver first read them (`ElementRecord.file` is an
    /// index here). Not by `FileID`: a build of 20,000 files makes 20,000
    /// stores, and a table of every file in each took 3 GB.
    @usableFromInline package let trees: [SyntaxTree]
    /// How many records there are of each kind, by `ElementKind.ordinal`
    /// (each file's walk reserves its lists of kinds by these).
    let kindCounts: [Int]

    init(_ builder: ModelBuilder) {
        // Grown past the resolver's estimate by imports and splices, and
        // kept as long as the compilation.
        records = builder.records.withoutSpareCapacity()
        children = builder.children.withoutSpareCapacity()
        properties = builder.properties.withoutSpareCapacity()
        origins = builder.origins
        originRuns = builder.originRuns
        texts = builder.texts
        shortcuts = builder.shortcuts
        trees = builder.trees
        var counts = [Int](repeating: 0, count: ElementKind.allCases.count)
        records.withUnsafeBufferPointer { records in
            for record in records { counts[record.kind.ordinal] += 1 }
        }
        kindCounts = counts
    }

    @inline(__always)
    package func tree(of record: ElementRecord) -> SyntaxTree {
        trees[Int(record.file)]
    }

    func syntaxNode(of record: ElementRecord) -> ElementNode {
        tree(of: record).elements[Int(record.syntax)]
    }

    package func text(_ id: TextID) -> String { texts[id] }

    /// An element's identifier: interned, as written, or derived from its
    /// label (see `ElementRecord.id`).
    func idText(of record: ElementRecord) -> String {
        if record.id.exists { return texts[record.id] }
        if record.idSource == .label { return IdentifierDerivation.derive(from: texts[record.label]) ?? "" }
        let tree = tree(of: record)
        return tree.text(tree.elements[Int(record.syntax)].name)
    }

    /// Number of elements, spliced copies included.
    public var elementCount: Int { records.count }

    /// Whether `use` or `menu:` spliced a copy of anything into the model.
    package var hasSplicedCopies: Bool { !originRuns.isEmpty }

    /// Where record `index` was spliced from; nil when it is written where it is.
    package func origin(of index: Int) -> Origin? {
        guard records[index].isSpliced else { return nil }
        return ModelStore.origin(of: index, runs: originRuns, origins: origins)
    }

    /// The origin of spliced record `index`: that of the last run starting at or before it.
    static func origin(of index: Int, runs: [OriginRun], origins: [Origin]) -> Origin? {
        var (low, high) = (0, runs.count)
        while low < high {
            let middle = (low + high) / 2
            if Int(runs[middle].firstRecord) <= index { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? origins[Int(runs[low - 1].origin)] : nil
    }
}

/// Spliced copies from `firstRecord` on (up to the next run) come from
/// `origins[origin]`. Copies are appended a splice at a time, so one run
/// per splice serves them all: an origin in every record took four bytes
/// of each, and nearly no record is a copy.
struct OriginRun {
    var firstRecord: UInt32
    var origin: UInt32
}

/// An element of the model, in 36 bytes: one per element and spliced
/// copy, kept while rules and backends run. In a file of millions of
/// one-line declarations the records are a quarter of the peak, so the
/// small fields share two bytes (see `sourceAndCount`, `depthAndSplice`).
@_spi(MenuPipeline) public struct ElementRecord: Sendable {
    @usableFromInline package var kind: ElementKind
    package var context: ElementContext
    /// `idSource` in the low two bits, `propertyCount` in the six above:
    /// an element keeps each property name once, and there are fewer
    /// than 64 (`PropertyName.count`).
    @usableFromInline var sourceAndCount: UInt8 = 0
    /// `depth` in the low seven bits (elements nest at most
    /// `Parser.maximumDepth` levels, splices included), and in the high
    /// bit whether it is a copy that `use` or `menu:` spliced (its origin
    /// is the store's `origin(of:)`).
    @usableFromInline var depthAndSplice: UInt8 = 0
    /// `.none` when it is written, or derived from the label, and the
    /// element is not below a body (a declaration, or a copy of one): read
    /// from the syntax, or derived from the label when asked. Nearly all
    /// such are distinct, and a file of millions of declarations held them
    /// all in the text table, with its lookup, and in the resolver's index
    /// of names by text. (The resolver finds declarations by the bytes of
    /// their names: see `OwnNames`.) Below the top level the same holds
    /// for a written identifier; one derived from a label is interned, as
    /// siblings are compared by it.
    @usableFromInline var id: TextID
    /// `.none` without a label.
    package var label: TextID
    /// -1 for a top-level declaration.
    @usableFromInline package var parent: Int32
    package var firstChild: UInt32 = 0
    package var childCount: UInt32 = 0
    @usableFromInline var firstProperty: UInt32 = 0
    /// Where it is written: its file's place in the store's `trees`, and
    /// the element's index in that file's syntax tree.
    @usableFromInline package var file: UInt32
    @usableFromInline package var syntax: UInt32

    init(kind: ElementKind, context: ElementContext, idSource: IdentifierSource, depth: UInt16, id: TextID, label: TextID,
         parent: Int32, file: UInt32, syntax: UInt32) {
        self.kind = kind
        self.context = context
        self.id = id
        self.label = label
        self.parent = parent
        self.file = file
        self.syntax = syntax
        self.idSource = idSource
        self.depth = depth
    }

    @inlinable
    package var idSource: IdentifierSource {
        get {
            switch sourceAndCount & 0x03 {
            case 0: .explicit
            case 1: .label
            default: .synthetic
            }
        }
        set {
            let code: UInt8 = switch newValue {
            case .explicit: 0
            case .label: 1
            case .synthetic: 2
            }
            sourceAndCount = sourceAndCount & 0xFC | code
        }
    }

    @inlinable
    package var propertyCount: UInt32 {
        get { UInt32(sourceAndCount >> 2) }
        set {
            precondition(newValue < 64, "an element has at most one property of each of the fewer than 64 names")
            sourceAndCount = sourceAndCount & 0x03 | UInt8(truncatingIfNeeded: newValue) << 2
        }
    }

    @inlinable
    package var depth: UInt16 {
        get { UInt16(depthAndSplice & 0x7F) }
        set {
            precondition(newValue <= 0x7F, "elements nest at most Parser.maximumDepth levels, splices included")
            depthAndSplice = depthAndSplice & 0x80 | UInt8(truncatingIfNeeded: newValue)
        }
    }

    @inlinable
    package var isSpliced: Bool {
        get { depthAndSplice & 0x80 != 0 }
        set { depthAndSplice = newValue ? depthAndSplice | 0x80 : depthAndSplice & 0x7F }
    }

    /// Whether the element is left out of its descendants' paths (and of
    /// generated Swift's handles): a section, toolbar or row with a
    /// synthetic identifier only groups, so adding or removing one must not
    /// move anything else.
    // Inlinable: the Swift-name clash check asks it of every child, from another module.
    @inlinable
    package var isTransparent: Bool {
        idSource == .synthetic && (kind == .section || kind == .toolbar || kind == .row)
    }
}

/// A written property, validated.
@_spi(MenuPipeline) public struct PropertyRecord: Sendable {
    @usableFromInline package enum Kind: UInt8, Sendable {
        case string, bool, number, symbol, reference, shortcut
    }
    @usableFromInline package var name: PropertyName
    @usableFromInline package var kind: Kind
    /// A `TextID` (string, number), 0/1 (bool), an index into `shortcuts`,
    /// or `textInSource` (symbol, reference: the value as written).
    @usableFromInline package var payload: UInt32

    package static let textInSource = UInt32.max
    /// The property node in the element's syntax tree (for its spans).
    var syntax: UInt32
}

/// What the resolver appends to; frozen into a `ModelStore`.
struct ModelBuilder {
    var records: [ElementRecord] = []
    var children: [Int32] = []
    var properties: [PropertyRecord] = []
    var origins: [Origin] = []
    var originRuns: [OriginRun] = []
    var texts = TextTable()
    var shortcuts: [Shortcut] = []
    /// Shortcut strings already parsed, by the TextID of their text: the
    /// index into `shortcuts` plus one, 0 when not parsed yet, -1 when
    /// invalid (the error is in `shortcutErrors`). An array, not a
    /// dictionary: it is read for every `shortcut:` property.
    var shortcutByText: [Int32] = []
    var shortcutErrors: [TextID: Shortcut.ParseError] = [:]
    var trees: [SyntaxTree] = []
}
