import MenuCompiler
import MenuSupport
import MenuSyntax
import MenuFormatter
@_spi(MenuPipeline) import MenuSemantics

/// Writes the menus of an Interface Builder file as `.menu` source.
///
/// - The main menu becomes the `menubar`, each of its items a `menu`; the
///   dock menu, status-item menus and unreferenced menus become top-level
///   `menu`s, a view's menu a `contextmenu`, each with a doc comment that
///   says what it was.
/// - Separators become sections (a menu with n separators has n + 1,
///   empty ones included, so the counts stay those of the file).
/// - Every element gets an explicit identifier: the file's `identifier`,
///   else one derived from the base-language title, numbered when a
///   sibling has it already (reported).
/// - Menus AppKit or the app fill at run time become `dynamic: true`, with
///   a comment saying who fills them.
/// - What the language cannot say is reported (`notes`), never dropped
///   silently: custom views (the item is left out), images, tool tips,
///   bindings, keys the language can't write, alternates that don't follow
///   the language's rules, hidden items (kept, with a comment).
struct MenuConverter {
    private(set) var notes: [ImportNote] = []
    private(set) var counts = ImportCounts()
    private(set) var translations: Translations?
    private var source = MenuSource()

    init(translations: Translations?) {
        self.translations = translations
    }

    /// The source of every menu of `document`; `fileName` names the file in the comment at the top.
    mutating func convert(_ document: IBDocument, fileName: String) -> String {
        source.line(0, "/// Menus imported from \(TextEscaping.visible(fileName)) by menuc import.")
        source.line(0, "platforms macOS")
        // The menu bar's identifier is the synthetic `menubar`: nothing else may take it.
        var topLevel = SiblingNames(reserved: ["menubar"])
        for menu in document.menus {
            source.blank()
            switch menu.role {
            case .main:
                source.line(0, "/// The main menu.")
                source.line(0, "menubar {")
                writeMenuBar(menu.menu)
                source.line(0, "}")
            case .dock:
                writeTopLevel(menu.menu, kind: "menu", doc: "The dock menu (the application's dockMenu outlet).", wanted: "DockMenu", names: &topLevel)
                counts.otherMenus += 1
            case .outlets(let outlets):
                let names = outlets.map { TextEscaping.visible($0) }
                let wanted = outlets.first.flatMap { IdentifierDerivation.derive(from: $0) }.map { SiblingNames.cased($0, upper: true) }
                writeTopLevel(menu.menu, kind: "menu", doc: "A menu the app shows itself (outlet \(names.joined(separator: ", "))).",
                              wanted: wanted, names: &topLevel)
                counts.otherMenus += 1
            case .unreferenced:
                writeTopLevel(menu.menu, kind: "menu", doc: "A menu nothing in the Interface Builder file refers to.", wanted: nil, names: &topLevel)
                counts.otherMenus += 1
            case .contextMenu(let view):
                let wanted = IdentifierDerivation.derive(from: menu.menu.title).map { SiblingNames.cased($0, upper: true) } ?? "ContextMenu"
                writeTopLevel(menu.menu, kind: "contextmenu", doc: "The context menu of a \(TextEscaping.visible(view)).", wanted: wanted,
                              names: &topLevel)
                counts.contextMenus += 1
            }
        }
        return source.text
    }

    // MARK: - Menus

    private mutating func writeMenuBar(_ main: IBMenu) {
        var names = SiblingNames()
        for item in main.items {
            if item.isSeparator {
                note(item.line, "a separator in the menu bar is left out: the menu bar holds menus only")
                counts.droppedSeparators += 1
                continue
            }
            guard let menu = item.submenu else {
                note(item.line, "the menu-bar item \(quoted(item.title)) has no menu, and the menu bar holds menus only: it is left out")
                counts.skippedItems += 1
                continue
            }
            // The menu bar shows the menu's title, not its item's.
            let baseTitle = menu.title.isEmpty ? item.title : menu.title
            let id = name(for: item, title: baseTitle, fallback: "Menu", upper: true, names: &names)
            let label = localized(menu.title.isEmpty ? item.objectID : menu.objectID, base: baseTitle, line: item.line)
            counts.items += 1
            counts.submenus += 1
            counts.menuBarMenus += 1
            reportLeftOut(of: item, asMenu: true)
            if item.isHidden { hidden(item, depth: 1) }
            source.line(1, "menu \(id) \(MenuSource.quoted(label)) {")
            if !item.isEnabled {
                source.line(2, "enabled: false")
                counts.disabled += 1
            }
            writeBody(of: menu, depth: 2)
            source.line(1, "}")
        }
    }

