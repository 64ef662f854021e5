import MenuSupport
import MenuSyntax

/// An element's identifier and how it was obtained.
package struct AssignedID: Hashable, Sendable {
    package var id: String
    package var source: IdentifierSource
}

/// Gives every sibling an identifier: written, derived from the label, or
/// synthetic (kind name plus ordinal) for elements with neither.
///
/// Generic over how identifiers are represented: the resolver assigns
/// interned `TextID`s, the language server's outline plain strings.
package enum IdentifierAssignment {
    struct Candidate<ID: Hashable> {
        var kind: ElementKind
        var explicit: ID?
        var derived: ID?
    }

    /// The identifier of each candidate, in order. `synthetic(kind, n)` names
    /// the n-th element of a kind that has no identifier (`section`, `section2`).
    static func assign<ID: Hashable>(_ candidates: [Candidate<ID>], taken initiallyTaken: Set<ID>,
                                     synthetic: (ElementKind, Int) -> ID) -> [(id: ID, source: IdentifierSource)] {
        func given(_ candidate: Candidate<ID>) -> (id: ID, source: IdentifierSource)? {
            if let explicit = candidate.explicit { return (explicit, .explicit) }
            if let derived = candidate.derived { return (derived, .label) }
            return nil
        }
        // Only synthetic identifiers need to know which are taken. This runs
        // for every body with a section in it: one array is made, the result.
        guard candidates.contains(where: { given($0) == nil }) else { return candidates.compactMap(given) }
        var taken = TakenIDs(initiallyTaken)
        for candidate in candidates {
            if let assigned = given(candidate) { taken.insert(assigned.id) }
        }
        var ordinals = [Int](repeating: 0, count: ElementKind.allCases.count)
        return candidates.map { candidate in
            if let assigned = given(candidate) { return assigned }
            var ordinal = ordinals[candidate.kind.ordinal]
            var id: ID
            repeat {
                ordinal += 1
                id = synthetic(candidate.kind, ordinal)
            } while taken.contains(id)
            ordinals[candidate.kind.ordinal] = ordinal
            taken.insert(id)
            return (id, .synthetic)
        }
    }

    /// Identifiers already given: a list while short (a body's worth,
    /// nearly always: hashing each cost more than the comparisons), a set
    /// once long. Each is kept once — the resolver gives every written name
    /// that can't look synthetic one placeholder id — so the list stays short.
    private struct TakenIDs<ID: Hashable> {
        private var list: [ID] = []
        private var set: Set<ID>

        init(_ initial: Set<ID>) { set = initial }

        func contains(_ id: ID) -> Bool { list.contains(id) || (!set.isEmpty && set.contains(id)) }

        mutating func insert(_ id: ID) {
            guard !contains(id) else { return }
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
    package static func assign(_ elements: [ElementSyntax], taken: Set<String>) -> [AssignedID] {
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
