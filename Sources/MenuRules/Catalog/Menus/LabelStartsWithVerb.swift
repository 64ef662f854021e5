import MenuSupport
import MenuSyntax
import MenuSemantics

/// An action item or button whose label doesn't start with a verb.
struct LabelStartsWithVerb: Rule {
    /// The whole file at once: a menu's items are exempt when a menu bar in the file shows it, and a
    /// spliced label is reported once however many declarations splice it.
    let scope = RuleScope.file

    let descriptor = RuleDescriptor(
        id: "label-starts-with-verb",
        severity: .note,
        guideline: Guidelines.menus("Labels"),
        summary: "An action item or button label doesn't start with a verb.",
        explanation: """
            A menu item or button that performs an action says what it does with a verb or verb phrase: Copy, \
            Share App, Close, Add to Cart. A noun alone leaves people guessing what happens to it.

            Only actions are checked. Left alone: checkmark items (`state:`), changeable-title toggles, pop-up \
            options, items and buttons that open another view (`opens:`; they name what opens: Details…), standard labels Apple \
            uses without a verb (Undo, Bold, New Window, About Notes, Notes Help, OK…), items of a submenu that \
            picks an attribute (items without an action), items of a Help menu (topics to read), and items whose submenu, pull-down or menu title \
            already supplies the verb: "Move To ▸ Inbox" reads "Move to Inbox", "Sort By ▸ Date" reads \
            "Sort by Date". The verbs come from a curated list; if a label starts with a verb the list \
            doesn't know, silence the note with @allow(label-starts-with-verb).
            """,
        quote: "To label a menu item that initiates an action, use a verb or verb phrase that describes the action, such as Copy, Share App, or Close.",
        examples: [
            .triggering("""
                menu Message "Message" {
                  item reply "Reply" { action: reply }
                  item junk ↓"Junk Mail" { action: markAsJunk }
                }
                """),
            .triggering("""
                view Product "Product" {
                  button cart ↓"Shopping Cart" { action: addToCart }
                  button buy "Buy Now" { style: filled; action: buy }
                }
                """),
            .passing("""
                menu Message "Message" {
                  item newMessage "New Message" { shortcut: "cmd+n"; action: newMessage }
                  submenu moveTo "Move To" {
                    item inbox "Inbox" { action: moveToInbox }
                    item archive "Archive" { action: moveToArchive }
                  }
                  submenu flag "Flag Color" {
                    item red "Red"
                    item orange "Orange"
                  }
                  item organizeByConversation "Organize by Conversation" { state: on }
                }
                """),
            .passing("""
                menu Format "Format" {
                  item bold "Bold" { shortcut: "cmd+b" }
                  toggle ruler { on: "Hide Ruler"; off: "Show Ruler" }
                }
                view Accounts "Accounts" {
                  button details "Details…" { opens: sheet }
                  button done "Done" { type: done }
                }
                """),
            .passing("""
                view Post "Post" {
                  contextmenu {
                    item profile "Author Profile" { opens: Profile }
                    item reply "Reply" { action: reply }
                  }
                }
                view Profile "Profile" { presentation: sheet }
                """),
        ]
    )

    /// Menu-bar menu titles that name a category, not a command applied to
    /// their items, although the word can be a verb ("Edit", "View").
    private static let categoryTitles: Set<String> = ["edit", "view", "format", "arrange", "find", "window", "help", "tools"]

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        // A declared menu that this file shows somewhere is judged where it is
        // shown: "Inbox" is fine inside "Move To", not on its own. Worked out
        // only when some label doesn't start with a verb.
        var shownMenus: Set<String>?
        func isShown(_ menu: Element) -> Bool {
            let shown = shownMenus ?? MenuQueries.splicedMenuNames(in: file).union(MenuQueries.menuBarMenuNames(in: file))
            shownMenus = shown
            return shown.contains(menu.id)
        }
        // Spliced copies share their label's span: report it once. (Without
        // splices every span is reported at most once anyway.)
        let mayRepeat = !file.store.origins.isEmpty
        var reported = Set<Span>()
        var startsWithOtherWord = reporter.labelMemo(LabelTable.startsWithNonVerb, over: file)
        // Items come in runs of one container, whose answer is worked out once per run.
        var lastContainer: (index: Int, suppliesVerb: Bool)?
        // Only items and buttons perform actions (see isAction).
        file.walk(.item, .button) { element, ancestors in
            // Cheapest test first: most labels do start with a verb (answered per label, once).
            guard let id = element.labelID, startsWithOtherWord[id] else { return }
            if !element.isSpliced {
                if let top = ancestors.first, top.kind == .menu, isShown(top) { return }
            } else if element.sourceFile != file.source.id {
                return  // declared in another file and checked there
            }
            guard let span = element.labelSpan, !(mayRepeat && reported.contains(span)),
                  isAction(element, ancestors: ancestors, labels: reporter.labels, lastContainer: &lastContainer),
                  !reporter.labels.isStandardLabel(id), let first = reporter.labels.firstWord(id) else { return }
            if mayRepeat { reported.insert(span) }
            reporter.report("\(element.displayName) performs an action, but its label starts with '\(first.text)', not a verb",
                            at: span, label: "start with a verb", element: element,
                            help: "start the label with a verb that says what happens (Show …, Add …, Mark as …); if '\(first.text)' is a verb here, add @allow(label-starts-with-verb)")
        }
    }

    /// Whether the element is an action item or an action button.
    private func isAction(_ element: Element, ancestors: Ancestors, labels: LabelTable,
                          lastContainer: inout (index: Int, suppliesVerb: Bool)?) -> Bool {
        switch element.kind {
        case .item:
            guard !element.has(.state) else { return false }  // a checkmark item
            guard !element.has(.opens) else { return false }  // names the view it opens
            guard let container = MenuQueries.container(in: ancestors) else { return true }
            // Items without actions in a submenu pick an attribute (Sort By ▸ Date).
            if container.kind == .submenu, !element.has(.action) { return false }
            if let last = lastContainer, last.index == container.index { return !last.suppliesVerb }
            // A Help menu lists topics and documents to read ("Tips for Your Mac").
            let supplies = (container.kind == .menu && container.label?.lowercased() == "help") || suppliesVerb(container, labels: labels)
            lastContainer = (container.index, supplies)
            return !supplies
        case .button:
            return !element.has(.opens)
        case .menubar, .menu, .view, .contextmenu, .toggle, .popup, .pulldown, .option, .toolbar, .row, .section, .submenu:
            return false
        }
    }

    /// Whether the container's label is a verb phrase its items complete:
    /// "Move To", "Open With", "Share", "New", "Use This Mailbox For".
    private func suppliesVerb(_ container: Element, labels: LabelTable) -> Bool {
        guard let id = container.labelID else { return false }
        let words = labels.words(id)
        guard let (first, isVerb) = labels.firstWord(id) else { return false }
        if container.kind == .menu, Self.categoryTitles.contains(first.lowercased()), words.count == 1 { return false }
        if isVerb || first.lowercased() == "new" { return true }
        guard let last = words.last, words.count > 1 else { return false }
        return LabelWords.shortPrepositions.contains(last.text.lowercased())
    }
}
