import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

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

            No list of verbs is complete — every domain has its own (Reindex, Stash, Deinterlace) — so the \
            first word is taken for a verb unless it is known not to be one: a number, a position or qualifier \
            (Left, Next, Smart, Main), a determiner, or a word with a noun or adjective ending (-tion, -ness, \
            -ity, -ings…). Verbs of a project's own that such a test would catch go in `menuc.json` \
            (`"verbs": ["…"]`). Labels in other languages than English are not checked.

            Only actions are checked. Left alone: checkmark items (`state:`, or an action named `toggle…`, \
            which sets a checkmark when it runs), disabled status lines (`enabled: false`: they perform \
            nothing), items that share one action with a sibling (they pick a value: font sizes, a grouping), \
            changeable-title toggles, pop-up options, items and buttons that open another view (`opens:`; they \
            name what opens: Details…), standard labels Apple uses without a verb (Undo, Bold, New Window, About Notes, Notes \
            Help, OK…), items of a submenu that picks an attribute (items without an action), items of a Help \
            menu (topics to read) or a Window menu (windows to bring forward), and items where a submenu, \
            pull-down or menu above them — at any depth — supplies the verb: "Move To ▸ Inbox" reads "Move to \
            Inbox", "Convert ▸ Normalization ▸ NFC" reads "Convert to NFC".
            """,
        quote: "To label a menu item that initiates an action, use a verb or verb phrase that describes the action, such as Copy, Share App, or Close.",
        examples: [
            .triggering("""
                menu Message "Message" {
                  item reply "Reply" { action: reply }
                  item summary ↓"Quick Summary" { action: summarize }
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
            .triggering("""
                menubar {
                  menu Layout "Layout" {
                    item leftHalf ↓"Left Half" { action: moveToLeftHalf }
                    item nextDisplay ↓"Next Display" { action: moveToNextDisplay }
                    item _2 ↓"2 Columns" { action: showTwoColumns }
                  }
                }
                menu Status "Status" {
                  item fullscreen ↓"Fullscreen" { action: enterFullScreen }
                  item notifications ↓"Notifications" { action: showNotifications }
                }
                """),
            .passing("""
                menu Library "Library" {
                  item reindex "Reindex Library" { action: reindex }
                  item flush "Flush Cache" { action: flushCache }
                  item stash "Stash Changes" { action: stash }
                  item deinterlace "Deinterlace Video" { action: deinterlace }
                  item broadcast "Broadcast" { action: broadcast }
                  item suggest "Suggest Edits" { action: suggest }
                  item love "Love" { action: love }
                  item version "Version 2.1" { enabled: false }
                  item smartQuotes "Smart Quotes" { action: toggleSmartQuotes }
                  submenu size "Size" {
                    item _12 "12 pt" { action: setSize }
                    item _14 "14 pt" { action: setSize }
                  }
                  submenu convert "Convert" {
                    submenu normalization "Normalization" {
                      item nfc "NFC" { action: convertToNFC }
                      item nfd "NFD" { action: convertToNFD }
                    }
                  }
                }
                menubar {
                  menu Help "Help" { submenu topics "Topics" { item firstSteps "First Steps" { action: showFirstSteps } } }
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
        // Verbs are an English matter here; other languages order words their own way.
        guard reporter.vocabulary.isEnglish else { return }
        let projectVerbs = reporter.vocabulary.verbs
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
        let labels = file.labels
        // Whether the label starts with a word that is not a verb, here: one
        // known not to be, in no standard label, and not among the project's verbs.
        var startsWithOtherWord = LabelMemo(over: file) { id in
            labels.startsWithNonVerb(id) && !labels.isStandardLabel(id)
                && !(labels.firstWord(id).map { projectVerbs.contains($0.text.lowercased()) } ?? true)
        }
        // What is asked of a container is worked out once, for its first item asked about.
        var containers: [Int: ContainerFacts] = [:]
        // Only items and buttons perform actions (see isAction).
        // Cheapest test first, of the stored record: most labels do start
        // with a verb (answered per label, once).
        for (element, ancestors) in file.walk(.item, .button).matching({ $0.label.exists && startsWithOtherWord[$0.label] }) {
            if !element.isSpliced {
                if let top = ancestors.first, top.kind == .menu, isShown(top) { continue }
            } else if element.sourceFile != file.source.id {
                continue  // declared in another file and checked there
            }
            guard let span = element.labelSpan, !(mayRepeat && reported.contains(span)),
                  isAction(element, ancestors: ancestors, labels: labels, containers: &containers) else { continue }
            if mayRepeat { reported.insert(span) }
            // Made only for a finding that is kept (the message is an autoclosure).
            func first() -> Substring { labels.firstWord(element.record.label)?.text ?? "" }
            reporter.report("\(element.displayName) performs an action, but its label starts with '\(first())', not a verb",
                            at: span, label: "start with a verb", element: element,
                            help: "start the label with a verb that says what happens (Show …, Add …, Mark as …); if '\(first())' is a verb here, add @allow(label-starts-with-verb)")
        }
    }

    /// Whether the element is an action item or an action button.
    private func isAction(_ element: Element, ancestors: Ancestors, labels: LabelAnalysis,
                          containers: inout [Int: ContainerFacts]) -> Bool {
        switch element.kind {
        case .item:
            guard !element.has(.state) else { return false }  // a checkmark item
            guard !element.has(.opens) else { return false }  // names the view it opens
            // A disabled item is a status line ("Version 2.1", "No Bookmarks"): it performs nothing.
            if element.flag(.enabled) == false { return false }
            let action = element.symbol(.action)
            // An action named toggle… switches an attribute and shows its state with a checkmark.
            if let action, Self.namesToggle(action) { return false }
            guard let container = MenuQueries.container(in: ancestors) else { return true }
            // Items without actions in a submenu pick an attribute (Sort By ▸ Date).
            if container.kind == .submenu, action == nil { return false }
            let facts = containers[container.index] ?? ContainerFacts(container, ancestors: ancestors, labels: labels)
            containers[container.index] = facts
            // Siblings sharing one action pick one of its values (sizes 9, 10, 12…).
            if let action, facts.sharedActions.contains(action) { return false }
            return !facts.suppliesVerb
        case .button:
            return !element.has(.opens)
        case .menubar, .menu, .view, .contextmenu, .toggle, .popup, .pulldown, .option, .toolbar, .row, .section, .submenu:
            return false
        }
    }

    /// What is asked of an item's container.
    private struct ContainerFacts {
        /// Whether a container at any depth supplies the verb, or lists topics or windows.
        let suppliesVerb: Bool
        /// Actions that more than one of its items (in its sections too) perform.
        let sharedActions: Set<String>

        init(_ container: Element, ancestors: Ancestors, labels: LabelAnalysis) {
            // A Help menu lists topics and documents to read ("Tips for Your Mac"), a Window menu
            // the windows to bring forward; a submenu or menu at any depth above may supply the verb.
            var supplies = false
            for ancestor in ancestors where ancestor.kind.holdsMenuElements {
                if ancestor.kind == .menu, let title = ancestor.label?.lowercased(), title == "help" || title == "window" {
                    supplies = true
                    break
                }
                if LabelStartsWithVerb.suppliesVerb(ancestor, labels: labels) {
                    supplies = true
                    break
                }
            }
            suppliesVerb = supplies
            var seen = Set<String>()
            var shared = Set<String>()
            func note(_ item: Element) {
                guard item.kind == .item, let action = item.symbol(.action) else { return }
                if !seen.insert(action).inserted { shared.insert(action) }
            }
            for child in container.children {
                if child.kind == .section { child.children.forEach(note) } else { note(child) }
            }
            sharedActions = shared
        }
    }

    /// Whether an action's name says it toggles: `toggle`, or `toggle` and a capital ("toggleRuler").
    static func namesToggle(_ action: String) -> Bool {
        guard action.hasPrefix("toggle") else { return false }
        let rest = action.dropFirst(6)
        return rest.isEmpty || rest.first?.isUppercase == true || rest.first == "_"
    }

    /// Whether the container's label is a verb phrase its items complete:
    /// "Move To", "Open With", "Share", "New", "Use This Mailbox For".
    static func suppliesVerb(_ container: Element, labels: LabelAnalysis) -> Bool {
        guard let id = container.labelID else { return false }
        let words = labels.words(id)
        guard let (first, isVerb) = labels.firstWord(id) else { return false }
        if container.kind == .menu, Self.categoryTitles.contains(first.lowercased()), words.count == 1 { return false }
        if isVerb || first.lowercased() == "new" { return true }
        guard let last = words.last, words.count > 1 else { return false }
        return LabelWords.shortPrepositions.contains(last.text.lowercased())
    }
}
