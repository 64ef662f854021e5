import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// A changeable-title toggle whose own label is never shown.
struct ToggleLabelUnused: Rule {
    let scope = RuleScope.declaration
    let descriptor = RuleDescriptor(
        id: "toggle-label-unused",
        severity: .warning,
        guideline: Guidelines.menus("Toggled items"),
        summary: "A changeable-title toggle in a menu has a label besides its `on` and `off` labels; the menu never shows it.",
        explanation: """
            A `toggle` in a menu shows its `on` label while the state is on and its `off` label while it is off. \
            When both are written, the toggle's own label appears nowhere — yet it reads like text people will \
            see, and translators are asked for it. Write the toggle with an identifier and its two labels \
            (`toggle ruler { on: "Hide Ruler"; off: "Show Ruler" }`). A label is only used in place of an \
            `on` or `off` label that is missing.
            """,
        quote: "A single menu item that displays a label that can change depending on the current state, such as Show Ruler and Hide Ruler. The parent menu never lists more than one label at a time.",
        examples: [
            .triggering("""
                menu View "View" {
                  toggle sidebar ↓"Sidebar" { on: "Hide Sidebar"; off: "Show Sidebar"; shortcut: "ctrl+cmd+s" }
                }
                """),
            .passing("""
                menu View "View" {
                  toggle sidebar { on: "Hide Sidebar"; off: "Show Sidebar"; shortcut: "ctrl+cmd+s" }
                }
                """),
            .passing("""
                view Player "Player" {
                  toggle shuffle "Shuffle" { symbol: "shuffle"; on: "Shuffle On"; off: "Shuffle Off" }
                }
                """),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        for (element, _) in file.walk(.toggle) {
            guard !element.isSpliced, element.context == .menu, let label = element.label,
                  element.has(.on), element.has(.off), let span = element.labelSpan else { continue }
            reporter.report(
                "the label '\(label)' of \(element.displayName) is never shown: the menu shows its on and off labels",
                at: span, label: "never shown", element: element,
                help: "remove the label and give the toggle an identifier, e.g. toggle \(element.id) { on: …; off: … }")
        }
    }
}
