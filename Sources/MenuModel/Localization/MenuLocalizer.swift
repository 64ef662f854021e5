// The localization hook: how an app's menus get their translated texts.

/// Looks up the translated text of one string of a menu, by the key
/// `menuc build --emit xcstrings` gives it in the String Catalog: the
/// element's path (`menubar/File/newNote`), or the path and the property
/// (`menubar/View/sidebar.on`).
///
/// The default, ``bundle(table:)``, reads the app's compiled catalog
/// through Foundation's `Bundle.main`; an app (or a test on Linux) can pass
/// any function instead, such as ``table(_:)`` with a dictionary.
public struct MenuLocalizer: Sendable {
    /// The translation of `key`, whose source text is `source`; `source`
    /// when there is none.
    public let localize: @Sendable (_ key: String, _ source: String) -> String

    /// A localizer from a function.
    public init(_ localize: @escaping @Sendable (_ key: String, _ source: String) -> String) {
        self.localize = localize
    }

    /// The source text itself (no translation).
    public static let source = MenuLocalizer { _, source in source }

    /// Translations by key; keys it lacks keep their source text.
    public static func table(_ translations: [String: String]) -> MenuLocalizer {
        MenuLocalizer { key, source in translations[key] ?? source }
    }

    /// The text of `element`'s label (for a changeable-title toggle, the
    /// label of its current state), translated.
    public func label(of element: MenuElement) -> String? {
        if element.kind == .toggle, let toggle = element.toggle, let text = toggle.currentLabel {
            let name = toggle.state == .on ? "on" : "off"
            if toggle.element.properties[name]?.stringValue == text { return localize(element.path + "." + name, text) }
        }
        return element.label.map { localize(element.path, $0) }
    }

    /// A string property of `element` (`confirm`, `title`, `subtitle`,
    /// `activity`, `on`, `off`), translated.
    public func text(_ property: String, of element: MenuElement) -> String? {
        element.properties[property]?.stringValue.map { localize(element.path + "." + property, $0) }
    }
}

extension MenuElementView {
    /// The label as `localizer` translates it (``sourceLabel`` is the text
    /// of the `.menu` file).
    public func label(_ localizer: MenuLocalizer) -> String? { localizer.label(of: element) }
}

#if canImport(Foundation)
import Foundation

extension MenuLocalizer {
    /// The app's localized strings: `Bundle.localizedString(forKey:value:table:)`
    /// of `bundle` (the app's own by default) in `table` — the compiled form
    /// of the String Catalog menuc writes, named after it.
    public static func bundle(_ bundle: Bundle = .main, table: String? = nil) -> MenuLocalizer {
        MenuLocalizer { key, source in bundle.localizedString(forKey: key, value: source, table: table) }
    }
}
#endif
