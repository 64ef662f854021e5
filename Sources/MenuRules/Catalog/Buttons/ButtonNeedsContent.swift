import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// A button that shows nothing: no label and no symbol.
///
/// Counts `button`s, toggle buttons (whose `on` / `off` texts are labels
/// too) and pull-down buttons. Pop-ups have their own rule
/// (`popup-needs-context`). Close, info and help buttons are exempt: the
/// system draws their glyph (×, ⓘ, ?) whatever the file says.
struct ButtonNeedsContent: Rule {
    let scope = RuleScope.declaration
    let descriptor = RuleDescriptor(
        id: "button-needs-content",
        severity: .error,
        guideline: Guidelines.buttons("Best practices"),
        summary: "A button has neither a text label nor a symbol.",
        explanation: """
            A button with no label and no symbol is an empty shape: people can't predict what it does, and \
            VoiceOver has nothing to read. Give the button a short label that starts with a verb ("Add to Cart"), \
            an SF Symbol (`symbol: "cart.badge.plus"`), or both. Toggle buttons can use their `on` and `off` \
            labels. Close, info and help buttons are exempt because the system supplies their glyph.
            """,
        quote: "A button always includes a text label or a symbol (or interface icon) — and sometimes a combination of both — to help people predict what it does.",
        examples: [
            .triggering("""
                view Cart "Cart" {
                  button ↓checkout { style: filled; action: checkout }
                }
                """),
            .triggering("""
                view Player "Now Playing" {
                  toggle ↓shuffle { state: off; action: toggleShuffle }
                  ↓pulldown { item "Add to Library"; item "Share Song…" { input: true }; item "Go to Album" }
                }
                """),
            .passing("""
                view Cart "Cart" {
                  button checkout "Check Out" { style: filled; action: checkout }
                  button share { symbol: "square.and.arrow.up"; action: shareCart }
                  toggle shuffle { symbol: "shuffle"; action: toggleShuffle }
                }
                """),
            .passing("""
                view Photo "Photo" {
                  presentation: sheet
                  button close { type: close; action: dismissPhoto }
                  button details { type: info; action: showDetails }
                  toggle favorite { on: "Unfavorite"; off: "Favorite"; indicator: content }
                }
                """),
        ]
    )

    /// Button types whose content the system provides.
    private static let glyphTypes: Set<String> = ["close", "info", "help"]

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        for (element, _) in file.walk(.button, .toggle, .pulldown) {
            guard !element.isSpliced, Self.isButtonLike(element), !Self.hasContent(element) else { continue }
            let what = ButtonQueries.isToggleButton(element) ? "toggle button" : element.kind == .pulldown ? "pull-down button" : "button"
            reporter.report(
                "\(what) '\(element.id)' has neither a label nor a symbol",
                at: element.focusSpan, label: "shows nothing", element: element,
                help: ButtonQueries.isToggleButton(element)
                    ? "add a symbol (symbol: \"…\"), a label, or `on` / `off` labels"
                    : "add a short label that starts with a verb, a symbol (symbol: \"…\"), or both")
        }
    }

    private static func isButtonLike(_ element: Element) -> Bool {
        switch element.kind {
        case .button: !glyphTypes.contains(ButtonQueries.type(of: element))
        case .toggle: element.context == .control
        case .pulldown: true
        case .menubar, .menu, .view, .contextmenu, .popup, .option, .toolbar, .row, .item, .section, .submenu: false
        }
    }

    private static func hasContent(_ element: Element) -> Bool {
        if ButtonQueries.hasLabel(element) { return true }
        if let symbol = element.string(.symbol), !symbol.allSatisfy(\.isWhitespace) { return true }
        // A toggle button can show its state's label instead.
        for name in ["on", "off"] {
            if let text = element.string(name), !text.allSatisfy(\.isWhitespace) { return true }
        }
        return false
    }
}
