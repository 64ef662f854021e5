// Test-only stand-in for UIKit: exactly the declarations MenuUIKit uses,
// with the signatures Apple documents (developer.apple.com/documentation/uikit),
// so the adapter type-checks on Linux. Never linked into anything.

public struct Selector: Hashable, Sendable {
    public init(_ name: String) {}
}

open class NSObject {
    public init() {}
}

/// developer.apple.com/documentation/uikit/uiimage/init(systemname:)
open class UIImage: NSObject {
    public init?(systemName name: String) {}
}

/// developer.apple.com/documentation/uikit/uimenuelement
@MainActor open class UIMenuElement: NSObject {
    public struct Attributes: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
    }
    public enum State: Int, Sendable {
        case off = 0, on = 1, mixed = 2
    }
}

/// developer.apple.com/documentation/uikit/uimenu
@MainActor open class UIMenu: UIMenuElement {
    public struct Options: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
    }
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }
    @available(iOS 16.0, *)
    public enum ElementSize: Int, Sendable {
        case small = 0, medium = 1, large = 2
    }
    public init(title: String = "", image: UIImage? = nil, identifier: UIMenu.Identifier? = nil, options: UIMenu.Options = [],
                children: [UIMenuElement] = []) {}
    @available(iOS 16.0, *)
    open var preferredElementSize: UIMenu.ElementSize {
        get { .large }
        set {}
    }
}

/// developer.apple.com/documentation/uikit/uiaction
@MainActor open class UIAction: UIMenuElement {
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }
    public init(title: String = "", image: UIImage? = nil, identifier: UIAction.Identifier? = nil, discoverabilityTitle: String? = nil,
                attributes: UIMenuElement.Attributes = [], state: UIMenuElement.State = .off, handler: @escaping (UIAction) -> Void) {}
}

/// developer.apple.com/documentation/uikit/uicommand
@MainActor open class UICommand: UIMenuElement {
    open var propertyList: Any? { nil }
}

/// developer.apple.com/documentation/uikit/uikeymodifierflags
public struct UIKeyModifierFlags: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
}

/// developer.apple.com/documentation/uikit/uikeycommand
@MainActor open class UIKeyCommand: UICommand {
    public init(title: String = "", image: UIImage? = nil, action: Selector, input: String, modifierFlags: UIKeyModifierFlags = [],
                propertyList: Any? = nil, alternates: [UICommandAlternate] = [], discoverabilityTitle: String? = nil,
                attributes: UIMenuElement.Attributes = [], state: UIMenuElement.State = .off) {}
}

/// developer.apple.com/documentation/uikit/uicommandalternate
open class UICommandAlternate: NSObject {}
