import Foundation
import Testing
@testable import MenuSupport
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
@testable import MenuRules
import MenuTestSupport

@Suite("TitleCase")
struct TitleCaseTests {

    /// Labels from macOS and iOS menus and from the HIG texts, already in
    /// title style: they must come back unchanged.
    static let correctLabels: [String] = [
        // HIG examples
        "Paste and Match Style", "Sort By", "Add to Cart", "Take All Accounts Online",
        "Take All Accounts Offline", "Organize by Conversation", "Sort by Date",
        "Sort by Subject", "Sort by Unread", "Open Message", "Share App", "Show Completed",
        "Hide Completed", "Show Ruler", "Turn Grid On", "Turn Grid Off", "Grid On", "Copy",
        // Standard macOS menus
        "About Notes", "Settings…", "Hide Others", "Show All", "Quit Notes", "Open Recent",
        "Save As…", "Export as PDF…", "Page Setup…", "Print…", "Undo Typing",
        "Select All", "Find and Replace…", "Use Selection for Find", "Jump to Selection",
        "Check Spelling While Typing", "Spelling and Grammar", "Emoji & Symbols",
        "Show Tab Bar", "Enter Full Screen", "Actual Size", "Zoom In", "Zoom Out",
        "Bring All to Front", "Move Tab to New Window", "Move to Trash", "Show in Finder",
        "Get Info", "Empty Trash…", "Log Out", "Turn Off", "Open in New Window",
        "Share via AirDrop", "Save to iCloud Drive", "Mark as Read", "Reply to All",
        "Move to Folder…", "Sign In with Apple", "Back Up Now", "Copy Link to Highlight",
        "Look Up “Menu”", "Open With", "Go to Folder…", "Send to Back", "Bring to Front",
        "Tile Window to Left of Screen", "Check for Updates…", "Add to Reading List",
        "Zoom In on Selection", "Log In to iCloud", "Turn Off Notifications",
        "Step Over Instruction", "Signing In…", "Set Up Mail", "Show All Tabs",
        "Customize Toolbar…", "Start Dictation…", "Import from iPhone or iPad",
    ]

    @Test("Correct labels are unchanged", arguments: correctLabels)
    func correctLabelIsUnchanged(_ label: String) {
        #expect(TitleCase.titleCased(label) == label)
        #expect(TitleCase.isTitleCase(label))
    }

    static let fixes = TitleCaseLabels.fixes

    @Test("Wrong labels are fixed", arguments: fixes)
    func wrongLabelIsFixed(_ label: String, _ expected: String) {
        #expect(TitleCase.titleCased(label) == expected)
        #expect(!TitleCase.isTitleCase(label))
        #expect(TitleCase.isTitleCase(expected))
    }

    @Test func wordsWithInnerCapitalsAreLeftAlone() {
        #expect(TitleCase.titleCased("iCloud Drive") == "iCloud Drive")
        #expect(TitleCase.titleCased("open in macOS") == "Open in macOS")
        #expect(TitleCase.titleCased("sell on eBay") == "Sell on eBay")
        #expect(TitleCase.titleCased("send to iPhone") == "Send to iPhone")
    }

    @Test func allCapsWordsAreLeftAlone() {
        #expect(TitleCase.titleCased("export as HTML") == "Export as HTML")
        #expect(TitleCase.titleCased("copy URL") == "Copy URL")
        #expect(TitleCase.titleCased("Save AND Quit") == "Save AND Quit")
    }

    @Test func hyphenatedCompounds() {
        #expect(TitleCase.titleCased("use built-in camera") == "Use Built-In Camera")
        #expect(TitleCase.titleCased("enter full-screen mode") == "Enter Full-Screen Mode")
        #expect(TitleCase.titleCased("right-to-left") == "Right-to-Left")
        #expect(TitleCase.titleCased("Make Right-To-Left") == "Make Right-to-Left")
        #expect(TitleCase.titleCased("restore in-app purchases") == "Restore In-App Purchases")
        #expect(TitleCase.titleCased("show/hide toolbar") == "Show/Hide Toolbar")
        #expect(TitleCase.titleCased("Turn Wi-Fi Off") == "Turn Wi-Fi Off")
    }

    @Test func colonAndDashStartSubphrases() {
        #expect(TitleCase.titleCased("sort by: date") == "Sort By: Date")
        #expect(TitleCase.titleCased("Save — for Later") == "Save — For Later")
        #expect(TitleCase.titleCased("Save—for Later") == "Save—For Later")
        #expect(TitleCase.titleCased("Filter: the Best") == "Filter: The Best")
    }

