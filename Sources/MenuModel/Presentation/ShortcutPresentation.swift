// A keyboard shortcut in the terms of each UI framework. Every value is a
// plain number or string, so this builds and is tested on Linux; the
// adapters only pass them on (`NSEvent.ModifierFlags(rawValue:)`, …).

extension KeyboardShortcut {
    /// `NSMenuItem.keyEquivalent`: the key's character — for named keys the
    /// control character or the function-key character of `NSEvent`'s
    /// constants (`NSUpArrowFunctionKey` = U+F700, `NSF1FunctionKey` =
    /// U+F704, `NSDeleteFunctionKey` = U+F728, `NSHomeFunctionKey` = U+F729,
    /// `NSEndFunctionKey` = U+F72B, `NSPageUpFunctionKey` = U+F72C,
    /// `NSPageDownFunctionKey` = U+F72D; `NSBackspaceCharacter` = U+0008,
    /// `NSEnterCharacter` = U+0003, `NSCarriageReturnCharacter` = U+000D).
    public var appKitKeyEquivalent: String { keyEquivalent }

    /// `NSMenuItem.keyEquivalentModifierMask` as the raw value of
    /// `NSEvent.ModifierFlags`: shift 1 << 17, control 1 << 18, option
    /// 1 << 19, command 1 << 20, function (Globe) 1 << 23.
    public var appKitModifierMask: UInt { UInt(modifierFlags.rawValue) }

    /// `UIKeyCommand.input`: the character, or the value of UIKit's input
    /// constant for a named key (`UIKeyCommand.inputUpArrow` is
    /// `"UIKeyInputUpArrow"`, `inputDelete` (forward delete) is
    /// `"UIKeyInputDelete"`, `inputF1` … `inputF12`); return, tab, space and
    /// delete are `"\r"`, `"\t"`, `" "` and `"\u{8}"`. Nil for keys UIKit
    /// has no input for (F13 and above).
    public var uiKitInput: String? {
        if let named = KeyboardShortcut.uiKitInputs[key] { return named }
        if key.count > 1, key.first == "f", let number = Int(key.dropFirst()) {
            return (1...12).contains(number) ? "UIKeyInputF\(number)" : nil
        }
        return key
    }

    /// `UIKeyCommand.modifierFlags` as the raw value of `UIKeyModifierFlags`:
    /// shift 1 << 17, control 1 << 18, alternate (option) 1 << 19,
    /// command 1 << 20 — the same bits as AppKit's.
    public var uiKitModifierFlags: Int { Int(modifierFlags.rawValue) }

    /// SwiftUI's `KeyEquivalent.character`: as AppKit's, which SwiftUI's
    /// constants share (`.upArrow` is U+F700, `.delete` U+0008,
    /// `.deleteForward` U+F728, `.home` U+F729, `.end` U+F72B, `.pageUp`
    /// U+F72C, `.pageDown` U+F72D, `.escape` U+001B, `.return` U+000D,
    /// `.tab` U+0009, `.space` U+0020).
    public var swiftUIKeyEquivalent: Character { Character(keyEquivalent) }

    /// SwiftUI's `EventModifiers` raw value: shift 1 << 1, control 1 << 2,
    /// option 1 << 3, command 1 << 4, function 1 << 6 (`capsLock` is 1 << 0,
    /// `numericPad` 1 << 5).
    public var swiftUIModifiers: Int {
        modifiers.reduce(0) { flags, modifier in
            switch modifier {
            case .function: flags | 1 << 6
            case .shift: flags | 1 << 1
            case .control: flags | 1 << 2
            case .option: flags | 1 << 3
            case .command: flags | 1 << 4
            }
        }
    }

    /// Key names and the `UIKeyCommand` inputs for them.
    private static let uiKitInputs: [String: String] = [
        "return": "\r", "enter": "\r", "tab": "\t", "space": " ", "delete": "\u{08}",
        "forwarddelete": "UIKeyInputDelete", "escape": "UIKeyInputEscape",
        "up": "UIKeyInputUpArrow", "down": "UIKeyInputDownArrow", "left": "UIKeyInputLeftArrow", "right": "UIKeyInputRightArrow",
        "home": "UIKeyInputHome", "end": "UIKeyInputEnd", "pageup": "UIKeyInputPageUp", "pagedown": "UIKeyInputPageDown",
    ]
}
