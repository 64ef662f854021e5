@_spi(MenuPipeline) import MenuSupport
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

    /// The text of a label.
    func text(_ id: TextID) -> String { store.text(id) }

    /// `TitleCase.titleCased(label)`, or nil when the label is already in title case.
    func titleCased(_ id: TextID) -> String? {
        let text = store.text(id)
        let recased = TitleCase.titleCased(text)
        return recased == text ? nil : recased
    }

    /// Whether `TitleCase.titleCased` leaves the label as it is: the plain
    /// case is read from the bytes, and only the other labels are recased.
    func isTitleCased(_ id: TextID) -> Bool {
        if store.withTextBytes(id, TitleCase.isPlainlyTitleCase(bytes:)) { return true }
        let text = store.text(id)
        return TitleCase.titleCased(text) == text
    }

    /// `LabelWords.removingArticles(label)`.
    func removingArticles(_ id: TextID) -> String? {
        LabelWords.removingArticles(store.text(id))
    }

    /// `LabelWords.isStandardLabel(label)`.
    func isStandardLabel(_ id: TextID) -> Bool {
        LabelWords.isStandardLabel(store.text(id))
    }

    /// The label's words (see `LabelWords.words(in:)`).
    func words(_ id: TextID) -> [(text: Substring, range: Range<String.Index>)] {
        LabelWords.words(in: store.text(id))
    }

    /// The label's subphrases (see `LabelWords.phrases(in:)`).
    func phrases(_ id: TextID) -> [[Range<String.Index>]] {
        LabelWords.phrases(in: store.text(id))
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

    /// Whether `removingArticles` finds an article to remove (see there).
    func hasArticle(_ id: TextID) -> Bool {
        // Most labels certainly have none: seen in their bytes, without a string.
        store.withTextBytes(id, LabelWords.mayContainArticle(bytes:)) && removingArticles(id) != nil
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

/// A text people read on an element: its label, or a toggle's on/off
/// label, a button's or item's subtitle, a pull-down's or context menu's title.
package struct LabelText: Sendable {
    package let element: Element
    /// The property that holds it; nil for the element's label.
    package let property: PropertyName?
    package let id: TextID

    package var text: String { element.store.text(id) }

    /// Where it is written (the string literal).
    package var span: Span {
        guard let property else { return element.labelSpan ?? element.focusSpan }
        return element.property(property)?.valueSpan ?? element.focusSpan
    }
}

extension Element {
    /// Each text people read on the element — its label, then the written
    /// off, on, subtitle and title texts — without making strings or arrays.
    package func forEachLabelText(_ body: (LabelText) -> Void) {
        Self.forEachLabelText(of: record, in: store) { body(LabelText(element: self, property: $0, id: $1)) }
    }

    /// `forEachLabelText(_:)` from a stored record: the property holding
    /// each text (nil for the label) and the text, for rules that test the
    /// texts of every element before making a handle.
    package static func forEachLabelText(of record: ElementRecord, in store: ModelStore, _ body: (PropertyName?, TextID) -> Void) {
        if record.label.exists { body(nil, record.label) }
        func visit(_ name: PropertyName) {
            if let stored = store.writtenProperty(name, of: record), stored.kind == .string { body(name, TextID(stored.payload)) }
        }
        // Only toggles take on/off, buttons and items a subtitle, pull-downs and context menus a title.
        switch record.kind {
        case .toggle, .button, .pulldown: break
        case .item: return visit(.subtitle)
        case .contextmenu: return visit(.title)
        default: return
        }
        visit(.off)
        visit(.on)
        visit(.subtitle)
        visit(.title)
    }

    /// The texts people read as the name of a menu item or a button: the
    /// label of an item, submenu, button or pull-down, and the label and
    /// on/off labels of a toggle.
    package func forEachItemOrButtonLabel(_ body: (LabelText) -> Void) {
        switch kind {
        case .item, .submenu, .button, .pulldown:
            if let id = labelID { body(LabelText(element: self, property: nil, id: id)) }
        case .toggle:
            forEachLabelText(body)
        case .menubar, .menu, .view, .contextmenu, .popup, .option, .toolbar, .row, .section:
            return
        }
    }
}

/// One question's answers about the labels of a file, for one rule's run:
/// asked once per distinct label, then read by the label's `TextID`.
///
/// A rule that asks about every item asks once per item, and real menus
/// repeat their labels; the rule keeps the memo for its run and nothing
/// else shares it, so it is read and written without a lock.
package struct LabelMemo<Value> {
    /// By `TextID`: the store's texts are the whole import group's.
    private var answers: GroupKeyedTable<Value?>
    private let ask: (TextID) -> Value

    /// A memo of `ask` over the labels of `file` (the file, or the part of
    /// it the rule looks at, which sizes the table).
    package init(over file: CheckedFile, _ ask: @escaping (TextID) -> Value) {
        self.ask = ask
        answers = GroupKeyedTable(keyCount: file.store.texts.count, missing: nil, expectedKeys: file.elementCount)
    }

    package subscript(id: TextID) -> Value {
        // Inlined up to the stored answer: a rule asks once per element.
        @inline(__always) mutating get {
            if let known = answers[Int(id.rawValue)] { return known }
            return answerFirst(id)
        }
    }

    @inline(never)
    private mutating func answerFirst(_ id: TextID) -> Value {
        let answer = ask(id)
        answers[Int(id.rawValue)] = answer
        return answer
    }
}
