import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// Controls in one row that differ in size.
///
/// A `row` is a set of options sharing one horizontal space. Every control
/// in it counts (buttons, toggle buttons, pop-ups, pull-downs) except help
/// buttons, which have one fixed size. A control without `size` has the
/// system's default size, `medium`. The row's usual size is the most common
/// one (the first on a tie); the first control of another size is reported.
struct StyleNotSize: Rule {
    let scope = RuleScope.declaration
    static let defaultSize = "medium"

    let descriptor = RuleDescriptor(
        id: "style-not-size",
        severity: .warning,
        guideline: Guidelines.buttons("Style"),
        summary: "Buttons in one row differ in size; use style, not size, to mark the preferred choice.",
        explanation: """
            Buttons of the same size side by side read as one coherent set of choices. Making the preferred one \
            bigger breaks the set apart and makes the row look uneven. Give every button in the row the same size \
            and distinguish the preferred choice by style instead: `style: filled` for it, `tinted`, `gray` or \
            `bordered` for the others.
            """,
        quote: "Use style — not size — to visually distinguish the preferred choice among multiple options. When you use buttons of the same size to offer two or more options, you signal that the options form a coherent set of choices.",
        examples: [
            .triggering("""
                view Upgrade "Upgrade" {
                  row {
                    button notNow "Not Now" { action: dismissUpgrade }
                    button subscribe "Subscribe" { size: ↓large; action: subscribe }
                  }
                }
                """),
            .triggering("""
                view Trip "Trip" {
                  row {
                    button walk "Walk" { size: small; symbol: "figure.walk"; action: routeWalking }
                    button drive "Drive" { size: small; symbol: "car"; action: routeDriving }
                    button transit "Transit" { size: ↓medium; symbol: "tram"; action: routeTransit }
                  }
                }
                """),
            .passing("""
                view Upgrade "Upgrade" {
                  row {
                    button notNow "Not Now" { size: large; style: gray; action: dismissUpgrade }
                    button subscribe "Subscribe" { size: large; style: filled; action: subscribe }
                  }
                }
                """),
            .passing("""
                view Upgrade "Upgrade" {
                  button subscribe "Subscribe" { size: large; style: filled; action: subscribe }
                  row {
                    button restore "Restore Purchases" { action: restorePurchases }
                    button notNow "Not Now" { size: medium; action: dismissUpgrade }
                  }
                }
                """),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        for (row, _) in ButtonQueries.rows(in: file) {
            let controls = row.children.filter { $0.kind.isControl && !ButtonQueries.isButton($0, ofType: "help") }
            let sizes = controls.map { $0.symbol("size") ?? Self.defaultSize }
            guard Set(sizes).count > 1, let usual = Self.mostCommon(sizes),
                  let odd = sizes.firstIndex(where: { $0 != usual }) else { continue }
            let control = controls[odd]
            let span = control.explicit("size") != nil ? ButtonQueries.valueSpan("size", of: control) : control.focusSpan
            let others = controls.indices.filter { sizes[$0] == usual }.map {
                LabeledSpan(controls[$0].focusSpan, "\(usual)\(controls[$0].explicit("size") == nil ? " (default)" : "")")
            }
            let reference = controls[sizes.firstIndex(of: usual) ?? 0]
            reporter.report(
                "\(control.displayName) is \(Self.describe(sizes[odd], of: control)) but \(reference.displayName) in the same row is \(Self.describe(usual, of: reference))",
                at: span, label: "different size", element: control,
                secondary: others,
                help: "give every button in the row the same size; mark the preferred choice with `style: filled` and the others with a less prominent style")
        }
    }

    private static func describe(_ size: String, of control: Element) -> String {
        control.explicit("size") == nil ? "\(size) (the default size)" : size
    }

    /// The most frequent value; the earliest one wins a tie.
    static func mostCommon(_ values: [String]) -> String? {
        var counts: [String: Int] = [:]
        for value in values { counts[value, default: 0] += 1 }
        return values.max { lhs, rhs in
            let (left, right) = (counts[lhs] ?? 0, counts[rhs] ?? 0)
            if left != right { return left < right }
            // Equal counts: the later one counts as smaller, so the earlier wins.
            return (values.firstIndex(of: lhs) ?? 0) > (values.firstIndex(of: rhs) ?? 0)
        }
    }
}
