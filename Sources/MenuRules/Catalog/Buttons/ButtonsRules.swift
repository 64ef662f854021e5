import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

extension RuleRegistry {
    /// The rules of this guideline page, one line each.
    static let buttonRules: [any Rule] = [
        ButtonNeedsContent(),
        HitTargetTooSmall(),
        TooManyFilledButtons(),
        DestructivePrimary(),
        MultiplePrimary(),
        MissingPrimary(),
        CloseAndDone(),
        CloseWithOpposingActions(),
        StyleNotSize(),
        SubtitleWithoutLabel(),
        SubtitleRepeatsLabel(),
        ToggleButtonColorOnly(),
        ToggleButtonActions(),
        InfoButtonNavigates(),
        CommonSymbolMisuse(),
        HelpButtonCount(),
        HelpButtonPlacement(),
        GradientButtonContent(),
        GradientButtonPlacement(),
        ImageButtonPlacement(),
        ImageButtonPadding(),
        WatchButtonCornerRadius(),
        WatchRowHeights(),
    ]
}
