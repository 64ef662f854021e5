import MenuSyntax

extension CheckedFile {
    /// The file's elements of these kinds (every element when none is
    /// named), depth-first in source order, each with its ancestors
    /// (outermost first):
    ///
    ///     for (element, ancestors) in file.walk(.item, .submenu).matching({ !$0.isSpliced }) { … }
    ///
    /// Spliced copies are visited too; rules about one element usually skip
    /// them (`element.isSpliced`), because the declaration they came from
    /// is checked where it is written. Each kind's positions are listed
    /// once per file, so a rule that looks at pop-ups visits pop-ups only.
    /// A plain loop keeps a rule's state in local variables, which a
    /// closure that captured them would check for exclusive access on each
    /// use; `matching(_:)` leaves out, by their stored records, elements
    /// not worth a handle.
    @_spi(MenuPipeline) public func walk(_ kinds: ElementKind...) -> Walk {
        let walkIndex = walkIndex
        return Walk(store: store, order: walkIndex.order, positions: kinds.isEmpty ? nil : walkIndex.positions(of: kinds))
    }
}

/// The model's element, by a name that `Walk`'s own `Element` (the
/// sequence's element type) does not hide, without naming the module.
@_spi(MenuPipeline) public typealias WalkedElement = Element

/// Some of a file's elements in walk order, with their ancestors: what
/// `CheckedFile.walk(_:)` returns.
///
/// Inlinable: the rules and backends that loop over it live in other
/// modules, and a call per element across the module boundary cost more
/// than most rules' test of the element.
@_spi(MenuPipeline) public struct Walk: Sequence, Sendable {
    @usableFromInline let store: ModelStore
    /// Store indices of the file's elements, in walk order.
    @usableFromInline let order: ArraySlice<Int32>
    /// Positions in `order` of the elements walked; nil: all of them.
    @usableFromInline let positions: ArraySlice<Int32>?

    @usableFromInline
    init(store: ModelStore, order: ArraySlice<Int32>, positions: ArraySlice<Int32>?) {
        self.store = store
        self.order = order
        self.positions = positions
    }

    /// How many elements it visits.
    @inlinable
    public var underestimatedCount: Int { positions?.count ?? order.count }

    /// The elements of this walk whose stored record passes `include`,
    /// tested before any handle is made: for rules that look at a few of
    /// many elements, where making each handle (a reference count on the
    /// store, and another for its ancestors) cost more than the test.
    @inlinable
    public func matching(_ include: (ElementRecord) -> Bool) -> Walk {
        let records = store.records
        var kept: [Int32] = []
        if let positions {
            for position in positions where include(records[Int(order[Int(position)])]) { kept.append(position) }
        } else {
            for position in order.indices where include(records[Int(order[position])]) { kept.append(Int32(position)) }
        }
        return Walk(store: store, order: order, positions: kept[...])
    }

    @inlinable
    public func makeIterator() -> Iterator {
        Iterator(store: store, order: order, positions: positions)
    }

    public struct Iterator: IteratorProtocol {
        @usableFromInline let store: ModelStore
        @usableFromInline let order: ArraySlice<Int32>
        @usableFromInline let positions: ArraySlice<Int32>?
        /// The next position in `positions` (or in `order` when it is nil).
        @usableFromInline var position: Int

        @inlinable
        init(store: ModelStore, order: ArraySlice<Int32>, positions: ArraySlice<Int32>?) {
            self.store = store
            self.order = order
            self.positions = positions
            position = positions?.startIndex ?? order.startIndex
        }

        @inlinable
        public mutating func next() -> (element: WalkedElement, ancestors: Ancestors)? {
            let index: Int32
            if let positions {
                guard position < positions.endIndex else { return nil }
                index = order[Int(positions[position])]
            } else {
                guard position < order.endIndex else { return nil }
                index = order[position]
            }
            position += 1
            let record = store.records[Int(index)]
            let element = WalkedElement(store: store, index: Int(index))
            let ancestors = Ancestors(store: store, parent: record.parent, count: Int(record.depth))
            return (element, ancestors)
        }
    }
}
