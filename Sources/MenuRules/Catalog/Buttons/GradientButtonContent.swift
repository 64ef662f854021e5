import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// A gradient button that shows text (macOS).
///
/// Any non-blank label counts, with or without a symbol: gradient buttons
/// show symbols, "not text". Runs when the platforms include macOS. No
/// fix-it: removing the label changes the derived identifier and, without a
/// symbol, would leave the button empty.
struct GradientButtonContent: Rule {
    let scope = RuleScope.declaration
    let descriptor = RuleDescriptor(
        id: "gradient-button-content",
        severity: .warning,
        guideline: Guidelines.buttons("Gradient buttons"),
        summary: "A gradient button shows a text label instead of a symbol.",
        explanation: """
            Gradient buttons are the small square buttons right below a list or table, such as + and − for adding \
            and removing rows. Their closeness to the view already says what they act on, and SF Symbols get the \
            right colors in every state; text doesn't fit their small square shape. Use a symbol \
            (`symbol: "plus"`, `symbol: "minus"`, `symbol: "gearshape"`) and no label; the words a label would \
            have held go in `accessibilityLabel:`, the name VoiceOver speaks.
            """,
        quote: "Gradient buttons contain symbols or interface icons — not text […] Prefer using a symbol in a gradient button.",
        examples: [
            .triggering("""
                platforms macOS 14
                view Accounts "Accounts" {
                  row {
                    button addAccount ↓"Add" { type: gradient; action: addAccount }
                    button removeAccount ↓"Remove" { type: gradient; action: removeAccount }
                  }
                }
                """),
            .triggering("""
                platforms macOS 14
                view Rules "Rules" {
                  button duplicateRule ↓"Duplicate" { type: gradient; symbol: "plus.square.on.square"; action: duplicateRule }
                }
                """),
            .passing("""
                platforms macOS 14
                view Accounts "Accounts" {
                  row {
                    button addAccount { type: gradient; symbol: "plus"; accessibilityLabel: "Add Account"; action: addAccount }
                    button removeAccount { type: gradient; symbol: "minus"; accessibilityLabel: "Remove Account"; action: removeAccount }
                  }
                }
                """),
            .passing("""
                platforms macOS 14
                view Accounts "Accounts" {
                  button editServer "Edit Server Settings…" { type: push; opens: sheet }
                }
                """),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        guard file.includes(.macOS) else { return }
        for (element, _) in file.walk(.button) {
            guard !element.isSpliced, ButtonQueries.isButton(element, ofType: "gradient"),
                  ButtonQueries.hasLabel(element), let span = element.labelSpan else { continue }
            let help = if element.string(.symbol) != nil {
                "remove the label; the symbol is enough"
            } else if let symbol = Self.suggestedSymbol(for: element) {
                "replace the label with a symbol: symbol: \"\(symbol)\""
            } else {
                "replace the label with an SF Symbol that shows the action"
            }
            // The label's words stay the button's name, for VoiceOver.
            let voiceOver = element.has(.accessibilityLabel) ? "" : "; keep its words for VoiceOver: accessibilityLabel: \"\(element.label ?? "")\""
            reporter.report(
                "gradient button '\(element.id)' shows the text '\(element.label ?? "")'; gradient buttons contain symbols, not text",
                at: span, label: "text in a gradient button", element: element, help: help + voiceOver)
        }
    }

    /// The usual symbol for a label's first word: + for adding, − for
    /// removing; nil when there is no usual one.
    private static func suggestedSymbol(for element: Element) -> String? {
        let first = element.label.flatMap { LabelWords.words(in: $0).first }.map { $0.text.lowercased() }
        switch first {
        case "add", "new", "create", "insert": return "plus"
        case "remove", "delete": return "minus"
        default: return nil
        }
    }
}
