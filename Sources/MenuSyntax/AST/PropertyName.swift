@_spi(MenuPipeline) import MenuSupport

/// Every property name of the language. The cases are in byte order of
/// their names, so ordering by case is ordering by name (how properties are
/// listed in every output), and a property is found by comparing one byte.
public enum PropertyName: UInt8, CaseIterable, Sendable, Comparable {
    case accessibilityLabel, action, activity, alternate, confirm, cornerRadius, `default`, dynamic, editable, enabled, height, hitTarget,
         indicator, input, layout, menu, multiple, off, on, opens, padding, preferred, presentation, role, scrolling, shortcut, size, state,
         style, subtitle, symbol, title, type, undoable, width

    public var text: String { PropertyName.texts[Int(rawValue)] }

    /// This name's bit in a set of names kept as a mask (there are fewer than 64).
    // Asked per property by the resolver, in another module: inlinable (so public to the pipeline).
    @_spi(MenuPipeline) @inlinable
    public var bit: UInt64 { UInt64(1) << UInt64(rawValue) }

    /// How many names there are: `allCases.count`, which builds an array
    /// on every call. The property tables index rows by it for every
    /// property read (`PropertyNameTests` checks it against the cases).
    @_spi(MenuPipeline) @inlinable
    public static var count: Int { 35 }

    /// Spelled out rather than `"\(case)"`: reflecting on the cases cost
    /// every process about a millisecond at start (`PropertyNameTests`
    /// checks this list against the cases).
    static let texts: [String] = [
        "accessibilityLabel", "action", "activity", "alternate", "confirm", "cornerRadius", "default", "dynamic", "editable", "enabled",
        "height", "hitTarget", "indicator", "input", "layout", "menu", "multiple", "off", "on", "opens", "padding", "preferred",
        "presentation", "role", "scrolling", "shortcut", "size", "state", "style", "subtitle", "symbol", "title", "type", "undoable",
        "width",
    ]

    public static func < (lhs: PropertyName, rhs: PropertyName) -> Bool { lhs.rawValue < rhs.rawValue }

    public init?(_ text: String) {
        var text = text
        guard let name = text.withUTF8({ PropertyName(bytes: $0) }) else { return nil }
        self = name
    }

    /// The name these bytes spell, if any (no string is made: this runs for every property).
    package init?(bytes: UnsafeBufferPointer<UInt8>) {
        guard let first = bytes.first else { return nil }
        func matches(_ word: StaticString) -> Bool { bytes.spells(word) }
        // Candidates by first letter; no array is made (this runs for every property).
        let found: PropertyName?
        switch first {
        case UInt8(ascii: "a"): found = matches("accessibilityLabel") ? .accessibilityLabel : matches("action") ? .action : matches("activity") ? .activity : matches("alternate") ? .alternate : nil
        case UInt8(ascii: "c"): found = matches("confirm") ? .confirm : matches("cornerRadius") ? .cornerRadius : nil
        case UInt8(ascii: "d"): found = matches("default") ? .`default` : matches("dynamic") ? .dynamic : nil
        case UInt8(ascii: "e"): found = matches("editable") ? .editable : matches("enabled") ? .enabled : nil
        case UInt8(ascii: "h"): found = matches("height") ? .height : matches("hitTarget") ? .hitTarget : nil
        case UInt8(ascii: "i"): found = matches("indicator") ? .indicator : matches("input") ? .input : nil
        case UInt8(ascii: "l"): found = matches("layout") ? .layout : nil
        case UInt8(ascii: "m"): found = matches("menu") ? .menu : matches("multiple") ? .multiple : nil
        case UInt8(ascii: "o"): found = matches("off") ? .off : matches("on") ? .on : matches("opens") ? .opens : nil
        case UInt8(ascii: "p"): found = matches("padding") ? .padding : matches("preferred") ? .preferred : matches("presentation") ? .presentation : nil
        case UInt8(ascii: "r"): found = matches("role") ? .role : nil
        case UInt8(ascii: "s"): found = matches("scrolling") ? .scrolling : matches("shortcut") ? .shortcut : matches("size") ? .size : matches("state") ? .state : matches("style") ? .style : matches("subtitle") ? .subtitle : matches("symbol") ? .symbol : nil
        case UInt8(ascii: "t"): found = matches("title") ? .title : matches("type") ? .type : nil
        case UInt8(ascii: "u"): found = matches("undoable") ? .undoable : nil
        case UInt8(ascii: "w"): found = matches("width") ? .width : nil
        default: found = nil
        }
        guard let found else { return nil }
        self = found
    }
}
