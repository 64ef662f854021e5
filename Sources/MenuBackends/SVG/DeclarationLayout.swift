import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// Lays out one picture: a menu-bar menu opened under its title, a menu,
/// a context menu, a pop-up or pull-down with its menu open, a button, or
/// a view with its controls — as `family` draws it.
enum DeclarationLayout {
    static let margin = 8
    /// A view's picture draws at most this many of its controls.
    static let controlLimit = 60

    static func draw(_ picture: SVGBackend.Picture, family: PictureFamily, shortcuts: ShortcutDisplays? = nil) -> Drawing {
        var drawing = Drawing(store: picture.element.store, shortcuts: shortcuts)
        let element = picture.element
        if let bar = picture.menuBar {
            menuBar(bar, open: element, family: family, into: &drawing)
            return drawing
        }
        let x = margin
        let y = margin
        switch element.kind {
        case .menu, .submenu:
            menu(element, family: family, layout: layout(of: element), title: nil, x: x, y: y, into: &drawing)
        case .contextmenu:
            menu(element, family: family, layout: layout(of: element), title: title(of: element, into: &drawing), x: x, y: y, into: &drawing)
        case .pulldown, .popup:
            openControl(element, family: family, x: x, y: y, room: family == .watch ? 184 : 320, into: &drawing)
        case .button, .toggle:
            ControlLayout.draw(element, family: family, x: x, y: y, room: family == .watch ? 184 : 320, fill: family == .watch, into: &drawing)
        case .view:
            view(element, family: family, into: &drawing)
        case .menubar:
            // A menu bar has one picture per menu (see `SVGBackend.pictures`); drawn alone, its first.
            if let first = element.children.first { menuBar(element, open: first, family: family, into: &drawing) }
        case .option, .toolbar, .row, .item, .section:
            // Not top-level kinds (reported as misplaced): their controls, stacked.
            stack(element.children, family: family, x: x, y: y, width: 320, into: &drawing)
        }
        if drawing.shapes.isEmpty { note("Nothing to draw", x: x, y: y, into: &drawing) }
        return drawing
    }

    private static func note(_ text: String, x: Int, y: Int, into drawing: inout Drawing) {
        note(drawing.text(text), x: x, y: y, into: &drawing)
    }

    private static func note(_ text: TextSlice, x: Int, y: Int, into drawing: inout Drawing) {
        let width = drawing.width(text, size: 13)
        drawing.add(.text(text, x: x, y: y + 14, width: width, style: TextStyle(size: 13, ink: .secondary), full: nil, role: "label"))
    }

