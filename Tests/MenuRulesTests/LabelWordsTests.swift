import Foundation
import Testing
@testable import MenuSupport
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
@testable import MenuRules
import MenuTestSupport
import SemanticsTestSupport

@Suite("LabelWords")
struct LabelWordsTests {

    // MARK: words(in:)

    private func texts(_ label: String) -> [String] {
        LabelWords.words(in: label).map { String($0.text) }
    }

    @Test func splitsOnWhitespaceAndStripsSurroundingPunctuation() {
        #expect(texts("Export as PDF…") == ["Export", "as", "PDF"])
        #expect(texts("Look Up “Menu”") == ["Look", "Up", "Menu"])
        #expect(texts("Show (Optional) Items") == ["Show", "Optional", "Items"])
        #expect(texts("Sort By: Date") == ["Sort", "By", "Date"])
        #expect(texts("  Add   to\tCart  ") == ["Add", "to", "Cart"])
        #expect(texts("Really?") == ["Really"])
    }

    @Test func keepsInnerHyphensAndApostrophes() {
        #expect(texts("Don't Save") == ["Don't", "Save"])
        #expect(texts("Don’t Save") == ["Don’t", "Save"])
        #expect(texts("Use Built-In Camera") == ["Use", "Built-In", "Camera"])
        #expect(texts("Open readme.txt") == ["Open", "readme.txt"])
    }

    @Test func dashesAndSymbolsAreNotWords() {
        #expect(texts("Copy & Paste") == ["Copy", "Paste"])
        #expect(texts("Save—Now") == ["Save", "Now"])
        #expect(texts("Save — Now") == ["Save", "Now"])
        #expect(texts("🔥 Hot Deals") == ["Hot", "Deals"])
        #expect(texts("Page 2 of 10") == ["Page", "2", "of", "10"])
        #expect(texts("").isEmpty)
        #expect(texts("… & —").isEmpty)
    }

    @Test func rangesPointIntoTheLabel() {
        for label in ["“Quoted” Name…", "Add  to the Cart", "🔥 Hot—Deals: now", "Ünïcödé wörds"] {
            for word in LabelWords.words(in: label) {
                #expect(label[word.range] == word.text)
            }
        }
        let label = "Open “Draft”"
        let words = LabelWords.words(in: label)
        #expect(words.count == 2)
        if words.count == 2 {
            #expect(label.utf8.distance(from: label.startIndex, to: words[1].range.lowerBound) == 8)
            #expect(label.utf8.distance(from: label.startIndex, to: words[1].range.upperBound) == 13)
        }
    }

    // MARK: isVerb / isStandardLabel

    @Test func verbListIsLargeAndLowercased() {
        #expect(LabelWords.verbs.count >= 250)
        #expect(LabelWords.verbs.allSatisfy { $0 == $0.lowercased() })
    }

    @Test(arguments: ["Copy", "paste", "OPEN", "Save", "Share", "Show", "Hide", "Turn", "Sort",
                      "Back", "Don’t", "Zoom", "Eject", "Empty", "Favorite", "Fast-Forward"])
    func knownVerbs(_ word: String) {
        #expect(LabelWords.isVerb(word))
    }

    @Test(arguments: ["Date", "Title", "Name", "Size", "Color", "Font", "Style", "Kind", "Bold",
                      "Folder", "Notes", "Window", "File", "Label", "Help", "New", "About", "",
                      "Subject", "Unread", "Toolbar", "Grid"])
    func nounsAreNotVerbs(_ word: String) {
        #expect(!LabelWords.isVerb(word))
    }

