// Test-only stand-in for AppKit: exactly the declarations MenuAppKit uses,
// with the signatures Apple documents (developer.apple.com/documentation/appkit),
// so the adapter type-checks on Linux. Never linked into anything.

public struct Selector: Hashable, Sendable {
    public init(_ name: String) {}
}

open class NSObject {
    public init() {}
}

/// developer.apple.com/documentation/appkit/nsmenu
@MainActor open class NSMenu: NSObject {
    public init(title: String) { self.title = title }
    open var title: String
    open var items: [NSMenuItem] = []
    open func addItem(_ newItem: NSMenuItem) { items.append(newItem) }
}

/// developer.apple.com/documentation/appkit/nsmenuitem
@MainActor open class NSMenuItem: NSObject {
    public init(title string: String, action selector: Selector?, keyEquivalent charCode: String) { title = string }
    open class func separator() -> NSMenuItem { NSMenuItem(title: "", action: nil, keyEquivalent: "") }
    @available(macOS 14.0, *)
    open class func sectionHeader(title: String) -> NSMenuItem { NSMenuItem(title: title, action: nil, keyEquivalent: "") }
    open var title: String
    open var keyEquivalentModifierMask: NSEvent.ModifierFlags = []
    open weak var target: AnyObject?
    open var representedObject: Any?
    open var identifier: NSUserInterfaceItemIdentifier?
    open var state: NSControl.StateValue = NSControl.StateValue(rawValue: 0)
    open var isEnabled: Bool = true
    open var isAlternate: Bool = false
    open var image: NSImage?
    open var submenu: NSMenu?
}

/// developer.apple.com/documentation/appkit/nsevent/modifierflags
open class NSEvent: NSObject {
    public struct ModifierFlags: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
    }
}

/// developer.apple.com/documentation/appkit/nscontrol/statevalue
open class NSControl: NSObject {
    public struct StateValue: RawRepresentable, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
    }
}

/// developer.apple.com/documentation/appkit/nsuserinterfaceitemidentifier
public struct NSUserInterfaceItemIdentifier: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
}

/// developer.apple.com/documentation/appkit/nsimage/init(systemsymbolname:accessibilitydescription:)
open class NSImage: NSObject {
    public init?(systemSymbolName symbolName: String, accessibilityDescription description: String?) {}
}
