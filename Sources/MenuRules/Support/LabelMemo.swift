@_spi(MenuPipeline) import MenuSupport
@_spi(MenuPipeline) import MenuSemantics

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
