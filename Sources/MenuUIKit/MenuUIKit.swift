// UIKit menus from the model: a thin translation of MenuModel's
// presentation layer (every decision is made and tested there).
#if canImport(UIKit)
import UIKit
import MenuModel

/// Builds `UIMenu`s (menu bar menus on iPadOS, context menus, pull-down
/// buttons) from menuc's model.
///
/// Items become `UIAction`s that call `handler` with the file's `Action`;
/// items with a shortcut become `UIKeyCommand`s instead when the app passes
/// `keyCommand`, the selector its responder chain handles (the command's
/// `propertyList` is the action's raw value: read it back with ``action(of:as:)``).
@MainActor
public enum MenuUIKit {
    /// A menu with its sections (inline), submenus, checkmarks, destructive
    /// items and, for context menus, the layout's `preferredElementSize`.
    public static func menu<Action: RawRepresentable>(for element: MenuElement, localizer: MenuLocalizer = .source,
                                                      keyCommand: Selector? = nil,
                                                      handler: @escaping (Action) -> Void) -> UIMenu where Action.RawValue == String {
        let presentation = ElementPresentation(element)
        let menu = UIMenu(title: localizer.label(of: element) ?? "", image: element.symbol.flatMap(UIImage.init(systemName:)),
                          identifier: nil, options: UIMenu.Options(rawValue: presentation.uiKitMenuOptions),
                          children: children(of: element, localizer: localizer, keyCommand: keyCommand, handler: handler))
        if #available(iOS 16.0, *), let size = presentation.uiKitPreferredElementSize, let elementSize = UIMenu.ElementSize(rawValue: size) {
            menu.preferredElementSize = elementSize
        }
        return menu
    }

    private static func children<Action: RawRepresentable>(of element: MenuElement, localizer: MenuLocalizer, keyCommand: Selector?,
                                                           handler: @escaping (Action) -> Void) -> [UIMenuElement] where Action.RawValue == String {
        ElementPresentation.children(of: element).compactMap { entry -> UIMenuElement? in
            switch entry.role {
            case .section(let style):
                return UIMenu(title: style.title.map { localizer.localize(entry.element.path, $0) } ?? "", image: nil, identifier: nil,
                              options: UIMenu.Options(rawValue: entry.uiKitMenuOptions),
                              children: children(of: entry.element, localizer: localizer, keyCommand: keyCommand, handler: handler))
            case .submenu:
                return menu(for: entry.element, localizer: localizer, keyCommand: keyCommand, handler: handler)
            case .command, .toggle, .option:
                return command(for: entry, localizer: localizer, keyCommand: keyCommand, handler: handler)
            case .other:
                return nil
            }
        }
    }

    /// One item: a `UIKeyCommand` when it has a shortcut UIKit can type and
    /// the app gave `keyCommand`, else a `UIAction`.
    public static func command<Action: RawRepresentable>(for entry: ElementPresentation, localizer: MenuLocalizer = .source,
                                                         keyCommand: Selector? = nil,
                                                         handler: @escaping (Action) -> Void) -> UIMenuElement where Action.RawValue == String {
        let title = localizer.label(of: entry.element) ?? ""
        let image = entry.element.symbol.flatMap(UIImage.init(systemName:))
        let attributes = UIMenuElement.Attributes(rawValue: entry.uiKitAttributes)
        let state = UIMenuElement.State(rawValue: entry.uiKitState) ?? .off
        let action = entry.element.action(Action.self)
        if let keyCommand, let shortcut = entry.element.shortcut, let input = shortcut.uiKitInput {
            return UIKeyCommand(title: title, image: image, action: keyCommand, input: input,
                                modifierFlags: UIKeyModifierFlags(rawValue: shortcut.uiKitModifierFlags),
                                propertyList: entry.element.performedAction, alternates: [], discoverabilityTitle: nil,
                                attributes: attributes, state: state)
        }
        return UIAction(title: title, image: image, identifier: UIAction.Identifier(entry.element.path), discoverabilityTitle: nil,
                        attributes: attributes, state: state) { _ in
            if let action { handler(action) }
        }
    }

    /// The action of a key command made here, as the file's `Action` enum.
    public static func action<Action: RawRepresentable>(of command: UIKeyCommand, as type: Action.Type) -> Action? where Action.RawValue == String {
        (command.propertyList as? String).flatMap(Action.init(rawValue:))
    }
}
#endif
