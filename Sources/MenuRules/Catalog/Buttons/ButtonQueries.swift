import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// Questions the Buttons rules ask about controls and the views that hold
/// them. Kept in one place so every rule agrees on what "a view's buttons",
/// "a close button" or "a destructive button" means.
///
/// A *view* is a top-level `view` declaration: its direct controls and the
/// controls in its `toolbar`s and `row`s (also rows inside toolbars) all
/// belong to it. A control declared at the top level as a reusable
/// component is its own context, so rules that count within a view never
/// combine it with anything else.
enum ButtonQueries {

    // MARK: - Views and rows

    /// The views declared in this file, in source order.
    static func views(in file: CheckedFile) -> [Element] {
        // The walk's list of views, tested by their records (top level,
        // written where they are): seven rules ask, and a handle and three
        // calls for each declaration of the file cost more than the views.
        let source = file.source.id
        var views: [Element] = []
        for (view, _) in file.walk(.view).matching({ $0.depth == 0 && !$0.isSpliced }) where view.sourceFile == source {
            views.append(view)
        }
        return views
    }

    /// Every control of a view in source order: direct children and the
    /// controls of its toolbars and rows. Context menus are not controls.
    static func controls(of view: Element) -> [Element] {
        var result: [Element] = []
        appendControls(of: view, where: { _ in true }, to: &result)
        return result
    }

    /// The view's `button` elements (not toggles, pop-ups or pull-downs).
    static func buttons(of view: Element) -> [Element] {
        var result: [Element] = []
        appendControls(of: view, where: { $0 == .button }, to: &result)
        return result
    }

    /// The controls of `element`'s kinds `include` accepts, into one array
    /// (no array per toolbar or row, nor one to filter).
    private static func appendControls(of element: Element, where include: (ElementKind) -> Bool, to result: inout [Element]) {
        for child in element.children {
            let kind = child.kind
            if kind.isControl {
                if include(kind) { result.append(child) }
            } else if kind == .toolbar || kind == .row {
                appendControls(of: child, where: include, to: &result)
            }
        }
    }

    /// Every `row` in the file's views, with the view it belongs to:
    /// rows directly in a view and rows in a view's toolbar.
    static func rows(in file: CheckedFile) -> [(row: Element, view: Element)] {
        var result: [(Element, Element)] = []
        for view in views(in: file) {
            for child in view.children {
                if child.kind == .row { result.append((child, view)) }
                if child.kind == .toolbar {
                    for nested in child.children where nested.kind == .row { result.append((nested, view)) }
                }
            }
        }
        return result
    }

    /// The view that encloses an element, from its ancestors.
    static func enclosingView(_ ancestors: Ancestors) -> Element? {
        ancestors.last { $0.kind == .view }
    }

    /// Whether the element sits in a view's `toolbar` (the window frame).
    static func isInToolbar(_ ancestors: Ancestors) -> Bool {
        ancestors.contains { $0.kind == .toolbar }
    }

    // MARK: - Kinds of buttons

    /// A toggle **button** (among controls), not a changeable-title menu item.
    static func isToggleButton(_ element: Element) -> Bool {
        element.kind == .toggle && element.context == .control
    }

    /// The button's `type` (`system` when not written).
    static func type(of element: Element) -> String {
        element.symbol("type") ?? "system"
    }

    /// The button's `role` (`normal` when not written).
    static func role(of element: Element) -> String {
        element.symbol("role") ?? "normal"
    }

    /// Button types that only exist on macOS.
    static let macOSOnlyTypes: Set<String> = ["push", "gradient", "help", "image"]

    static func isButton(_ element: Element, ofType type: String) -> Bool {
        element.kind == .button && Self.type(of: element) == type
    }

    /// The label, trimmed and lowercased, with a trailing "…" dropped; nil
    /// when there is no label text.
    static func normalizedLabel(_ element: Element) -> String? {
        element.label.flatMap(normalizedLabel(of:))
    }

    /// `normalizedLabel` of a label's text.
    static func normalizedLabel(of label: String) -> String? {
        if let folded = FoldedLabel.asciiFolded(label) { return droppingTrailingDots(folded) }
        return normalizedLabelByCharacter(label)
    }

    /// The full analysis behind `normalizedLabel(of:)` (tests compare the fast path with it).
    static func normalizedLabelByCharacter(_ label: String) -> String? {
        var text = Substring(label.lowercased())
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        while let last = text.last, last.isWhitespace || last == "…" || last == "." { text.removeLast() }
        return text.isEmpty ? nil : String(text)
    }

