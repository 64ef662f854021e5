import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// A subtitle that repeats words of the label above it.
///
/// Words are compared case-insensitively, ignoring articles, conjunctions
/// and short prepositions and a plural "s"; one shared word is enough.
/// Buttons and menu items take a subtitle.
struct SubtitleRepeatsLabel: Rule {
    let scope = RuleScope.declaration
    let descriptor = RuleDescriptor(
        id: "subtitle-repeats-label",
        severity: .note,
        guideline: Guidelines.buttons("Content"),
        summary: "A button's or item's subtitle repeats words of its label.",
        explanation: """
            A subtitle is for useful details the label can't hold — the number of items in the cart under \
            "Add to Cart", the account an item acts on. A subtitle that repeats the label's words usually explains \
            the action again, which the label, the symbol and the surrounding view should already do. Say \
            something new in the subtitle (a count, a name, a state), or leave it out.
            """,
        quote: "Avoid writing a subtitle that explains more about what the button does; make sure a button’s containing view, label or image, style, and role provide all the information people need to understand its action.",
        examples: [
            .triggering("""
                view Cart "Cart" {
                  button addToCart "Add to Cart" { subtitle: ↓"Adds this item to your cart"; action: addToCart }
                }
                """),
            .triggering("""
                contextmenu post {
                  item mute "Mute Author" { symbol: "speaker.slash"; subtitle: ↓"Mutes posts by this author"; action: muteAuthor }
                }
                """),
            .passing("""
                view Cart "Cart" {
                  button addToCart "Add to Cart" { subtitle: "3 Items"; action: addToCart }
                }
                """),
            .passing("""
                contextmenu post {
                  item mute "Mute" { symbol: "speaker.slash"; subtitle: "@anna@example.social"; action: muteAuthor }
                }
                """),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        let store = file.store
        let subtitleBit = UInt64(1) << UInt64(PropertyName.subtitle.rawValue)
        // Few items have a subtitle (written, or a default of their kind):
        // the others are left out by their records, before a handle is made.
        let mayHaveSubtitle = file.walk(.button, .item).matching {
            !$0.isSpliced && (store.writtenProperty(.subtitle, of: $0) != nil || PropertyCatalog.defaultNames(for: $0.kind, in: $0.context) & subtitleBit != 0)
        }
        for (element, _) in mayHaveSubtitle {
            guard let subtitle = element.string(.subtitle), let label = element.label else { continue }
            let labelWords = Set(Self.significantWords(label))
            guard let repeated = Self.significantWords(subtitle).first(where: labelWords.contains) else { continue }
            reporter.report(
                "the subtitle of \(element.displayName) repeats '\(repeated)' from its label",
                at: ButtonQueries.valueSpan("subtitle", of: element), label: "repeats the label", element: element,
                help: "use the subtitle for details the label doesn't give (a count, a name, a state), or remove it")
        }
    }

    /// Lowercased words that carry meaning, a plural or third-person "s" removed.
    static func significantWords(_ text: String) -> [String] {
        LabelWords.words(in: text).compactMap { word in
            let lowered = word.text.lowercased()
            guard lowered.count > 2, !LabelWords.minorWords.contains(lowered), lowered.contains(where: \.isLetter) else { return nil }
            return lowered.hasSuffix("s") && !lowered.hasSuffix("ss") ? String(lowered.dropLast()) : lowered
        }
    }
}
