/// A normalized keyboard shortcut: modifiers in Apple's display order
/// (globe, control, option, shift, command) and one key.
///
/// `canonical` and `display` are derived from the key and modifiers, so two
/// spellings of one shortcut (`"cmd+shift+n"`, `"⇧⌘N"`) are equal values.
public struct KeyboardShortcut: Sendable, Hashable {
    /// A modifier key.
    public enum Modifier: String, Sendable, Hashable, Codable, CaseIterable {
        /// The Globe (Fn) key, 🌐: macOS and iPadOS keyboards.
        case function
        /// The Control key, ⌃.
        case control
        /// The Option key, ⌥.
        case option
        /// The Shift key, ⇧.
        case shift
        /// The Command key, ⌘.
        case command

        /// The symbol menus show for it: `🌐`, `⌃`, `⌥`, `⇧` or `⌘`.
        public var glyph: String {
            switch self {
            case .function: "🌐"
            case .control: "⌃"
            case .option: "⌥"
            case .shift: "⇧"
            case .command: "⌘"
            }
        }

        /// Its name in the canonical text form: `fn`, `ctrl`, `option`, `shift`, `cmd`.
        public var canonicalName: String {
            switch self {
            case .function: "fn"
            case .control: "ctrl"
            case .option: "option"
            case .shift: "shift"
            case .command: "cmd"
            }
        }

        /// Its flag in ``KeyboardShortcut/ModifierFlags``.
        public var flag: ModifierFlags {
            switch self {
            case .function: .function
            case .control: .control
            case .option: .option
            case .shift: .shift
            case .command: .command
            }
        }
    }

    /// Modifier keys as a set of flags whose raw values are those of AppKit's
    /// `NSEvent.ModifierFlags`, so `NSEvent.ModifierFlags(rawValue:
    /// UInt(flags.rawValue))` converts without a table.
    public struct ModifierFlags: OptionSet, Sendable, Hashable {
        /// The flag bits.
        public var rawValue: UInt64
        /// Creates flags from their bits.
        public init(rawValue: UInt64) { self.rawValue = rawValue }

        /// Shift (`NSEvent.ModifierFlags.shift`).
        public static let shift = ModifierFlags(rawValue: 1 << 17)
        /// Control (`NSEvent.ModifierFlags.control`).
        public static let control = ModifierFlags(rawValue: 1 << 18)
        /// Option (`NSEvent.ModifierFlags.option`).
        public static let option = ModifierFlags(rawValue: 1 << 19)
        /// Command (`NSEvent.ModifierFlags.command`).
        public static let command = ModifierFlags(rawValue: 1 << 20)
        /// Globe / Fn (`NSEvent.ModifierFlags.function`).
        public static let function = ModifierFlags(rawValue: 1 << 23)
    }

    /// The key: one printable character (letters in lowercase), `f1`…`f20`,
    /// or a key name (`return`, `enter`, `tab`, `space`, `delete`,
    /// `forwarddelete`, `escape`, `up`, `down`, `left`, `right`, `home`,
    /// `end`, `pageup`, `pagedown`).
    public var key: String
    /// The modifiers, in display order, without repeats.
    public private(set) var modifiers: [Modifier]

    /// Creates a shortcut; modifiers are put in display order and repeats dropped.
    public init(key: String, modifiers: [Modifier]) {
        self.key = key
        self.modifiers = Modifier.allCases.filter(modifiers.contains)
    }

    /// The canonical text form used in every output: `shift+cmd+n`.
    public var canonical: String {
        (modifiers.map(\.canonicalName) + [key]).joined(separator: "+")
    }

    /// How menus show it: modifier glyphs then the key, `⇧⌘N`, `⌘↩`, `⌃⌥F5`.
    public var display: String {
        modifiers.map(\.glyph).joined() + KeyboardShortcut.displayKey(key)
    }

    /// The modifiers as flags.
    public var modifierFlags: ModifierFlags {
        ModifierFlags(modifiers.map(\.flag))
    }

    /// The key as AppKit's `NSMenuItem.keyEquivalent` and SwiftUI's
    /// `KeyEquivalent` take it: the character itself for printable keys
    /// (`"n"`), control characters for return (`"\r"`), tab, escape, delete
    /// and enter, and the AppKit function-key characters (`NSUpArrowFunctionKey`
    /// …) for arrows, F-keys, home, end and page keys.
    public var keyEquivalent: String {
        if let named = KeyboardShortcut.keyEquivalents[key] { return String(Character(named)) }
        if key.count > 1, key.first == "f", let number = Int(key.dropFirst()), (1...35).contains(number),
           let scalar = Unicode.Scalar(0xF704 + UInt32(number - 1)) {
            return String(Character(scalar))  // NSF1FunctionKey …
        }
        return key
    }

    /// Key names and the `keyEquivalent` characters AppKit uses for them.
    private static let keyEquivalents: [String: Unicode.Scalar] = [
        "return": "\r", "enter": "\u{03}", "tab": "\t", "space": " ", "delete": "\u{08}",
        "forwarddelete": "\u{F728}", "escape": "\u{1B}",
        "up": "\u{F700}", "down": "\u{F701}", "left": "\u{F702}", "right": "\u{F703}",
        "home": "\u{F729}", "end": "\u{F72B}", "pageup": "\u{F72C}", "pagedown": "\u{F72D}",
    ]

    /// Key names and the glyphs menus show for them.
    package static let keyGlyphs: [String: String] = [
        "return": "↩", "enter": "⌅", "tab": "⇥", "space": "Space", "delete": "⌫", "forwarddelete": "⌦",
        "escape": "⎋", "up": "↑", "down": "↓", "left": "←", "right": "→", "home": "↖", "end": "↘",
        "pageup": "⇞", "pagedown": "⇟",
    ]

    /// A key as menus show it: its glyph, or the key in capitals (`N`, `F5`).
    package static func displayKey(_ key: String) -> String {
        keyGlyphs[key] ?? key.uppercased()
    }
}

extension KeyboardShortcut: CustomStringConvertible {
    /// The display form, `⇧⌘N`.
    public var description: String { display }
}

extension KeyboardShortcut: Codable {
    private enum CodingKeys: String, CodingKey {
        case canonical, display, key, modifiers
    }

    /// Encodes `canonical`, `display`, `key` and `modifiers`, in that order.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(canonical, forKey: .canonical)
        try container.encode(display, forKey: .display)
        try container.encode(key, forKey: .key)
        try container.encode(modifiers, forKey: .modifiers)
    }

    /// Decodes `key` and `modifiers`; `canonical` and `display` are derived
    /// from them, so they are not read.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let key = try container.decode(String.self, forKey: .key)
        guard !key.isEmpty else {
            throw DecodingError.dataCorruptedError(forKey: .key, in: container, debugDescription: "a shortcut needs a key")
        }
        self.init(key: key, modifiers: try container.decode([Modifier].self, forKey: .modifiers))
    }
}
