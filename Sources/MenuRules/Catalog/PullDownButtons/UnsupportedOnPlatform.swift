import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics

/// A control or layout that doesn't exist on one of the file's platforms.
struct UnsupportedOnPlatform: Rule {
    let scope = RuleScope.declaration
    /// Button types that only macOS has.
    static let macOnlyButtonTypes: Set<String> = ["push", "gradient", "help", "image"]
    /// Small and medium menu layouts arrived in iOS and iPadOS 16.
    static let compactLayouts: Set<String> = ["small", "medium"]
    static let compactLayoutsSince = 16

    // The rule cites the Pull-down buttons page; these notes cite the pages
    // the other two cases come from.
    static let popUpSource = "Pop-up buttons › Platform considerations: “Not supported in tvOS or watchOS.”"
    static let buttonTypesSource = "Buttons › macOS: “Several specific button types are unique to macOS.” (push, gradient, help and image buttons)"
    static let layoutsSource = "Menus › iOS, iPadOS: “Beginning in iOS 16 and iPadOS 16, a menu can display items in one of the following three layouts.”"
    static let menuBarSource = "Menus: “A macOS app’s menu bar menus that contain all the commands people can perform in the app” (iPadOS shows one with a keyboard attached)"
    /// Platforms with a menu bar; a file for none of these has none.
    static let menuBarPlatforms: Set<Platform.Name> = [.macOS, .iPadOS, .visionOS]

    let descriptor = RuleDescriptor(
        id: "unsupported-on-platform",
        severity: .error,
        guideline: Guidelines.pullDown("Platform considerations"),
        summary: "A control or menu layout is used on a platform that doesn't have it.",
        explanation: """
            A `.menu` file describes one interface for every platform in its `platforms` directive (iOS, \
            iPadOS and macOS when there is none), so each control has to exist on all of them. Pop-up and \
            pull-down buttons aren't supported in tvOS or watchOS, and watchOS has no context menus. Push, \
            gradient, help and image buttons are macOS button types (Buttons › macOS). The small and medium \
            menu layouts — of a menu, context menu, pull-down or section — exist only in iOS and iPadOS 16 and \
            later (Menus › iOS, iPadOS). Buttons' keyboard shortcuts need a keyboard, which watchOS doesn't \
            have. A menu bar belongs to macOS (and iPadOS with a keyboard): a `menubar` \
            in a file only for iOS, tvOS or watchOS is never shown. Use a control every listed platform has, or describe \
            the platforms that differ in a file of their own with its own `platforms` directive.
            """,
        quote: "No additional considerations for macOS or visionOS. Not supported in tvOS or watchOS.",
        examples: [
            .triggering("""
                platforms watchOS 10

                view Workout "Workout" {
                  button pause "Pause" { symbol: "pause.fill"; action: pause }
                  ↓pulldown more "More" {
                    symbol: "ellipsis.circle"
                    item lock "Lock Screen" { action: lock }
                    item segment "Mark Segment" { action: markSegment }
                    item end "End Workout" { action: endWorkout }
                  }
                }
                """),
            .triggering("""
                platforms iOS 17, tvOS 17

                view Player "Player" {
                  button play "Play" { symbol: "play.fill"; action: play }
                  ↓popup quality "Quality" {
                    default: auto
                    option auto "Automatic"
                    option high "High"
                  }
                }
                """),
            .triggering("""
                view Settings "Settings" {
                  button save "Save" { type: ↓push; role: primary; action: save }
                }
                """),
            .triggering("""
                platforms iOS 17, watchOS 10

                ↓menubar {
                  menu File "File" { item newPost "New Post" { shortcut: "cmd+n"; action: newPost } }
                }
                """),
            .triggering("""
                platforms iOS 15

                view Compose "New Post" {
                  pulldown more {
                    symbol: "ellipsis.circle"
                    section {
                      layout: ↓small
                      item camera "Camera" { symbol: "camera"; action: takePhoto }
                      item poll "Poll" { symbol: "chart.bar"; action: addPoll }
                    }
                  }
                }
                """),
            .triggering("""
                platforms iOS 17, watchOS 10

                view Workout "Workout" {
                  button pause "Pause" { symbol: "pause.fill"; shortcut: ↓"space"; action: pause }
                }
                """),
            .passing("""
                platforms iPadOS 17, macOS 14

                menubar {
                  menu File "File" { item newPost "New Post" { shortcut: "cmd+n"; action: newPost } }
                }
                """),
            .triggering("""
                platforms iOS 15, iPadOS 16

                contextmenu photo {
                  layout: ↓medium
                  item copy "Copy" { symbol: "doc.on.doc"; action: copyPhoto }
                  item share "Share…" { symbol: "square.and.arrow.up"; input: true; action: share }
                  item favorite "Favorite" { symbol: "heart"; action: favorite }
                }
                """),
            .triggering("""
                contextmenu text {
                  layout: ↓small
                  item bold "Bold" { symbol: "bold"; action: bold }
                  item italic "Italic" { symbol: "italic"; action: italic }
                  item underline "Underline" { symbol: "underline"; action: underline }
                  item strikethrough "Strikethrough" { symbol: "strikethrough"; action: strikethrough }
                }
                """),
            .passing("""
                platforms iOS 17, iPadOS 17, macOS 14, visionOS 1

                view Files "Files" {
                  button select "Select" { action: select }
                  popup sort "Sort" { default: name; option name "Name"; option date "Date" }
                }
                """),
            .passing("""
                platforms macOS 14

                view Accounts "Accounts" {
                  row {
                    button add { type: gradient; symbol: "plus"; action: addAccount }
                    button remove { type: gradient; symbol: "minus"; action: removeAccount }
                  }
                  button help { type: help; symbol: "questionmark"; action: showHelp }
                }
                """),
            .passing("""
                platforms iOS, iPadOS 16

                contextmenu text {
                  layout: small
                  item bold "Bold" { symbol: "bold"; action: bold }
                  item italic "Italic" { symbol: "italic"; action: italic }
                  item underline "Underline" { symbol: "underline"; action: underline }
                  item strikethrough "Strikethrough" { symbol: "strikethrough"; action: strikethrough }
                }
                """),
            .triggering("""
                platforms watchOS 10

                view Workout "Workout" {
                  button pause "Pause" { symbol: "pause.fill"; action: pause }
                  ↓contextmenu { layout: large; item lock "Lock Screen" { action: lock } }
                }
                """),
        ]
    )

