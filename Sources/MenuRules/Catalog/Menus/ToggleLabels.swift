import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// A changeable-title menu item without two different labels.
struct ToggleLabels: Rule {
    let scope = RuleScope.declaration
    let descriptor = RuleDescriptor(
        id: "toggle-labels",
        severity: .error,
        guideline: Guidelines.menus("Toggled items"),
        summary: "A changeable-title toggle in a menu is missing its `on` or `off` label, or both labels are the same.",
        explanation: """
            A `toggle` in a menu is one item whose label changes with its state, like Show Ruler and Hide Ruler: \
            the menu lists one label at a time. It needs both labels — `on`, shown while the state is on, and \
            `off` — and they must differ, or people can't tell which state is in effect. For an attribute that \
            is simply in effect or not, use an item with a checkmark instead (`item bold \"Bold\" { state: on }`).
            """,
        quote: "A single menu item that displays a label that can change depending on the current state, such as Show Ruler and Hide Ruler. The parent menu never lists more than one label at a time.",
        examples: [
            .triggering("""
                menu View "View" {
                  toggle ↓ruler { off: "Show Ruler" }
                  toggle ↓"Sidebar"
                }
                """),
            .triggering("""
                menu View "View" {
                  toggle toolbar { on: "Show Toolbar"; off: ↓"Show Toolbar" }
                }
                """),
            .passing(#"menu View "View" { toggle ruler { on: "Hide Ruler"; off: "Show Ruler"; state: off } }"#),
            .passing("""
                view Workout "Workout" {
                  toggle waterLock { symbol: "drop.fill"; indicator: background }
                }
                """),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        for (element, _) in file.walk(.toggle) {
            guard !element.isSpliced, element.kind == .toggle, element.context == .menu else { continue }
            let on = element.property(.on)
            let off = element.property(.off)
            guard let onText = on?.value.stringValue, let offText = off?.value.stringValue,
                  let onSpan = on?.valueSpan, let offSpan = off?.valueSpan else {
                let missing = [on == nil ? "on" : nil, off == nil ? "off" : nil].compactMap { $0 }
                let what = missing.count == 2 ? "neither an 'on' nor an 'off' label" : "no '\(missing.first ?? "on")' label"
                reporter.report("changeable-title \(element.displayName) has \(what)", at: element.focusSpan,
                                label: "needs 'on' and 'off'", element: element,
                                help: "give it both labels, e.g. on: \"Hide Ruler\"; off: \"Show Ruler\"; for an attribute that is on or off, use an item with 'state:' (a checkmark) instead")
                continue
            }
            guard MenuQueries.trimmed(onText).lowercased() == MenuQueries.trimmed(offText).lowercased() else { continue }
            let (first, second) = onSpan < offSpan ? (onSpan, offSpan) : (offSpan, onSpan)
            reporter.report("changeable-title \(element.displayName) shows '\(onText)' in both states", at: second,
                            label: "same label as the other state", element: element,
                            secondary: [LabeledSpan(first, "the other state's label")],
                            help: "use two labels that say which state is in effect, e.g. 'Show Toolbar' and 'Hide Toolbar'")
        }
    }
}
