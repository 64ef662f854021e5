@_spi(MenuPipeline) import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// An item that asks for more input, or a macOS button that opens another
/// view, whose label doesn't end in `…`.
struct LabelNeedsEllipsis: Rule {
    let scope = RuleScope.declaration
    let descriptor = RuleDescriptor(
        id: "label-needs-ellipsis",
        severity: .warning,
        guideline: Guidelines.menus("Labels"),
        summary: "An item with `input: true`, or a button that opens another view on macOS, has a label without a trailing ellipsis (…).",
        explanation: """
            The ellipsis at the end of a label tells people that choosing it won't act right away: another view \
            opens in which they provide more information or make choices (Save As…, Print…, Share…). An item \
            marked `input: true` does exactly that, so its label ends in `…`. On macOS the same holds for push \
            buttons that open another window or view (`opens:`): append an ellipsis to the title. Buttons in a \
            toolbar and special button types (close, done, help, …) are left alone, since they don't follow this \
            convention.
            """,
        quote: "Append an ellipsis to a menu item’s label when people need to provide additional information before the action can complete.",
        hasFixIt: true,
        examples: [
            .triggering(#"menu File "File" { item export ↓"Export as PDF" { input: true; action: exportPDF } }"#,
                        corrected: #"menu File "File" { item export "Export as PDF…" { input: true; action: exportPDF } }"#),
            .triggering("""
                platforms macOS 14
                view Accounts "Accounts" {
                  button editServer ↓"Edit Server Settings" { type: push; opens: sheet }
                }
                """, corrected: """
                platforms macOS 14
                view Accounts "Accounts" {
                  button editServer "Edit Server Settings…" { type: push; opens: sheet }
                }
                """),
            .passing(#"menu File "File" { item print "Print…" { input: true; shortcut: "cmd+p" } }"#),
            .passing("""
                platforms iOS 17, iPadOS 17
                view Checkout "Checkout" {
                  button promo "Add Promo Code" { opens: sheet }
                }
                """),
            .passing("""
                platforms macOS 14
                view Library "Library" {
                  toolbar { button share "Share" { symbol: "square.and.arrow.up"; opens: sheet } }
                }
                """),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        let store = file.store
        // Items that ask for input, and buttons: one property test tells
        // most elements apart before a handle is made.
        for (element, ancestors) in file.walk(.item, .button).matching({ !$0.isSpliced && ($0.kind == .button || store.flag(.input, of: $0) == true) }) {
            guard let reason = reason(for: element, ancestors: ancestors, in: file), let labelID = element.labelID else { continue }
            // "..." is label-ellipsis-character's finding; an empty label has nothing to append to.
            // The label's string and span are made only for a finding.
            guard !(Self.plainlyEndsWithEllipsis(labelID, in: store) ?? Self.endsWithEllipsisOrIsBlank(store.text(labelID))),
                  let label = element.label, let span = element.labelSpan else { continue }
            let insertAt = Span(file: span.file, start: span.end - 1, end: span.end - 1)
            reporter.report("\(element.displayName) \(reason), but its label doesn't end with '…'", at: span,
                            label: "add '…'", element: element, help: "write '\(label)…'",
                            fixIts: [FixIt(message: "append '…'", edits: [TextEdit(span: insertAt, replacement: "…")])])
        }
    }

    /// Whether the label, trimmed, is blank or ends in "…" or "...".
    private static func endsWithEllipsisOrIsBlank(_ label: String) -> Bool {
        let trimmed = MenuQueries.trimmed(label)
        return trimmed.isEmpty || trimmed.hasSuffix("…") || trimmed.hasSuffix("...")
    }

    /// `endsWithEllipsisOrIsBlank` read from the label's last bytes when
    /// they settle it — a letter or digit (no), or "…" after one (yes) —
    /// and nil otherwise. Most labels that ask for input are one of these,
    /// and the string functions cost more than the rest of the rule.
    static func plainlyEndsWithEllipsis(_ label: TextID, in store: ModelStore) -> Bool? {
        store.withTextBytes(label) { bytes -> Bool? in
            let count = bytes.count
            guard let last = bytes.last else { return nil }
            if last.isASCIIAlphanumeric { return false }
            // "…" is E2 80 A6; after a letter or digit it is a character of its own.
            if count >= 4, bytes.endsWithEllipsisCharacter, bytes[count - 4].isASCIIAlphanumeric { return true }
            return nil
        }
    }

    /// Why the element needs an ellipsis, or nil when it doesn't.
    private func reason(for element: Element, ancestors: Ancestors, in file: CheckedFile) -> String? {
        switch element.kind {
        case .item:
            return element.flag(.input) == true ? "asks for more information (input: true)" : nil
        case .button:
            guard element.has(.opens), file.includes(.macOS), !ancestors.contains(kind: .toolbar) else { return nil }
            let type = element.symbol(.type) ?? "system"
            return type == "system" || type == "push" ? "opens another view on macOS" : nil
        default:
            return nil
        }
    }
}
