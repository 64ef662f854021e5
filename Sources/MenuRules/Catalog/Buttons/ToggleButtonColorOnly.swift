import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// A toggle button whose states differ only in color.
///
/// `indicator: color` says the on and off states look different only by
/// color. The one other difference the language can express is the content:
/// distinct `on` and `off` labels. A symbol or style is the same in both
/// states, so it doesn't count. The default indicator (not written) is the
/// system's, which Apple designs, so only an explicit `color` is reported.
struct ToggleButtonColorOnly: Rule {
    let scope = RuleScope.declaration
    let descriptor = RuleDescriptor(
        id: "toggle-button-color-only",
        severity: .warning,
        guideline: Guidelines.buttonsOlder("Toggle Buttons"),
        summary: "A toggle button shows its state only by color.",
        explanation: """
            People who can't tell the colors apart — color blindness, bright sunlight, a grayscale display — can't \
            see whether the toggle is on. Add a difference that doesn't depend on color: a background shape behind \
            the content in the on state (`indicator: background`), or different content for each state \
            (`indicator: content`, or distinct `on` and `off` labels such as "Show Events" / "Hide Events").
            """,
        quote: "Avoid relying solely on color to communicate a toggle button’s state. […] If you customize a toggle button, make sure that everyone can perceive visual differences in the button’s state. For example, in addition to using high-contrast color values, you might include other visual changes, such as adding a background shape or varying the button’s content.",
        examples: [
            .triggering("""
                view Month "Month" {
                  toolbar {
                    toggle showEvents { symbol: "list.bullet"; indicator: ↓color; action: toggleEvents }
                  }
                }
                """),
            .triggering("""
                view Editor "Editor" {
                  toggle bold "Bold" { symbol: "bold"; on: "Bold"; off: "Bold"; indicator: ↓color }
                }
                """),
            .passing("""
                view Month "Month" {
                  toolbar {
                    toggle showEvents { symbol: "list.bullet"; indicator: background; action: toggleEvents }
                  }
                }
                """),
            .passing("""
                view Month "Month" {
                  toggle events { on: "Hide Events"; off: "Show Events"; indicator: color; action: toggleEvents }
                  toggle week { symbol: "calendar"; action: toggleWeekNumbers }
                }
                """),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        for (element, _) in file.walk(.toggle) {
            guard !element.isSpliced, ButtonQueries.isToggleButton(element),
                  element.explicit(.indicator)?.name == "color", !Self.contentChanges(element) else { continue }
            reporter.report(
                "toggle button '\(element.label ?? element.id)' shows its state only by color",
                at: ButtonQueries.valueSpan("indicator", of: element), label: "color only", element: element,
                notes: ["people who can't distinguish the colors can't tell whether it is on"],
                help: "use `indicator: background` (a background shape when on) or `indicator: content` with different content for each state")
        }
    }

    /// Distinct `on` and `off` labels change what the button shows.
    private static func contentChanges(_ element: Element) -> Bool {
        guard let on = element.string(.on), let off = element.string(.off) else { return false }
        return on != off
    }
}
