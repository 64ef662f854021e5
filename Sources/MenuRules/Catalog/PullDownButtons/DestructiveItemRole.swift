import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// A pull-down item that destroys data without `role: destructive`.
struct DestructiveItemRole: Rule {
    let scope = RuleScope.declaration
    let descriptor = RuleDescriptor(
        id: "destructive-item-role",
        severity: .warning,
        guideline: Guidelines.pullDown("Best practices"),
        summary: "An item of a pull-down button's menu is labelled as a destructive action (Delete, Erase, Empty Trash…) but lacks `role: destructive`.",
        explanation: """
            The destructive role is how a menu lets people know an item destroys data: the system draws it in \
            red. An item whose label deletes, erases, discards or empties something, written without \
            `role: destructive`, looks like any other and is chosen as lightly. Give it `role: destructive` \
            (and a `confirm:` question, or `undoable: true` when it can be undone). Only items written in a \
            pull-down are judged: a menu-bar menu's Delete is the Mac's standard editing command.
            """,
        quote: "Let people know when a pull-down button’s menu item is destructive, and ask them to confirm their intent.",
        examples: [
            .triggering("""
                view Note "Note" {
                  pulldown more "More" {
                    symbol: "ellipsis.circle"
                    item pin "Pin Note" { symbol: "pin"; action: pin }
                    item lock "Lock Note" { symbol: "lock"; action: lock }
                    item delete ↓"Delete Note" { symbol: "trash"; confirm: "Delete this note?"; action: deleteNote }
                  }
                }
                """),
            .passing("""
                view Note "Note" {
                  pulldown more "More" {
                    symbol: "ellipsis.circle"
                    item pin "Pin Note" { symbol: "pin"; action: pin }
                    item lock "Lock Note" { symbol: "lock"; action: lock }
                    item delete "Delete Note" { symbol: "trash"; role: destructive; confirm: "Delete this note?"; action: deleteNote }
                  }
                }
                """),
            .passing("""
                view Search "Search" {
                  pulldown more "More" {
                    symbol: "ellipsis.circle"
                    item clear "Clear Search" { action: clearSearch }
                    item save "Save Search" { action: saveSearch }
                    item share "Share Search" { action: shareSearch }
                  }
                }
                """),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        // Few items are in a pull-down: the others are left out by their
        // records before a handle is made, and all of them in a file without pull-downs.
        guard file.walk(.pulldown).underestimatedCount > 0 else { return }
        let store = file.store
        for (element, _) in file.walk(.item).matching({ !$0.isSpliced && store.hasAncestor(of: .pulldown, from: $0.parent) }) {
            guard element.symbol(.role) != "destructive", let reason = ButtonQueries.destructiveReason(element) else { continue }
            reporter.report("\(element.displayName) is destructive (\(reason)) but has no `role: destructive`",
                            at: element.focusSpan, label: "looks like any other item", element: element,
                            help: "add role: destructive, so that the menu shows it as destructive")
        }
    }
}
