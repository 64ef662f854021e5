import Testing
@testable import MenuRules

/// What the label rules keep as written: Apple's names with their article
/// and the project's vocabulary, found as whole words by their characters.
struct KeptTextTests {
    func kept(_ label: String, _ vocabulary: [String] = []) -> [String] {
        KeptText.ranges(in: label, vocabulary: vocabulary).map { String(label[$0]) }.sorted()
    }

    @Test func namesWithTheirArticleAreKeptWhereverTheyAppear() {
        #expect(kept("Find in the App Store") == ["the App Store"])
        #expect(kept("Open the Mac App Store") == ["the Mac App Store"])
        #expect(kept("Open App Store").isEmpty)
        #expect(kept("Open the App Stores").isEmpty)
    }

    @Test func vocabularyIsKeptAsWholeWords() {
        #expect(kept("Open tmux Session", ["tmux"]) == ["tmux"])
        #expect(kept("Open tmuxes", ["tmux"]).isEmpty)
        #expect(kept("Show Up Next", ["Up Next"]) == ["Up Next"])
    }

    /// Characters, not bytes, decide: an entry written with "é" is kept in
    /// a label that writes it as "e" and a combining accent, and the other
    /// way round.
    @Test func vocabularyIsKeptInEitherSpellingOfItsCharacters() {
        #expect(kept("Open Cafe\u{301} Mode", ["Café Mode"]) == ["Cafe\u{301} Mode"])
        #expect(kept("Open Café Mode", ["Cafe\u{301} Mode"]) == ["Café Mode"])
        // The Kelvin sign is canonically the letter K.
        #expect(kept("Open \u{212A}ey Chain", ["Key Chain"]) == ["\u{212A}ey Chain"])
    }
}