    private mutating func writeTopLevel(_ menu: IBMenu, kind: String, doc: String, wanted: String?, names: inout SiblingNames) {
        let name: String
        if let wanted {
            name = names.claim(wanted).name
        } else {
            name = self.name(forMenu: menu, names: &names)
        }
        source.line(0, "/// " + doc)
        let label = menu.title.isEmpty || kind == "contextmenu" ? "" : " " + MenuSource.quoted(localized(menu.objectID, base: menu.title, line: menu.line))
        source.line(0, "\(kind) \(name)\(label) {")
        // A context menu takes no `dynamic:`: who fills it is said in a comment.
        writeBody(of: menu, depth: 1, canBeDynamic: kind != "contextmenu")
        source.line(0, "}")
    }

    /// A menu's contents: `dynamic: true` when it is filled at run time,
    /// then its items, in sections when it has separators.
    private mutating func writeBody(of menu: IBMenu, depth: Int, canBeDynamic: Bool = true) {
        if let filler = MenuConverter.runTimeFiller(of: menu) {
            source.line(depth, "// " + filler)
            if canBeDynamic {
                source.line(depth, "dynamic: true")
                counts.dynamicMenus += 1
            }
        }
        var groups: [[IBMenuItem]] = [[]]
        for item in menu.items {
            if item.isSeparator {
                groups.append([])
            } else {
                groups[groups.count - 1].append(item)
            }
        }
        // Entries go one level deeper inside sections.
        guard depth + (groups.count > 1 ? 1 : 0) <= MenuConverter.deepestBody else {
            let count = MenuConverter.itemCount(menu.items)
            note(menu.line, "menus nest here deeper than the language allows (\(Parser.maximumDepth) levels): the \(count) item\(count == 1 ? "" : "s") of this menu and below are left out")
            counts.skippedItems += count
            counts.droppedSeparators += MenuConverter.separatorCount(menu.items)
            return
        }
        // A separator that ends a menu separates nothing in the file: AppKit adds its own items after
        // it (the Edit menu's Start Dictation and Emoji & Symbols). Written, it would be an empty section.
        if groups.count > 1, groups[groups.count - 1].isEmpty, let last = menu.items.last {
            groups.removeLast()
            note(last.line, "the separator that ends this menu is left out: nothing follows it in the file")
            counts.droppedSeparators += 1
        }
        guard groups.count > 1 else {
            var names = SiblingNames()
            writeEntries(groups[0], depth: depth, names: &names)
            return
        }
        counts.separators += groups.count - 1
        // Sections without identifiers don't separate names: the entries of
        // every section share one namespace, which also holds the sections'
        // own synthetic identifiers (`section`, `section2`, …).
        var names = SiblingNames(reserved: Set(["section"] + (2...groups.count).map { "section\($0)" }))
        for group in groups {
            if group.isEmpty {
                source.line(depth, "section {}")
                continue
            }
            source.line(depth, "section {")
            writeEntries(group, depth: depth + 1, names: &names)
            source.line(depth, "}")
        }
    }

    /// Who fills a menu at run time, when someone does: AppKit fills the
    /// system menus Interface Builder marks (`systemMenu`), a delegate
    /// fills the menus that have one, and a menu empty in the file is
    /// filled by the app.
    static func runTimeFiller(of menu: IBMenu) -> String? {
        switch menu.systemMenu {
        case "services": return "macOS fills the Services menu at run time."
        case "recentDocuments": return "AppKit lists the recent documents here at run time."
        case "window": return "AppKit lists the open windows here at run time."
        case "font": return "The font manager fills and updates the Font menu at run time."
        case "help": return "AppKit adds the Help search field here at run time."
        default: break
        }
        if menu.hasDelegate { return "Its delegate fills it at run time." }
        if menu.items.isEmpty { return "Empty in the Interface Builder file: the app fills it at run time." }
        return nil
    }

