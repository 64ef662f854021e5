import MenuModel
import MenuSupport
import MenuSyntax

/// A keyboard shortcut, normalized: modifiers in Apple's display order
/// (globe, control, option, shift, command) and a canonical key name. The
/// model library's type: what the compiler checks is what apps read.
public typealias Shortcut = KeyboardShortcut

extension KeyboardShortcut {
    /// Glyphs accepted in the glyph spelling, mapped to key names.
    static let glyphKeys: [Character: String] = [
        "↩": "return", "⌅": "enter", "⇥": "tab", "⌫": "delete", "⌦": "forwarddelete", "⎋": "escape",
        "↑": "up", "↓": "down", "←": "left", "→": "right", "↖": "home", "↘": "end", "⇞": "pageup", "⇟": "pagedown",
        "␣": "space",
    ]

    static let modifierNames: [String: Modifier] = [
        "cmd": .command, "command": .command, "⌘": .command,
        "shift": .shift, "⇧": .shift,
        "option": .option, "opt": .option, "alt": .option, "⌥": .option,
        "ctrl": .control, "control": .control, "⌃": .control,
        "fn": .function, "globe": .function, "🌐": .function,
    ]

    static let keyNames: Set<String> = {
        var names = Set(keyGlyphs.keys)
        for number in 1...20 { names.insert("f\(number)") }
        return names
    }()

    public enum ParseError: Error, Equatable, Sendable {
        case empty
        case unknownModifier(String)
        case unknownKey(String)
        case missingKey
        case repeatedModifier(String)
        case modifierAsKey(String)

        public var message: String {
            switch self {
            case .empty: "the shortcut is empty"
            case .unknownModifier(let word): "'\(word)' is not a modifier (use cmd, shift, option, ctrl or fn)"
            case .unknownKey(let word): "'\(word)' is not a key (use one character, f1…f20, or return, enter, tab, space, delete, forwarddelete, escape, up, down, left, right, home, end, pageup, pagedown)"
            case .missingKey: "the shortcut has modifiers but no key"
            case .repeatedModifier(let word): "the modifier '\(word)' appears twice"
            case .modifierAsKey(let word): "'\(word)' is a modifier, but the shortcut needs a key after it"
            }
        }
    }

    /// Parses `cmd+shift+n`, `⌘⇧N`, `ctrl+option+f5`, `cmd++`, `⌘↩`.
    public static func parse(_ text: String) -> Result<Shortcut, ParseError> {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else { return .failure(.empty) }
        if trimmed.utf8.contains(UInt8(ascii: "+")), trimmed.count > 1 { return parseSpelledOut(trimmed) }
        return parseGlyphs(trimmed)
    }

    private static func parseSpelledOut(_ text: String) -> Result<Shortcut, ParseError> {
        var parts = text.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        // `cmd++`: the last two parts are empty and the key is '+'.
        if parts.count >= 3, parts[parts.count - 1].isEmpty, parts[parts.count - 2].isEmpty {
            parts.removeLast(2)
            parts.append("+")
        }
        guard let keyPart = parts.last else { return .failure(.empty) }
        var modifiers: [Modifier] = []
        for part in parts.dropLast() {
            let word = part.trimmingWhitespace()
            guard let modifier = modifierNames[word.lowercased()] else {
                return .failure(word.isEmpty ? .unknownModifier("") : .unknownModifier(word))
            }
            if modifiers.contains(modifier) { return .failure(.repeatedModifier(word)) }
            modifiers.append(modifier)
        }
        let key = keyPart.trimmingWhitespace()
        if key.isEmpty { return .failure(.missingKey) }
        if modifierNames[key.lowercased()] != nil { return .failure(.modifierAsKey(key)) }
        return normalizeKey(key).map { Shortcut(key: $0, modifiers: modifiers) }
    }

    private static func parseGlyphs(_ text: String) -> Result<Shortcut, ParseError> {
        var modifiers: [Modifier] = []
        var rest = Substring(text)
        while let first = rest.first, let modifier = modifierNames[String(first)], first.unicodeScalars.count == 1, !first.isLetter {
            if modifiers.contains(modifier) { return .failure(.repeatedModifier(String(first))) }
            modifiers.append(modifier)
            rest = rest.dropFirst()
        }
        if rest.isEmpty { return .failure(modifiers.isEmpty ? .empty : .missingKey) }
        return normalizeKey(String(rest)).map { Shortcut(key: $0, modifiers: modifiers) }
    }

    private static func normalizeKey(_ key: String) -> Result<String, ParseError> {
        if key.count == 1, let character = key.first {
            if let named = glyphKeys[character] { return .success(named) }
            guard !character.isWhitespace, !(character.asciiValue.map { $0 < 0x20 || $0 == 0x7F } ?? false) else {
                return .failure(.unknownKey(key))
            }
            return .success(key.lowercased())
        }
        let lowered = key.lowercased()
        if keyNames.contains(lowered) { return .success(lowered) }
        if lowered == "esc" { return .success("escape") }
        return .failure(.unknownKey(key))
    }
}

extension String {
    package func trimmingWhitespace() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars = scalars.dropFirst() }
        while let last = scalars.last, last.isWhitespace { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
