import MenuSyntax

extension CheckedFile {
    /// Visits every element depth-first in source order with its ancestors
    /// (outermost first). Spliced copies are visited too; rules about one
    /// element usually skip them (`element.isSpliced`), because the
    /// declaration they came from is checked where it is written.
    public func walk(_ visit: (Element, Ancestors) -> Void) {
        let store = store
        for index in walkIndex.order {
            let record = store.records[Int(index)]
            visit(Element(store: store, index: Int(index)), Ancestors(store: store, parent: record.parent, count: Int(record.depth)))
        }
    }

    /// Visits the elements of these kinds, in the same order as `walk`.
    /// Most rules look at a few kinds; this visits only those.
    public func walk(_ kinds: ElementKind..., visit: (Element, Ancestors) -> Void) {
        let store = store
        let order = walkIndex.order
        for position in walkIndex.positions(of: kinds) {
            let index = order[Int(position)]
            let record = store.records[Int(index)]
            visit(Element(store: store, index: Int(index)), Ancestors(store: store, parent: record.parent, count: Int(record.depth)))
        }
    }

    /// Visits, in walk order, the elements of these kinds whose stored
    /// record passes `include` — a test made before any handle is or
    /// `visit` is called: for rules that look at a few of many items
    /// (a closure call per item cost more than most rules' test).
    package func walk(_ kinds: ElementKind..., where include: (ElementRecord) -> Bool, visit: (Element, Ancestors) -> Void) {
        let store = store
        let order = walkIndex.order
        for position in walkIndex.positions(of: kinds) {
            let index = order[Int(position)]
            let record = store.records[Int(index)]
            guard include(record) else { continue }
            visit(Element(store: store, index: Int(index)), Ancestors(store: store, parent: record.parent, count: Int(record.depth)))
        }
    }

    /// The store indices of the elements of these kinds, in the same order
    /// as `walk`: for rules that keep state from one element to the next.
    /// A plain loop over these, with that state in a struct, is cheaper than
    /// `walk`: a closure that mutates state it captures pays a dynamic
    /// exclusivity check on each access.
    package func storeIndices(of kinds: ElementKind...) -> WalkedIndices {
        WalkedIndices(order: walkIndex.order, positions: walkIndex.positions(of: kinds))
    }

    /// Visits, in walk order, the elements whose stored record passes
    /// `include` — a test on kind, origin or counts made before any handle
    /// is: for questions about a few elements among all (spliced ones, empty ones).
    package func walk(matching include: (ElementRecord) -> Bool, _ visit: (Element, Ancestors) -> Void) {
        let store = store
        for index in walkIndex.order {
            let record = store.records[Int(index)]
            guard include(record) else { continue }
            visit(Element(store: store, index: Int(index)), Ancestors(store: store, parent: record.parent, count: Int(record.depth)))
        }
    }

    /// All elements, depth-first, that satisfy `predicate`.
    public func elements(where predicate: (Element) -> Bool) -> [Element] {
        var result: [Element] = []
        walk { element, _ in if predicate(element) { result.append(element) } }
        return result
    }

    /// The elements of these kinds, in walk order.
    public func elements(_ kinds: ElementKind...) -> [Element] {
        let order = walkIndex.order
        return walkIndex.positions(of: kinds).map { Element(store: store, index: Int(order[Int($0)])) }
    }
}
