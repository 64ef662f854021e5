import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// A destructive menu item that acts at once, without asking first.
struct DestructiveNeedsConfirmation: Rule {
    let scope = RuleScope.declaration
    let descriptor = RuleDescriptor(
        id: "destructive-needs-confirmation",
        severity: .warning,
        guideline: Guidelines.pullDown("Best practices"),
        summary: "A destructive menu item has no `confirm:` question.",
        explanation: """
            An item with `role: destructive` can lose people's data. Menus show it in red, but a mis-tap still \
            destroys the data unless people are asked to confirm. Add `confirm:` with the question to ask; \
            the system shows it in an action sheet (iOS), a popover (iPadOS) or an alert, away from the menu, so \
            that people confirm deliberately. This applies in pull-downs and in every other menu. An item with \
            `input: true` is not reported: it opens a dialog before it acts, and that dialog can confirm. Nor is \
            one with `undoable: true` (Move to Trash, Archive): people take it back with Undo; nor, in a macOS \
            menu bar, Move to Trash, which the Mac undoes by convention (Edit › Undo puts the item back).
            """,
        quote: "Let people know when a pull-down button’s menu item is destructive, and ask them to confirm their intent.",
        examples: [
            .triggering("""
                view Note "Note" {
                  button done "Done" { role: primary; action: finish }
                  pulldown more "More" {
                    symbol: "ellipsis.circle"
                    item pin "Pin Note" { symbol: "pin"; action: pin }
                    item lock "Lock Note" { symbol: "lock"; action: lock }
                    item delete ↓"Delete Note" { symbol: "trash"; role: destructive; action: deleteNote }
                  }
                }
                """),
            .triggering("""
                contextmenu photo {
                  item copy "Copy" { symbol: "doc.on.doc"; action: copyPhoto }
                  item favorite "Favorite" { symbol: "heart"; action: favorite }
                  section {
                    item ↓"Delete" { symbol: "trash"; role: destructive; action: deletePhoto }
                  }
                }
                """),
            .passing("""
                view Note "Note" {
                  button done "Done" { role: primary; action: finish }
                  pulldown more "More" {
                    symbol: "ellipsis.circle"
                    item pin "Pin Note" { symbol: "pin"; action: pin }
                    item lock "Lock Note" { symbol: "lock"; action: lock }
                    item delete "Delete Note" { symbol: "trash"; role: destructive; confirm: "Delete this note?"; action: deleteNote }
                  }
                }
                """),
            .passing("""
                menu Account "Account" {
                  item signOut "Sign Out" { action: signOut }
                  item deleteAccount "Delete Account…" { role: destructive; input: true; action: showDeleteAccount }
                }
                """),
            .passing("""
                menu File "File" {
                  item moveToTrash "Move to Trash" { role: destructive; undoable: true; shortcut: "cmd+delete"; action: moveToTrash }
                }
                """),
            .passing("""
                platforms macOS 14
                menubar {
                  menu File "File" {
                    item moveToTrash "Move to Trash" { role: destructive; shortcut: "cmd+delete"; action: moveToTrash }
                  }
                }
                """),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        let store = file.store
        // A written role first: the default role is normal, so most items stop at their record.
        for (element, ancestors) in file.walk(.item).matching({ !$0.isSpliced && store.writtenProperty(.role, of: $0) != nil }) {
            guard element.symbol(.role) == "destructive",
                  element.flag(.input) != true, element.flag(.undoable) != true,
                  !Self.isUndoableByConvention(element, ancestors: ancestors, in: file) else { continue }
            if let question = element.string(.confirm), !question.allSatisfy(\.isWhitespace) { continue }
            var secondary: [LabeledSpan] = []
            if let role = element.property("role")?.valueSpan { secondary.append(LabeledSpan(role, "destructive")) }
            reporter.report("destructive \(element.displayName) acts without asking people to confirm",
                            at: element.focusSpan, label: "no confirmation", element: element, secondary: secondary,
                            help: "add a question to ask first, e.g. confirm: \"\(Self.suggestedQuestion(for: element))\"")
        }
    }

    /// Labels of items the Mac undoes by convention (Finder's Move to
    /// Trash: Edit › Undo puts the item back), lowercased.
    static let undoableLabels: Set<String> = ["move to trash", "move to bin", "move to the trash"]

    /// An item of a macOS menu-bar menu (or a top-level menu, which the menu bar shows) that the Mac undoes by convention.
    static func isUndoableByConvention(_ item: Element, ancestors: Ancestors, in file: CheckedFile) -> Bool {
        guard file.includes(.macOS), let outermost = ancestors.first,
              outermost.kind == .menubar || outermost.kind == .menu,
              let label = ButtonQueries.normalizedLabel(item) else { return false }
        return undoableLabels.contains(label)
    }

    /// A starting point for the question: "Delete Note" → "Delete Note?".
    static func suggestedQuestion(for item: Element) -> String {
        guard let label = PullDownQueries.visibleLabel(of: item) else { return "Are you sure?" }
        return label.trimmingBlanks() + "?"
    }
}
