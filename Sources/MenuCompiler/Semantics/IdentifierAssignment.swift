/// An element's identifier and how it was obtained.
struct AssignedID: Hashable, Sendable {
    var id: String
    var source: IdentifierSource
}

/// Gives every sibling an identifier: written, derived from the label, or
/// synthetic (kind name plus ordinal) for elements with neither.
///
/// Generic over how identifiers are represented: the resolver assigns
/// interned `TextID`s, the language server's outline plain strings.
enum IdentifierAssignment {
    struct Candidate<ID: Hashable> {
        var kind: ElementKind
        var explicit: ID?
        var derived: ID?
    }

    /// The identifier of each candidate, in order. `synthetic(kind, n)` names
    /// the n-th element of a kind that has no identifier (`section`, `section2`).
    static func assign<ID: Hashable>(_ candidates: [Candidate<ID>], taken initiallyTaken: Set<ID>,
                                     synthetic: (ElementKind, Int) -> ID) -> [(id: ID, source: IdentifierSource)] {
        var result: [(id: ID, source: IdentifierSource)?] = []
        result.reserveCapacity(candidates.count)
        var needsSynthetic = false
        for candidate in candidates {
            if let explicit = candidate.explicit {
                result.append((explicit, .explicit))
            } else if let derived = candidate.derived {
                result.append((derived, .label))
            } else {
                result.append(nil)
                needsSynthetic = true
            }
        }
        // Only synthetic identifiers need to know which are taken.
        guard needsSynthetic else { return result.map { $0! } }
        var taken = TakenIDs(initiallyTaken)
        for case let assigned? in result { taken.insert(assigned.id) }
        var ordinals = [Int](repeating: 0, count: ElementKind.allCases.count)
        for (index, candidate) in candidates.enumerated() where result[index] == nil {
            var ordinal = ordinals[candidate.kind.ordinal]
            var id: ID
            repeat {
                ordinal += 1
                id = synthetic(candidate.kind, ordinal)
            } while taken.contains(id)
            ordinals[candidate.kind.ordinal] = ordinal
            taken.insert(id)
            result[index] = (id, .synthetic)
        }
        return result.map { $0! }
    }

    /// Identifiers already given: a list while short (a body's worth,
    /// nearly always: hashing each cost more than the comparisons), a set
    /// once long.
    private struct TakenIDs<ID: Hashable> {
        private var list: [ID] = []
        private var set: Set<ID>

        init(_ initial: Set<ID>) { set = initial }

        func contains(_ id: ID) -> Bool { set.contains(id) || list.contains(id) }

        mutating func insert(_ id: ID) {
            if list.count < 16 {
                list.append(id)
            } else {
                set.insert(id)
            }
        }
    }

    /// `section`, `section2`, …
    static func syntheticName(_ kind: ElementKind, _ ordinal: Int) -> String {
        ordinal == 1 ? kind.rawValue : "\(kind.rawValue)\(ordinal)"
    }

    /// Identifiers as strings, for tools reading the syntax tree.
    static func assign(_ elements: [ElementSyntax], taken: Set<String>) -> [AssignedID] {
        assign(elements.map(candidate), taken: taken, synthetic: syntheticName).map { AssignedID(id: $0.id, source: $0.source) }
    }

    private static func candidate(_ syntax: ElementSyntax) -> Candidate<String> {
        if let name = syntax.name?.text { return Candidate(kind: syntax.kind, explicit: name, derived: nil) }
        // A changeable-title toggle has no label: derive from its "off" (then "on") text.
        let labelText = syntax.label?.value ?? stringProperty("off", in: syntax) ?? stringProperty("on", in: syntax)
        return Candidate(kind: syntax.kind, explicit: nil, derived: labelText.flatMap(IdentifierDerivation.derive(from:)))
    }

    private static func stringProperty(_ name: String, in syntax: ElementSyntax) -> String? {
        for case .property(let property) in syntax.body?.members ?? [] where property.name.text == name {
            if case .string(let literal) = property.value { return literal.value }
        }
        return nil
    }
}
