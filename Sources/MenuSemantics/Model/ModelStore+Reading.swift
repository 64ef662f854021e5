import MenuModel
import MenuSupport
@_spi(MenuPipeline) import MenuSyntax

/// Reading the model record by record, as the backends and the hot rules do.
///
/// The backends write every element of a file, and their output is ten
/// times their input: going through `Element` (which makes a string for
/// each identifier, an array of `Property` for each element and a path by
/// walking up) cost more than writing. These read the store's records and
/// texts directly and hand out bytes, not strings.
extension ModelStore {
    // The three `with…Bytes` readers are called for nearly every element by
    // the rules and backends, in other modules. Swift inlines and
    // specializes a generic function across modules only when it is
    // public, so each is a small public-to-the-pipeline (`@_spi`) inlinable
    // wrapper around a non-generic lookup of where the bytes are: called
    // as `package` generics, every call looked up `Result`'s metadata.

    /// The UTF-8 of an element's identifier: interned, as written in its
    /// file, or derived from its label (see `ElementRecord.id`).
    // An interned identifier or one written in the syntax (nearly all) is
    // read in place; only a derived one goes through `idBytes`, whose
    // returned array took a reference count per read, and the tree's another.
    @_spi(MenuPipeline) @inlinable
    public func withIDBytes<Result>(of record: ElementRecord, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if record.id.exists { return withTextBytes(record.id, body) }
        if record.idSource != .label {
            let tree = trees[Int(record.file)]
            let name = tree.name(ofElement: Int(record.syntax))
            return tree.file.bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[Int(name.start)..<Int(name.end)])) }
        }
        let (bytes, range) = idBytes(of: record)
        return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// The UTF-8 of an interned text.
    @_spi(MenuPipeline) @inlinable
    public func withTextBytes<Result>(_ id: TextID, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let index = Int(id.rawValue)
        let range = Int(texts.interner.offsets[index])..<Int(texts.interner.offsets[index + 1])
        return texts.interner.bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// The UTF-8 of a string, number, symbol or reference value (what
    /// `Element.text(of:)` returns as a string).
    @_spi(MenuPipeline) @inlinable
    public func withValueBytes<Result>(of stored: PropertyRecord, in record: ElementRecord, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let (bytes, range) = valueBytes(of: stored, in: record)
        return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// The array holding an element's identifier, and where in it.
    @_spi(MenuPipeline) public func idBytes(of record: ElementRecord) -> (bytes: [UInt8], range: Range<Int>) {
        if record.id.exists { return textBytes(record.id) }
        if record.idSource == .label {
            let (bytes, range) = textBytes(record.label)
            let derived = bytes.withUnsafeBufferPointer { IdentifierDerivation.derive(fromUTF8: UnsafeBufferPointer(rebasing: $0[range])) } ?? []
            return (derived, 0..<derived.count)
        }
        let tree = tree(of: record)
        let name = tree.name(ofElement: Int(record.syntax))
        return (tree.file.bytes, Int(name.start)..<Int(name.end))
    }

    /// The array holding an interned text, and where in it.
    @_spi(MenuPipeline) public func textBytes(_ id: TextID) -> (bytes: [UInt8], range: Range<Int>) {
        (texts.bytes, texts.byteRange(id))
    }

    /// The array holding a value's text, and where in it.
    @_spi(MenuPipeline) public func valueBytes(of stored: PropertyRecord, in record: ElementRecord) -> (bytes: [UInt8], range: Range<Int>) {
        if stored.payload != PropertyRecord.textInSource { return textBytes(TextID(stored.payload)) }
        let tree = tree(of: record)
        let range = tree.values[Int(tree.properties[Int(stored.syntax)].value)].range
        return (tree.file.bytes, Int(range.start)..<Int(range.end))
    }

    /// `Element.symbol(name)` as bytes: a written symbol or reference, else
    /// (not written) the kind's default; nil when neither (or written as
    /// another kind of value).
    @inline(__always)
    func withSymbol<Result>(_ name: PropertyName, of record: ElementRecord, _ body: (UnsafeBufferPointer<UInt8>?) -> Result) -> Result {
        if let stored = writtenProperty(name, of: record) {
            guard stored.kind == .symbol || stored.kind == .reference else { return body(nil) }
            return withValueBytes(of: stored, in: record) { body($0) }
        }
        guard var text = PropertyCatalog.defaultValue(name, for: record.kind, in: record.context)?.name else { return body(nil) }
        return text.withUTF8 { body($0) }
    }

    /// `Element.string(name)`: written (an interned text), else the kind's
    /// default (the catalog has none, but the answer stays exact if it gets one).
    @inline(__always)
    func string(_ name: PropertyName, of record: ElementRecord) -> TextValue? {
        if let stored = writtenProperty(name, of: record) { return stored.kind == .string ? .interned(TextID(stored.payload)) : nil }
        return PropertyCatalog.defaultValue(name, for: record.kind, in: record.context)?.stringValue.map(TextValue.other)
    }

    /// `Element.bool(name)`: written, else the kind's default.
    @inline(__always)
    package func flag(_ name: PropertyName, of record: ElementRecord) -> Bool? {
        if let stored = writtenProperty(name, of: record) { return stored.kind == .bool ? stored.payload != 0 : nil }
        return PropertyCatalog.defaultFlag(name, for: record.kind, in: record.context)
    }

    /// The names written on the element as a bit mask (bit `rawValue`:
    /// names are below 64), and whether one of them is written twice.
    // Inlinable (so public to the pipeline) for `NamesInOrder`, which the backends inline.
    @_spi(MenuPipeline) @inlinable @inline(__always)
    public func writtenNames(of record: ElementRecord) -> (names: UInt64, repeated: Bool) {
        var names: UInt64 = 0
        var repeated = false
        let first = Int(record.firstProperty)
        for index in first..<(first + Int(record.propertyCount)) {
            let bit = UInt64(1) << UInt64(properties[index].name.rawValue)
            if names & bit != 0 { repeated = true }
            names |= bit
        }
        return (names, repeated)
    }

    /// The property of that name written on the element, if any.
    // The rules ask it of nearly every element they look at, from other
    // modules: inlinable (so public to the pipeline) to scan in place.
    @_spi(MenuPipeline) @inlinable @inline(__always)
    public func writtenProperty(_ name: PropertyName, of record: ElementRecord) -> PropertyRecord? {
        var index = Int(record.firstProperty)
        let end = index + Int(record.propertyCount)
        while index < end {
            let stored = properties[index]
            if stored.name == name { return stored }
            index += 1
        }
        return nil
    }
}

/// An element's properties in name order — each written one, and the
/// kind's defaults for the names not written — as the JSON and Swift
/// backends write them: names are below 64 and a kind has at most one
/// default per name, so both are bit masks and the properties come out in
/// the order of the bits of their union. Nil when a name is written twice
/// (an error, so never in a backend's input): `PropertyMerge` keeps both.
// The JSON and Swift backends walk every element's names with it, in
// another module: public to the pipeline and inlinable, to run in place.
@_spi(MenuPipeline) public struct NamesInOrder {
    @usableFromInline let store: ModelStore
    @usableFromInline let first: Int
    /// The names written on the element (bit `rawValue`).
    @usableFromInline let written: UInt64
    /// Names not yet returned.
    @usableFromInline var left: UInt64

    @inlinable
    public init?(_ record: ElementRecord, of store: ModelStore, defaults: UInt64) {
        self.store = store
        first = Int(record.firstProperty)
        let (written, repeated) = store.writtenNames(of: record)
        guard !repeated else { return nil }
        self.written = written
        left = written | defaults
    }

    /// Whether nothing is left to return (before the first `next()`: the element has no properties at all).
    @inlinable
    public var isEmpty: Bool { left == 0 }

    /// The next name's raw value, and the index in `store.properties` of
    /// its written property (nil: the kind's default).
    @inlinable
    public mutating func next() -> (name: Int, written: Int?)? {
        guard left != 0 else { return nil }
        let name = left.trailingZeroBitCount
        left &= left - 1
        guard written & (UInt64(1) << UInt64(name)) != 0 else { return (name, nil) }
        var index = first
        while Int(store.properties[index].name.rawValue) != name { index += 1 }
        return (name, index)
    }
}

/// One element's properties read as the `ModelStore` helpers read them,
/// after one pass that notes which names are written and which have a
/// default: a name that is neither is answered without a look, and one
/// that is only a default without scanning the written ones.
///
/// A menu table's row asks for nine names, most neither written nor
/// defaulted; through the helpers each was a scan of the element's
/// properties and most a look in the catalog.
// The pictures and the Markdown page ask it of every entry, from another
// module: public to the pipeline and inlinable, so that the bit tests and
// the scan of the written properties run in place (as calls, they were a
// tenth of laying out a menu). Defaults stay calls into the catalog.
@_spi(MenuPipeline) public struct ElementProperties {
    @usableFromInline let store: ModelStore
    @usableFromInline let record: ElementRecord
    /// The names written on the element (bit `rawValue`).
    @usableFromInline let written: UInt64
    /// The names with a default on its kind in its context (bit `rawValue`).
    @usableFromInline let defaults: UInt64
    /// Those of `defaults` that are Booleans, and those that are `true`.
    @usableFromInline let flagDefaults: UInt64
    @usableFromInline let trueDefaults: UInt64

    @inlinable
    public init(_ record: ElementRecord, of store: ModelStore) {
        self.store = store
        self.record = record
        written = store.writtenNames(of: record).names
        (defaults, flagDefaults, trueDefaults) = ElementProperties.defaultMasks(of: record)
    }

    @usableFromInline
    static func defaultMasks(of record: ElementRecord) -> (names: UInt64, flags: UInt64, trueFlags: UInt64) {
        PropertyCatalog.defaultMasks(for: record.kind, in: record.context)
    }

    @inlinable @inline(__always)
    static func bit(_ name: PropertyName) -> UInt64 { UInt64(1) << UInt64(name.rawValue) }

    /// Whether `name` is written on the element.
    @inlinable @inline(__always)
    public func isWritten(_ name: PropertyName) -> Bool { written & ElementProperties.bit(name) != 0 }

    /// Whether `name` is written or has a default: else every helper answers nil.
    @inlinable @inline(__always)
    public func isSet(_ name: PropertyName) -> Bool { (written | defaults) & ElementProperties.bit(name) != 0 }

    /// `ModelStore.flag(_:of:)`.
    @inlinable @inline(__always)
    public func flag(_ name: PropertyName) -> Bool? {
        if isWritten(name) {
            guard let stored = store.writtenProperty(name, of: record), stored.kind == .bool else { return nil }
            return stored.payload != 0
        }
        guard flagDefaults & ElementProperties.bit(name) != 0 else { return nil }
        return trueDefaults & ElementProperties.bit(name) != 0
    }

    /// `ModelStore.withSymbol(_:of:_:)`.
    @inlinable @inline(__always)
    public func withSymbol<Result>(_ name: PropertyName, _ body: (UnsafeBufferPointer<UInt8>?) -> Result) -> Result {
        if isWritten(name) {
            guard let stored = store.writtenProperty(name, of: record), stored.kind == .symbol || stored.kind == .reference else { return body(nil) }
            return store.withValueBytes(of: stored, in: record) { body($0) }
        }
        guard isSet(name), var text = defaultSymbol(name) else { return body(nil) }
        return text.withUTF8 { body($0) }
    }

    @usableFromInline
    func defaultSymbol(_ name: PropertyName) -> String? {
        PropertyCatalog.defaultValue(name, for: record.kind, in: record.context)?.name
    }

    /// `ModelStore.string(_:of:)`.
    @inlinable @inline(__always)
    public func string(_ name: PropertyName) -> TextValue? {
        if isWritten(name) {
            guard let stored = store.writtenProperty(name, of: record), stored.kind == .string else { return nil }
            return .interned(TextID(stored.payload))
        }
        guard isSet(name) else { return nil }
        return defaultString(name)
    }

    @usableFromInline
    func defaultString(_ name: PropertyName) -> TextValue? {
        PropertyCatalog.defaultValue(name, for: record.kind, in: record.context)?.stringValue.map(TextValue.other)
    }

    /// `Element.shortcutIndex`: the written shortcut's index among the
    /// store's distinct shortcuts.
    @inlinable
    public var shortcutIndex: Int? {
        guard isWritten(.shortcut), let stored = store.writtenProperty(.shortcut, of: record), stored.kind == .shortcut else { return nil }
        return Int(stored.payload)
    }
}

/// A string value of the model: interned (most), or made (a default).
@_spi(MenuPipeline) public enum TextValue {
    case interned(TextID)
    case other(String)
}

/// An element's properties in name order, as `Element.properties` lists
/// them: the written ones and, for the names not written, the defaults of
/// its kind — without making the list.
///
/// Names are below 64, so the written names not yet visited are one bit
/// mask, and merging with the (sorted) defaults is a comparison per step.
/// A name written twice (an error, so never in a backend's input) takes a
/// sorted copy instead, which keeps both as the list would.
package struct PropertyMerge {
    /// The next property: its name, and the written record if written
    /// (else it is the kind's default).
    package struct Entry {
        package var name: PropertyName
        package var written: PropertyRecord?
    }

    private let store: ModelStore
    private let first: Int
    private let end: Int
    /// Default names not yet returned or hidden by a written one (bit
    /// `rawValue`): an integer, where the list of defaults cost two
    /// reference counts per element.
    private var defaultsLeft: UInt64
    /// Written names not yet returned (bit `rawValue`).
    private var pending: UInt64 = 0
    /// Only when a name is written twice: the written records sorted by name.
    private var sorted: ArraySlice<PropertyRecord>?
    /// Whether there are no properties at all.
    package let isEmpty: Bool

    package init(store: ModelStore, record: ElementRecord) {
        self.store = store
        first = Int(record.firstProperty)
        end = first + Int(record.propertyCount)
        defaultsLeft = PropertyCatalog.defaultNames(for: record.kind, in: record.context)
        isEmpty = first == end && defaultsLeft == 0
        let (written, repeated) = store.writtenNames(of: record)
        pending = written
        if repeated {
            // Swift's sort is stable: equal names keep their written order.
            sorted = store.properties[first..<end].sorted { $0.name < $1.name }[...]
        }
    }

    // One function, without calls to non-mutating helpers: those would copy the merge.
    package mutating func next() -> Entry? {
        let writtenName: PropertyName?
        if let sorted {
            writtenName = sorted.first?.name
        } else {
            writtenName = pending == 0 ? nil : PropertyName(rawValue: UInt8(pending.trailingZeroBitCount))
        }
        if defaultsLeft != 0, let defaultName = PropertyName(rawValue: UInt8(defaultsLeft.trailingZeroBitCount)),
           writtenName.map({ defaultName < $0 }) ?? true {
            defaultsLeft &= defaultsLeft - 1
            return Entry(name: defaultName, written: nil)
        }
        guard let writtenName else { return nil }
        // A written property hides its default.
        defaultsLeft &= ~(UInt64(1) << UInt64(writtenName.rawValue))
        if sorted != nil { return Entry(name: writtenName, written: sorted!.removeFirst()) }
        pending &= ~(UInt64(1) << UInt64(writtenName.rawValue))
        var index = first
        while store.properties[index].name != writtenName { index += 1 }
        return Entry(name: writtenName, written: store.properties[index])
    }
}