    @Test func phrasalVerbParticlesAreCapitalized() {
        #expect(TitleCase.titleCased("log in to account") == "Log In to Account")
        #expect(TitleCase.titleCased("turn on notifications") == "Turn On Notifications")
        #expect(TitleCase.titleCased("Turn Grid on for All Documents") == "Turn Grid On for All Documents")
        #expect(TitleCase.titleCased("Logged in as Anna") == "Logged In as Anna")
        #expect(TitleCase.titleCased("Show In Finder") == "Show in Finder")
    }

    @Test func lettersThatAreNotArticles() {
        #expect(TitleCase.titleCased("sort a to z") == "Sort A to Z")
        #expect(TitleCase.titleCased("Sort Z to A") == "Sort Z to A")
        #expect(TitleCase.titleCased("plan a") == "Plan A")
    }

    /// Quoted text is a title of its own (a list, a document): kept as written.
    @Test func quotedWords() {
        #expect(TitleCase.titleCased("search for “name”") == "Search for “name”")
        #expect(TitleCase.titleCased("rename \"draft\"…") == "Rename \"draft\"…")
        #expect(TitleCase.titleCased("Move To “To Do”") == "Move to “To Do”")
        #expect(TitleCase.titleCased("move to ‘to do’ list") == "Move to ‘to do’ List")
        #expect(TitleCase.titleCased("don’t show again") == "Don’t Show Again")
        #expect(TitleCase.titleCased("show (optional) items") == "Show (Optional) Items")
    }

    /// Names are never recased: program and protocol names, charsets, units, letters that name things.
    @Test func namesStayAsWritten() {
        #expect(TitleCase.titleCased("open in tmux") == "Open in tmux")
        #expect(TitleCase.titleCased("connect with ssh") == "Connect with ssh")
        #expect(TitleCase.titleCased("use utf8mb4") == "Use utf8mb4")
        #expect(TitleCase.titleCased("open iTerm2 window") == "Open iTerm2 Window")
        #expect(TitleCase.titleCased("size 12 pt") == "Size 12 pt")
        #expect(TitleCase.titleCased("record at 60 fps") == "Record at 60 fps")
        #expect(TitleCase.titleCased("sync deck A tempo") == "Sync Deck A Tempo")
        #expect(TitleCase.titleCased("Take A Screenshot") == "Take a Screenshot")
        #expect(TitleCase.titleCased("about The Unarchiver") == "About The Unarchiver")
        #expect(TitleCase.titleCased("Quit The Unarchiver") == "Quit The Unarchiver")
        #expect(TitleCase.titleCased("The Unarchiver Help") == "The Unarchiver Help")
        #expect(TitleCase.titleCased("open 3 recent files") == "Open 3 Recent Files")
    }

    /// The project's vocabulary is kept as written, one word or several.
    @Test func vocabularyStaysAsWritten() {
        #expect(TitleCase.titleCased("Add To Up Next") == "Add to up Next")
        #expect(TitleCase.titleCased("Add To Up Next", keeping: ["Up Next"]) == "Add to Up Next")
        #expect(TitleCase.titleCased("show in neovim", keeping: ["neovim"]) == "Show in neovim")
        // Whole words only, letter case and all.
        #expect(TitleCase.titleCased("show neovimrc", keeping: ["neovim"]) == "Show Neovimrc")
        #expect(TitleCase.titleCased("show Neovim", keeping: ["neovim"]) == "Show Neovim")
    }

    /// Particles of phrasal verbs are capitalized, also those only a general rule knows.
    @Test func phrasalVerbs() {
        #expect(TitleCase.titleCased("find out more") == "Find Out More")
        #expect(TitleCase.titleCased("cash out") == "Cash Out")
        #expect(TitleCase.titleCased("lock in rate") == "Lock In Rate")
        #expect(TitleCase.titleCased("carry over balance") == "Carry Over Balance")
        #expect(TitleCase.titleCased("round up totals") == "Round Up Totals")
        #expect(TitleCase.titleCased("hand over to support") == "Hand Over to Support")
        #expect(TitleCase.titleCased("show in finder") == "Show in Finder")
    }

    @Test func spacingAndPunctuationArePreserved() {
        #expect(TitleCase.titleCased("add  to   cart") == "Add  to   Cart")
        #expect(TitleCase.titleCased("  open  ") == "  Open  ")
        #expect(TitleCase.titleCased("copy & paste") == "Copy & Paste")
        #expect(TitleCase.titleCased("save, then quit!") == "Save, Then Quit!")
    }

    @Test func labelsWithoutCasedWords() {
        for label in ["", " ", "…", "&", "—", "...", "🔥", "👍 👎", "100%", "2 × 3", "→"] {
            #expect(TitleCase.titleCased(label) == label)
            #expect(TitleCase.isTitleCase(label))
        }
    }

