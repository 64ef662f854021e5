/// `...` typed as three periods instead of the ellipsis character.
struct LabelEllipsisCharacter: Rule {
    let descriptor = RuleDescriptor(
        id: "label-ellipsis-character",
        severity: .warning,
        guideline: Guidelines.menus("Labels"),
        summary: "A label uses three periods (...) instead of the ellipsis character (…).",
        explanation: """
            Menu items and buttons that need more information before they act end in an ellipsis. \
            The ellipsis is one character, `…` (Option-; on a Mac keyboard); three periods render with the wrong \
            spacing and read differently with VoiceOver.
            """,
        quote: "Append an ellipsis to a menu item's label when the action requires more information before it can complete.",
        hasFixIt: true,
        examples: [
            .triggering(#"menu File "File" { item export ↓"Export..." { input: true } }"#,
                        corrected: #"menu File "File" { item export "Export…" { input: true } }"#),
            .triggering(#"menu File "File" { item save ↓"Save As..." { input: true } }"#,
                        corrected: #"menu File "File" { item save "Save As…" { input: true } }"#),
            .passing(#"menu File "File" { item export "Export…" { input: true } }"#),
            .passing(#"menu File "File" { item close "Close" }"#),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        file.walk { element, _ in
            guard element.origin == nil else { return }
            for (text, span) in element.labelTexts where LabelEllipsisCharacter.hasThreePeriods(text) {
                let fixed = file.source.text(of: span).replacingOccurrences(of: "...", with: "…")
                reporter.report("'\(text)' uses three periods instead of an ellipsis", at: span, label: "write … (one character)",
                                element: element, help: "replace '...' with '…'",
                                fixIts: [FixIt(message: "replace '...' with '…'", edits: [TextEdit(span: span, replacement: fixed)])])
            }
        }
    }

    /// A byte scan: much cheaper than Foundation's `contains` on every label.
    static func hasThreePeriods(_ text: String) -> Bool {
        var run = 0
        for byte in text.utf8 {
            run = byte == UInt8(ascii: ".") ? run + 1 : 0
            if run == 3 { return true }
        }
        return false
    }
}