    func check(_ file: CheckedFile, _ reporter: inout RuleReporter) {
        let noMenuButtons = file.platforms.map(\.name).filter { $0 == .tvOS || $0 == .watchOS }
        let notMac = file.platforms.map(\.name).filter { $0 != .macOS }
        let withoutCompactLayouts = file.platforms.filter { !Self.hasCompactLayouts($0) }
        let watch = file.platforms.map(\.name).filter { $0 == .watchOS }
        let store = file.store
        // A menu or section matters only for a layout it writes, and most
        // write none: those are left out by their records, before a handle is made.
        let candidates = file.walk(.popup, .pulldown, .button, .menu, .contextmenu, .menubar, .section).matching { record in
            guard !record.isSpliced else { return false }
            guard record.kind == .menu || record.kind == .section else { return true }
            return !withoutCompactLayouts.isEmpty && store.writtenProperty(.layout, of: record) != nil
        }
        for (element, _) in candidates {
            switch element.kind {
            case .popup, .pulldown:
                if element.kind == .pulldown { checkLayout(of: element, without: withoutCompactLayouts, in: file, &reporter) }
                guard !noMenuButtons.isEmpty else { continue }
                reportMenuButton(element, on: noMenuButtons, in: file, &reporter)
            case .menubar:
                guard !file.platforms.contains(where: { Self.menuBarPlatforms.contains($0.name) }) else { continue }
                let platforms = file.platforms.map(\.name)
                reporter.report("a menu bar exists on macOS and iPadOS, but this file targets only \(names(platforms))",
                                at: element.keywordSpan, label: "never shown", element: element,
                                secondary: PullDownQueries.platformEntries(file) { _ in true },
                                notes: [Self.menuBarSource],
                                help: "add macOS or iPadOS to the 'platforms' directive, or declare the menus without a menubar")
            case .button:
                if !watch.isEmpty, let span = element.property(.shortcut)?.valueSpan {
                    reporter.report("keyboard shortcuts don't exist in watchOS, which this file targets",
                                    at: span, label: "no keyboard on watchOS", element: element,
                                    secondary: PullDownQueries.platformEntries(file) { $0.name == .watchOS },
                                    help: "remove the shortcut, or describe the watchOS interface in a file of its own")
                }
                if !notMac.isEmpty, let type = element.explicit(.type)?.name, Self.macOnlyButtonTypes.contains(type),
                   let span = element.property(.type)?.valueSpan {
                    reporter.report("\(type) buttons exist only on macOS, but this file also targets \(names(notMac))",
                                    at: span, label: "macOS only", element: element,
                                    secondary: PullDownQueries.platformEntries(file) { $0.name != .macOS },
                                    notes: [Self.buttonTypesSource] + PullDownQueries.defaultPlatformsNote(file),
                                    help: "use a system button, or write the macOS interface in a file with 'platforms macOS'")
                }
            case .menu, .section:
                checkLayout(of: element, without: withoutCompactLayouts, in: file, &reporter)
            case .contextmenu:
                if !watch.isEmpty {
                    reporter.report("context menus aren't supported in watchOS, which this file targets",
                                    at: element.keywordSpan, label: "not on watchOS", element: element,
                                    secondary: PullDownQueries.platformEntries(file) { $0.name == .watchOS },
                                    help: "show the actions as buttons there, in a file of their own")
                }
                checkLayout(of: element, without: withoutCompactLayouts, in: file, &reporter)
            case .view, .toggle, .option, .toolbar, .row, .item, .submenu:
                break
            }
        }
    }