    /// Labels of standard macOS menu items and buttons: each starts with a
    /// verb or is a standard label.
    static let standardMenuLabels: [String] = [
        "About Notes", "Settings…", "Preferences…", "Services", "Hide Notes", "Hide Others",
        "Show All", "Quit Notes", "New Note", "New Folder", "New", "Open…", "Open Recent",
        "Close Window", "Save…", "Duplicate", "Rename…", "Move To…", "Revert To",
        "Export as PDF…", "Share", "Page Setup…", "Print…", "Undo", "Redo", "Cut", "Copy",
        "Paste", "Paste and Match Style", "Delete", "Select All", "Find…",
        "Find and Replace…", "Spelling and Grammar", "Check Spelling While Typing",
        "Start Dictation…", "Emoji & Symbols", "Show Fonts", "Bold", "Italic", "Underline",
        "Bigger", "Smaller", "Show Colors", "Align Left", "Center", "Justify",
        "Show Toolbar", "Customize Toolbar…", "Enter Full Screen", "Actual Size",
        "Zoom In", "Zoom Out", "Minimize", "Zoom", "Bring All to Front", "Notes Help",
        "Get Info", "Move to Trash", "Empty Trash…", "Eject", "Log Out", "Back Up Now",
        "Add to Cart", "Sign In with Apple", "Don’t Save", "OK", "Cancel", "Done", "Window",
    ]

    @Test(arguments: standardMenuLabels)
    func standardLabelStartsWithVerbOrIsStandard(_ label: String) {
        let first = LabelWords.words(in: label).first.map { String($0.text) } ?? ""
        #expect(LabelWords.isVerb(first) || LabelWords.isStandardLabel(label))
    }

    @Test func standardLabelsMatchLoosely() {
        #expect(LabelWords.isStandardLabel("Settings…"))
        #expect(LabelWords.isStandardLabel("settings..."))
        #expect(LabelWords.isStandardLabel("Settings"))
        #expect(LabelWords.isStandardLabel("Actual  Size"))
        #expect(LabelWords.isStandardLabel("About Menuc"))
        #expect(LabelWords.isStandardLabel("New Smart Folder…"))
        #expect(LabelWords.isStandardLabel("Menuc Help"))
        #expect(LabelWords.isStandardLabel("Don't Save"))
        #expect(LabelWords.isStandardLabel("Quick Look “Report.pdf”"))
        #expect(LabelWords.isStandardLabel("What’s New in Notes"))
        #expect(LabelWords.isStandardLabel("System Settings…"))
    }

    @Test(arguments: ["Date", "Title", "Folder", "Notes", "Recent Documents", "Newsletter",
                      "Aboutness", "Helpful Tips", "Quick Looks", "Newsletter Archive", "Settings Page", "", "…"])
    func nonStandardLabels(_ label: String) {
        #expect(!LabelWords.isStandardLabel(label))
    }

    // MARK: removingArticles

    @Test func articlesAreRemoved() {
        #expect(LabelWords.removingArticles("Add to the Cart") == "Add to Cart")
        #expect(LabelWords.removingArticles("Open the Message") == "Open Message")
        #expect(LabelWords.removingArticles("Take a Screenshot") == "Take Screenshot")
        #expect(LabelWords.removingArticles("Take A Screenshot") == "Take Screenshot")
        #expect(LabelWords.removingArticles("Add an Account…") == "Add Account…")
        #expect(LabelWords.removingArticles("The Basics") == "Basics")
        #expect(LabelWords.removingArticles("Move the Item to the Trash") == "Move Item to Trash")
        #expect(LabelWords.removingArticles("Add  the   Cart") == "Add  Cart")
    }

    @Test func articlesSetHoldsTheThreeArticles() {
        #expect(LabelWords.articles == ["a", "an", "the"])
    }

    @Test func nonArticlesAreKept() {
        #expect(LabelWords.removingArticles("Add to Cart") == nil)
        #expect(LabelWords.removingArticles("The") == nil)
        #expect(LabelWords.removingArticles("a") == nil)
        #expect(LabelWords.removingArticles("Plan A") == nil)
        #expect(LabelWords.removingArticles("Sort A to Z") == nil)
        #expect(LabelWords.removingArticles("Sort A–Z") == nil)
        #expect(LabelWords.removingArticles("Play “The Beatles”") == nil)
        #expect(LabelWords.removingArticles("Theme Settings") == nil)
        #expect(LabelWords.removingArticles("Another Tab") == nil)
        #expect(LabelWords.removingArticles("") == nil)
    }