    @Test func emojiAndNumbers() {
        #expect(TitleCase.titleCased("🔥 hot deals") == "🔥 Hot Deals")
        #expect(TitleCase.titleCased("go to page 2 of 10") == "Go to Page 2 of 10")
        #expect(TitleCase.titleCased("zoom to 100%") == "Zoom to 100%")
        #expect(TitleCase.titleCased("open 3d view") == "Open 3d View")
    }

    @Test func nonLatinScriptsAreUnchanged() {
        for label in ["ファイルを開く", "新規ウインドウ", "открыть файл", "άνοιγμα αρχείου", "打开 iCloud"] {
            #expect(TitleCase.titleCased(label) == label)
        }
        #expect(TitleCase.titleCased("éditer le fichier") == "Éditer Le Fichier")
    }

    @Test func fileNamesAndAddressesAreLeftAlone() {
        #expect(TitleCase.titleCased("open readme.txt") == "Open readme.txt")
        #expect(TitleCase.titleCased("email anna@example.com") == "Email anna@example.com")
        #expect(TitleCase.titleCased("visit https://apple.com") == "Visit https://apple.com")
    }

    @Test func lettersThatUppercaseToTwoAreLeftAlone() {
        #expect(TitleCase.titleCased("ßtraße") == "ßtraße")
    }

    @Test func titleCasingIsIdempotent() {
        for (label, _) in Self.fixes {
            let once = TitleCase.titleCased(label)
            #expect(TitleCase.titleCased(once) == once)
        }
    }

    static var labelsToCompare: [String] { TitleCaseLabels.labelsToCompare }

    @Test func fastPathsAgreeWithTheFullAnalysis() {
        var fast = 0
        for label in Self.labelsToCompare {
            #expect(TitleCase.titleCased(label) == TitleCase.recased(label), "\(label.debugDescription)")
            #expect(LabelWords.removingArticles(label) == LabelWords.removingArticlesWordByWord(label), "\(label.debugDescription)")
            if TitleCase.isPlainlyTitleCase(label) { fast += 1 }
        }
        // The fast path must actually be taken for ordinary labels.
        #expect(fast > 500)
    }

    @Test func plainFirstWordAgreesWithTheWordList() {
        var plain = 0
        let odd = ["  Item 3", "Item", "Item:", "Item: Open", "Item ...", "Item \u{2014}Open", "Item 3D", "R2D2 x", "\tTab\tbed", "Caf\u{E9} Menu",
                   "Open \u{301}x", "Open-File x", "Open . .", "Open .a", "",
                   "Open File\u{2026}", "Open\u{2026}", "Open \u{2026}", "Open\u{2026} File", "Open \u{2026}x", "\u{2026}", " \u{2026}", "Open:\u{2026}",
                   "Open File \u{2026}\u{2026}", "Open\u{2026}\u{2026}", "Caf\u{E9} \u{2026}"]
        for label in Self.labelsToCompare + odd {
            let words = LabelWords.words(in: label)
            guard let fast = LabelWords.plainFirstWord(in: label) else { continue }
            plain += 1
            #expect(String(fast.word) == words.first.map { String($0.text) }, "\(label.debugDescription)")
            #expect(fast.hasMore == (words.count >= 2), "\(label.debugDescription)")
        }
        // The fast path must actually be taken for ordinary labels, and for those closing with "…".
        #expect(plain > 500)
        #expect(LabelWords.plainFirstWord(in: "Export Album\u{2026}").map { String($0.word) } == "Export")
        #expect(LabelWords.plainFirstWord(in: "Export\u{2026}").map { String($0.word) } == "Export")
    }

    @Test func standardLabelFastPathNeverRejectsAStandardLabel() {
        var rejected = 0
        let standard = LabelWords.standardLabels.flatMap { label in
            [label, label.capitalized, label.uppercased(), "  \(label.capitalized)…", "\(label).", "\(label) :", "\(label) Something"]
        } + LabelWords.standardPrefixes.map { "\($0.capitalized) Window" } + ["Menuc Help", "Menuc help.", "x  HELP :", "Foo . Help"]
        for label in Self.labelsToCompare + standard {
            let full = LabelWords.isStandardLabelByNormalizing(label)
            #expect(LabelWords.isStandardLabel(label) == full, "\(label.debugDescription)")
            if LabelWords.isPlainlyNotStandard(label) {
                rejected += 1
                #expect(!full, "the fast path rejected the standard label \(label.debugDescription)")
            }
        }
        // The fast path must actually be taken for ordinary labels.
        #expect(rejected > 500)
    }
}
