import Testing
import MenuModel

/// The presentation layer, as an app sees it (plain `import MenuModel`):
/// every value checked against the constant Apple documents for it.
@Suite("Presentation")
struct PresentationTests {
    static func shortcut(_ key: String, _ modifiers: [KeyboardShortcut.Modifier] = [.command]) -> KeyboardShortcut {
        KeyboardShortcut(key: key, modifiers: modifiers)
    }

    @Test func appKitKeyEquivalentsAndModifierMasks() {
        // NSEvent.ModifierFlags: shift = 1 << 17, control = 1 << 18, option = 1 << 19, command = 1 << 20
        // (developer.apple.com/documentation/appkit/nsevent/modifierflags).
        #expect(Self.shortcut("n").appKitModifierMask == 1 << 20)
        #expect(Self.shortcut("n", [.shift, .command]).appKitModifierMask == 0x120000)
        #expect(Self.shortcut("f", [.control, .option, .shift, .command]).appKitModifierMask == 0x1E0000)
        #expect(Self.shortcut("n").appKitKeyEquivalent == "n")
        // Function-key characters of NSEvent: NSUpArrowFunctionKey = 0xF700 … NSRightArrowFunctionKey = 0xF703,
        // NSF1FunctionKey = 0xF704, NSF12FunctionKey = 0xF70F, NSDeleteFunctionKey = 0xF728,
        // NSHomeFunctionKey = 0xF729, NSEndFunctionKey = 0xF72B, NSPageUpFunctionKey = 0xF72C,
        // NSPageDownFunctionKey = 0xF72D (developer.apple.com/documentation/appkit/1535851-function-key_unicode_values).
        let functionKeys: [(String, UInt32)] = [("up", 0xF700), ("down", 0xF701), ("left", 0xF702), ("right", 0xF703),
                                                ("f1", 0xF704), ("f12", 0xF70F), ("forwarddelete", 0xF728), ("home", 0xF729),
                                                ("end", 0xF72B), ("pageup", 0xF72C), ("pagedown", 0xF72D)]
        for (key, value) in functionKeys {
            #expect(Self.shortcut(key).appKitKeyEquivalent.unicodeScalars.map(\.value) == [value], "\(key)")
        }
        // NSBackspaceCharacter = 0x08 (⌫), NSCarriageReturnCharacter = 0x0D, NSTabCharacter = 0x09, NSEnterCharacter = 0x03.
        let characters: [(String, UInt32)] = [("delete", 0x08), ("return", 0x0D), ("tab", 0x09), ("enter", 0x03), ("escape", 0x1B), ("space", 0x20)]
        for (key, value) in characters {
            #expect(Self.shortcut(key).appKitKeyEquivalent.unicodeScalars.map(\.value) == [value], "\(key)")
        }
    }

