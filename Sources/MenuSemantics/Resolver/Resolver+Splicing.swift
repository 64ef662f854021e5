import MenuSupport
import MenuSyntax

// Splicing: copying a declared menu under the element that uses it, within the depth and size limits.
extension Resolver {
    /// Whether splicing `target`'s items (and `target` itself, `withRoot`)
    /// below a host element `depth` levels deep, whose identifier path is
    /// `path` bytes long, stays within the limits: no element deeper than
    /// `Parser.maximumDepth`, and the group's copies within `spliceBudget`
    /// elements and `spliceByteBudget` bytes. Counts the copies when it
    /// does; reports the splice, naming the chain of menus behind it, when
    /// it doesn't. The target is built, so its shape is known: the answer
    /// doesn't depend on the order the menus are written in.
    func fitsSpliceLimits(_ target: Int32, withRoot: Bool, atDepth depth: UInt16, path: Int, name: String, at span: Span) -> Bool {
        let shape = shape(ofMenu: target)
        let splice = shape.splice(withRoot: withRoot, atDepth: Int(depth), hostPath: path)
        if splice.height > Parser.maximumDepth {
            let chain = spliceChain(to: target) { $0.deepestVia }
            report(.error(.spliceTooLarge, "splicing '\(name)' here nests elements \(splice.height) levels deep (\(chain)); they may nest \(Parser.maximumDepth)",
                          at: span, label: "too deep",
                          notes: ["a spliced menu's items land one level below the element that splices them, with everything the menu splices itself"],
                          help: "splice '\(name)' higher up, or let fewer of these menus splice one another"))
            return false
        }
        if splice.elements > spliceBudget - splicedCount {
            report(.error(.spliceTooLarge, "splicing '\(name)' here would copy more than the \(Self.grouped(spliceBudget)) elements these files may splice",
                          at: span, label: "past the splice limit",
                          notes: ["each splice copies the menu with everything it splices itself, so menus that splice each other several times grow exponentially"],
                          help: "splice the large menu in fewer places, or list what this place needs instead of splicing all of '\(name)'"))
            return false
        }
        if splice.cost > spliceByteBudget - splicedBytes {
            let chain = spliceChain(to: target) { $0.heaviestVia }
            report(.error(.spliceTooLarge, "splicing '\(name)' here would make the copies of these files take more than \(Self.mebibytes(spliceByteBudget)) of output (\(chain))",
                          at: span, label: "past the splice limit",
                          notes: ["each spliced element counts its written text, its identifier path and \(SpliceShape.bytesPerLevel) bytes per level it is nested; the limit is \(Resolver.spliceBytesPerSourceByte) times the size of the files, or \(Self.mebibytes(Resolver.minimumSpliceBytes)) when that is more"],
                          help: "splice '\(name)' in fewer places, higher up, or with shorter identifiers and texts"))
            return false
        }
        splicedCount += splice.elements
        splicedBytes += splice.cost
        building.add(splice, via: target)
        return true
    }

    /// The shape of a built menu, by the model index of its root.
    func shape(ofMenu root: Int32) -> SpliceShape {
        shapeOfMenu[root].map { menuShapes[Int($0)] } ?? SpliceShape()
    }

    /// The chain of menus a splice of `target` brings in, as a message
    /// names it: the declaration being built, `target`, and onwards through
    /// the splice `link` picks in each (`M65 → M64 → … → M1`).
    private func spliceChain(to target: Int32, link: (SpliceShape) -> Int32) -> String {
        var names: [String] = []
        if let host = inProgress.last { names.append(idText(ofTopLevel: host)) }
        var next = target
        // A built menu splices only menus built before it: the links end
        // (the count only guards that).
        while next >= 0, names.count <= menuShapes.count + 1 {
            names.append(idText(next))
            next = link(shape(ofMenu: next))
        }
        return CycleText.chain(names)
    }

    /// 67108864 as "64 MiB".
    private static func mebibytes(_ bytes: Int) -> String { "\(grouped(bytes >> 20)) MiB" }

    /// 1234567 as "1,234,567".
    private static func grouped(_ number: Int) -> String {
        var digits = Array(String(number))
        var index = digits.count - 3
        while index > 0 {
            digits.insert(",", at: index)
            index -= 3
        }
        return String(digits)
    }

    func addOrigin(_ origin: Origin) -> Int32 {
        model.origins.append(origin)
        return Int32(model.origins.count - 1)
    }

    /// Notes that the record about to be appended is a copy spliced by
    /// `origin`: a copy's records follow one another, so this starts a run
    /// only where the origin changes (see `ModelStore.originRuns`).
    private func noteCopy(from origin: Int32) {
        if let last = model.originRuns.last, last.origin == UInt32(origin) { return }
        model.originRuns.append(OriginRun(firstRecord: UInt32(model.records.count), origin: UInt32(origin)))
    }

    /// A spliced copy of `source` and its subtree, marked with where it came
    /// from. Copies share the original's properties.
    func copy(_ source: Int32, origin: Int32, parent: Int32, depth: UInt16) -> Int32 {
        var record = model.records[Int(source)]
        record.isSpliced = true
        noteCopy(from: origin)
        record.parent = parent
        record.depth = depth
        let index = Int32(model.records.count)
        model.records.append(record)
        let copies = self.copies(ofChildrenOf: source, origin: origin, parent: index, depth: depth + 1)
        model.records[Int(index)].firstChild = UInt32(model.children.count)
        model.records[Int(index)].childCount = UInt32(copies.count)
        model.children.append(contentsOf: copies)
        return index
    }

    /// Copies of `source`'s children (see `copy`). The children's indices
    /// are taken out of `model.children` first: a slice of it kept while the
    /// copies append to it made each append copy the whole array, and a
    /// menu of a million spliced elements took seconds.
    func copies(ofChildrenOf source: Int32, origin: Int32, parent: Int32, depth: UInt16) -> [Int32] {
        let children = Array(childIndices(of: source))
        return children.map { copy($0, origin: origin, parent: parent, depth: depth) }
    }

    func origin(of index: Int32) -> Origin? {
        guard model.records[Int(index)].isSpliced else { return nil }
        return ModelStore.origin(of: Int(index), runs: model.originRuns, origins: model.origins)
    }
}
