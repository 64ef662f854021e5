import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// `...` typed as three periods instead of the ellipsis character.
struct LabelEllipsisCharacter: Rule {
    /// The whole file at once: its per-label memo is sized by the whole file.
    let scope = RuleScope.file

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
        quote: "Append an ellipsis to a menu item’s label when people need to provide additional information before the action can complete. The ellipsis character (…) signals that another view will open in which people can input information or make choices.",
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
        let labels = file.labels
        var threePeriods = LabelMemo(over: file) { labels.hasThreePeriods($0) }
        let store = file.store
        // Elements with a label, or of the kinds with on/off, subtitle or
        // title texts, with a text that uses three periods: asked of the
        // stored record, because a handle for every element cost more than
        // the question.
        let found = file.walk().matching { record in
            guard !record.isSpliced, record.label.exists || record.kind == .toggle || record.kind == .button || record.kind == .pulldown
                || record.kind == .contextmenu else { return false }
            var any = false
            Element.forEachLabelText(of: record, in: store) { _, id in
                if !any, threePeriods[id] { any = true }
            }
            return any
        }
        for (element, _) in found {
            element.forEachLabelText { label in
                guard threePeriods[label.id] else { return }
                let text = label.text
                let span = label.span
                let fixed = file.source.text(of: span).replacingBytes(of: "...", with: "…")
                reporter.report("'\(text)' uses three periods instead of an ellipsis", at: span, label: "write … (one character)",
                                element: element, help: "replace '...' with '…'",
                                fixIts: [FixIt(message: "replace '...' with '…'", edits: [TextEdit(span: span, replacement: fixed)])])
            }
        }
    }
}
