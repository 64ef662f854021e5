// Test-only stand-in for SwiftUI: exactly the declarations MenuSwiftUI uses,
// with the signatures Apple documents (developer.apple.com/documentation/swiftui),
// so the adapter type-checks on Linux. Never linked into anything.

/// developer.apple.com/documentation/swiftui/view
@MainActor @preconcurrency public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    public var body: Never { fatalError() }
}

/// developer.apple.com/documentation/swiftui/viewbuilder
@resultBuilder public struct ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> { TupleView((repeat each content)) }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent> { _ConditionalContent() }
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent> { _ConditionalContent() }
}

extension Optional: View where Wrapped: View {
    public var body: Never { fatalError() }
}

public struct EmptyView: View {
    public init() {}
    public var body: Never { fatalError() }
}

public struct TupleView<T>: View {
    public init(_ value: T) {}
    public var body: Never { fatalError() }
}

public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    init() {}
    public var body: Never { fatalError() }
}

/// developer.apple.com/documentation/swiftui/foreach
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View {
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {}
    public var body: Never { fatalError() }
}

/// developer.apple.com/documentation/swiftui/divider
public struct Divider: View {
    public init() {}
    public var body: Never { fatalError() }
}

public struct Text: View {
    public var body: Never { fatalError() }
}

/// developer.apple.com/documentation/swiftui/menu
public struct Menu<Label: View, Content: View>: View {
    public var body: Never { fatalError() }
}

extension Menu where Label == Text {
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {}
}

/// developer.apple.com/documentation/swiftui/buttonrole
public struct ButtonRole: Equatable, Sendable {
    public static let destructive = ButtonRole()
    public static let cancel = ButtonRole()
}

/// developer.apple.com/documentation/swiftui/button
public struct Button<Label: View>: View {
    public var body: Never { fatalError() }
}

extension Button where Label == Text {
    public init<S: StringProtocol>(_ title: S, role: ButtonRole?, action: @escaping () -> Void) {}
}

/// developer.apple.com/documentation/swiftui/keyequivalent
public struct KeyEquivalent: Sendable {
    public init(_ character: Character) {}
}

/// developer.apple.com/documentation/swiftui/eventmodifiers
public struct EventModifiers: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
}

public struct ModifiedContent<Content, Modifier>: View {
    public var body: Never { fatalError() }
}

extension View {
    /// developer.apple.com/documentation/swiftui/view/keyboardshortcut(_:modifiers:)
    public func keyboardShortcut(_ key: KeyEquivalent, modifiers: EventModifiers = .init(rawValue: 16)) -> some View { ModifiedContent<Self, Never>() }
    /// developer.apple.com/documentation/swiftui/view/disabled(_:)
    public func disabled(_ disabled: Bool) -> some View { ModifiedContent<Self, Never>() }
}

// MARK: Commands (a menu bar's menus)

/// developer.apple.com/documentation/swiftui/commands
@MainActor @preconcurrency public protocol Commands {
    associatedtype Body: Commands
    @CommandsBuilder var body: Body { get }
}

extension Never: Commands {}

/// developer.apple.com/documentation/swiftui/commandsbuilder: blocks of up
/// to ten, and `if`/`else` (`buildEither`, macOS 13).
@resultBuilder public struct CommandsBuilder {
    public static func buildBlock() -> EmptyCommands { EmptyCommands() }
    public static func buildBlock<Content: Commands>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: Commands>(_ content: repeat each Content) -> TupleCommands<(repeat each Content)> { TupleCommands() }
    public static func buildEither<TrueContent: Commands, FalseContent: Commands>(first: TrueContent) -> _ConditionalCommands<TrueContent, FalseContent> { _ConditionalCommands() }
    public static func buildEither<TrueContent: Commands, FalseContent: Commands>(second: FalseContent) -> _ConditionalCommands<TrueContent, FalseContent> { _ConditionalCommands() }
}

/// Stands for the `_ConditionalContent` SwiftUI makes of `if`/`else` in commands.
public struct _ConditionalCommands<TrueContent: Commands, FalseContent: Commands>: Commands {
    public var body: Never { fatalError() }
}

/// Stands for the tuple SwiftUI makes of a block of commands.
public struct TupleCommands<T>: Commands {
    public var body: Never { fatalError() }
}

/// developer.apple.com/documentation/swiftui/emptycommands
public struct EmptyCommands: Commands {
    public init() {}
    public var body: Never { fatalError() }
}

/// developer.apple.com/documentation/swiftui/commandmenu/init(_:content:)
/// (the `StringProtocol` overload; `@ContentBuilder` in the newest SDKs, `@ViewBuilder` before).
public struct CommandMenu<Content: View>: Commands {
    public init<S: StringProtocol>(_ name: S, @ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}

/// developer.apple.com/documentation/swiftui/commandgroup/init(replacing:addition:)
public struct CommandGroup<Content: View>: Commands {
    public init(replacing group: CommandGroupPlacement, @ViewBuilder addition: () -> Content) {}
    public var body: Never { fatalError() }
}

/// developer.apple.com/documentation/swiftui/commandgroupplacement
public struct CommandGroupPlacement: Sendable {
    public static let appInfo = CommandGroupPlacement()
    public static let appSettings = CommandGroupPlacement()
    public static let systemServices = CommandGroupPlacement()
    public static let appVisibility = CommandGroupPlacement()
    public static let appTermination = CommandGroupPlacement()
    public static let newItem = CommandGroupPlacement()
    public static let saveItem = CommandGroupPlacement()
    public static let importExport = CommandGroupPlacement()
    public static let printItem = CommandGroupPlacement()
    public static let undoRedo = CommandGroupPlacement()
    public static let pasteboard = CommandGroupPlacement()
    public static let textEditing = CommandGroupPlacement()
    public static let textFormatting = CommandGroupPlacement()
    public static let toolbar = CommandGroupPlacement()
    public static let sidebar = CommandGroupPlacement()
    public static let windowSize = CommandGroupPlacement()
    public static let windowArrangement = CommandGroupPlacement()
    public static let windowList = CommandGroupPlacement()
    public static let singleWindowList = CommandGroupPlacement()
    public static let help = CommandGroupPlacement()
}
