import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// What the rules ask about a label of the model — its title-case form,
/// its articles, its words, whether it is a standard label — answered from
/// its text in the store, on each question.
///
/// Nothing is kept here. A rule that asks about every element keeps its
/// answers in its own `LabelMemo`, once per distinct label (real menus
/// repeat "Open", "Copy Link"); the few labels a rule goes on to report are
/// analysed where they are reported. Every answer is a pure function of
/// the label's text. Most labels are plain (ASCII, "…", "’"), and the
/// questions asked of every label read their bytes without making a string.
package struct LabelAnalysis {
    private let store: ModelStore

    package init(store: ModelStore) {
        self.store = store
    }

    /// Whether `TitleCase.titleCased` leaves the label as it is: the plain
    /// case is read from the bytes, and only the other labels are recased.
    func isTitleCased(_ id: TextID) -> Bool {
        if store.withTextBytes(id, TitleCase.isPlainlyTitleCase(bytes:)) { return true }
        let text = store.text(id)
        return TitleCase.titleCased(text) == text
    }

    /// `LabelWords.isStandardLabel(label)`.
    func isStandardLabel(_ id: TextID) -> Bool {
        LabelWords.isStandardLabel(store.text(id))
    }

    /// The label's words (see `LabelWords.words(in:)`).
    func words(_ id: TextID) -> [(text: Substring, range: Range<String.Index>)] {
        LabelWords.words(in: store.text(id))
    }

    /// The label's first word, and whether it is one of the curated verbs.
    func firstWord(_ id: TextID) -> (text: Substring, isVerb: Bool)? {
        let text = store.text(id)
        // Most labels need no word list for this.
        let first = LabelWords.plainFirstWord(in: text)?.word ?? LabelWords.words(in: text).first?.text
        return first.map { ($0, LabelWords.isVerb(String($0))) }
    }

    /// Whether the label's first word is known not to be a verb (see
    /// `LabelWords.isKnownNonVerb`).
    func startsWithNonVerb(_ id: TextID) -> Bool {
        if let plain = store.withTextBytes(id, LabelWords.plainStartsWithNonVerb(bytes:)) { return plain }
        return firstWord(id).map { !$0.isVerb && LabelWords.isKnownNonVerb(String($0.text)) } ?? false
    }

    /// Whether `LabelWords.removingArticles` finds an article to remove.
    func hasArticle(_ id: TextID) -> Bool {
        // Most labels certainly have none: seen in their bytes, without a string.
        store.withTextBytes(id, LabelWords.mayContainArticle(bytes:)) && LabelWords.removingArticles(store.text(id)) != nil
    }

    /// Whether the label uses three periods where an ellipsis belongs.
    func hasThreePeriods(_ id: TextID) -> Bool {
        store.text(id).containsBytes(of: "...")
    }
}

extension CheckedFile {
    /// What the rules ask about the labels of the file's model.
    package var labels: LabelAnalysis { LabelAnalysis(store: store) }
}
