import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// An item without a label where the menu would show one.
struct UnlabeledItem: Rule {
    let scope = RuleScope.declaration
    let descriptor = RuleDescriptor(
        id: "unlabeled-item",
        severity: .error,
        guideline: Guidelines.menus("Labels"),
        summary: "An item (or a submenu with a symbol) has no label, outside the top row of a small menu layout.",
        explanation: """
            Each menu item displays text that describes its action; a symbol can clarify it but doesn't replace \
            it. Only the top row of an iOS or iPadOS menu with the small layout — its first four items — shows \
            items by symbol alone. Everywhere else, including the medium layout's top row, which shows a short \
            label under each symbol, an item needs a label. A pull-down's menu and a section take the small \
            layout too: the first four items of a `section { layout: small … }` are such a row. Add one. A submenu with neither label nor symbol is \
            submenu-needs-label's finding.

            A label of only blank space shows nothing either, and is reported the same way.

            Items of a declared menu are judged in that menu: if it is shown in a small layout, give the \
            declared menu `layout: small` too.
            """,
        quote: "Depending on menu layout, an iOS or iPadOS app can display a few unlabeled menu items that use only symbols or icons to identify them.",
        examples: [
            .triggering("""
                platforms iOS 17, iPadOS 17
                contextmenu text {
                  layout: small
                  item bold { symbol: "bold" }
                  item italic { symbol: "italic" }
                  item underline { symbol: "underline" }
                  item strikethrough { symbol: "strikethrough" }
                  item ↓copy { symbol: "doc.on.doc" }
                }
                """),
            .triggering("""
                view Notes "Notes" {
                  pulldown more "More" {
                    symbol: "ellipsis.circle"
                    item ↓pin { symbol: "pin" }
                    submenu ↓sortBy { symbol: "arrow.up.arrow.down"; item date "Date" { state: on } }
                    item delete "Delete Note" { role: destructive }
                  }
                }
                """),
            .triggering("""
                menu File "File" {
                  item open "Open…" { input: true }
                  item spacer ↓"   "
                }
                """),
            .passing("""
                platforms iOS 17, iPadOS 17
                contextmenu text {
                  layout: small
                  item bold { symbol: "bold" }
                  section {
                    item italic { symbol: "italic" }
                    item underline { symbol: "underline" }
                  }
                  item strikethrough { symbol: "strikethrough" }
                  item copy "Copy" { symbol: "doc.on.doc" }
                }
                """),
            .passing("""
                platforms iOS 17, iPadOS 17
                view Compose "New Post" {
                  pulldown format { symbol: "textformat"
                    section { layout: small
                      item bold { symbol: "bold"; accessibilityLabel: "Bold" }
                      item italic { symbol: "italic"; accessibilityLabel: "Italic" }
                    }
                    item clear "Clear Formatting" { action: clearFormatting }
                  }
                }
                """),
            .passing(#"menu Edit "Edit" { item copy "Copy" { symbol: "doc.on.doc"; shortcut: "cmd+c" } }"#),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        let store = file.store
        // Nearly every item has a label: told from the record, before a handle is made.
        for (element, ancestors) in file.walk(.item, .submenu).matching({ !$0.isSpliced && (!$0.label.exists || Self.isBlank($0.label, in: store)) }) {
            switch element.kind {
            case .item: break
            case .submenu where element.string(.symbol) != nil: break
            default: continue
            }
            guard !isInSmallTopRow(element, ancestors: ancestors) else { continue }
            let blank = element.labelID != nil
            let what = element.string(.symbol) != nil ? "a symbol but no label" : blank ? "a label of only blank space" : "no label"
            reporter.report("\(element.displayName) has \(what); only the top row of a small menu layout shows items without labels",
                            at: element.focusSpan, label: "no label", element: element,
                            help: "add a label after the identifier: \(element.kind.rawValue) \(element.id) \"…\"")
        }
    }

    /// Whether a label shows nothing: empty, or blank space only (" "
    /// shows as an empty row). Read from the bytes: nearly every label's first byte decides.
    static func isBlank(_ label: TextID, in store: ModelStore) -> Bool {
        store.withTextBytes(label) { bytes in
            for byte in bytes {
                if byte >= 0x80 { return MenuQueries.trimmed(store.text(label)).isEmpty }
                if byte != 0x20, !(0x09...0x0D).contains(byte) { return false }
            }
            return true
        }
    }

    /// Whether the element is among the first four items of the nearest
    /// menu, context menu or pull-down with `layout: small`, or of a
    /// section with it (a row of symbols inside a larger menu).
    private func isInSmallTopRow(_ element: Element, ancestors: Ancestors) -> Bool {
        if let section = ancestors.last, section.kind == .section, section.symbol("layout") == "small" {
            return section.menuEntries.prefix(4).contains { $0.span == element.span && $0.origin == nil }
        }
        guard let container = MenuQueries.container(in: ancestors),
              container.kind == .menu || container.kind == .contextmenu || container.kind == .pulldown,
              container.symbol("layout") == "small" else { return false }
        return container.menuEntries.prefix(4).contains { $0.span == element.span && $0.origin == nil }
    }
}
