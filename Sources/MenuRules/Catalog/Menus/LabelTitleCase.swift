import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// A menu item, menu or button label that isn't in title-style capitalization.
struct LabelTitleCase: Rule {
    /// The whole file at once: its per-label memo is sized by the whole file.
    let scope = RuleScope.file

    let descriptor = RuleDescriptor(
        id: "label-title-case",
        severity: .warning,
        guideline: Guidelines.menus("Labels"),
        summary: "A menu item, menu title or button label doesn't use title-style capitalization.",
        explanation: """
            Labels of menu items, submenus, menus and buttons use title-style capitalization: capitalize every \
            word except articles, coordinating conjunctions and prepositions of four or fewer letters, unless \
            the word comes first or last ("Sort by Date", "Bring All to Front", "Move To"). A preposition that \
            belongs to a verb is capitalized ("Sign In with Apple"), and words with capitals inside (iCloud, \
            AirDrop, PDF) are left as written.

            Names are never recased, and a fix never changes them: quoted text ('Move to “To Do”'), words with \
            a digit (utf8mb4, iTerm2), lowercase names without a vowel (ssh) and well-known program names \
            (tmux, git), units after a number ("12 pt"), a capital letter that names something ("Deck A"), \
            the app's name in About, Hide, Quit and Help items ("About The Unarchiver"), and the words of the \
            project's vocabulary: `"vocabulary": ["Up Next", "neovim"]` in `menuc.json` keeps each entry exactly \
            as written wherever it appears as whole words. Labels of a language other than English (`"language"` \
            in `menuc.json`, or the file's `language` directive) are not checked: title style is an English convention. AppKit's own labels written \
            otherwise ("Check Grammar With Spelling") are left alone.

            The fix is certain, and `check --fix` applies it, unless it guesses: when it lowers a word that \
            may be a phrasal verb's particle (by, in, on, up, out…) or capitalizes a word written in lowercase \
            among capitalized ones (it may be a name), it is a suggestion that `--fix` leaves for a person; \
            editors and SARIF still offer it.

            Pop-up options, section headings and pop-up labels are not checked: they name values or describe a \
            setting rather than a command, and Apple's own settings write many of them in sentence style. \
            A label written with escapes gets no automatic fix, so that nothing written with an escape is lost.
            """,
        quote: "For consistent labels, adopt a condensed style that doesn't include articles, and use title-style capitalization.",
        hasFixIt: true,
        examples: [
            .triggering(#"menu Library "Library" { item templates ↓"Binary Templates (beta)" { action: showTemplates } }"#),
            .triggering(#"menu View "View" { item sortByDate ↓"Sort by date" { state: on } }"#,
                        corrected: #"menu View "View" { item sortByDate "Sort by Date" { state: on } }"#),
            .triggering("""
                menu ↓"window" {
                  item bringAllToFront ↓"Bring All To Front"
                  toggle sidebar { on: ↓"Hide sidebar"; off: "Show Sidebar" }
                }
                view Product "Product" { button addToCart ↓"Add to cart" { action: addToCart } }
                """, corrected: """
                menu "Window" {
                  item bringAllToFront "Bring All to Front"
                  toggle sidebar { on: "Hide Sidebar"; off: "Show Sidebar" }
                }
                view Product "Product" { button addToCart "Add to Cart" { action: addToCart } }
                """),
            .passing("""
                language de
                menu Ablage "Ablage" {
                  item export "Als PDF exportieren…" { input: true }
                }
                """),
            .passing("""
                menu Mailbox "Mailbox" {
                  submenu useThisMailboxFor "Use This Mailbox For" { item drafts "Drafts" { state: off } }
                  item signIn "Sign In with Apple…" { input: true }
                  item showInFinder "Show in Finder"
                  item iCloud "iCloud Settings…" { input: true }
                }
                """),
            .passing("""
                menu Lists "Lists" {
                  item moveToDo "Move to “To Do”" { action: moveToList }
                  item tmux "Open in tmux" { action: openInTmux }
                  item charset "Convert to utf8mb4" { action: convertCharset }
                  item size "Set Size to 12 pt" { action: setSize }
                  item tempo "Sync Deck A Tempo" { action: syncTempo }
                  item findOut "Find Out More" { action: learnMore }
                  item cashOut "Cash Out" { action: cashOut }
                  item roundUp "Round Up" { action: roundUp }
                  item about "About The Unarchiver" { action: about }
                }
                """),
            .passing("""
                view Settings "Settings" {
                  popup interval "Check for new messages" {
                    default: everyMinute
                    option everyMinute "Every minute"
                    option manually "Manually"
                  }
                }
                """),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        // Title style is English; other languages capitalize by their own rules.
        guard reporter.vocabulary.isEnglish else { return }
        let labels = file.labels
        var isTitleCased = LabelMemo(over: file) { labels.isTitleCased($0) }
        var toggleLabels: [LabelText] = []
        // The analysis is memoized per distinct label: most labels stop at
        // the memo, asked of the stored record before a handle is made.
        let labelled = file.walk(.item, .submenu, .button, .pulldown, .toggle, .menu).matching { record in
            !record.isSpliced && (record.kind == .toggle || record.label.exists && !isTitleCased[record.label])
        }
        for (element, _) in labelled {
            let record = element.record
            if record.kind != .toggle {
                // A menu's title, or what `forEachItemOrButtonLabel` gives
                // the other kinds: the label, not in title case (`labelled`).
                reportIfRecased(LabelText(element: element, property: nil, id: record.label), element: element, file: file, &reporter)
                continue
            }
            toggleLabels.shrink(to: 0)
            element.forEachLabelText { toggleLabels.append($0) }
            for label in toggleLabels where !isTitleCased[label.id] {
                reportIfRecased(label, element: element, file: file, &reporter)
            }
        }
    }

    /// Labels AppKit itself writes this way in its standard menus: an app
    /// that uses the system's items can't change them.
    static let appKitLabels: Set<String> = ["Check Grammar With Spelling", "Check Spelling As You Type"]

    /// Reports a label not in title style unless recasing it would change
    /// only what is kept as written. Without a project vocabulary that is
    /// known before the label is recased, so the reporter is asked first:
    /// a finding an allow silences or one past those shown makes no
    /// recased text (a file of a million such labels held one each).
    private func reportIfRecased(_ label: LabelText, element: Element, file: CheckedFile, _ reporter: inout RuleReporter) {
        let text = label.text
        guard !Self.appKitLabels.contains(text) else { return }
        let words = reporter.vocabulary.words
        if words.isEmpty, !reporter.admits(label.span) { return }
        // The label in title style, keeping the project's vocabulary as written.
        let recased = TitleCase.titleCased(text, keeping: words)
        guard recased != text else { return }
        report(label, recased: recased, element: element, file: file, &reporter)
    }

    private func report(_ label: LabelText, recased: String, element: Element, file: CheckedFile, _ reporter: inout RuleReporter) {
        let span = label.span
        // The label is analysed again and its fix-it worked out only for a finding that is kept.
        guard reporter.admits(span) else { return }
        let text = label.text
        // Certain unless it guesses at a particle or recases a word written lowercase among capitals.
        let isCertain = TitleCase.recasing(text, keeping: reporter.vocabulary.words).isCertain
        let fixIt = MenuQueries.replacingLiteral(at: span, in: file, with: recased,
                                                 message: isCertain ? "use title-style capitalization" : "use title-style capitalization (check names and particles first)",
                                                 isCertain: isCertain)
        reporter.report("'\(text)' is not in title-style capitalization", at: span, label: "write '\(recased)'",
                        element: element, help: "write '\(recased)'", fixIts: fixIt.map { [$0] } ?? [])
    }
}
