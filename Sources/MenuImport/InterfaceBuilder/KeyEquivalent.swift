import MenuCompiler
import MenuSupport
import MenuSyntax
import MenuFormatter
@_spi(MenuPipeline) import MenuSemantics

/// AppKit's key equivalents as Interface Builder stores them, turned into
/// the language's shortcuts.
///
/// - No modifier mask means Command; a mask with no flags means none.
/// - An upper-case letter means Shift too (`N` is ⇧⌘N), flag or not.
/// - Control characters stand for keys: `\r` Return, `\u{3}` Enter,
///   `\t` Tab, `\u{19}` Shift-Tab, `\u{8}` and `\u{7F}` Delete, `\u{1B}`
///   Escape; a space is Space.
/// - AppKit's function keys are private-use characters (U+F700…): the
///   arrows, F1–F35, Home, End, Page Up/Down, Forward Delete and more.
///
/// A key the language cannot write (F21, Insert, Help, …) and the Function
/// modifier are reported, never dropped silently.
enum KeyEquivalent {
    enum Decoded: Equatable {
        case none
        /// `notes`: what changed on the way (the Function flag dropped, …).
        case shortcut(Shortcut, notes: [String])
        /// Why it can't be written.
        case unrepresentable(String)
    }

    static func decode(_ key: String, mask: IBModifierMask?) -> Decoded {
        guard let character = key.first else { return .none }
        guard key.count == 1 else { return .unrepresentable("the key equivalent \"\(TextEscaping.visible(key))\" is more than one character") }
        var notes: [String] = []
        var modifiers: [Shortcut.Modifier] = [.command]
        if let mask {
            modifiers = []
            if mask.control { modifiers.append(.control) }
            if mask.option { modifiers.append(.option) }
            if mask.shift { modifiers.append(.shift) }
            if mask.command { modifiers.append(.command) }
            // AppKit sets the Function flag on every function key (F1, the
            // arrows): it is part of those keys, not a key people hold.
            if mask.function {
                if character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first, (0xF700...0xF8FF).contains(scalar.value) {
                    notes.append("its Function (fn) modifier is left out (AppKit sets it on every function key)")
                } else {
                    modifiers.insert(.function, at: 0)
                }
            }
        }
        let keyName: String
        let scalars = character.unicodeScalars
        if scalars.count == 1, let scalar = scalars.first, let named = namedKey(scalar) {
            switch named {
            case .key(let name, let addsShift):
                keyName = name
                if addsShift, !modifiers.contains(.shift) { modifiers.append(.shift) }
            case .unwritable(let name):
                return .unrepresentable("the key \(name) has no name in the language (it writes f1…f20, return, enter, tab, space, delete, forwarddelete, escape, the arrows, home, end, pageup, pagedown)")
            }
        } else {
            if character.isWhitespace || scalars.contains(where: { $0.properties.generalCategory == .control || TextEscaping.needsEscape($0) }) {
                return .unrepresentable("the key equivalent U+\(UTF8Check.hex(scalars.first?.value ?? 0)) is not a key the language can write")
            }
            // An upper-case letter is typed with Shift.
            if character.isUppercase, character.lowercased() != String(character), !modifiers.contains(.shift) { modifiers.append(.shift) }
            keyName = character.lowercased()
        }
        let shortcut = Shortcut(key: keyName, modifiers: modifiers)
        // What is written must read back as the same shortcut.
        guard case .success(let parsed) = Shortcut.parse(shortcut.canonical), parsed == shortcut else {
            return .unrepresentable("the key equivalent \"\(TextEscaping.visible(key))\" cannot be written as a shortcut")
        }
        return .shortcut(shortcut, notes: notes)
    }

    private enum Named {
        case key(String, addsShift: Bool = false)
        case unwritable(String)
    }

    /// The key a control character or AppKit function-key character stands for.
    private static func namedKey(_ scalar: Unicode.Scalar) -> Named? {
        switch scalar.value {
        case 0x0D, 0x0A: .key("return")
        case 0x03: .key("enter")
        case 0x09: .key("tab")
        case 0x19: .key("tab", addsShift: true)  // NSBackTabCharacter
        case 0x20: .key("space")
        case 0x08, 0x7F: .key("delete")
        case 0x1B: .key("escape")
        case 0xF700: .key("up")
        case 0xF701: .key("down")
        case 0xF702: .key("left")
        case 0xF703: .key("right")
        case 0xF704...0xF717: .key("f\(scalar.value - 0xF704 + 1)")
        case 0xF718...0xF726: .unwritable("F\(scalar.value - 0xF704 + 1)")
        case 0xF728: .key("forwarddelete")
        case 0xF729: .key("home")
        case 0xF72B: .key("end")
        case 0xF72C: .key("pageup")
        case 0xF72D: .key("pagedown")
        case 0xF727...0xF747: .unwritable(functionKeyNames[Int(scalar.value - 0xF727)])
        case 0xF748...0xF8FF: .unwritable("U+\(UTF8Check.hex(scalar.value))")
        default: nil
        }
    }

    /// AppKit's names for U+F727…U+F747 (those the language writes are matched first).
    private static let functionKeyNames = [
        "Insert", "Forward Delete", "Home", "Begin", "End", "Page Up", "Page Down", "Print Screen", "Scroll Lock", "Pause",
        "SysReq", "Break", "Reset", "Stop", "Menu", "User", "System", "Print", "Clear Line", "Clear Display", "Insert Line",
        "Delete Line", "Insert Char", "Delete Char", "Prev", "Next", "Select", "Execute", "Undo", "Redo", "Find", "Help",
        "Mode Switch",
    ]
}
