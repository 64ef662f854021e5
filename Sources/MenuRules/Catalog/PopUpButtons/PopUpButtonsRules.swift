import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

extension RuleRegistry {
    /// The rules of this guideline page, one line each.
    static let popUpButtonRules: [any Rule] = [
        PopupNotFlat(),
        PopupMultipleSelection(),
        PopupMissingDefault(),
        PopupDefaultDisabled(),
        PopupDuplicateOption(),
        PopupNeedsContext(),
        PopupTooFewOptions(),
    ]
}
