import MenuModel
import MenuSupport
import MenuSyntax

/// The checked model: names resolved, `use` spliced, shortcuts normalized,
/// defaults made explicit. Rules and every backend read only this.

/// A resolved property value.
public enum Value: Hashable, Sendable {
    case string(String)
    case bool(Bool)
    /// The number as written, normalized (`44`, `10.5`).
    case number(String)
    /// An enumeration case or a free identifier (`filled`, an action name).
    case symbol(String)
    /// The identifier of another element (a menu, option or view).
    case reference(String)
    case shortcut(Shortcut)
    case list([Value])

    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    public var numberValue: Double? {
        if case .number(let text) = self { return Double(text) }
        return nil
    }

    /// The name carried by a symbol or reference.
    public var name: String? {
        switch self {
        case .symbol(let name), .reference(let name): name
        default: nil
        }
    }

    public var shortcutValue: Shortcut? {
        if case .shortcut(let shortcut) = self { return shortcut }
        return nil
    }
}

public struct Property: Hashable, Sendable {
    public var name: String
    public var value: Value
    /// Where it was written; nil for a default the compiler filled in.
    public var nameSpan: Span?
    public var valueSpan: Span?
    /// The whole `name: value` text, for fix-its that remove it.
    public var span: Span?

    public var isExplicit: Bool { span != nil }
}

/// How an element came to be where it is, when it was spliced in.
public struct Origin: Hashable, Sendable {
    public typealias Via = MenuElement.Origin.Via
    public var via: Via
    /// The declared menu whose items (or which itself) were spliced.
    public var menu: String
    /// The `use X` or `menu: X` that spliced it.
    public var site: Span
}

/// How an element's identifier was obtained: the model library's type.
public typealias IdentifierSource = MenuElement.IdentifierSource

/// An element of the checked model: a handle into its `ModelStore`.
///
/// Reading a field reads the store; strings and property lists are made
/// when asked for. Rules on hot paths ask the cheaper questions
/// (`labelID`, `has(_:)`, `isSymbol(_:_:)`) that compare stored ids.
public struct Element: Hashable, Sendable {
    public let store: ModelStore
    /// Position in the store.
    public let index: Int

    @inlinable
    package init(store: ModelStore, index: Int) {
        self.store = store
        self.index = index
    }

    // The rules and backends ask it of every element, from other modules:
    // inlinable (and so public to the pipeline) to be read in place.
    @_spi(MenuPipeline) @inlinable
    public var record: ElementRecord { store.records[index] }