    // MARK: - Items

    /// What an alternate may follow: the last entry written in this section.
    private struct Previous {
        var isItem: Bool
        var shortcut: Shortcut?
        /// Its modifier mask in the file (nil: none written, which is Command).
        var mask: IBModifierMask?
        /// Shortcuts of the alternates after it so far.
        var run: Set<Shortcut> = []
    }

    /// The deepest indentation at which an element with a body may be
    /// written: the language nests elements at most `Parser.maximumDepth` levels.
    static let deepestBody = Parser.maximumDepth - 1

    private mutating func writeEntries(_ items: [IBMenuItem], depth: Int, names: inout SiblingNames) {
        var previous: Previous?
        for item in items {
            if item.hasCustomView {
                note(item.line, "the item \(quoted(item.title)) shows a custom view, which a .menu file cannot describe: it is left out")
                counts.skippedItems += 1
                if keyEquivalentIsSet(item) { counts.droppedShortcuts += 1 }
                continue
            }
            if let submenu = item.submenu {
                writeSubmenu(item, submenu, depth: depth, names: &names)
                previous = Previous(isItem: false, shortcut: nil)
            } else {
                writeItem(item, depth: depth, names: &names, previous: &previous)
            }
        }
    }

    /// Items (submenus' included) among `items`, separators not counted.
    private static func itemCount(_ items: [IBMenuItem]) -> Int {
        items.reduce(0) { count, item in
            item.isSeparator ? count : count + 1 + itemCount(item.submenu?.items ?? [])
        }
    }

    /// Separators among `items` and in their submenus.
    private static func separatorCount(_ items: [IBMenuItem]) -> Int {
        items.reduce(0) { count, item in count + (item.isSeparator ? 1 : separatorCount(item.submenu?.items ?? [])) }
    }

    private mutating func writeSubmenu(_ item: IBMenuItem, _ menu: IBMenu, depth: Int, names: inout SiblingNames) {
        let id = name(for: item, title: item.title, fallback: "submenu", upper: false, names: &names)
        let label = localized(item.objectID, base: item.title, line: item.line)
        counts.items += 1
        counts.submenus += 1
        reportLeftOut(of: item, asMenu: true)
        if item.isHidden { hidden(item, depth: depth) }
        source.line(depth, "submenu \(id) \(MenuSource.quoted(label)) {")
        if !item.isEnabled {
            source.line(depth + 1, "enabled: false")
            counts.disabled += 1
        }
        writeBody(of: menu, depth: depth + 1)
        source.line(depth, "}")
    }

