import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// A watchOS button with a corner radius other than the system's.
///
/// Runs when the platforms include watchOS and checks a written
/// `cornerRadius`: 22 in a view that doesn't scroll, 9 in a view with
/// `scrolling: true`. A button declared at the top level may end up in
/// either kind of view, so there both 22 and 9 are accepted, and no fix-it
/// is offered. In a view, the fix-it writes the expected value.
struct WatchButtonCornerRadius: Rule {
    let scope = RuleScope.declaration
    static let nonScrolling = 22.0
    static let scrolling = 9.0

    let descriptor = RuleDescriptor(
        id: "watch-button-corner-radius",
        severity: .warning,
        guideline: Guidelines.buttons("watchOS"),
        summary: "On watchOS, a button's corner radius isn't the system's: 22 points, or 9 in a scrolling view.",
        explanation: """
            watchOS buttons use system-defined corner radii that make them look consistent across apps and read \
            as tappable: 22 points in a view that doesn't scroll, 9 points in a scrolling view. Use the value for \
            the kind of view the button is in (`scrolling: true` on the view means 9).
            """,
        quote: "Use the system-defined corner radius. […] In nonscrolling views, buttons use a 22-point corner radius. […] In scrolling views, buttons use a 9-point corner radius.",
        hasFixIt: true,
        examples: [
            .triggering("""
                platforms watchOS 10
                view Timer "Timer" {
                  button start "Start" { symbol: "play.fill"; cornerRadius: ↓12; action: startTimer }
                }
                """,
                corrected: """
                platforms watchOS 10
                view Timer "Timer" {
                  button start "Start" { symbol: "play.fill"; cornerRadius: 22; action: startTimer }
                }
                """),
            .triggering("""
                platforms iOS 17, watchOS 10
                view Timers "Timers" {
                  scrolling: true
                  button fiveMinutes "Start 5 Minutes" { cornerRadius: ↓22; action: startFive }
                  button tenMinutes "Start 10 Minutes" { cornerRadius: 9; action: startTen }
                }
                """,
                corrected: """
                platforms iOS 17, watchOS 10
                view Timers "Timers" {
                  scrolling: true
                  button fiveMinutes "Start 5 Minutes" { cornerRadius: 9; action: startFive }
                  button tenMinutes "Start 10 Minutes" { cornerRadius: 9; action: startTen }
                }
                """),
            .passing("""
                platforms watchOS 10
                view Timer "Timer" {
                  button start "Start" { symbol: "play.fill"; cornerRadius: 22; action: startTimer }
                  button reset "Reset" { symbol: "arrow.counterclockwise"; action: resetTimer }
                }
                button lap "Lap" { cornerRadius: 9; action: recordLap }
                """),
            .passing("""
                platforms iOS 17
                view Timer "Timer" {
                  button start "Start" { style: filled; cornerRadius: 12; action: startTimer }
                }
                """),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        guard file.includes(.watchOS) else { return }
        for (element, ancestors) in file.walk(.button) {
            guard !element.isSpliced, element.kind == .button,
                  let radius = element.explicit(.cornerRadius)?.numberValue,
                  let span = element.property(.cornerRadius)?.valueSpan else { continue }
            guard let view = ButtonQueries.enclosingView(ancestors) else {
                // A reusable button: either system value may be right.
                guard radius != Self.nonScrolling, radius != Self.scrolling else { continue }
                reporter.report(
                    "\(element.displayName) has a \(ButtonQueries.format(radius))-point corner radius; watchOS buttons use 22 points, or 9 in a scrolling view",
                    at: span, label: "not a system corner radius", element: element,
                    help: "use 22 if the button appears in a view that doesn't scroll, 9 in a scrolling view")
                continue
            }
            let isScrolling = view.bool("scrolling") == true
            let expected = isScrolling ? Self.scrolling : Self.nonScrolling
            guard radius != expected else { continue }
            let kind = isScrolling ? "a scrolling view" : "a view that doesn't scroll"
            let text = ButtonQueries.format(expected)
            reporter.report(
                "\(element.displayName) has a \(ButtonQueries.format(radius))-point corner radius; in \(kind) watchOS buttons use \(text) points",
                at: span, label: "use \(text)", element: element,
                notes: ["\(view.displayName) \(isScrolling ? "has `scrolling: true`" : "doesn't scroll")"],
                help: "set cornerRadius to \(text)",
                fixIts: ButtonQueries.replaceValue("cornerRadius", of: element, with: text, message: "set cornerRadius to \(text)"))
        }
    }
}
