import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// An image button in a toolbar (macOS).
struct ImageButtonPlacement: Rule {
    let scope = RuleScope.declaration
    let descriptor = RuleDescriptor(
        id: "image-button-placement",
        severity: .warning,
        guideline: Guidelines.buttons("Image buttons"),
        summary: "An image button sits in a toolbar instead of in a view.",
        explanation: """
            An image button belongs in a view's content, where its image (a picture, symbol or icon) makes sense \
            next to what it acts on. In the window frame it doesn't look or behave like the toolbar items around \
            it. Move the image button into the view; if you need an image in the toolbar, use an ordinary \
            toolbar button with a symbol.
            """,
        quote: "Use an image button in a view, not in the window frame. For example, avoid placing an image button in a toolbar or status bar. If you need to use an image as a button in a toolbar, use a toolbar item.",
        examples: [
            .triggering("""
                platforms macOS 14
                view Profile "Profile" {
                  toolbar {
                    button avatar { type: ↓image; symbol: "person.crop.circle"; padding: 10; action: chooseAvatar }
                  }
                }
                """),
            .triggering("""
                platforms macOS 14
                view Board "Board" {
                  toolbar {
                    row {
                      button colorWell { type: ↓image; symbol: "paintpalette"; padding: 12; action: pickColor }
                    }
                  }
                }
                """),
            .passing("""
                platforms macOS 14
                view Profile "Profile" {
                  toolbar { button share "Share…" { symbol: "square.and.arrow.up"; opens: sheet } }
                  button avatar { type: image; symbol: "person.crop.circle"; padding: 10; action: chooseAvatar }
                }
                """),
            .passing("""
                platforms macOS 14
                button avatar { type: image; symbol: "person.crop.circle"; padding: 10; action: chooseAvatar }
                """),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        guard file.includes(.macOS) else { return }
        for (element, ancestors) in file.walk(.button) {
            guard !element.isSpliced, ButtonQueries.isButton(element, ofType: "image"),
                  ButtonQueries.isInToolbar(ancestors) else { continue }
            reporter.report(
                "image button '\(element.label ?? element.id)' is in a toolbar; image buttons belong in a view",
                at: ButtonQueries.valueSpan("type", of: element), label: "in the window frame", element: element,
                help: "move it into the view's content, or use an ordinary toolbar button with a symbol here")
        }
    }
}
