import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// A pop-up that lets people choose several options at once.
struct PopupMultipleSelection: Rule {
    let scope = RuleScope.declaration
    let descriptor = RuleDescriptor(
        id: "popup-multiple-selection",
        severity: .error,
        guideline: Guidelines.popUp("Best practices"),
        summary: "A pop-up button allows multiple selection (`multiple: true`).",
        explanation: """
            A pop-up button's options are mutually exclusive: the closed button shows the one current choice. \
            When people can pick several, the button can't show what they picked. Use a pull-down button with \
            checkmark items (`state: on` / `off`) to let people select several items, or keep the pop-up and \
            remove `multiple: true`.
            """,
        quote: "Use a pop-up button to present a flat list of mutually exclusive options or states. … Use a pull-down button instead if you need to: … Let people select multiple items",
        examples: [
            .triggering("""
                view Filter "Filter" {
                  popup tags "Tags" {
                    multiple: ↓true
                    default: work
                    option work "Work"
                    option home "Home"
                    option travel "Travel"
                  }
                }
                """),
            .triggering(#"popup days "Days" { multiple: ↓true; default: monday; option monday "Monday"; option tuesday "Tuesday" }"#),
            .passing("""
                view Filter "Filter" {
                  popup tag "Tag" {
                    multiple: false
                    default: work
                    option work "Work"
                    option home "Home"
                  }
                }
                """),
            .passing("""
                view Filter "Filter" {
                  pulldown tags "Tags" {
                    item work "Work" { state: on }
                    item home "Home" { state: off }
                    item travel "Travel" { state: on }
                  }
                }
                """),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        for (element, _) in file.walk(.popup) {
            guard element.kind == .popup, !element.isSpliced, element.explicit(.multiple)?.boolValue == true,
                  let span = element.property(.multiple)?.valueSpan else { continue }
            reporter.report("\(element.displayName) lets people choose several options, but a pop-up's options are mutually exclusive",
                            at: span, label: "multiple selection", element: element,
                            help: "use a pull-down button with checkmark items (state: on/off) for multiple selection")
        }
    }
}
