import MenuSupport
import MenuSyntax

/// Where each element kind may appear.
package enum Placement {
    package enum Verdict {
        case allowed
        /// Allowed by the grammar but wrong by a guideline rule, which reports it.
        case leftToRule
        case misplaced(help: String)
    }

    /// Whether `child` may appear inside `parent` (nil: the top level).
    package static func check(child: ElementKind, parent: ElementKind?, parentContext: ElementContext) -> Verdict {
        guard let parent else {
            return child.mayBeDeclared ? .allowed : .misplaced(help: "\(child.rawValue) belongs inside \(homes(of: child))")
        }
        switch parent {
        case .view:
            switch child {
            case .button, .toggle, .popup, .pulldown, .toolbar, .row, .contextmenu: return .allowed
            default: break
            }
        case .toolbar:
            switch child {
            case .button, .toggle, .popup, .pulldown, .row: return .allowed
            default: break
            }
        case .row:
            if child.isControl { return .allowed }
        case .popup:
            switch child {
            case .option, .section: return .allowed
            case .item, .submenu: return .leftToRule
            default: break
            }
        case .section where parentContext == .control:
            switch child {
            case .option: return .allowed
            case .item, .submenu: return .leftToRule
            default: break
            }
        case .menu, .pulldown, .contextmenu, .submenu, .section:
            switch child {
            case .item, .toggle, .submenu: return .allowed
            case .section where parent != .section: return .allowed
            case .section: return .misplaced(help: "sections don't nest; make it a sibling section or a submenu")
            case .menu: return .misplaced(help: "a menu inside a menu is a submenu: write 'submenu' instead of 'menu'")
            case .button: return .misplaced(help: "menus hold items: write 'item' instead of 'button'")
            // Options in a pop-up's submenu: the pop-up isn't flat, which popup-not-flat reports once.
            case .option where parent == .submenu && parentContext == .control: return .leftToRule
            default: break
            }
        case .menubar:
            if child == .menu { return .allowed }
        case .button, .toggle, .option, .item:
            return .misplaced(help: "\(parent.rawValue) has no children; \(child.rawValue) belongs inside \(homes(of: child))")
        }
        return .misplaced(help: "\(child.rawValue) belongs inside \(homes(of: child))")
    }

    package static func homes(of kind: ElementKind) -> String {
        switch kind {
        case .menubar: "nothing: declare it at the top level"
        case .menu: "a menubar or at the top level (a nested menu is a submenu)"
        case .view: "nothing: declare it at the top level"
        case .contextmenu: "a view or at the top level"
        case .button, .popup, .pulldown: "a view, toolbar or row, or at the top level"
        case .toggle: "a view, toolbar or row (a toggle button), or a menu (a changeable-title item)"
        case .option: "a popup"
        case .toolbar: "a view"
        case .row: "a view or toolbar"
        case .item: "a menu, pulldown, contextmenu, submenu or section"
        case .section: "a menu, pulldown, contextmenu, submenu or popup"
        case .submenu: "a menu, pulldown, contextmenu or section"
        }
    }
}
