// The enumerations of the `.menu` language's properties. Raw values are
// the spellings of the source and the JSON.

/// A button's type (`type:`).
public enum ButtonType: String, Sendable, Hashable, Codable, CaseIterable {
    /// The platform's standard button (the default).
    case system
    /// A macOS push button.
    case push
    /// A close button.
    case close
    /// A Done button.
    case done
    /// A Cancel button.
    case cancel
    /// An info button.
    case info
    /// A macOS help button.
    case help
    /// A macOS gradient button (below lists: add, remove).
    case gradient
    /// A macOS image button.
    case image
    /// A More button (symbol `ellipsis.circle`).
    case more
}

/// A control's visual style (`style:`).
public enum ButtonStyle: String, Sendable, Hashable, Codable, CaseIterable {
    /// Filled with the accent color: the most prominent.
    case filled
    /// A tinted background.
    case tinted
    /// A gray background.
    case gray
    /// No background.
    case plain
    /// A bordered button.
    case bordered
}

/// A control's size (`size:`).
public enum ControlSize: String, Sendable, Hashable, Codable, CaseIterable {
    /// The smallest size.
    case mini
    /// Small.
    case small
    /// The regular size.
    case medium
    /// Large.
    case large
}

/// A button's role (`role:`).
public enum ButtonRole: String, Sendable, Hashable, Codable, CaseIterable {
    /// An ordinary button (the default).
    case normal
    /// The default choice (Return activates it).
    case primary
    /// Dismisses without acting (Escape activates it).
    case cancel
    /// Deletes data or can't be undone.
    case destructive
}

/// A menu item's role (`role:`).
public enum ItemRole: String, Sendable, Hashable, Codable, CaseIterable {
    /// An ordinary item (the default).
    case normal
    /// The item deletes data.
    case destructive
}

/// The checkmark of a menu item that has a `state:`.
public enum CheckmarkState: String, Sendable, Hashable, Codable, CaseIterable {
    /// Checked: ✓.
    case on
    /// Unchecked.
    case off
    /// Applies to part of the selection: –.
    case mixed

    /// The mark menus show: `✓`, `–`, or nothing when off.
    public var glyph: String {
        switch self {
        case .on: "✓"
        case .mixed: "–"
        case .off: ""
        }
    }
}

/// The state of a toggle (`state:`).
public enum ToggleState: String, Sendable, Hashable, Codable, CaseIterable {
    /// On.
    case on
    /// Off (the default).
    case off

    /// Whether it is on.
    public var isOn: Bool { self == .on }

    /// The other state.
    public var toggled: ToggleState { self == .on ? .off : .on }
}

/// How a toggle button's on and off states look different (`indicator:`).
public enum ToggleIndicator: String, Sendable, Hashable, Codable, CaseIterable {
    /// The color changes.
    case color
    /// The background changes.
    case background
    /// The symbol or label changes.
    case content
}

/// The layout of an iOS or iPadOS menu (`layout:`).
public enum MenuLayout: String, Sendable, Hashable, Codable, CaseIterable {
    /// The first four items as a row of symbols.
    case small
    /// The first three items as symbols with short labels.
    case medium
    /// A list (the default for context menus).
    case large
}

/// How a view is presented (`presentation:`).
public enum Presentation: String, Sendable, Hashable, Codable, CaseIterable {
    /// A sheet (temporary).
    case sheet
    /// An alert (temporary).
    case alert
    /// An action sheet (temporary): a confirmation dialog, shown as a
    /// popover on iPadOS.
    case actionSheet
    /// A popover.
    case popover
    /// An editing view (temporary).
    case editing
    /// A window.
    case window
    /// A page.
    case page
    /// Part of another view (the default).
    case inline

    /// Whether the view is temporary (a sheet, alert, action sheet or
    /// editing view). Sheets, alerts and editing views with more than one
    /// button should have a primary one; an action sheet's choices are equal.
    public var isTemporary: Bool {
        switch self {
        case .sheet, .alert, .actionSheet, .editing: true
        case .popover, .window, .page, .inline: false
        }
    }
}
