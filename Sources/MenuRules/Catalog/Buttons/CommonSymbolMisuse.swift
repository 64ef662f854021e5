import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// A button that looks like a common button but behaves differently.
///
/// Two symbols carry a promise: `plus.circle` / `plus.circle.fill` / `plus`
/// (it adds an item) and `info.circle` / `info.circle.fill` (it is an info
/// button). For the plus symbols, a button counts as adding when a word of
/// its label, its action or its written identifier is an adding verb (Add,
/// New, Create, Insert, Compose, Attach, Import); for bare `plus` an
/// increasing verb (Increase, Increment, Zoom In, Enlarge) counts too, since
/// + is also the stepper's "more". With nothing to go on (no label, action or
/// written identifier) the button is left alone. Only `button`s are checked.
struct CommonSymbolMisuse: Rule {
    let scope = RuleScope.declaration
    let descriptor = RuleDescriptor(
        id: "common-symbol-misuse",
        severity: .warning,
        guideline: Guidelines.buttonsOlder("Common Button Types"),
        summary: "A button uses plus.circle without adding, or info.circle without being an info button.",
        explanation: """
            Some symbols make a button look like a common button people already know, and people expect it to \
            behave that way: a plus in a circle adds an item to the current view; an i in a circle is an info \
            button that reveals details. If the button does something else, pick a symbol that matches its \
            action. If it really is an info button, say so with `type: info`.
            """,
        quote: "If you create a button that looks like a common button that people know, ensure that the button behaves as they expect. For example, if you create a button that uses the plus.circle SF symbol, people expect it to let them add an item to the current view. Similarly, using the info.circle symbol in a button identifies it as an info button.",
        examples: [
            .triggering("""
                view Recipe "Recipe" {
                  button servings "More Servings" { symbol: ↓"plus.circle"; action: showServings }
                  button details "Details" { symbol: ↓"info.circle"; action: showNutrition }
                }
                """),
            .triggering("""
                view Playlist "Playlist" {
                  button expand { symbol: ↓"plus.circle.fill"; action: expandPlaylist }
                }
                """),
            .passing("""
                view Recipe "Recipe" {
                  button addIngredient "Add Ingredient" { symbol: "plus.circle"; action: addIngredient }
                  button details { type: info; symbol: "info.circle"; action: showNutrition }
                  button newRecipe { symbol: "plus"; action: createRecipe }
                }
                """),
            .passing("""
                view Reader "Reader" {
                  button larger "Increase Font Size" { symbol: "plus"; action: increaseFontSize }
                  button addTag { symbol: "plus.circle" }
                  button { symbol: "plus.circle" }
                }
                """),
        ]
    )

    static let plusSymbols: Set<String> = ["plus.circle", "plus.circle.fill", "plus"]
    static let infoSymbols: Set<String> = ["info.circle", "info.circle.fill"]
    /// Words that say a button adds something.
    static let addingWords: Set<String> = ["add", "new", "create", "insert", "compose", "attach", "import"]
    /// Words that say a bare plus increases a value (a stepper's +).
    static let increasingWords: Set<String> = ["increase", "increment", "enlarge", "zoom", "bigger", "larger"]

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        for (element, _) in file.walk(.button) {
            guard !element.isSpliced, element.kind == .button, let symbol = element.string(.symbol) else { continue }
            let span = ButtonQueries.valueSpan("symbol", of: element)
            if Self.plusSymbols.contains(symbol) {
                let words = Self.evidence(element)
                let accepted = symbol == "plus" ? Self.addingWords.union(Self.increasingWords) : Self.addingWords
                guard !words.isEmpty, words.isDisjoint(with: accepted) else { continue }
                reporter.report(
                    "\(element.displayName) uses '\(symbol)' but doesn't add anything",
                    at: span, label: "reads as an add button", element: element,
                    notes: ["people expect a button with '\(symbol)' to add an item to the current view"],
                    help: "choose a symbol that matches what the button does, or use this symbol only on a button that adds")
            } else if Self.infoSymbols.contains(symbol), ButtonQueries.type(of: element) != "info" {
                reporter.report(
                    "\(element.displayName) uses '\(symbol)' but isn't an info button",
                    at: span, label: "reads as an info button", element: element,
                    notes: ["the '\(symbol)' symbol identifies a button as an info button, which reveals details about the current context"],
                    help: "if it reveals details, make it `type: info`; otherwise choose a symbol that matches what it does")
            }
        }
    }

    /// Lowercased words that tell what the button does: its label's words,
    /// its action's and its written identifier's camelCase words.
    static func evidence(_ element: Element) -> Set<String> {
        var words = Set<String>()
        if let label = element.label {
            for word in LabelWords.words(in: label) { words.insert(word.text.lowercased()) }
        }
        if let action = element.symbol(.action) { words.formUnion(camelCaseWords(action)) }
        if element.idSource == .explicit { words.formUnion(camelCaseWords(element.id)) }
        return words
    }

    /// "addToCart" → add, to, cart; "newPDF" → new, pdf.
    static func camelCaseWords(_ identifier: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in identifier {
            if character == "_" || character.isNumber {
                if !current.isEmpty { words.append(current.lowercased()) }
                current = ""
            } else if character.isUppercase, let last = current.last, last.isLowercase {
                words.append(current.lowercased())
                current = String(character)
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current.lowercased()) }
        return words
    }
}