    public static func == (lhs: Element, rhs: Element) -> Bool { lhs.index == rhs.index && lhs.store === rhs.store }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(index)
        hasher.combine(ObjectIdentifier(store))
    }

    public var kind: ElementKind { record.kind }
    public var context: ElementContext { record.context }
    public var id: String { store.idText(of: record) }
    public var idSource: IdentifierSource { record.idSource }

    public var label: String? {
        let label = record.label
        return label.exists ? store.text(label) : nil
    }

    /// The interned label (equal labels have equal ids within one store).
    public var labelID: TextID? {
        let label = record.label
        return label.exists ? label : nil
    }

    public var children: ElementChildren {
        let record = record
        return ElementChildren(store: store, start: Int(record.firstChild), count: Int(record.childCount))
    }

    /// The element holding this one; nil for a top-level declaration.
    public var parent: Element? {
        let parent = record.parent
        return parent >= 0 ? Element(store: store, index: Int(parent)) : nil
    }

    /// Its ancestors, outermost first.
    public var ancestors: Ancestors {
        let record = record
        return Ancestors(store: store, parent: record.parent, count: Int(record.depth))
    }

    // MARK: Where it is written

    /// The whole element's text.
    public var span: Span {
        let record = record
        let tree = store.tree(of: record)
        return tree.span(tree.span(ofElement: Int(record.syntax)))
    }

    public var keywordSpan: Span {
        let record = record
        return store.tree(of: record).span(store.syntaxNode(of: record).keyword)
    }

    public var nameSpan: Span? {
        let record = record
        let node = store.syntaxNode(of: record)
        return node.hasName ? store.tree(of: record).span(node.name) : nil
    }

    public var labelSpan: Span? {
        let record = record
        let node = store.syntaxNode(of: record)
        return node.hasLabel ? store.tree(of: record).span(node.label.token) : nil
    }

    /// The file it is written in (another file's, for content spliced from an import).
    public var sourceFile: FileID { store.tree(of: record).file.id }

    /// The element as written.
    public var syntax: ElementSyntax {
        let record = record
        return ElementSyntax(tree: store.tree(of: record), index: Int(record.syntax))
    }

    public var doc: String? {
        let record = record
        return store.tree(of: record).doc(ofElement: Int(record.syntax))?.text
    }

    /// `@allow` attributes written on this element.
    public var allows: [AllowAttribute] {
        let record = record
        let tree = store.tree(of: record)
        let run = tree.attributeRun(ofElement: Int(record.syntax))
        return tree.allowAttributes(first: run.first, count: run.count)
    }

    public var origin: Origin? {
        store.origin(of: index)
    }

    /// Whether it was spliced in by `use` or `menu:` (cheaper than `origin != nil`).
    public var isSpliced: Bool { record.isSpliced }

    /// Ids from the top-level declaration down to this element, joined by
    /// '/', leaving out the transparent groups above it (synthetic
    /// sections, toolbars and rows: `ElementRecord.isTransparent`).
    public var path: String {
        var ids: [String] = []
        var current = index
        while current >= 0 {
            let record = store.records[current]
            if current == index || !record.isTransparent { ids.append(store.idText(of: record)) }
            current = Int(record.parent)
        }
        return ids.reversed().joined(separator: "/")
    }

    // MARK: Properties

    /// Properties sorted by name: the written ones, and the defaults of the
    /// kind for those not written.
    public var properties: [Property] {
        let record = record
        var result: [Property] = []
        let written = store.properties[Int(record.firstProperty)..<Int(record.firstProperty + record.propertyCount)]
        result.reserveCapacity(written.count + 4)
        for stored in written { result.append(property(from: stored, record: record)) }
        for (name, value) in PropertyCatalog.defaults(for: record.kind, in: record.context) where !written.contains(where: { $0.name == name }) {
            result.append(Property(name: name.text, value: value, nameSpan: nil, valueSpan: nil, span: nil))
        }
        result.sort { $0.name < $1.name }
        return result
    }

    /// The written property of that name.
    // Asked by the rules of nearly every element they look at, from other
    // modules: inlinable (so public to the pipeline).
    @_spi(MenuPipeline) @inlinable
    public func storedProperty(_ name: PropertyName) -> PropertyRecord? {
        store.writtenProperty(name, of: record)
    }

    private func property(from stored: PropertyRecord, record: ElementRecord) -> Property {
        let tree = store.tree(of: record)
        let node = tree.properties[Int(stored.syntax)]
        return Property(name: stored.name.text, value: value(of: stored), nameSpan: tree.span(node.name),
                        valueSpan: tree.span(tree.values[Int(node.value)].range), span: tree.span(node.span))
    }

    func value(of stored: PropertyRecord) -> Value {
        switch stored.kind {
        case .string: .string(store.text(TextID(stored.payload)))
        case .bool: .bool(stored.payload != 0)
        case .number: .number(store.text(TextID(stored.payload)))
        case .symbol: .symbol(text(of: stored))
        case .reference: .reference(text(of: stored))
        case .shortcut: .shortcut(store.shortcuts[Int(stored.payload)])
        }
    }

    /// The text of a string, number, symbol or reference value.
    func text(of stored: PropertyRecord) -> String {
        if stored.payload != PropertyRecord.textInSource { return store.text(TextID(stored.payload)) }
        let tree = store.tree(of: record)
        return tree.text(tree.values[Int(tree.properties[Int(stored.syntax)].value)].range)
    }

    public func property(_ name: PropertyName) -> Property? {
        let record = record
        if let stored = storedProperty(name) { return property(from: stored, record: record) }
        guard let value = defaultValue(name) else { return nil }
        return Property(name: name.text, value: value, nameSpan: nil, valueSpan: nil, span: nil)
    }

    private func defaultValue(_ name: PropertyName) -> Value? {
        let record = record
        return PropertyCatalog.defaultValue(name, for: record.kind, in: record.context)
    }

    public func property(_ name: String) -> Property? {
        PropertyName(name).flatMap { property($0) }
    }

    /// The value, written or defaulted.
    public subscript(name: PropertyName) -> Value? {
        if let stored = storedProperty(name) { return value(of: stored) }
        return defaultValue(name)
    }

    public subscript(name: String) -> Value? { PropertyName(name).flatMap { self[$0] } }

    /// The property's value when it was written in the source (not defaulted).
    public func explicit(_ name: PropertyName) -> Value? { storedProperty(name).map { value(of: $0) } }
    public func explicit(_ name: String) -> Value? { PropertyName(name).flatMap { explicit($0) } }

    /// Whether the property is written.
    public func has(_ name: PropertyName) -> Bool { storedProperty(name) != nil }

    /// The shortcut's index among the store's distinct shortcuts: equal
    /// shortcuts, however written, have equal indices.
    package var shortcutIndex: Int? {
        guard let stored = storedProperty(.shortcut), stored.kind == .shortcut else { return nil }
        return Int(stored.payload)
    }

    public func string(_ name: PropertyName) -> String? { self[name]?.stringValue }
    public func bool(_ name: PropertyName) -> Bool? { self[name]?.boolValue }
    public func symbol(_ name: PropertyName) -> String? { self[name]?.name }
    public func number(_ name: PropertyName) -> Double? { self[name]?.numberValue }
    public func string(_ name: String) -> String? { self[name]?.stringValue }
    public func bool(_ name: String) -> Bool? { self[name]?.boolValue }
    public func symbol(_ name: String) -> String? { self[name]?.name }
    public func number(_ name: String) -> Double? { self[name]?.numberValue }

    /// The written or default boolean, without making a `Value`.
    public func flag(_ name: PropertyName) -> Bool? {
        store.flag(name, of: record)
    }

    // MARK: Naming

    /// The span to point at when talking about this element: its label if
    /// it has one, else its identifier, else its keyword.
    public var focusSpan: Span {
        let record = record
        let tree = store.tree(of: record)
        let node = tree.elements[Int(record.syntax)]
        return tree.span(node.hasLabel ? node.label.token : node.hasName ? node.name : node.keyword)
    }

    /// Where its identifier comes from: the written name, else the label.
    public var idSpan: Span {
        let record = record
        let tree = store.tree(of: record)
        let node = tree.elements[Int(record.syntax)]
        return tree.span(node.hasName ? node.name : node.hasLabel ? node.label.token : node.keyword)
    }

    /// How to name it in messages: `item 'Copy'`.
    public var displayName: String {
        if let label, !label.isEmpty { return "\(kind.rawValue) '\(label)'" }
        return "\(kind.rawValue) '\(id)'"
    }

    /// Calls `body` with each of `menuEntries`, in order, without making the array.
    public func forEachMenuEntry(_ body: (Element) -> Void) {
        for child in children {
            if child.kind == .section { child.forEachMenuEntry(body) } else { body(child) }
        }
    }

    /// `menuEntries.count`, counted from the records: no handle or closure per entry.
    public var menuEntryCount: Int {
        let record = record
        var count = 0
        let first = Int(record.firstChild)
        for position in first..<(first + Int(record.childCount)) {
            let child = Int(store.children[position])
            count += store.records[child].kind == .section ? Element(store: store, index: child).menuEntryCount : 1
        }
        return count
    }

    /// Items, toggles and submenus reachable through sections (not into submenus).
    public var menuEntries: [Element] {
        var result: [Element] = []
        forEachMenuEntry { result.append($0) }
        return result
    }
}