    // MARK: repeatedLeadingTerms

    @Test func higSortByExample() {
        let groups = LabelWords.repeatedLeadingTerms(["Sort by Date", "Sort by Subject", "Sort by Unread"])
        #expect(groups.count == 1)
        #expect(groups.first?.term == "Sort by")
        #expect(groups.first?.submenuTitle == "Sort By")
        #expect(groups.first?.indices == [0, 1, 2])
    }

    @Test func twoRepetitionsAreNotEnough() {
        #expect(LabelWords.repeatedLeadingTerms(["Sort by Date", "Sort by Subject", "Copy"]).isEmpty)
        #expect(LabelWords.repeatedLeadingTerms([]).isEmpty)
    }

    @Test func oneWordTerm() {
        let groups = LabelWords.repeatedLeadingTerms(["Copy", "Show Toolbar", "Paste", "show sidebar", "Show Tab Bar"])
        #expect(groups.count == 1)
        #expect(groups.first?.term == "Show")
        #expect(groups.first?.submenuTitle == "Show")
        #expect(groups.first?.indices == [1, 3, 4])
    }

    @Test func mixedTermsFallBackToFirstWord() {
        let groups = LabelWords.repeatedLeadingTerms(["Sort by Date", "Sort by Name", "Sort Ascending"])
        #expect(groups.count == 1)
        #expect(groups.first?.term == "Sort")
        #expect(groups.first?.indices == [0, 1, 2])
    }

    @Test func prepositionGroupTakesPrecedence() {
        let labels = ["Sort Ascending", "Sort by Date", "Sort by Name", "Sort by Size", "Sort Descending"]
        let groups = LabelWords.repeatedLeadingTerms(labels)
        #expect(groups.count == 1)
        #expect(groups.first?.term == "Sort by")
        #expect(groups.first?.indices == [1, 2, 3])
    }

    @Test func labelsThatAreOnlyTheTermDoNotCount() {
        #expect(LabelWords.repeatedLeadingTerms(["Copy", "Copy Link", "Copy Path"]).isEmpty)
    }

    @Test func severalGroupsInFirstIndexOrder() {
        let labels = [
            "Move to Trash", "Sort by Date", "Move to Folder…", "Sort by Name", "Move to Junk",
            "Sort by Size", "Turn On Wi-Fi", "Turn On Bluetooth", "Turn On AirDrop",
        ]
        let groups = LabelWords.repeatedLeadingTerms(labels)
        #expect(groups.map(\.term) == ["Move to", "Sort by", "Turn On"])
        #expect(groups.map(\.submenuTitle) == ["Move To", "Sort By", "Turn On"])
        #expect(groups.map(\.indices) == [[0, 2, 4], [1, 3, 5], [6, 7, 8]])
    }

    /// The compact grouping (eight bytes a label) answers as the direct
    /// one it replaced, kept here as the reference, on generated menus
    /// full of shared first words, prepositions and case variants.
    @Test func groupsAsTheReferenceGroupingDoes() {
        var state: UInt64 = 42
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        let first = ["Sort", "sort", "SORT", "Move", "Show", "Turn", "Copy", "Go"]
        let second = ["by", "By", "to", "on", "On", "Date", "Name", "with", "All", "…"]
        let rest = ["Date", "Name", "Size", "Trash", "Wi-Fi", "Inbox", "Folder…", "Later"]
        var mismatches: [[String]] = []
        for _ in 0..<400 {
            let labels = (0..<(3 + next(14))).map { _ -> String in
                let length = next(4) + 1
                var words = [first[next(first.count)]]
                if length >= 2 { words.append(second[next(second.count)]) }
                for _ in 2..<max(2, length) { words.append(rest[next(rest.count)]) }
                return words.joined(separator: " ")
            }
            let compact = LabelWords.repeatedLeadingTerms(labels)
            let reference = Self.referenceRepeatedLeadingTerms(labels)
            if compact.map(\.term) != reference.map(\.term) || compact.map(\.submenuTitle) != reference.map(\.submenuTitle)
                || compact.map(\.indices) != reference.map(\.indices) {
                mismatches.append(labels)
            }
        }
        #expect(mismatches.isEmpty, "first mismatch: \(mismatches.first ?? [])")
    }