    /// A menu's `layout:` (`large` when it has none), read from the store's
    /// bytes: a string for every picture cost more than its check.
    private static func layout(of element: Element) -> String {
        ElementProperties(element.record, of: element.store).withSymbol(.layout) { bytes in
            guard let bytes, !MenuContent.equals(bytes, "large") else { return "large" }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// A menu's `title:`, kept in `drawing` as it was written (the layouts show it).
    private static func title(of element: Element, into drawing: inout Drawing) -> TextSlice? {
        ElementProperties(element.record, of: element.store).string(.title).map { drawing.text($0, of: element.store) }
    }

    /// A menu drawn as `family` shows it; watchOS has no menus, so its picture is the touch one.
    @discardableResult
    private static func menu(_ element: Element, family: PictureFamily, layout: String, title: TextSlice?, checked: Element? = nil,
                             x: Int, y: Int, minimumWidth: Int = MacMenuLayout.minimumWidth, into drawing: inout Drawing) -> Box {
        var content = MenuContent(of: element, checked: checked, into: &drawing)
        let shownTitle = title.map { title in drawing.withBytes(title) { XMLEscaping.isShownAsItIs($0) } ? title : drawing.shown(drawing.string(title)) }
        switch family {
        case .mac:
            if let shownTitle { content.lines.insert(.header(shownTitle), at: 0) }
            return MacMenuLayout.draw(content, x: x, y: y, minimumWidth: minimumWidth, element: element, into: &drawing)
        case .touch, .watch:
            return TouchMenuLayout.draw(content, layout: layout, title: shownTitle, x: x, y: y, element: element, into: &drawing)
        }
    }

    /// A pop-up or pull-down button with its menu open under it.
    @discardableResult
    private static func openControl(_ element: Element, family: PictureFamily, x: Int, y: Int, room: Int, into drawing: inout Drawing) -> Box {
        let button = ControlLayout.draw(element, family: family, x: x, y: y, room: room, into: &drawing)
        let checked = element.kind == .popup ? ControlLayout.chosenOption(of: element) : nil
        let layout = layout(of: element)
        let panel = menu(element, family: family, layout: layout, title: title(of: element, into: &drawing), checked: checked,
                         x: x, y: button.y + button.height + 4, minimumWidth: max(MacMenuLayout.minimumWidth, button.width), into: &drawing)
        return Box(x: x, y: y, width: max(button.width, panel.width), height: panel.y + panel.height - y)
    }

    // MARK: Menu bar

    private static func menuBar(_ bar: Element, open: Element, family: PictureFamily, into drawing: inout Drawing) {
        let menus = bar.children.filter { $0.kind == .menu || $0.kind == .submenu }
        var titleX = margin + 36
        var openX = titleX
        var strip: [(TextSlice, Int, Bool)] = []
        for menu in menus {
            let title = menu.labelID.map { id in menu.store.withTextBytes(id) { drawing.shown($0) } }
                ?? menu.store.withIDBytes(of: menu.record) { drawing.shown($0) }
            let shown = drawing.truncated(title, toFit: 160, size: 13) ?? title
            let width = drawing.width(shown, size: 13)
            if menu == open { openX = titleX }
            strip.append((shown, titleX, menu == open))
            titleX += width + 20
        }
        let panelWidth = MacMenuLayout.minimumWidth
        drawing.open(.heading, element: bar)
        drawing.add(.rect(Box(x: margin, y: margin, width: max(titleX - margin, openX - margin + panelWidth), height: 24), radius: 0,
                          fill: .panel, stroke: .stroke, role: "bar"))
        let logo = drawing.text("apple.logo" as StaticString)
        drawing.add(.symbol(logo, x: margin + 12, y: margin + 5, size: 14, ink: .text))
        for (title, x, isOpen) in strip {
            let width = drawing.width(title, size: 13)
            if isOpen { drawing.add(.rect(Box(x: x - 8, y: margin + 2, width: width + 16, height: 20), radius: 4, fill: .selection, stroke: nil)) }
            drawing.add(.text(title, x: x, y: margin + 17, width: width, style: TextStyle(size: 13, bold: isOpen, ink: .text), full: nil, role: "title"))
        }
        drawing.close()
        menu(open, family: family == .watch ? .touch : family, layout: "large", title: nil, x: openX - 10, y: margin + 26, into: &drawing)
    }

    // MARK: Views

    private static func viewWidth(_ family: PictureFamily) -> Int {
        switch family {
        case .mac: 440
        case .touch: 360
        case .watch: 184
        }
    }

    /// A view: its title (a sheet's navigation bar with its toolbar on
    /// touch platforms), then its controls top to bottom.
    private static func view(_ element: Element, family: PictureFamily, into drawing: inout Drawing) {
        let width = viewWidth(family)
        let x = margin
        var y = margin
        let presentation = element.symbol(.presentation) ?? "inline"
        let title = element.labelID.map { id in element.store.withTextBytes(id) { drawing.shown($0) } }
            ?? element.store.withIDBytes(of: element.record) { drawing.shown($0) }
        let background: Ink = family == .watch ? .watchCanvas : .panel
        // The background is drawn first and sized at the end.
        let backgroundIndex = drawing.shapes.count
        drawing.add(.rect(Box(x: x, y: y, width: width, height: 44), radius: family == .watch ? 20 : 10, fill: background, stroke: family == .watch ? nil : .stroke, role: "view"))
        let toolbars = element.children.filter { $0.kind == .toolbar }
        let body = element.children.filter { $0.kind != .toolbar }
        let titleInk: Ink = family == .watch ? .watchText : .text
        let titleSize = family == .mac ? 13 : 17
        drawing.open(.heading, element: element)
        let cut = drawing.truncated(title, toFit: family == .watch ? width - 24 : width - 180, size: titleSize, bold: true)
        let titleWidth = drawing.width(cut ?? title, size: titleSize, bold: true)
        drawing.add(.text(cut ?? title, x: family == .watch ? x + 12 : x + width / 2, y: y + 28,
                          width: titleWidth,
                          style: TextStyle(size: titleSize, bold: true, ink: titleInk, anchor: family == .watch ? .start : .middle),
                          full: cut == nil ? nil : title, role: "label"))
        // A touch sheet's toolbar sits in its navigation bar: cancel on the left, the rest on the right.
        if family == .touch, presentation != "inline" {
            var left = x + 12
            var right = x + width - 12
            for toolbar in toolbars {
                for control in toolbar.children {
                    let cancel = control.symbol(.role) == "cancel" || control.symbol(.type) == "cancel"
                    if cancel {
                        guard right - left - 12 >= 24 else { continue }
                        left += ControlLayout.draw(control, family: family, x: left, y: y, room: min(90, right - left - 12), into: &drawing).width + 12
                    } else {
                        // What doesn't fit beside the title is left out (iOS moves it into an overflow menu).
                        let estimate = min(ControlLayout.estimateWidth(control, family: family), 120, right - left - 12)
                        guard estimate >= 24 else { continue }
                        right -= estimate
                        ControlLayout.draw(control, family: family, x: right, y: y, room: estimate, into: &drawing)
                        right -= 12
                    }
                }
            }
        }
        drawing.close()
        y += 44
        drawing.add(.line(x: x, y: y, width: width, ink: .separator, role: "hair"))
        y += 12
        let inner = width - 32
        if family != .touch || presentation == "inline" {
            for toolbar in toolbars {
                y = row(Array(toolbar.children), family: family, x: x + 16, y: y, width: inner, trailing: family == .mac, into: &drawing) + 12
            }
        }
        // The menus of the toolbars' pop-ups and pull-downs, open under the bar.
        for toolbar in toolbars {
            y = openMenus(of: Array(toolbar.children), family: family, x: x + 16, y: y, into: &drawing)
        }
        y = stack(body, family: family, x: x + 16, y: y, width: inner, into: &drawing)
        drawing.replace(at: backgroundIndex, with: .rect(Box(x: x, y: margin, width: width, height: y - margin + 4), radius: family == .watch ? 20 : 10,
                                                          fill: background, stroke: family == .watch ? nil : .stroke, role: "view"))
    }

    /// Controls top to bottom; returns the bottom.
    @discardableResult
    private static func stack(_ elements: ElementChildren, family: PictureFamily, x: Int, y: Int, width: Int, into drawing: inout Drawing) -> Int {
        stack(Array(elements), family: family, x: x, y: y, width: width, into: &drawing)
    }

    private static func stack(_ elements: [Element], family: PictureFamily, x: Int, y: Int, width: Int, into drawing: inout Drawing) -> Int {
        var y = y
        // As for menus (`MenuContent.lineLimit`): the picture stays a size people read.
        if elements.count > controlLimit {
            y = stack(Array(elements.prefix(controlLimit)), family: family, x: x, y: y, width: width, into: &drawing)
            note("… and \(elements.count - controlLimit) more", x: x, y: y, into: &drawing)
            return y + 22
        }
        for element in elements {
            switch element.kind {
            case .row, .toolbar:
                y = row(Array(element.children), family: family, x: x, y: y, width: width, trailing: false, into: &drawing)
                y = openMenus(of: Array(element.children), family: family, x: x, y: y + 12, into: &drawing) - 12
            case .popup, .pulldown:
                let box = openControl(element, family: family, x: x, y: y, room: width, into: &drawing)
                y = box.y + box.height
            case .contextmenu:
                note("Context menu", x: x, y: y, into: &drawing)
                let box = menu(element, family: family, layout: layout(of: element), title: title(of: element, into: &drawing),
                               x: x, y: y + 22, into: &drawing)
                y = box.y + box.height
            case .button, .toggle:
                y += ControlLayout.draw(element, family: family, x: x, y: y, room: width, fill: family == .watch, into: &drawing).height
            case .menu, .submenu:
                let box = menu(element, family: family, layout: "large", title: nil, x: x, y: y, into: &drawing)
                y = box.y + box.height
            case .menubar, .view, .option, .item, .section:
                // Misplaced (already reported): drawn by label, so the picture still shows it.
                note(MenuContent.shownLabel(of: element, into: &drawing), x: x, y: y, into: &drawing)
                y += 22
            }
            y += family == .watch ? 8 : 12
        }
        return y
    }

    /// The menus of the pop-ups and pull-downs among `elements` (drawn
    /// closed in a row or a bar), open one under another; returns the bottom.
    private static func openMenus(of elements: [Element], family: PictureFamily, x: Int, y: Int, into drawing: inout Drawing) -> Int {
        var y = y
        for element in elements where element.kind == .popup || element.kind == .pulldown {
            let checked = element.kind == .popup ? ControlLayout.chosenOption(of: element) : nil
            let label = ControlLayout.shownLabel(of: element, into: &drawing)
            let caption = drawing.shown(drawing.string(label))
            note(caption, x: x, y: y, into: &drawing)
            let box = menu(element, family: family, layout: layout(of: element), title: title(of: element, into: &drawing), checked: checked,
                           x: x, y: y + 22, into: &drawing)
            y = box.y + box.height + 12
        }
        return y
    }

    /// Controls side by side, sharing `width` (watchOS and touch rows) or
    /// at their own widths, from the trailing edge (a macOS sheet's buttons).
    private static func row(_ elements: [Element], family: PictureFamily, x: Int, y: Int, width: Int, trailing: Bool,
                            into drawing: inout Drawing) -> Int {
        guard !elements.isEmpty else { return y }
        let elements = Array(elements.prefix(8))  // a row of more is no row anyone can tap
        var bottom = y
        if trailing {
            var right = x + width
            for element in elements.reversed() {
                let estimate = min(ControlLayout.estimateWidth(element, family: family), right - x)
                guard estimate >= 24 else { break }
                right -= estimate
                let box = ControlLayout.draw(element, family: family, x: right, y: y, room: estimate, into: &drawing)
                bottom = max(bottom, box.y + box.height)
                right -= 12
            }
            return bottom
        }
        let gap = 8
        let share = (width - gap * (elements.count - 1)) / elements.count
        for (index, element) in elements.enumerated() {
            let left = x + index * (share + gap)
            let box = element.kind == .popup || element.kind == .pulldown
                ? ControlLayout.draw(element, family: family, x: left, y: y, room: share, into: &drawing)
                : ControlLayout.draw(element, family: family, x: left, y: y, room: share, fill: family != .mac, into: &drawing)
            bottom = max(bottom, box.y + box.height)
        }
        return bottom
    }
}