    /// The end of `normalizedLabel` for a label `FoldedLabel.asciiFolded`
    /// folded (lowercased and trimmed, as `normalizedLabel` does it): its
    /// trailing blanks, "…" and "." dropped by byte, for in such a label
    /// each of them is one byte (or "\r\n", or "…" itself). By `Character`
    /// this cost thousands of instructions a label.
    private static func droppingTrailingDots(_ folded: String) -> String? {
        var bytes = Array(folded.utf8)
        while let last = bytes.last {
            if last == 0x2E || last == 0x20 || (last >= 0x09 && last <= 0x0D) {
                bytes.removeLast()
            } else if bytes.withUnsafeBufferPointer(\.endsWithEllipsisCharacter) {
                bytes.removeLast(3)
            } else {
                break
            }
        }
        return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
    }

    /// Whether the element shows text: a non-blank label.
    static func hasLabel(_ element: Element) -> Bool {
        guard let label = element.label else { return false }
        return !label.allSatisfy(\.isWhitespace)
    }

    /// A close button: `type: close`, or a plain button labelled "Close".
    /// Both dismiss the view without saying whether changes are kept.
    static func isClose(_ element: Element) -> Bool {
        guard element.kind == .button else { return false }
        let type = type(of: element)
        if type == "close" { return true }
        return (type == "system" || type == "push") && normalizedLabel(element) == "close"
    }

    /// A done button: `type: done`, or a button labelled "Done".
    static func isDone(_ element: Element) -> Bool {
        guard element.kind == .button else { return false }
        return type(of: element) == "done" || normalizedLabel(element) == "done"
    }

    /// A cancel button: `type: cancel`, `role: cancel`, or labelled "Cancel".
    static func isCancel(_ element: Element) -> Bool {
        guard element.kind == .button else { return false }
        return type(of: element) == "cancel" || role(of: element) == "cancel" || normalizedLabel(element) == "cancel"
    }

    /// The preferred (default) button: `preferred: true`, or `role: primary`
    /// without `preferred:` (the resolver refuses `preferred: false` there).
    static func isPrimary(_ element: Element) -> Bool {
        guard element.kind == .button else { return false }
        return element.flag(.preferred) ?? (role(of: element) == "primary")
    }

    /// Verbs that, starting a label, name an action that destroys data.
    /// Kept short on purpose: "Remove" is often harmless ("Remove from Queue").
    static let destructiveVerbs: Set<String> = ["delete", "erase", "discard", "destroy", "wipe", "purge"]

    /// Verbs that destroy data only with some objects: "Empty Trash" and
    /// "Clear History" do, "Clear Search" and "Empty Cart" don't.
    static let destructiveVerbObjects: [String: Set<String>] = [
        "empty": ["trash", "bin", "deleted"],
        "clear": ["history", "data", "messages", "conversation", "conversations"],
    ]

    /// What makes a button destructive, for messages; nil when it isn't:
    /// `role: destructive`, or a label that is a destructive verb phrase
    /// ("Delete", "Erase All Content", "Empty Trash", "Clear History").
    /// A `confirm:` question alone says nothing: people confirm orders and
    /// payments too.
    static func destructiveReason(_ element: Element) -> String? {
        if role(of: element) == "destructive" { return "role: destructive" }
        guard let label = element.label else { return nil }
        // Most labels' first word is found without listing their words.
        guard let written = LabelWords.plainFirstWord(in: label)?.word ?? LabelWords.words(in: label).first?.text else { return nil }
        let first = written.lowercased()
        if destructiveVerbs.contains(first) { return "its label starts with '\(written)'" }
        guard let objects = destructiveVerbObjects[first] else { return nil }
        let words = LabelWords.words(in: label).dropFirst().map { $0.text.lowercased() }
        guard words.contains(where: objects.contains) else { return nil }
        return "its label '\(label)' destroys data"
    }

    // MARK: - Spans

    /// Where to point for a property: its value as written, else the element.
    static func valueSpan(_ name: String, of element: Element) -> Span {
        element.property(name)?.valueSpan ?? element.focusSpan
    }

    /// Where to point for a whole property: from its name, else the element.
    static func propertySpan(_ name: String, of element: Element) -> Span {
        element.property(name)?.span ?? element.focusSpan
    }

    /// A fix-it that replaces a written value with `replacement`.
    static func replaceValue(_ name: String, of element: Element, with replacement: String, message: String) -> [FixIt] {
        guard let span = element.property(name)?.valueSpan else { return [] }
        return [FixIt(message: message, edits: [TextEdit(span: span, replacement: replacement)])]
    }

    /// Numbers as people write them: `44`, `10.5`.
    static func format(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}