    /// `repeatedLeadingTerms` as first written: a lead per label with its
    /// first word and two-word term as strings.
    private static func referenceRepeatedLeadingTerms(_ labels: [String]) -> [(term: String, submenuTitle: String, indices: [Int])] {
        struct Lead {
            let index: Int
            let firstWord: String
            let preposition: (key: String, term: String)?
        }
        var firstWordOrder: [String] = []
        var byFirstWord: [String: [Lead]] = [:]
        for (index, label) in labels.enumerated() {
            let words = LabelWords.words(in: label)
            guard words.count >= 2 else { continue }
            let second = words[1].text.lowercased()
            var preposition: (key: String, term: String)?
            if words.count >= 3, LabelWords.shortPrepositions.contains(second) {
                preposition = (second, String(label[words[0].range.lowerBound..<words[1].range.upperBound]))
            }
            let key = words[0].text.lowercased()
            if byFirstWord[key] == nil { firstWordOrder.append(key) }
            byFirstWord[key, default: []].append(Lead(index: index, firstWord: String(words[0].text), preposition: preposition))
        }
        var results: [(term: String, submenuTitle: String, indices: [Int])] = []
        for key in firstWordOrder {
            guard let group = byFirstWord[key], group.count > 2 else { continue }
            var claimed = Set<Int>()
            var prepositionOrder: [String] = []
            for lead in group {
                if let key = lead.preposition?.key, !prepositionOrder.contains(key) { prepositionOrder.append(key) }
            }
            for preposition in prepositionOrder {
                let members = group.filter { $0.preposition?.key == preposition }
                guard members.count > 2, let term = members[0].preposition?.term else { continue }
                results.append((term, TitleCase.titleCased(term), members.map(\.index)))
                claimed.formUnion(members.map(\.index))
            }
            let rest = group.filter { !claimed.contains($0.index) }
            if rest.count > 2 { results.append((rest[0].firstWord, TitleCase.titleCased(rest[0].firstWord), rest.map(\.index))) }
        }
        return results.sorted { ($0.indices.first ?? 0) < ($1.indices.first ?? 0) }
    }

    @Test func groupingIsCaseInsensitiveAndKeepsFirstSpelling() {
        let groups = LabelWords.repeatedLeadingTerms(["sort by date", "Sort By Name", "SORT BY SIZE"])
        #expect(groups.first?.term == "sort by")
        #expect(groups.first?.submenuTitle == "Sort By")
        #expect(groups.first?.indices == [0, 1, 2])
    }

    // MARK: ASCII fast path and the label analysis

    /// Word ranges as UTF-8 offsets, comparable across the two paths.
    private func offsets(_ phrases: [[Range<String.Index>]], in label: String) -> [[[Int]]] {
        phrases.map { phrase in
            phrase.map { [label.utf8.distance(from: label.startIndex, to: $0.lowerBound),
                          label.utf8.distance(from: label.startIndex, to: $0.upperBound)] }
        }
    }

