import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

extension RuleRegistry {
    /// The rules of this guideline page, one line each.
    static let pullDownButtonRules: [any Rule] = [
        PulldownTooFewItems(),
        PulldownTooManyItems(),
        MenuTooManyGroups(),
        PulldownHoldsAllActions(),
        DestructiveNeedsConfirmation(),
        DestructiveItemRole(),
        RedundantMenuTitle(),
        SubmenuNeedsLabel(),
        MoreButtonSymbol(),
        UnsupportedOnPlatform(),
    ]
}
