import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

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
