import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// More than one filled control in one view.
///
/// Counts every control of the view with `style: filled` — buttons, toggle
/// buttons, pop-ups and pull-downs, in the view, its toolbars and rows —
/// because each draws the same prominent filled shape. Reported once per
/// view, at the second filled control; the others are marked.
struct TooManyFilledButtons: Rule {
    let scope = RuleScope.declaration
    let descriptor = RuleDescriptor(
        id: "too-many-filled-buttons",
        severity: .warning,
        guideline: Guidelines.buttons("Style"),
        summary: "A view has more than one filled button.",
        explanation: """
            The filled style is the most prominent one: it tells people which action they are most likely to want. \
            Two or more filled buttons compete for that role, and people have to stop and compare them. Keep \
            `style: filled` for the single most likely action and give the others a less prominent style \
            (`tinted`, `gray`, `bordered` or `plain`).
            """,
        quote: "Use a filled button for the most likely action in a view. […] At the same time, avoid using too many filled buttons in a view. Too many filled buttons can increase cognitive load because people must spend time comparing multiple likely options before making a choice.",
        examples: [
            .triggering("""
                view Product "Product" {
                  button addToCart "Add to Cart" { style: filled; action: addToCart }
                  button buyNow "Buy Now" { style: ↓filled; action: buyNow }
                }
                """),
            .triggering("""
                view Welcome "Welcome" {
                  toolbar { button signIn "Sign In" { style: filled; action: signIn } }
                  row {
                    button createAccount "Create Account" { style: ↓filled; action: createAccount }
                    button continueAsGuest "Continue as Guest" { style: filled; action: continueAsGuest }
                  }
                }
                """),
            .passing("""
                view Product "Product" {
                  button addToCart "Add to Cart" { style: filled; action: addToCart }
                  button buyNow "Buy Now" { style: tinted; action: buyNow }
                  button share { symbol: "square.and.arrow.up"; style: plain; action: share }
                }
                """),
            .passing("""
                view Product "Product" {
                  button addToCart "Add to Cart" { style: filled; action: addToCart }
                }
                view Cart "Cart" {
                  button checkout "Check Out" { style: filled; action: checkout }
                }
                """),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        for view in ButtonQueries.views(in: file) {
            let filled = ButtonQueries.controls(of: view).filter { $0.symbol("style") == "filled" }
            guard filled.count > 1 else { continue }
            let second = filled[1]
            let others = filled.enumerated().filter { $0.offset != 1 }.map {
                LabeledSpan(ButtonQueries.valueSpan("style", of: $0.element), "also filled: \($0.element.displayName)")
            }
            reporter.report(
                "\(view.displayName) has \(filled.count) filled buttons; use the filled style for the one most likely action",
                at: ButtonQueries.valueSpan("style", of: second), label: "another filled button", element: second,
                secondary: others,
                help: "keep `style: filled` on the most likely action and use tinted, gray, bordered or plain for the others")
        }
    }
}
