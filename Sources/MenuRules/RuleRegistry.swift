import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// Every guideline rule. Each guideline page's rules are listed, one line
/// per rule, in `Rules/Catalog/<Page>/<Page>Rules.swift`; adding a rule
/// means writing its file there and adding its line to that list.
package enum RuleRegistry {
    package static let all: [any Rule] = pullDownButtonRules + popUpButtonRules + menuRules + buttonRules

    package static func descriptor(_ id: String) -> RuleDescriptor? {
        all.first { $0.descriptor.id == id }?.descriptor
    }
}
