import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// watchOS buttons sharing a row at different heights.
///
/// Runs when the platforms include watchOS. Buttons and toggle buttons in
/// one `row` are compared by their written `height`; one without a height
/// has the system's default height, which is reported as different from any
/// written height (the two can't be relied on to match). The row's usual
/// height is the most common one (the first on a tie); the first button of
/// another height is reported.
struct WatchRowHeights: Rule {
    let scope = RuleScope.declaration
    let descriptor = RuleDescriptor(
        id: "watch-row-heights",
        severity: .warning,
        guideline: Guidelines.buttons("watchOS"),
        summary: "On watchOS, buttons that share a row have different heights.",
        explanation: """
            On Apple Watch, buttons work best at full width. When two buttons must share a row, uneven heights \
            look unbalanced on the small screen and make one target harder to hit. Give every button in the row \
            the same `height`, and keep their content short: a symbol or a brief title.
            """,
        quote: "If two buttons must share the same horizontal space, use the same height for both, and use images or short text titles for each button’s content.",
        examples: [
            .triggering("""
                platforms watchOS 10
                view Workout "Workout" {
                  row {
                    button pause "Pause" { symbol: "pause.fill"; height: 60; action: pauseWorkout }
                    button lap "Lap" { symbol: "flag"; height: ↓44; action: markLap }
                  }
                }
                """),
            .triggering("""
                platforms watchOS 10
                view Workout "Workout" {
                  row {
                    toggle waterLock { symbol: "drop.fill"; indicator: background; height: 60 }
                    toggle mute { symbol: "speaker.slash"; indicator: background; height: 60 }
                    button end ↓"End" { symbol: "xmark"; action: endWorkout }
                  }
                }
                """),
            .passing("""
                platforms watchOS 10
                view Workout "Workout" {
                  row {
                    button pause "Pause" { symbol: "pause.fill"; height: 60; action: pauseWorkout }
                    button lap "Lap" { symbol: "flag"; height: 60; action: markLap }
                  }
                  button end "End Workout" { height: 44; action: endWorkout }
                }
                """),
            .passing("""
                platforms iOS 17
                view Workout "Workout" {
                  row {
                    button pause "Pause" { symbol: "pause.fill"; height: 60; action: pauseWorkout }
                    button lap "Lap" { symbol: "flag"; height: 44; action: markLap }
                  }
                }
                """),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        guard file.includes(.watchOS) else { return }
        for (row, _) in ButtonQueries.rows(in: file) {
            let buttons = row.children.filter { $0.kind == .button || ButtonQueries.isToggleButton($0) }
            // Heights as text ("60", "default") so that absent and written compare plainly.
            let heights = buttons.map { $0.explicit("height")?.numberValue.map(ButtonQueries.format) ?? "default" }
            guard Set(heights).count > 1, let usual = StyleNotSize.mostCommon(heights),
                  let odd = heights.firstIndex(where: { $0 != usual }) else { continue }
            let button = buttons[odd]
            let span = button.explicit("height") != nil ? ButtonQueries.valueSpan("height", of: button) : button.focusSpan
            func describe(_ height: String) -> String { height == "default" ? "the default height" : "\(height) pt tall" }
            let reference = buttons[heights.firstIndex(of: usual) ?? 0]
            reporter.report(
                "\(button.displayName) is \(describe(heights[odd])) but \(reference.displayName) in the same row is \(describe(usual))",
                at: span, label: "different height", element: button,
                secondary: buttons.indices.filter { heights[$0] == usual }.map { LabeledSpan(buttons[$0].focusSpan, describe(usual)) },
                help: "give every button in the row the same height")
        }
    }
}