    private mutating func writeItem(_ item: IBMenuItem, depth: Int, names: inout SiblingNames, previous: inout Previous?) {
        let id = name(for: item, title: item.title, fallback: "item", upper: false, names: &names)
        let label = localized(item.objectID, base: item.title, line: item.line)
        counts.items += 1
        reportLeftOut(of: item, asMenu: false)
        var properties: [String] = []
        var shortcut: Shortcut?
        switch KeyEquivalent.decode(item.keyEquivalent, mask: item.modifierMask) {
        case .none:
            break
        case .shortcut(let decoded, let changes):
            shortcut = decoded
            properties.append("shortcut: " + MenuSource.quoted(decoded.canonical))
            counts.shortcuts += 1
            for change in changes { note(item.line, "the shortcut of \(quoted(item.title)) is \(decoded.display): " + change) }
        case .unrepresentable(let reason):
            note(item.line, "the shortcut of \(quoted(item.title)) is left out: " + reason)
            counts.droppedShortcuts += 1
        }
        var isAlternate = false
        if item.isAlternate {
            if let problem = alternateProblem(item, shortcut: shortcut, previous: previous) {
                note(item.line, "\(quoted(item.title)) is an alternate in the file, but \(problem); it is imported as an ordinary item")
            } else {
                isAlternate = true
                properties.append("alternate: true")
                counts.alternates += 1
                if shortcut == nil, let shownWith = MenuConverter.keylessAlternateModifiers(item.modifierMask, replacing: previous?.mask), shownWith != "⌥" {
                    note(item.line, "\(quoted(item.title)) is shown with \(shownWith.isEmpty ? "no modifier" : shownWith) in the file; an alternate without a shortcut is shown with ⌥")
                }
            }
        }
        switch item.state {
        case nil:
            break
        case let state? where ["on", "off", "mixed"].contains(state):
            properties.append("state: " + state)
            counts.checkmarks += 1
        case let state?:
            note(item.line, "the state \(quoted(state)) of \(quoted(item.title)) is not on, off or mixed: it is left out")
        }
        if !item.isEnabled {
            properties.append("enabled: false")
            counts.disabled += 1
        }
        if let selector = item.action {
            properties.append("action: " + action(selector, of: item))
        }
        if item.isHidden { hidden(item, depth: depth) }
        let body = properties.isEmpty ? "" : " { " + properties.joined(separator: "; ") + " }"
        source.line(depth, "item \(id) \(MenuSource.quoted(label))\(body)")
        if isAlternate {
            if let shortcut { previous?.run.insert(shortcut) }
        } else {
            previous = Previous(isItem: true, shortcut: shortcut, mask: item.modifierMask)
        }
    }

    /// The modifiers a keyless alternate adds to those of the item it
    /// replaces, as glyphs (a missing mask is Command, as in AppKit).
    static func keylessAlternateModifiers(_ mask: IBModifierMask?, replacing base: IBModifierMask?) -> String? {
        let own = mask ?? IBModifierMask(command: true)
        let other = base ?? IBModifierMask(command: true)
        let added = [(own.control && !other.control, "⌃"), (own.option && !other.option, "⌥"), (own.shift && !other.shift, "⇧"),
                     (own.command && !other.command, "⌘")]
        return added.filter(\.0).map(\.1).joined()
    }

    /// Why an alternate can't be one in the language (see `AlternateValidation`), or nil.
    private func alternateProblem(_ item: IBMenuItem, shortcut: Shortcut?, previous: Previous?) -> String? {
        guard let previous else { return "nothing in its section comes before it to replace" }
        guard previous.isItem else { return "it follows a submenu, not an item it could replace" }
        switch (shortcut, previous.shortcut) {
        case (nil, nil):
            return nil
        case (let own?, nil):
            return "it has \(own.display) and the item it replaces has no shortcut"
        case (nil, let other?):
            return "it has no shortcut and the item it replaces has \(other.display)"
        case (let own?, let other?):
            if own.key != other.key { return "its key (\(own.display)) is not that of the item it replaces (\(other.display))" }
            if own == other { return "it has the same shortcut (\(own.display)) as the item it would replace" }
            if previous.run.contains(own) { return "it has the same shortcut (\(own.display)) as an alternate before it" }
            return nil
        }
    }

    // MARK: - Names, titles, actions

    /// The identifier of an item, submenu or menu-bar menu, claimed among its siblings.
    private mutating func name(for item: IBMenuItem, title: String, fallback: String, upper: Bool, names: inout SiblingNames) -> String {
        let wanted = SiblingNames.wanted(identifier: item.identifier, title: title, fallback: fallback, upper: upper)
        return claim(wanted, title: title, line: item.line, names: &names)
    }

    private mutating func name(forMenu menu: IBMenu, names: inout SiblingNames) -> String {
        claim(SiblingNames.wanted(identifier: nil, title: menu.title, fallback: "Menu", upper: true), title: menu.title, line: menu.line, names: &names)
    }

    private mutating func claim(_ wanted: (name: String, from: SiblingNames.Source), title: String, line: Int, names: inout SiblingNames) -> String {
        let (name, renamed) = names.claim(wanted.name)
        switch wanted.from {
        case .changedIdentifier:
            note(line, "the identifier of \(quoted(title)) is not one the language allows; it is written '\(name)'")
        case .fallback where !title.isEmpty:
            note(line, "no identifier can be derived from the title \(quoted(title)) (no ASCII letters or digits); it is named '\(name)'")
        case .identifier, .title, .fallback:
            break
        }
        if renamed {
            counts.renamed += 1
            if wanted.from != .fallback || title.isEmpty {
                note(line, "'\(wanted.name)' is taken by an earlier sibling, so \(quoted(title)) is named '\(name)'")
            }
        }
        return name
    }

