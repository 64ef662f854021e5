import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// A button subtitle with no label above it.
struct SubtitleWithoutLabel: Rule {
    let scope = RuleScope.declaration
    let descriptor = RuleDescriptor(
        id: "subtitle-without-label",
        severity: .error,
        guideline: Guidelines.buttons("Content"),
        summary: "A button has a subtitle but no label.",
        explanation: """
            A subtitle is the smaller second line under a button's label: secondary details, such as the number \
            of items in the cart under "Add to Cart". Without a label there is nothing for it to be secondary to, \
            and the button's action goes unnamed. Give the button a label that says what it does, and keep the \
            subtitle for the extra detail — or make the subtitle text the label.
            """,
        quote: "Include additional text below the label only if it provides useful details. Additional text uses a smaller text size than the label, showing that the information is secondary to the button’s action.",
        examples: [
            .triggering("""
                view Cart "Cart" {
                  button checkout { symbol: "cart"; subtitle: ↓"3 Items"; action: checkout }
                }
                """),
            .triggering("""
                view Downloads "Downloads" {
                  button resume "" { subtitle: ↓"2 of 5 Files"; action: resumeDownloads }
                }
                """),
            .passing("""
                view Cart "Cart" {
                  button checkout "Check Out" { symbol: "cart"; subtitle: "3 Items"; action: checkout }
                }
                """),
            .passing("""
                view Cart "Cart" {
                  button share { symbol: "square.and.arrow.up"; action: shareCart }
                }
                """),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        for (element, _) in file.walk(.button) {
            guard !element.isSpliced, element.kind == .button,
                  let subtitle = element.string(.subtitle), !ButtonQueries.hasLabel(element) else { continue }
            reporter.report(
                "\(element.displayName) has the subtitle '\(subtitle)' but no label",
                at: ButtonQueries.valueSpan("subtitle", of: element), label: "subtitle without a label", element: element,
                help: "add a label that says what the button does; the subtitle adds details below it")
        }
    }
}
