import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// A button narrower or shorter than 44 points in a file for a touchscreen.
///
/// Checks the `width` and `height` written on buttons, toggle buttons,
/// pop-up and pull-down buttons when the platforms include iOS or iPadOS
/// (the default platforms do). A declared `hitTarget:` is the tappable
/// area, so it is checked instead of the drawn size.
/// macOS-only button types (push, gradient, help, image) are skipped: they
/// never appear on a touchscreen, and `unsupported-on-platform` already
/// reports them in a file for one.
struct HitTargetTooSmall: Rule {
    let scope = RuleScope.declaration
    static let minimum = 44.0

    let descriptor = RuleDescriptor(
        id: "hit-target-too-small",
        severity: .error,
        guideline: Guidelines.buttons("Best practices"),
        summary: "A button is narrower or shorter than 44 points on a touchscreen (iOS, iPadOS).",
        explanation: """
            A fingertip needs a hit target of at least 44×44 points; smaller buttons are hard to tap and easy to \
            miss, especially next to other controls. Make the button at least 44 points wide and tall — the \
            symbol or text inside can stay small, only the tappable area grows. A control drawn smaller can \
            declare the larger area people can tap with `hitTarget:` (the side of that square, in points); then \
            that is checked instead of `width` and `height`. The fix-it sets the value to 44.
            """,
        quote: "On a touchscreen, buttons need a hit target of at least 44x44 points to accommodate a fingertip.",
        hasFixIt: true,
        examples: [
            .triggering("""
                platforms iOS 17
                view Reader "Reader" {
                  button bookmark { symbol: "bookmark"; width: ↓32; height: ↓32; action: addBookmark }
                }
                """,
                corrected: """
                platforms iOS 17
                view Reader "Reader" {
                  button bookmark { symbol: "bookmark"; width: 44; height: 44; action: addBookmark }
                }
                """),
            .triggering("""
                view Player "Now Playing" {
                  toggle repeatSong { symbol: "repeat"; indicator: background; height: ↓28.5 }
                }
                """,
                corrected: """
                view Player "Now Playing" {
                  toggle repeatSong { symbol: "repeat"; indicator: background; height: 44 }
                }
                """),
            .passing("""
                platforms iOS 17, iPadOS 17
                view Checkout "Checkout" {
                  button placeOrder "Place Order" { style: filled; height: 50; width: 44; action: placeOrder }
                }
                """),
            .triggering("""
                platforms iOS 17
                view Reader "Reader" {
                  button bookmark { symbol: "bookmark"; width: 24; height: 24; hitTarget: ↓30; action: addBookmark }
                }
                """,
                corrected: """
                platforms iOS 17
                view Reader "Reader" {
                  button bookmark { symbol: "bookmark"; width: 24; height: 24; hitTarget: 44; action: addBookmark }
                }
                """),
            .passing("""
                platforms iOS 17
                view Reader "Reader" {
                  button bookmark { symbol: "bookmark"; width: 24; height: 24; hitTarget: 44; action: addBookmark }
                  pulldown more { symbol: "ellipsis.circle"; width: 48; height: 48; item share "Share…" { input: true } }
                }
                """),
            .passing("""
                platforms macOS 14
                view Inspector "Inspector" {
                  button reset "Reset" { type: push; height: 22; action: resetInspector }
                }
                """),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        guard file.includes(.iOS) || file.includes(.iPadOS) else { return }
        for (element, _) in file.walk(.button, .toggle, .popup, .pulldown) {
            guard !element.isSpliced else { continue }
            let isButton = element.kind == .button && !ButtonQueries.macOSOnlyTypes.contains(ButtonQueries.type(of: element))
            guard isButton || ButtonQueries.isToggleButton(element) || element.kind == .popup || element.kind == .pulldown else { continue }
            let sizes = element.has(.hitTarget) ? [("hitTarget", "across")] : [("width", "wide"), ("height", "tall")]
            for (name, noun) in sizes {
                guard let value = element.explicit(name)?.numberValue, value < Self.minimum,
                      let span = element.property(name)?.valueSpan else { continue }
                reporter.report(
                    (name == "hitTarget" ? "the tap area of \(element.displayName) is" : "\(element.displayName) is") + " \(ButtonQueries.format(value)) pt \(noun); touch targets need at least 44 pt",
                    at: span, label: "below 44 pt", element: element,
                    notes: ["the platforms include \(file.includes(.iOS) ? "iOS" : "iPadOS"), where people tap with a finger"],
                    help: "make it at least 44 points \(noun)",
                    fixIts: ButtonQueries.replaceValue(name, of: element, with: "44", message: "set \(name) to 44"))
            }
        }
    }
}
