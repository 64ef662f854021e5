/// An element's identifier and how it was obtained.
struct AssignedID: Hashable, Sendable {
    var id: String
    var source: IdentifierSource
}

/// Gives every sibling an identifier: written, derived from the label, or
/// synthetic (kind name plus ordinal) for elements with neither.
enum IdentifierAssignment {
    struct Candidate {
        var kind: ElementKind
        var explicit: String?
        var derived: String?

        init(syntax: ElementSyntax) {
            kind = syntax.kind
            explicit = syntax.name?.text
            guard explicit == nil else { return }
            // A changeable-title toggle has no label: derive from its "off" (then "on") text.
            let labelText = syntax.label?.value ?? Candidate.stringProperty("off", in: syntax) ?? Candidate.stringProperty("on", in: syntax)
            derived = labelText.flatMap(IdentifierDerivation.derive(from:))
        }

        private static func stringProperty(_ name: String, in syntax: ElementSyntax) -> String? {
            for case .property(let property) in syntax.body?.members ?? [] where property.name.text == name {
                if case .string(let literal) = property.value { return literal.value }
            }
            return nil
        }
    }

    static func assign(_ candidates: [Candidate], taken initiallyTaken: Set<String>) -> [AssignedID] {
        var result: [AssignedID?] = Array(repeating: nil, count: candidates.count)
        var taken = initiallyTaken
        for (index, candidate) in candidates.enumerated() {
            if let explicit = candidate.explicit {
                result[index] = AssignedID(id: explicit, source: .explicit)
            } else if let derived = candidate.derived {
                result[index] = AssignedID(id: derived, source: .label)
            }
            if let id = result[index]?.id { taken.insert(id) }
        }
        var ordinals: [ElementKind: Int] = [:]
        for (index, candidate) in candidates.enumerated() where result[index] == nil {
            var ordinal = ordinals[candidate.kind, default: 0]
            var id: String
            repeat {
                ordinal += 1
                id = ordinal == 1 ? candidate.kind.rawValue : "\(candidate.kind.rawValue)\(ordinal)"
            } while taken.contains(id)
            ordinals[candidate.kind] = ordinal
            taken.insert(id)
            result[index] = AssignedID(id: id, source: .synthetic)
        }
        return result.map { $0 ?? AssignedID(id: "_", source: .synthetic) }
    }
}