    @Test func uiKitKeyCommandInputsAndFlags() {
        // UIKeyCommand.inputUpArrow == "UIKeyInputUpArrow", inputEscape == "UIKeyInputEscape",
        // inputDelete (forward delete, iOS 15) == "UIKeyInputDelete", inputF1 == "UIKeyInputF1"
        // (developer.apple.com/documentation/uikit/uikeycommand).
        let inputs: [(String, String?)] = [("up", "UIKeyInputUpArrow"), ("down", "UIKeyInputDownArrow"), ("left", "UIKeyInputLeftArrow"),
                                           ("right", "UIKeyInputRightArrow"), ("escape", "UIKeyInputEscape"), ("pageup", "UIKeyInputPageUp"),
                                           ("pagedown", "UIKeyInputPageDown"), ("home", "UIKeyInputHome"), ("end", "UIKeyInputEnd"),
                                           ("forwarddelete", "UIKeyInputDelete"), ("f1", "UIKeyInputF1"), ("f12", "UIKeyInputF12"),
                                           ("f13", nil), ("return", "\r"), ("tab", "\t"), ("delete", "\u{8}"), ("n", "n"), ("+", "+")]
        for (key, input) in inputs { #expect(Self.shortcut(key).uiKitInput == input, "\(key)") }
        // UIKeyModifierFlags: alphaShift 1 << 16, shift 1 << 17, control 1 << 18, alternate 1 << 19, command 1 << 20.
        #expect(Self.shortcut("z", [.shift, .command]).uiKitModifierFlags == (1 << 17) | (1 << 20))
        #expect(Self.shortcut("z", [.option]).uiKitModifierFlags == 1 << 19)
    }

    @Test func swiftUIKeyEquivalentsAndModifiers() {
        // EventModifiers: capsLock 1 << 0, shift 1 << 1, control 1 << 2, option 1 << 3, command 1 << 4
        // (developer.apple.com/documentation/swiftui/eventmodifiers).
        #expect(Self.shortcut("n").swiftUIModifiers == 16)
        #expect(Self.shortcut("n", [.control, .option, .shift, .command]).swiftUIModifiers == 2 + 4 + 8 + 16)
        // KeyEquivalent.upArrow is U+F700, .delete U+0008, .deleteForward U+F728, .return U+000D
        // (developer.apple.com/documentation/swiftui/keyequivalent).
        #expect(Self.shortcut("up").swiftUIKeyEquivalent == "\u{F700}")
        #expect(Self.shortcut("delete").swiftUIKeyEquivalent == "\u{8}")
        #expect(Self.shortcut("forwarddelete").swiftUIKeyEquivalent == "\u{F728}")
        #expect(Self.shortcut("return").swiftUIKeyEquivalent == "\r")
        #expect(Self.shortcut("k").swiftUIKeyEquivalent == "k")
    }

    static func element(_ kind: MenuElement.Kind, context: MenuElement.Context = .menu, label: String? = nil,
                        _ properties: [String: PropertyValue] = [:]) -> MenuElement {
        MenuElement(kind: kind, context: context, id: "x", idSource: .explicit, path: "x", label: label, properties: properties)
    }

    @Test func statesRolesAndAttributes() {
        // NSControl.StateValue: mixed -1, off 0, on 1 (developer.apple.com/documentation/appkit/nscontrol/statevalue).
        // UIMenuElement.State: off 0, on 1, mixed 2 (developer.apple.com/documentation/uikit/uimenuelement/state).
        let states: [(String, Int, Int)] = [("on", 1, 1), ("off", 0, 0), ("mixed", -1, 2)]
        for (state, appKit, uiKit) in states {
            let item = ElementPresentation(Self.element(.item, ["state": .string(state)]))
            #expect(item.appKitState == appKit && item.uiKitState == uiKit, "\(state)")
        }
        let plain = ElementPresentation(Self.element(.item, label: "Copy"))
        #expect(plain.state == nil && plain.appKitState == 0 && plain.role == .command && plain.title == "Copy")
        let toggle = ElementPresentation(Self.element(.toggle, ["state": .string("on"), "on": .string("Hide Ruler"), "off": .string("Show Ruler")]))
        #expect(toggle.role == .toggle && toggle.state == .on && toggle.title == "Hide Ruler")
        // UIMenuElement.Attributes: disabled 1 << 0, destructive 1 << 1.
        let delete = ElementPresentation(Self.element(.item, ["role": .string("destructive"), "enabled": .bool(false)]))
        #expect(delete.isDestructive && !delete.isEnabled && delete.uiKitAttributes == 3)
        #expect(plain.uiKitAttributes == 0)
    }

    @Test func sectionsMenusAndRequests() {
        let menu = Self.element(.menu, label: "Edit")
        var withSections = menu
        withSections.children = [Self.element(.section), Self.element(.section, label: "Find")]
        let children = ElementPresentation.children(of: withSections)
        // Separators go between sections, never before the first.
        #expect(children.map(\.role) == [.section(.init(separatorBefore: false, title: nil)), .section(.init(separatorBefore: true, title: "Find"))])
        // UIMenu.Options: displayInline 1 << 0, singleSelection 1 << 5 (developer.apple.com/documentation/uikit/uimenu/options).
        #expect(children[0].uiKitMenuOptions == 1)
        #expect(ElementPresentation(Self.element(.popup, context: .control)).uiKitMenuOptions == 32)
        // UIMenu.ElementSize: small 0, medium 1, large 2 (developer.apple.com/documentation/uikit/uimenu/elementsize).
        let sizes: [(String, Int)] = [("small", 0), ("medium", 1), ("large", 2)]
        for (layout, size) in sizes {
            #expect(ElementPresentation(Self.element(.contextmenu, ["layout": .string(layout)])).uiKitPreferredElementSize == size)
        }
        #expect(ElementPresentation(Self.element(.item)).uiKitPreferredElementSize == nil)
        let export = ElementPresentation(Self.element(.item, ["input": .bool(true), "confirm": .string("Replace the file?")]))
        #expect(export.requests == [.input, .confirm("Replace the file?")])
        #expect(ElementPresentation(Self.element(.submenu, ["dynamic": .bool(true)])).requests == [.dynamicContent])
        #expect(PopUpProperties(Self.element(.popup, context: .control, ["multiple": .bool(false)])).isSingleSelection)
    }
}

/// Which of a menu bar's menus take the place of SwiftUI's standard menus,
/// and which of SwiftUI's command groups they replace.
@Suite("StandardMenus")
struct StandardMenuTests {
    static func menu(_ id: String, path: String, kind: MenuElement.Kind = .menu) -> MenuElement {
        MenuElement(kind: kind, context: .menu, id: id, idSource: .explicit, path: path)
    }

    @Test func aMenuBarsMenusNamedAsStandardOnesAreThem() {
        #expect(StandardMenu(Self.menu("File", path: "menubar/File")) == .file)
        #expect(StandardMenu(Self.menu("edit", path: "menubar/edit")) == .edit)
        #expect(StandardMenu(Self.menu("Help", path: "bar/Help")) == .help)
        // Not a standard name, not in a menu bar (a top-level declaration), not a menu.
        #expect(StandardMenu(Self.menu("Mailbox", path: "menubar/Mailbox")) == nil)
        #expect(StandardMenu(Self.menu("File", path: "File")) == nil)
        #expect(StandardMenu(Self.menu("View", path: "menubar/View", kind: .submenu)) == nil)
    }

    @Test func standardMenusReplaceTheirGroupsButNotTheSystemsLists() {
        // The groups SwiftUI puts in each menu (developer.apple.com/documentation/swiftui/commandgroupplacement).
        #expect(StandardMenu.file.replacedGroups == [.newItem, .saveItem, .importExport, .printItem])
        #expect(StandardMenu.edit.replacedGroups == [.undoRedo, .pasteboard, .textEditing])
        #expect(StandardMenu.view.replacedGroups == [.toolbar, .sidebar])
        #expect(StandardMenu.window.replacedGroups == [.windowSize, .windowArrangement])
        #expect(StandardMenu.help.replacedGroups == [.help])
        let replaced = StandardMenu.allCases.flatMap(\.replacedGroups)
        #expect(Set(replaced).count == replaced.count, "a group replaced by two menus")
        #expect(Set(replaced).isDisjoint(with: [.systemServices, .windowList, .singleWindowList]))
        // The SwiftUI adapter has this many slots for one menu's groups.
        #expect(StandardMenu.allCases.map(\.replacedGroups.count).max() == StandardMenu.mostReplacedGroups)
    }
}
