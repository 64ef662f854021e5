extension MenuElement {
    /// The element kinds of the `.menu` language.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// The menu bar (top level, one per program).
        case menubar
        /// A menu: in the menu bar, or declared at the top level for reuse.
        case menu
        /// A screen, window, sheet, alert or popover holding controls.
        case view
        /// A context menu, at the top level or in a view.
        case contextmenu
        /// A push or system button.
        case button
        /// A toggle button among controls; a changeable-title item in a menu.
        case toggle
        /// A pop-up button: a flat list of mutually exclusive options.
        case popup
        /// A pull-down button: a menu of commands.
        case pulldown
        /// One option of a pop-up button.
        case option
        /// Marks controls as being in the window's toolbar.
        case toolbar
        /// Controls sharing one horizontal space.
        case row
        /// A menu item.
        case item
        /// A group of menu items (or pop-up options) set off by separators.
        case section
        /// A submenu.
        case submenu

        /// Whether the kind is a control (button, toggle, pop-up or pull-down).
        public var isControl: Bool {
            switch self {
            case .button, .toggle, .popup, .pulldown: true
            case .menubar, .menu, .view, .contextmenu, .option, .toolbar, .row, .item, .section, .submenu: false
            }
        }
    }

    /// Whether an element sits among menu elements or among controls: the
    /// same keyword (`toggle`, `section`) means different things in each.
    public enum Context: String, Sendable, Hashable, Codable, CaseIterable {
        /// Among menu elements (a `toggle` here is a changeable-title item).
        case menu
        /// Among controls (a `toggle` here is a toggle button).
        case control
    }

    /// How an element's identifier was obtained.
    public enum IdentifierSource: String, Sendable, Hashable, Codable, CaseIterable {
        /// Written in the source (`item copy "Copy"`).
        case explicit
        /// Derived from the label (`"Open Recent…"` → `openRecent`).
        case label
        /// Neither written nor derivable: the kind name plus an ordinal (`section2`).
        case synthetic
    }

    /// Where an element that was spliced in by `use X` or `menu: X` came from.
    public struct Origin: Sendable, Hashable {
        /// How the element was spliced in.
        public enum Via: String, Sendable, Hashable, Codable, CaseIterable {
            /// A `use X` statement.
            case use
            /// A `menu: X` property.
            case menu
        }

        /// `use` or `menu:`.
        public var via: Via
        /// The identifier of the declared menu it came from.
        public var menu: String
        /// Where the `use` or `menu:` that spliced it is written.
        public var site: SourceLocation?

        /// Creates an origin.
        public init(via: Via, menu: String, site: SourceLocation?) {
            self.via = via
            self.menu = menu
            self.site = site
        }
    }
}

/// A place in a `.menu` source file.
public struct SourceLocation: Sendable, Hashable {
    /// The file as given to menuc (or as found through an import).
    public var file: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, counted in UTF-8 bytes.
    public var column: Int

    /// Creates a location.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }
}

extension SourceLocation: CustomStringConvertible {
    /// `file:line:column`, the form editors and compilers use.
    public var description: String { "\(file):\(line):\(column)" }
}