    /// A small or medium `layout:` in a file for a platform without them.
    private func checkLayout(of element: Element, without platforms: [Platform], in file: CheckedFile, _ reporter: inout RuleReporter) {
        guard !platforms.isEmpty, let layout = element.explicit(.layout)?.name, Self.compactLayouts.contains(layout),
              let span = element.property(.layout)?.valueSpan else { return }
        let others = PullDownQueries.list(platforms.map(Self.describe))
        reporter.report("the \(layout) menu layout needs iOS or iPadOS \(Self.compactLayoutsSince) or later, but this file also targets \(others)",
                        at: span, label: "iOS/iPadOS \(Self.compactLayoutsSince)+ only", element: element,
                        secondary: PullDownQueries.platformEntries(file) { !Self.hasCompactLayouts($0) },
                        notes: [Self.layoutsSource] + PullDownQueries.defaultPlatformsNote(file),
                        help: "use layout: large (the default), or target only iOS and iPadOS \(Self.compactLayoutsSince) or later")
    }

    private func reportMenuButton(_ element: Element, on platforms: [Platform.Name], in file: CheckedFile, _ reporter: inout RuleReporter) {
        let what = element.kind == .popup ? "pop-up" : "pull-down"
        reporter.report("\(what) buttons aren't supported in \(names(platforms)), which this file targets",
                        at: element.keywordSpan, label: "not on \(names(platforms))", element: element,
                        secondary: PullDownQueries.platformEntries(file) { $0.name == .tvOS || $0.name == .watchOS },
                        notes: element.kind == .popup ? [Self.popUpSource] : [],
                        help: element.kind == .popup
                            ? "offer the options another way there (for example a list that navigates to the choices), in a file of their own"
                            : "show the actions as buttons there, in a file of their own")
    }

    private func names(_ platforms: [Platform.Name]) -> String {
        PullDownQueries.list(platforms.map(\.rawValue))
    }

    /// iOS and iPadOS from version 16; a missing version means the current one.
    static func hasCompactLayouts(_ platform: Platform) -> Bool {
        guard platform.name == .iOS || platform.name == .iPadOS else { return false }
        guard let major = platform.majorVersion else { return true }
        return major >= compactLayoutsSince
    }

    static func describe(_ platform: Platform) -> String {
        platform.version.map { "\(platform.name.rawValue) \($0)" } ?? platform.name.rawValue
    }
}