/// An element's children: a view of the store, made without copying.
// The backends walk every menu's children from another module:
// inlinable, so that a child is read in place rather than by a call each.
public struct ElementChildren: RandomAccessCollection, Sendable {
    @usableFromInline let store: ModelStore
    @usableFromInline let start: Int
    public let count: Int

    @inlinable
    public var startIndex: Int { 0 }
    @inlinable
    public var endIndex: Int { count }

    @inlinable
    public subscript(position: Int) -> Element {
        precondition(position >= 0 && position < count, "child index out of range")
        return Element(store: store, index: Int(store.children[start + position]))
    }
}

/// An element's ancestors, outermost first: a view along parent links.
public struct Ancestors: RandomAccessCollection, Sendable {
    @usableFromInline let store: ModelStore
    /// The innermost ancestor (the parent), or -1.
    @usableFromInline let parent: Int32
    public let count: Int

    @inlinable
    init(store: ModelStore, parent: Int32, count: Int) {
        self.store = store
        self.parent = parent
        self.count = count
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(position: Int) -> Element {
        precondition(position >= 0 && position < count, "ancestor index out of range")
        var current = parent
        for _ in 0..<(count - 1 - position) { current = store.records[Int(current)].parent }
        return Element(store: store, index: Int(current))
    }

    /// The parent (the innermost ancestor) without walking.
    public var last: Element? { count > 0 ? Element(store: store, index: Int(parent)) : nil }

    /// Whether any ancestor satisfies `predicate`, walking up from the parent.
    public func contains(where predicate: (Element) throws -> Bool) rethrows -> Bool {
        var current = parent
        while current >= 0 {
            if try predicate(Element(store: store, index: Int(current))) { return true }
            current = store.records[Int(current)].parent
        }
        return false
    }

    /// Whether an ancestor is of this kind (no handle is made).
    public func contains(kind: ElementKind) -> Bool { store.hasAncestor(of: kind, from: parent) }
}

extension ModelStore {
    /// Whether the element at `parent`, or one above it, is of this kind:
    /// `Ancestors.contains(kind:)` for rules that ask it of a record.
    package func hasAncestor(of kind: ElementKind, from parent: Int32) -> Bool {
        var current = parent
        while current >= 0 {
            let record = records[Int(current)]
            if record.kind == kind { return true }
            current = record.parent
        }
        return false
    }
}

/// A file's elements in walk order (depth first, source order, spliced
/// copies where they are spliced), and the positions of each kind.
///
/// A part of a file (see `init(_:positions:)`) shares the file's lists:
/// its slices keep the file's positions, so a file cut into parts for its
/// rules holds its walk once.
package final class WalkIndex: Sendable {
    /// Store indices in walk order.
    package let order: ArraySlice<Int32>
    /// Positions in `order` of each kind's elements, by `ElementKind.ordinal`.
    let positionsByKind: [ArraySlice<Int32>]

    /// `expectedCount`: about how many elements the walk visits (the
    /// file's own), so that its memory is reserved once without reserving
    /// for the whole group of files in every file of it.
    init(store: ModelStore, roots: [Int32], expectedCount: Int) {
        var order: [Int32] = []
        // Every element is visited once (a file's store may hold imported ones too).
        order.reserveCapacity(min(store.records.count, expectedCount))
        var byKind = [[Int32]](repeating: [], count: ElementKind.allCases.count)
        // Each kind's list is reserved from the store's count of that kind
        // (the walk visits at most those, spliced copies included), not
        // grown by doubling: a file of millions of submenus left the
        // copies of each smaller list behind in freed memory.
        for (ordinal, count) in store.kindCounts.enumerated() where count > 0 { byKind[ordinal].reserveCapacity(min(count, expectedCount)) }
        // Iterative depth-first walk: nesting is bounded but splices deepen
        // it. One root at a time: the stack holds what is open below it.
        var stack: [Int32] = []
        store.records.withUnsafeBufferPointer { records in
            store.children.withUnsafeBufferPointer { children in
                for root in roots {
                    stack.append(root)
                    while let next = stack.popLast() {
                        let record = records[Int(next)]
                        byKind[record.kind.ordinal].append(Int32(order.count))
                        order.append(next)
                        var child = Int(record.firstChild + record.childCount)
                        while child > Int(record.firstChild) {
                            child -= 1
                            stack.append(children[child])
                        }
                    }
                }
            }
        }
        // Splices may have grown it past the reservation.
        self.order = ArraySlice(order.withoutSpareCapacity())
        self.positionsByKind = byKind.map { ArraySlice($0) }
    }

    /// The walk of some consecutive top-level declarations: `positions` of
    /// `whole.order`, as slices of the whole's lists.
    init(_ whole: WalkIndex, positions: Range<Int>) {
        order = whole.order[positions]
        positionsByKind = whole.positionsByKind.map { list in
            list[Self.firstIndex(in: list, notBelow: Int32(positions.lowerBound))..<Self.firstIndex(in: list, notBelow: Int32(positions.upperBound))]
        }
    }

    /// The index of the first value of an ascending list that is at least `value`.
    private static func firstIndex(in list: ArraySlice<Int32>, notBelow value: Int32) -> Int {
        var (low, high) = (list.startIndex, list.endIndex)
        while low < high {
            let middle = (low + high) / 2
            if list[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Where each root's walk ends: `ends[k]` is one past the last position
    /// of `roots[k]`'s elements (the walk visits roots in order, each with
    /// everything below it). Four bytes a root, as the walk's own lists: a
    /// file of millions of declarations held eight a root while its rules
    /// ran, in memory the rules' threads cannot reuse.
    func rootEnds(roots: Declarations, in store: ModelStore) -> [Int32] {
        var ends: [Int32] = []
        ends.reserveCapacity(roots.count)
        var next = 1  // the root whose start ends the current one
        for (position, index) in zip(order.indices, order)
        where next < roots.count && Int(index) == roots[next].index && store.records[Int(index)].depth == 0 {
            ends.append(Int32(position))
            next += 1
        }
        if !roots.isEmpty { ends.append(Int32(order.endIndex)) }
        return ends
    }

    /// Positions of elements of any of `kinds`, in walk order.
    package func positions(of kinds: [ElementKind]) -> ArraySlice<Int32> {
        // Most files hold none of most kinds, and most rules ask for one
        // kind or find one of theirs present: that list is the answer as
        // it stands (a small file's rules asked 90 times, each making lists).
        var only: ArraySlice<Int32>?
        var present = 0
        for kind in kinds where !positionsByKind[kind.ordinal].isEmpty {
            present += 1
            only = positionsByKind[kind.ordinal]
        }
        guard present > 1 else { return only ?? [] }
        // Each kind's positions are in walk order already: they are merged,
        // smallest list first so the large one (items) is copied once.
        // Rules ask this for a hundred thousand items; marking a bit set
        // over the whole walk and reading it back cost twice as much, and
        // sorting the concatenated lists several times as much.
        var lists: [ArraySlice<Int32>] = []
        for kind in ElementKind.allCases where kinds.contains(kind) && !positionsByKind[kind.ordinal].isEmpty {
            lists.append(positionsByKind[kind.ordinal])
        }
        lists.sort { $0.count < $1.count }
        return lists.reduce([]) { Self.merged($0, $1) }
    }

    /// Two ascending lists merged into one.
    private static func merged(_ first: ArraySlice<Int32>, _ second: ArraySlice<Int32>) -> ArraySlice<Int32> {
        if first.isEmpty { return second }
        if second.isEmpty { return first }
        return ArraySlice([Int32](unsafeUninitializedCapacity: first.count + second.count) { merged, count in
            first.withUnsafeBufferPointer { first in
                second.withUnsafeBufferPointer { second in
                    var (i, j) = (0, 0)
                    while i < first.count, j < second.count {
                        if first[i] < second[j] {
                            merged[i + j] = first[i]
                            i += 1
                        } else {
                            merged[i + j] = second[j]
                            j += 1
                        }
                    }
                    while i < first.count {
                        merged[i + j] = first[i]
                        i += 1
                    }
                    while j < second.count {
                        merged[i + j] = second[j]
                        j += 1
                    }
                }
            }
            count = first.count + second.count
        })
    }
}

/// A file's top-level declarations by name, found at the first question:
/// most files are never asked.
final class DeclarationNames: @unchecked Sendable {
    private let lock = Lock()
    /// Positions in the file's declarations, in order, by name. Guarded by `lock`.
    private var positionsByName: [String: [Int32]]?

    func positions(of name: String, in declarations: Declarations) -> [Int32] {
        lock.withLock {
            if let positionsByName { return positionsByName[name] ?? [] }
            var made: [String: [Int32]] = [:]
            for (position, declaration) in declarations.enumerated() { made[declaration.id, default: []].append(Int32(position)) }
            positionsByName = made
            return made[name] ?? []
        }
    }
}

/// One checked source file.
///
/// Its fields live in one immutable box: rules capture the file in
/// closures they pass per element, and a copy should cost one reference
/// count, not one per field.
public struct CheckedFile: Sendable {
    private final class Storage: Sendable {
        let source: SourceFile
        let doc: String?
        let platforms: [Platform]
        let platformsWritten: Bool
        let imports: [ResolvedImport]
        let declarations: Declarations
        let syntax: SyntaxFile
        let store: ModelStore
        private let walk: LazyWalkIndex
        let declarationsByName = DeclarationNames()

        var walkIndex: WalkIndex { walk.index }

        /// Some of `whole`'s declarations, which `walk` covers.
        init(_ whole: Storage, declarations: Range<Int>, walk: WalkIndex) {
            source = whole.source
            doc = whole.doc
            platforms = whole.platforms
            platformsWritten = whole.platformsWritten
            imports = whole.imports
            store = whole.store
            let wholeRoots = whole.declarations.roots
            self.declarations = Declarations(store: store, roots: wholeRoots[(wholeRoots.startIndex + declarations.lowerBound)..<(wholeRoots.startIndex + declarations.upperBound)])
            syntax = whole.syntax
            self.walk = LazyWalkIndex(made: walk)
        }

        /// `whole` with only the declarations at `roots` (some of its own), walked afresh.
        init(_ whole: Storage, roots: [Int32]) {
            source = whole.source
            doc = whole.doc
            platforms = whole.platforms
            platformsWritten = whole.platformsWritten
            imports = whole.imports
            store = whole.store
            declarations = Declarations(store: store, roots: roots[...])
            syntax = whole.syntax
            let expectedCount = whole.syntax.tree.elements.count
            walk = LazyWalkIndex { [store] in WalkIndex(store: store, roots: roots, expectedCount: expectedCount) }
        }

        init(source: SourceFile, doc: String?, platforms: [Platform], platformsWritten: Bool, imports: [ResolvedImport],
             store: ModelStore, roots: [Int32], syntax: SyntaxFile) {
            self.source = source
            self.doc = doc
            self.platforms = platforms
            self.platformsWritten = platformsWritten
            self.imports = imports
            self.store = store
            self.declarations = Declarations(store: store, roots: roots[...])
            self.syntax = syntax
            let expectedCount = syntax.tree.elements.count
            walk = LazyWalkIndex { [store] in WalkIndex(store: store, roots: roots, expectedCount: expectedCount) }
        }
    }

    /// A file's walk index, made when first walked: a file whose language
    /// errors leave some declarations out has its rules walk a copy
    /// without them, and the whole file's walk, 8 bytes an element, was
    /// made too and never walked by `check`.
    private final class LazyWalkIndex: @unchecked Sendable {
        private let lock = Lock()
        private var made: WalkIndex?
        private let make: @Sendable () -> WalkIndex

        init(made: WalkIndex) {
            self.made = made
            make = { made }
        }

        init(_ make: @escaping @Sendable () -> WalkIndex) {
            self.make = make
        }

        var index: WalkIndex {
            lock.withLock {
                if let made { return made }
                let index = make()
                made = index
                return index
            }
        }
    }

    private let storage: Storage

    private init(storage: Storage) { self.storage = storage }

    /// The file cut into parts of consecutive top-level declarations, each
    /// part's walk at least `elements` long (the last may be shorter): the
    /// file itself when it is one part. A part is a `CheckedFile` with some
    /// of the declarations, sharing everything else with the file.
    package func parts(ofAtLeast elements: Int) -> [CheckedFile] {
        let walk = walkIndex
        guard walk.order.count > elements else { return [self] }
        let ends = walk.rootEnds(roots: declarations, in: store)
        guard ends.count == declarations.count else { return [self] }
        var parts: [CheckedFile] = []
        var (firstRoot, firstPosition) = (0, 0)
        for (root, stored) in ends.enumerated() {
            let end = Int(stored)
            guard end - firstPosition >= elements || root == ends.count - 1 else { continue }
            let part = WalkIndex(walk, positions: firstPosition..<end)
            parts.append(CheckedFile(storage: Storage(storage, declarations: firstRoot..<(root + 1), walk: part)))
            (firstRoot, firstPosition) = (root + 1, end)
        }
        return parts
    }

    /// The file with only the declarations `keep` accepts: what the rules
    /// read of a file whose other declarations have language errors. The
    /// rest stay in the store but are neither walked nor found by name.
    package func keepingDeclarations(where keep: (Element) -> Bool) -> CheckedFile {
        var roots: [Int32] = []
        // Reserved: most are kept, and growing by doubling left a file of
        // millions of declarations up to twice their 4 bytes each.
        roots.reserveCapacity(declarations.count)
        var dropped = false
        for declaration in declarations {
            if keep(declaration) { roots.append(Int32(declaration.index)) } else { dropped = true }
        }
        guard dropped else { return self }
        return CheckedFile(storage: Storage(storage, roots: roots))
    }

    init(source: SourceFile, doc: String?, platforms: [Platform], platformsWritten: Bool, imports: [ResolvedImport],
         store: ModelStore, roots: [Int32], syntax: SyntaxFile) {
        storage = Storage(source: source, doc: doc, platforms: platforms, platformsWritten: platformsWritten, imports: imports,
                          store: store, roots: roots, syntax: syntax)
    }

    public var source: SourceFile { storage.source }
    public var doc: String? { storage.doc }
    public var platforms: [Platform] { storage.platforms }
    /// False when no `platforms` directive was written (defaults apply).
    public var platformsWritten: Bool { storage.platformsWritten }
    /// Imported files, as written and as resolved.
    public var imports: [ResolvedImport] { storage.imports }
    public var declarations: Declarations { storage.declarations }

    /// The first top-level declaration of this file named `name` (and of
    /// `kind`, when given). Rules and backends ask this for each `menu:` or
    /// `use` they meet: a scan of the declarations for each made 20,000
    /// context menus naming one menu take 17 s.
    public func declaration(named name: String, kind: ElementKind? = nil) -> Element? {
        storage.declarationsByName.positions(of: name, in: declarations)
            .lazy.map { self.declarations[Int($0)] }
            .first { kind == nil || $0.kind == kind }
    }
    /// The parse tree, for tools that need the exact text (fix-its, formatter).
    public var syntax: SyntaxFile { storage.syntax }
    /// The model the declarations live in (shared by the files of one import group).
    public var store: ModelStore { storage.store }
    package var walkIndex: WalkIndex { storage.walkIndex }
    public func includes(_ platform: Platform.Name) -> Bool {
        platforms.contains { $0.name == platform }
    }

    /// Number of elements the walk visits.
    public var elementCount: Int { walkIndex.order.count }
}

/// A file's top-level declarations: a view of the store, made without
/// copying (a file can hold millions, and a handle each took 16 bytes).
public struct Declarations: RandomAccessCollection, Sendable {
    let store: ModelStore
    /// Their store indices (a part of a file's, for a part of the file).
    let roots: ArraySlice<Int32>

    public var startIndex: Int { 0 }
    public var endIndex: Int { roots.count }

    public subscript(position: Int) -> Element {
        precondition(position >= 0 && position < roots.count, "declaration index out of range")
        return Element(store: store, index: Int(roots[roots.startIndex + position]))
    }

    /// Their store indices, without a handle each.
    package var storeIndices: ArraySlice<Int32> { roots }
}

public struct ResolvedImport: Sendable {
    public var path: String
    public var span: Span
    /// The imported file, when it could be loaded.
    public var file: FileID?

    package init(path: String, span: Span, file: FileID?) {
        self.path = path
        self.span = span
        self.file = file
    }
}