    @Test func asciiPathAgreesWithTheCharacterPath() throws {
        var labels = [
            "Export as PDF...", "Sort By: Date", "  Add   to\tCart  ", "Don't Save", "(Optional)", "\"Quoted\" Title",
            "a:b:c", "Name: ", ":", "...", "Copy & Paste", "Really?!", "Line\r\nBreak", "x", "", "   ", "<Tag> [1] {2}",
            "Open readme.txt", "Show/Hide Toolbar", "Built-In", "`code`", "A; B, C. D! E?", "\u{0B}vertical\u{0C}feed",
        ]
        // Every label of the samples too.
        for case let url as URL in FileManager.default.enumerator(at: TestSupport.samples, includingPropertiesForKeys: nil)!
        where url.pathExtension == "menu" {
            let text = try String(contentsOf: url, encoding: .utf8)
            labels += text.split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        }
        var asciiLabels = 0
        for label in labels {
            guard let ascii = LabelWords.asciiPhrases(in: label) else { continue }
            asciiLabels += 1
            #expect(offsets(ascii, in: label) == offsets(LabelWords.unicodePhrases(in: label), in: label), "\(label.debugDescription)")
        }
        #expect(asciiLabels > 100)
        #expect(LabelWords.asciiPhrases(in: "Save—Now") == nil)
        #expect(LabelWords.asciiPhrases(in: "Café") == nil)
    }

    @Test func analysisAnswersMatchDirectAnswersAndSurviveEquivalentSpellings() throws {
        let precomposed = "Caf\u{E9} the Menu"
        let decomposed = "Cafe\u{301} the Menu"  // == precomposed, different bytes
        let labels = [precomposed, decomposed, precomposed, "sort by date", "Add to the Cart", "Undo", "Add to the Cart", "Photos", "…"]
        let (file, ids) = try Self.file(ofItemsLabelled: labels)
        let analysis = file.labels
        for (id, label) in zip(ids, labels) {
            #expect(file.store.text(id) == label)
            #expect(analysis.isTitleCased(id) == (TitleCase.titleCased(label) == label))
            #expect(analysis.hasArticle(id) == (LabelWords.removingArticles(label) != nil))
            #expect(analysis.isStandardLabel(id) == LabelWords.isStandardLabel(label))
            #expect(analysis.words(id).map { String($0.text) } == LabelWords.words(in: label).map { String($0.text) })
            #expect(analysis.firstWord(id).map { String($0.text) } == LabelWords.words(in: label).first.map { String($0.text) })
        }
        // Equal texts share an id; canonically equal but differently
        // encoded texts do not (their string indices differ).
        #expect(ids[0] == ids[2])
        #expect(ids[0] != ids[1])
        #expect(analysis.firstWord(ids[4])?.isVerb == true)
        #expect(analysis.firstWord(ids[7])?.isVerb == false)
        #expect(analysis.firstWord(ids[8]) == nil)
        #expect(FoldedLabel.hash(of: ids[4], in: file.store) == FoldedLabel.hash(of: ids[6], in: file.store))
    }

