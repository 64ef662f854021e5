import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// A menu item indented by blank space at the start of its label.
struct LabelIndented: Rule {
    let scope = RuleScope.declaration
    let descriptor = RuleDescriptor(
        id: "label-indented",
        severity: .warning,
        guideline: Guidelines.menus("Submenus"),
        summary: "A menu item's label starts with blank space, indenting it under the items before it.",
        explanation: """
            Spaces or tabs at the start of a label indent the item, as if it belonged to the item above it. \
            Menus don't show that relationship: indentation is inconsistent with the system and doesn't say \
            how the items relate. Put the indented items in a submenu labelled with what they share (or in a \
            labelled section), and write their labels without the leading space. A label of only blank space \
            is unlabeled-item's finding. AppKit's own Writing Direction items (a tab before Default, Left to \
            Right and Right to Left, under Paragraph and Selection headings, in any language; known by their \
            actions) are the system's, and left alone.
            """,
        quote: "Prefer using a submenu to indenting menu items. Using indentation is inconsistent with the system and doesn’t clearly express the relationships between the menu items.",
        examples: [
            .triggering("""
                menu Format "Format" {
                  item font "Font" { enabled: false }
                  item bold ↓"   Bold" { shortcut: "cmd+b" }
                  item italic ↓"   Italic" { shortcut: "cmd+i" }
                }
                """),
            .passing("""
                menu Format "Format" {
                  submenu font "Font" {
                    item bold "Bold" { shortcut: "cmd+b" }
                    item italic "Italic" { shortcut: "cmd+i" }
                  }
                }
                """),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        let store = file.store
        // Most labels are told apart by their first byte, read by the stored record before a handle is made.
        let mayBeIndented = file.walk(.item, .toggle, .submenu).matching { record in
            !record.isSpliced && record.context == .menu && record.label.exists && Self.mayStartWithIndent(record.label, in: store)
        }
        for (element, _) in mayBeIndented {
            guard let label = element.label,
                  let first = label.unicodeScalars.first, Self.isIndent(first),
                  !label.unicodeScalars.allSatisfy({ $0.properties.isWhitespace }), !Self.isSystemIndented(element) else { continue }
            reporter.report("\(element.displayName) is indented by blank space at the start of its label",
                            at: element.labelSpan ?? element.focusSpan, label: "indented", element: element,
                            help: "put the indented items in a submenu (or a labelled section) and remove the leading space")
        }
    }

    /// AppKit's standard Writing Direction items, which the system itself
    /// indents: known by their actions (makeBaseWritingDirectionNatural,
    /// makeTextWritingDirectionRightToLeft, …), whatever the language.
    static func isSystemIndented(_ item: Element) -> Bool {
        guard let action = item.explicit(.action)?.name else { return false }
        return action.hasPrefix("makeBaseWritingDirection") || action.hasPrefix("makeTextWritingDirection")
    }

    /// Blank space that indents: spaces of every width, tabs, ideographic space.
    /// Whether the label's first byte can start an indent (`isIndent`):
    /// a space, a tab, or the lead byte of U+00A0, U+2000–U+200A or U+3000.
    /// Most labels start with a letter, and making each one's string cost
    /// more than the rest of the rule.
    static func mayStartWithIndent(_ label: TextID, in store: ModelStore) -> Bool {
        store.withTextBytes(label) { bytes in
            guard let first = bytes.first else { return false }
            return first == 0x20 || first == 0x09 || first == 0xC2 || first == 0xE2 || first == 0xE3
        }
    }

    static func isIndent(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\u{A0}" || (0x2000...0x200A).contains(scalar.value) || scalar == "\u{3000}"
    }
}
