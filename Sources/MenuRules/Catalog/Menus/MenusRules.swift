import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

extension RuleRegistry {
    /// The rules of this guideline page, one line each.
    static let menuRules: [any Rule] = [
        EmptyMenu(),
        LabelEllipsisCharacter(),
        LabelNeedsEllipsis(),
        LabelArticle(),
        LabelTitleCase(),
        LabelStartsWithVerb(),
        ContextMenuShortcut(),
        DisabledMenu(),
        MenuTooLong(),
        SubmenuTooDeep(),
        SubmenuTooLong(),
        SuggestSubmenu(),
        ToggleLabels(),
        ToggleLabelUnused(),
        TogglePairAmbiguous(),
        DuplicateShortcut(),
        DuplicateLabel(),
        SmallLayoutNeedsSymbols(),
        UnlabeledItem(),
        LabelIndented(),
    ]
}