    /// The title shown: the translation, when translations are given and
    /// have one (by object id, else by base title), else the base title.
    private mutating func localized(_ objectID: String, base: String, line: Int) -> String {
        var title = base
        if translations != nil, !base.isEmpty {
            if let translated = translations?.title(of: objectID, base: base) {
                title = translated
                counts.localizedTitles += 1
            } else {
                note(line, "no translation of \(quoted(base)); the base title is kept")
                counts.untranslatedTitles += 1
            }
        }
        if title.unicodeScalars.contains("\u{0}") {
            note(line, "the title \(quoted(title)) holds a NUL character, which a .menu string cannot; it is written as U+FFFD")
            title = String(String.UnicodeScalarView(title.unicodeScalars.map { $0 == "\u{0}" ? "\u{FFFD}" : $0 }))
        }
        return title
    }

    /// `performClose:` → `performClose`; a selector of several parts is
    /// joined (`application:openFile:` → `applicationOpenFile`, reported).
    private mutating func action(_ selector: String, of item: IBMenuItem) -> String {
        let trimmed = selector.hasSuffix(":") ? String(selector.dropLast()) : selector
        if IdentifierDerivation.isIdentifier(trimmed) { return trimmed }
        let derived = IdentifierDerivation.derive(from: selector.split(separator: ":").joined(separator: " ")) ?? "action"
        note(item.line, "the action \(quoted(selector)) of \(quoted(item.title)) is not an identifier of the language; it is written '\(derived)'")
        return derived
    }

    // MARK: - Reports

    private mutating func hidden(_ item: IBMenuItem, depth: Int) {
        source.line(depth, "// Hidden in the Interface Builder file: the app shows it at run time.")
        note(item.line, "\(quoted(item.title)) is hidden in the file; it is imported as shown, with a comment (the language has no hidden items)")
        counts.hidden += 1
    }

    /// Notes for what an item has that the language cannot hold.
    private mutating func reportLeftOut(of item: IBMenuItem, asMenu: Bool) {
        let title = quoted(item.title)
        for binding in item.bindings {
            note(item.line, "the binding of '\(TextEscaping.visible(binding))' on \(title) is left out (Cocoa bindings change it at run time)")
        }
        if let image = item.image, !image.isEmpty {
            note(item.line, "the image '\(TextEscaping.visible(image))' of \(title) is left out (symbol: takes SF Symbols names; add one by hand)")
        }
        if let toolTip = item.toolTip, !toolTip.isEmpty { note(item.line, "the tool tip of \(title) is left out") }
        if item.hasAttributedTitle { note(item.line, "the styled (attributed) title of \(title) is left out; its plain title is kept") }
        if item.indentationLevel > 0 { note(item.line, "the indentation level \(item.indentationLevel) of \(title) is left out") }
        guard asMenu else { return }
        if keyEquivalentIsSet(item) {
            note(item.line, "\(title) opens a menu, which takes no shortcut: its key equivalent is left out")
            counts.droppedShortcuts += 1
        }
        if let state = item.state { note(item.line, "\(title) opens a menu, which has no checkmark: its state \(quoted(state)) is left out") }
        if item.isAlternate { note(item.line, "\(title) opens a menu, which can't be an alternate: it is imported as an ordinary menu") }
        if item.action != nil { note(item.line, "\(title) opens a menu, which performs no action: its action is left out") }
    }

    private func keyEquivalentIsSet(_ item: IBMenuItem) -> Bool { !item.keyEquivalent.isEmpty }

    private func quoted(_ text: String) -> String { "'" + TextEscaping.visible(text) + "'" }

    private mutating func note(_ line: Int, _ message: String) {
        notes.append(ImportNote(.interfaceBuilder, line: line, message))
    }
}
