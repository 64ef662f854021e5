import MenuSupport
import MenuSyntax
import MenuSemantics

/// Every guideline rule. Each guideline page's rules are listed, one line
/// per rule, in `Rules/Catalog/<Page>/<Page>Rules.swift`; adding a rule
/// means writing its file there and adding its line to that list.
public enum RuleRegistry {
    public static let all: [any Rule] = pullDownButtonRules + popUpButtonRules + menuRules + buttonRules

    public static func descriptor(_ id: String) -> RuleDescriptor? {
        all.first { $0.descriptor.id == id }?.descriptor
    }
}
