import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// "a", "an" or "the" in a menu item or button label.
struct LabelArticle: Rule {
    /// The whole file at once: its per-label memo is sized by the whole file.
    let scope = RuleScope.file

    let descriptor = RuleDescriptor(
        id: "label-article",
        severity: .warning,
        guideline: Guidelines.menus("Labels"),
        summary: "A menu item or button label contains an article (a, an, the).",
        explanation: """
            Menu item and button labels use a condensed style without articles: "Open Message", not \
            "Open the Message". People understand that the command applies to what is selected, so the article \
            only lengthens the label. A letter that isn't followed by a noun ("Sort A to Z", "Plan A") is not an \
            article and is left alone, as is a title in quotes, the app's name in About, Hide, Quit and Help items \
            ("About The Unarchiver"), a name Apple writes with its article ("the App Store") and the words of \
            the project's vocabulary (`"vocabulary"` in `menuc.json`). Only English labels are checked ("In \
            English, the articles…"): in Spanish, "a" is a preposition.

            Removing "the" is certain, and so is "a" or "an" right after the verb ("Add a Bookmark"); \
            elsewhere ("Disable for an Hour") the noun may need its article, so the fix is a suggestion that \
            `check --fix` leaves for a person to reword ("For 1 Hour").
            """,
        quote: "For consistent labels, adopt a condensed style that doesn't include articles, and use title-style capitalization.",
        hasFixIt: true,
        examples: [
            .triggering(#"menu Message "Message" { item open "Open ↓the Message" { action: openMessage } }"#,
                        corrected: #"menu Message "Message" { item open "Open Message" { action: openMessage } }"#),
            .triggering("""
                view Product "Product" {
                  button addToCart "Add to ↓the Cart" { style: filled; action: addToCart }
                }
                menu View "View" {
                  toggle grid { on: "Hide ↓the Grid"; off: "Show ↓the Grid" }
                }
                """, corrected: """
                view Product "Product" {
                  button addToCart "Add to Cart" { style: filled; action: addToCart }
                }
                menu View "View" {
                  toggle grid { on: "Hide Grid"; off: "Show Grid" }
                }
                """),
            .passing(#"menu Message "Message" { item open "Open Message" { action: openMessage } }"#),
            .passing("""
                menu App "The Unarchiver" {
                  item about "About The Unarchiver" { action: about }
                  item appStore "Find Cuppa in the App Store…" { input: true; action: openAppStore }
                  item moveToDo "Move to “The Backlog”" { action: moveToList }
                  item tempo "Sync Deck A Tempo" { action: syncTempo }
                }
                """),
            .passing("""
                menu View "View" {
                  submenu sortBy "Sort By" {
                    item aToZ "Sort A to Z" { state: on }
                    item zToA "Sort Z to A" { state: off }
                  }
                }
                """),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        // Articles are an English matter ("In English, the articles…").
        guard reporter.vocabulary.isEnglish else { return }
        let words = reporter.vocabulary.words
        let labels = file.labels
        var hasArticle = LabelMemo(over: file) { labels.hasArticle($0) }
        // Every kind but a toggle shows just its label, whose answer is
        // memoized: most elements stop here, at their stored record, before
        // a handle is made or their texts are listed.
        let mayHaveArticles = file.walk(.item, .submenu, .button, .pulldown, .toggle).matching { record in
            !record.isSpliced && (record.kind == .toggle || record.label.exists && hasArticle[record.label])
        }
        for (element, _) in mayHaveArticles {
            element.forEachItemOrButtonLabel { label in
                guard hasArticle[label.id] else { return }
                let text = label.text
                // `hasArticle` without the project's vocabulary: with it, a kept name may hold the only article.
                guard let condensed = LabelWords.removingArticles(text, keeping: words) else { return }
                let span = label.span
                let article = firstArticle(in: text, keeping: words)
                let at = article.map { MenuQueries.span(of: $0, in: text, literal: span, file: file) } ?? span
                // What follows is worked out only for a finding that is kept.
                guard reporter.admits(at) else { return }
                let word = article.map { "'\(text[$0])'" } ?? "an article"
                let isCertain = LabelWords.articleRemovalIsCertain(text, keeping: words)
                let fixIt = MenuQueries.replacingLiteral(at: span, in: file, with: condensed,
                                                         message: isCertain ? "remove the article" : "remove the article (reword if the noun needs it)",
                                                         isCertain: isCertain)
                reporter.report("'\(text)' uses the article \(word)", at: at, label: "article", element: element,
                                help: isCertain ? "write '\(condensed)'" : "reword without the article ('\(condensed)' only if it still reads well)",
                                fixIts: fixIt.map { [$0] } ?? [])
            }
        }
    }

    /// The range of the first word used as an article, standing alone
    /// between blanks (the same test `LabelWords.removingArticles` applies).
    private func firstArticle(in text: String, keeping words: [String]) -> Range<String.Index>? {
        let kept = KeptText.ranges(in: text, vocabulary: words)
        for phrase in LabelWords.phrases(in: text) {
            for position in phrase.indices where LabelWords.isArticle(at: position, in: phrase, of: text) {
                let word = phrase[position]
                guard !KeptText.overlaps(word, kept) else { continue }
                let blankBefore = word.lowerBound == text.startIndex || text[text.index(before: word.lowerBound)].isWhitespace
                let blankAfter = word.upperBound == text.endIndex || text[word.upperBound].isWhitespace
                if blankBefore, blankAfter { return word }
            }
        }
        return nil
    }
}
