import MenuCompiler
import MenuSupport
import MenuSyntax
import MenuFormatter
@_spi(MenuPipeline) import MenuSemantics

/// Identifiers among siblings: each element gets the one it asks for, or,
/// when a sibling has it already, that name with the first free number
/// after it (`close2`), so an import never has duplicate identifiers.
struct SiblingNames {
    private var taken: Set<String>
    /// The next number to try after each name: many siblings of one title
    /// then cost one step each, not one per sibling before them.
    private var nextNumber: [String: Int] = [:]

    init(reserved: Set<String> = []) {
        taken = reserved
    }

    /// `wanted`, or a numbered variant when it is taken; the second value
    /// says whether it had to be numbered.
    mutating func claim(_ wanted: String) -> (name: String, renamed: Bool) {
        if taken.insert(wanted).inserted { return (wanted, false) }
        var number = nextNumber[wanted] ?? 2
        while !taken.insert("\(wanted)\(number)").inserted { number += 1 }
        nextNumber[wanted] = number + 1
        return ("\(wanted)\(number)", true)
    }

    /// The identifier an element asks for: an Interface Builder identifier
    /// that is one in the language, else one derived from it or from the
    /// title (`"Open Recent…"` → `openRecent`); `fallback` when neither has
    /// ASCII letters or digits. `upper`: UpperCamelCase, as menus are named.
    static func wanted(identifier: String?, title: String, fallback: String, upper: Bool) -> (name: String, from: Source) {
        if let identifier, !identifier.isEmpty {
            if IdentifierDerivation.isIdentifier(identifier) { return (identifier, .identifier) }
            if let derived = IdentifierDerivation.derive(from: identifier) { return (cased(derived, upper: upper), .changedIdentifier) }
        }
        if let derived = IdentifierDerivation.derive(from: title) { return (cased(derived, upper: upper), .title) }
        return (fallback, .fallback)
    }

    enum Source: Equatable {
        case identifier
        /// The file's identifier is not one of the language's: derived from it.
        case changedIdentifier
        case title
        /// Nothing to derive from.
        case fallback
    }

    static func cased(_ name: String, upper: Bool) -> String {
        guard upper, let first = name.first, first != "_" else { return name }
        return first.uppercased() + name.dropFirst()
    }
}