    /// A checked file of one menu of these items (the rules not run), and each item's label, in order.
    static func file(ofItemsLabelled labels: [String]) throws -> (file: CheckedFile, ids: [TextID]) {
        let source = "menu M \"M\" {\n" + labels.enumerated().map { "  item i\($0.offset) \"\($0.element)\"\n" }.joined() + "}\n"
        let file = try #require(CheckedText(source, displayPath: "t.menu").file)
        return (file, try file.walk(.item).map(\.element).map { try #require($0.labelID) })
    }

    /// A rule's memo asks its question once per distinct label and answers
    /// what the question answers, however often and in whatever order it is asked.
    @Test func aMemoAsksOncePerDistinctLabel() throws {
        let labels = (0..<40).map { "open file \($0 % 10)" } + ["Open File", "Add to the Cart", "Open File"]
        let (file, ids) = try Self.file(ofItemsLabelled: labels)
        var asked: [TextID] = []
        var isTitleCased = LabelMemo(over: file) { id in
            asked.append(id)
            return file.labels.isTitleCased(id)
        }
        for id in ids + ids.reversed() {
            let text = file.store.text(id)
            #expect(isTitleCased[id] == (TitleCase.titleCased(text) == text))
        }
        #expect(asked.count == Set(ids).count)
        #expect(Set(asked) == Set(ids))
        #expect(asked.count == 12)
    }

    /// Labels for the byte-level answers: ordinary ones, and the edges of
    /// a plain first word (numbers, noun endings, case, blank space, non-ASCII).
    static let byteAnswerLabels: [String] = TitleCaseLabels.labelsToCompare + [
        "Notifications", "NOTIFICATIONS Now", "2 Columns", "Darkness", "Ring", "Bring Forward", "String Tools", "Sings",
        "Next Display", "  Left Half", "\tTab\tbed", "Add", "ADD to Cart", "Add to Cart", "Fullscreen", "Version 2.1", "Item…", "Item...",
        "An Item", "Find a Friend", "the", "THE END", "a", "an…", "Ant", "Bread and Butter", "Go to the Store…",
        "Caf\u{E9} Menu", "Open Caf\u{E9}", "R2D2 x", "Open-File x", "Item: Open", "", " ", "Visibility Toggle", "Ism",
    ]

    @Test func byteAnswersAgreeWithTheStringAnalysis() {
        var plain = 0
        for label in Self.byteAnswerLabels {
            var bytes = label
            let first = LabelWords.words(in: label).first.map { String($0.text) }
            let slow = first.map { !LabelWords.isVerb($0) && LabelWords.isKnownNonVerb($0) } ?? false
            if let fast = bytes.withUTF8(LabelWords.plainStartsWithNonVerb(bytes:)) {
                plain += 1
                #expect(fast == slow, "\(label.debugDescription)")
            }
            #expect(LabelWords.removingArticles(label) == nil || bytes.withUTF8(LabelWords.mayContainArticle(bytes:)), "\(label.debugDescription)")
        }
        // The fast path must actually be taken for ordinary labels.
        #expect(plain > 500)
        // No curated verb starts with a digit (the byte path takes those for numbers).
        #expect(!LabelWords.verbs.contains { $0.first?.isNumber == true })
    }

    /// The label analysis and `suggest-submenu`'s lead-word keys answer plain
    /// labels from the model's bytes and the others through strings; both
    /// must give what the string analysis does.
    @Test func byteAnswersFromTheModelMatchTheStringAnalysis() throws {
        let labels = Self.byteAnswerLabels.filter { !$0.contains("\"") && !$0.contains("\\") && !$0.contains("\n") && !$0.contains("\r") }
        let source = "menu M \"M\" {\n" + labels.enumerated().map { "  item i\($0.offset) \"\($0.element)\"\n" }.joined() + "}\n"
        let compilation = CheckedText(source, displayPath: "t.menu")
        let file = try #require(compilation.file)
        let analysis = file.labels
        var leadWords = SuggestSubmenu.LeadWordKeys(store: file.store)
        let items = file.walk(.item).map(\.element)
        #expect(items.count == labels.count)
        var keyOfWord: [String: Int] = [:]
        var wordOfKey: [Int: String] = [:]
        for item in items {
            guard let id = item.labelID, let label = item.label else { continue }
            let words = LabelWords.words(in: label)
            let first = words.first.map { String($0.text) }
            let startsWithNonVerb = first.map { !LabelWords.isVerb($0) && LabelWords.isKnownNonVerb($0) } ?? false
            #expect(analysis.startsWithNonVerb(id) == startsWithNonVerb, "\(label.debugDescription)")
            #expect(analysis.hasArticle(id) == (LabelWords.removingArticles(label) != nil), "\(label.debugDescription)")
            // Keys are dense numbers: equal exactly when the lowercased first words are.
            let key = leadWords.key(of: id)
            #expect((key != nil) == (words.count >= 2), "\(label.debugDescription)")
            if let key, let first {
                let word = first.lowercased()
                #expect(keyOfWord[word, default: key] == key && wordOfKey[key, default: word] == word, "\(label.debugDescription)")
                keyOfWord[word] = key
                wordOfKey[key] = word
            }
        }
        #expect(keyOfWord.count > 100)
    }
}
