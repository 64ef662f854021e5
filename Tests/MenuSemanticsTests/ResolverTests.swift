import Foundation
import Testing
@testable import MenuSupport
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
import SemanticsTestSupport

/// The resolver on one text: identifiers, splices, references, properties,
/// placement, platforms. What crosses files is `ResolverTests` of the
/// driver's tests (MenuCompilerTests), which loads the imports.
struct ResolverTests {
    func element(_ compilation: CheckedText, _ path: String) -> Element? {
        compilation.file?.walk().map(\.element).last { $0.path == path }
    }

    @Test(arguments: [
        ("Open Recent…", "openRecent"), ("Export as PDF…", "exportAsPDF"), ("PDF Export", "pdfExport"),
        ("iCloud Drive", "iCloudDrive"), ("Café Menu", "cafeMenu"), ("2 Columns", "_2Columns"),
        ("Don't Save", "dontSave"), ("Zoom In", "zoomIn"), ("  spaced   out ", "spacedOut"),
    ])
    func derivedIdentifiers(_ label: String, _ expected: String) {
        #expect(IdentifierDerivation.derive(from: label) == expected)
    }

    @Test func labelsWithoutASCIIFallBackToSyntheticIDs() {
        #expect(IdentifierDerivation.derive(from: "⌘") == nil)
        let compilation = CheckedText("menu M \"M\" { item \"📁\"; item \"開く\"; section { item a \"A\" }; section { item b \"B\" } }")
        #expect(compilation.diagnostics.isEmpty)
        #expect(compilation.file?.declarations[0].children.map(\.id) == ["item", "item2", "section", "section2"])
        #expect(compilation.file?.declarations[0].children.map(\.idSource) == [.synthetic, .synthetic, .synthetic, .synthetic])
    }

    @Test func duplicateDerivedIDsNameBothPlaces() {
        let compilation = CheckedText("menu M \"M\" {\n  item \"Copy\"\n  item \"Copy\"\n}")
        #expect(compilation.summary == ["3:8: duplicate-id"])
        #expect(compilation.sortedDiagnostics[0].secondary.first?.label == "first declared here")
    }

    /// Siblings' identifiers are compared as written names in the body's
    /// file, against derived and spliced ones, and through a dictionary in
    /// bodies of more than 16: each way finds exactly the repeats.
    @Test func duplicateIDsAreFoundWhicheverWayTheyAreCompared() {
        func duplicates(_ text: String) -> [String] {
            CheckedText(text).summary.filter { $0.hasSuffix("duplicate-id") }
        }
        // Written names: equal ones repeat; equal lengths, other bytes do not.
        #expect(duplicates("menu M \"M\" {\n  item abc \"A\"\n  item abd \"B\"\n  item abc \"C\"\n}") == ["4:8: duplicate-id"])
        #expect(duplicates("menu M \"M\" {\n  item abc \"A\"\n  item abd \"B\"\n  item abe \"C\"\n}").isEmpty)
        // A written name against a derived one, either way round.
        #expect(duplicates("menu M \"M\" {\n  item copy \"Duplicate\"\n  item \"Copy\"\n}") == ["3:8: duplicate-id"])
        #expect(duplicates("menu M \"M\" {\n  item \"Copy\"\n  item copy \"Duplicate\"\n}") == ["3:8: duplicate-id"])
        // A written name against a spliced copy's.
        #expect(duplicates("menu Common \"Common\" { item close \"Close\" }\nmenu File \"File\" {\n  item close \"Close Window\"\n  use Common\n}") ==
                ["4:3: duplicate-id"])
        #expect(duplicates("menu Common \"Common\" { item close \"Close\" }\nmenu File \"File\" {\n  item closeAll \"Close All\"\n  use Common\n}").isEmpty)
        // More than 16 siblings: the same answers.
        let many = (0..<20).map { "  item i\($0) \"Item \($0)\"\n" }.joined()
        #expect(duplicates("menu M \"M\" {\n\(many)}").isEmpty)
        #expect(duplicates("menu M \"M\" {\n\(many)  item i7 \"Again\"\n}") == ["22:8: duplicate-id"])
    }

    /// A declaration's written or derived identifier is not interned: it
    /// is read from the syntax, or derived from the label, when asked, and
    /// found by its bytes by `use`, `menu:` and `opens:`; repeats of it are
    /// reported whether or not anything refers to it.
    @Test func declarationsAreNamedFromTheirSyntax() throws {
        let compilation = CheckedText("""
            menu "Open Recent" { item "Clear Menu" }
            menu file "File" {
              use openRecent
              submenu "More" { menu: openRecent }
              item "Info" { opens: infoPanel }
            }
            view "Info Panel"
            menubar main { use file; use openRecent }
            menu "Édition"
            menu edition "Again"
            """)
        #expect(compilation.summary == ["10:6: duplicate-id"])
        #expect(compilation.sortedDiagnostics.first?.message == "duplicate identifier 'edition'")
        let file = try #require(compilation.file)
        #expect(file.declarations.map(\.id) == ["openRecent", "file", "infoPanel", "main", "edition", "edition"])
        #expect(file.declarations.map(\.idSource) == [.label, .explicit, .label, .explicit, .label, .explicit])
        #expect(file.declarations.map { $0.record.id.exists } == [false, false, false, false, false, false])
        // Spliced copies read theirs the same way, the menu bar's copies of whole menus too.
        #expect(element(compilation, "file/clearMenu")?.isSpliced == true)
        #expect(element(compilation, "file/more/clearMenu")?.isSpliced == true)
        #expect(element(compilation, "main/file")?.isSpliced == true)
        #expect(element(compilation, "main/openRecent/clearMenu")?.isSpliced == true)
        #expect(element(compilation, "file/info")?[.opens] == .reference("infoPanel"))
        // A file with a declaration that has no identifier to read keeps them all, interned.
        let nameless = CheckedText("menubar { use a }\nmenu a \"A\" { item \"B\" }\nmenu \"A\"")
        #expect(nameless.summary == ["3:6: duplicate-id"])
        #expect(nameless.file?.declarations.map(\.id) == ["menubar", "a", "a"])
        #expect(nameless.file?.declarations.map { $0.record.id.exists } == [true, true, true])
        #expect(element(nameless, "menubar/a/b")?.isSpliced == true)
    }

    @Test func syntheticIDsStepAroundTakenNames() {
        let compilation = CheckedText("menu M \"M\" { section { item a \"A\" }; item section \"Section\" }")
        #expect(compilation.diagnostics.isEmpty)
        #expect(compilation.file?.declarations[0].children.map(\.id) == ["section2", "section"])
    }

    @Test func useSplicesItemsWithTheirOrigin() throws {
        let text = """
            menu Common "Common" { item close "Close" }
            menu File "File" {
              item open "Open…" { input: true }
              use Common
            }
            menubar { use File }
            """
        let compilation = CheckedText(text)
        #expect(compilation.diagnostics.isEmpty)
        let file = try #require(element(compilation, "File"))
        #expect(file.children.map(\.id) == ["open", "close"])
        #expect(file.children[1].origin?.menu == "Common")
        #expect(file.children[1].path == "File/close")
        let bar = try #require(compilation.file).declarations[2]
        #expect(bar.children.first?.id == "File")
        #expect(bar.children.first?.origin?.via == .use)
        #expect(bar.children.first?.children.map(\.path) == ["menubar/File/open", "menubar/File/close"])
    }

    @Test func menuPropertySplicesAndCannotMixWithItems() {
        let ok = CheckedText("menu Share \"Share\" { item a \"Copy Link\" }\npulldown p \"Share\" { menu: Share }")
        #expect(ok.diagnostics.isEmpty)
        #expect(ok.file?.declarations[1].children.map(\.origin?.via) == [.menu])
        let mixed = CheckedText("menu Share \"Share\" { item a \"A\" }\npulldown p \"P\" {\n  menu: Share\n  item b \"B\"\n}")
        #expect(mixed.summary == ["4:3: misplaced-element"])
    }

    @Test func unknownReferencesSuggestTheClosestName() {
        let compilation = CheckedText("""
            menu Edit "Edit" { item a "A" }
            menubar { use Edt }
            popup p "P" { default: noets; option notes "Notes"; option work "Work" }
            button b "B…" { opens: Setings }
            view Settings "Settings" { button x "X" }
            """)
        #expect(compilation.sortedDiagnostics.map(\.message) == [
            "'use' names 'Edt', but no menu of that name is declared; did you mean 'Edit'?",
            "'default:' names 'noets', but no option of that name is declared; did you mean 'notes'?",
            "'opens:' names 'Setings', but no view of that name is declared; did you mean 'Settings'?",
        ])
        #expect(compilation.diagnostics.allSatisfy { $0.id == "unknown-reference" && $0.fixIts.count == 1 })
    }

    /// An unknown name's report reads the file's declarations one at a
    /// time; it suggests and lists only those of the kind the reference
    /// needs, the smallest first.
    @Test func unknownReferencesOfferOnlyNamesOfTheKindNeeded() {
        let menus = (0..<12).map { "menu m\($0) \"M\($0)\" { item i \"I\" }" }
        let compilation = CheckedText((["view Settings \"Settings\" { button x \"X\" }", "menu Settingz \"Z\" { item z \"Z\" }"] + menus
            + ["menu Edit \"Edit\" { item a \"A\" }", "menubar { use Setings; use Edt }"]).joined(separator: "\n"))
        #expect(compilation.sortedDiagnostics.map(\.message) == [
            "'use' names 'Setings', but no menu of that name is declared; did you mean 'Settingz'?",
            "'use' names 'Edt', but no menu of that name is declared; did you mean 'Edit'?",
        ])
        #expect(compilation.sortedDiagnostics.first?.help == "declared menus: Edit, Settingz, m0, m1, m10, m11, m2, m3, …")
    }

    @Test func theSmallestNamesAreKeptInOrderWithoutRepeats() {
        var smallest = SmallestNames(limit: 3)
        for name in ["d", "b", "e", "b", "a", "c", "a"] { smallest.offer(name) }
        #expect(smallest.names == ["a", "b", "c"])
        #expect(!smallest.wouldKeep("d"))
        #expect(smallest.wouldKeep("0"))
    }

    @Test func aGroupsDeclarationsAreCountedThroughItsFiles() {
        let declarations = GroupDeclarations(counts: [2, 0, 0, 3, 1])
        #expect(declarations.count == 6)
        #expect((0..<6).map { declarations.locate($0).file } == [0, 0, 3, 3, 3, 4])
        #expect((0..<6).map { declarations.locate($0).index } == [0, 1, 0, 1, 2, 0])
    }

    @Test func referencesMustNameTheRightKind() {
        let compilation = CheckedText("view V \"V\" { button b \"B\" }\nmenubar { use V }\nbutton c \"C\" { opens: window }")
        #expect(compilation.sortedDiagnostics.map(\.message) == ["'V' is a view, but 'use' needs a menu"])
    }

    @Test func referenceCyclesAreNamedInFull() {
        let compilation = CheckedText("""
            menu A "A" { use B }
            menu B "B" { submenu s "S" { use C } }
            menu C "C" { use A }
            """)
        #expect(compilation.sortedDiagnostics.map(\.message) == ["reference cycle: A → B → C → A"])
        #expect(compilation.sortedDiagnostics[0].id == "reference-cycle")
    }

    @Test func selfReferenceIsACycle() {
        let compilation = CheckedText("menu A \"A\" { submenu s \"S\" { menu: A } }")
        #expect(compilation.sortedDiagnostics.map(\.message) == ["reference cycle: A → A"])
    }

    @Test func propertiesAreValidated() {
        let compilation = CheckedText("""
            menu M "M" {
              item a "A" { role: danger; enabled: "true"; shortcut: "cmd+" }
              item b "B" { shortcuts: "cmd+b"; symbol: scissors }
              item c "C" { state: on; state: off }
            }
            button x "X" { alternate: true; width: -2; style: "filled" }
            """)
        #expect(compilation.summary == [
            "2:22: invalid-value", "2:39: invalid-value", "2:57: invalid-shortcut",
            "3:16: unknown-property", "3:44: invalid-value",
            "4:27: duplicate-property",
            "6:16: unknown-property", "6:40: invalid-value", "6:51: invalid-value",
        ])
        #expect(compilation.sortedDiagnostics[3].message == "unknown property 'shortcuts' for item; did you mean 'shortcut'?")
        #expect(compilation.sortedDiagnostics[6].notes == ["'alternate' is a property of item"])
        #expect(compilation.sortedDiagnostics[0].help == "role is one of: normal, destructive")
    }

    @Test func placementIsChecked() {
        let compilation = CheckedText("""
            pulldown p "P" { option o "O"; item a "A" }
            menu M "M" { menu N "N" { item x "X" }; section { section { item y "Y" } } }
            menubar { item z "Z" }
            popup q "Q" { default: o; option o "O"; item i "I"; submenu s "S" { item j "J" } }
            view V "V" { option w "W"; view inner "Inner" { button b "B" } }
            option top "Top"
            menubar { menu F "F" { item f "F" } }
            """)
        #expect(compilation.summary == [
            "1:18: misplaced-element", "2:14: misplaced-element", "2:51: misplaced-element", "3:11: misplaced-element",
            "5:14: misplaced-element", "5:28: misplaced-element", "6:1: misplaced-element", "7:1: misplaced-element",
        ])
    }

    @Test func defaultsAreMadeExplicit() throws {
        let compilation = CheckedText("button b \"Go\"\nmenu M \"M\" { item i \"I\" }")
        let button = try #require(compilation.file).declarations[0]
        #expect(button.properties.map(\.name) == ["enabled", "role", "type", "undoable"])
        #expect(button.properties.allSatisfy { !$0.isExplicit })
        #expect(button.symbol("type") == "system")
        let item = try #require(element(compilation, "M/i"))
        #expect(item.properties.map(\.name) == ["alternate", "enabled", "input", "role", "undoable"])
    }

    @Test func platformsAreValidated() {
        let compilation = CheckedText("platforms ios 17, macOS 14, macOS, watchOs\nmenu M \"M\" { item a \"A\" }")
        #expect(compilation.sortedDiagnostics.map(\.message) == [
            "unknown platform 'ios'; did you mean 'iOS'?", "macOS is listed twice", "unknown platform 'watchOs'; did you mean 'watchOS'?",
        ])
        #expect(CheckedText("menu M \"M\" {}").file?.platforms.map(\.name) == [.iOS, .iPadOS, .macOS])
    }

    @Test func aSecondMenubarIsMisplaced() {
        let compilation = CheckedText("menubar { menu A \"A\" { item a \"A\" } }\nmenubar { menu B \"B\" { item b \"B\" } }")
        #expect(compilation.summary == ["2:1: misplaced-element"])
    }
}

struct ShortcutTests {
    @Test(arguments: [
        ("cmd+shift+n", "shift+cmd+n", "⇧⌘N"), ("⌘⇧N", "shift+cmd+n", "⇧⌘N"), ("Command+Option+Shift+V", "option+shift+cmd+v", "⌥⇧⌘V"),
        ("ctrl+cmd+f", "ctrl+cmd+f", "⌃⌘F"), ("cmd++", "cmd++", "⌘+"), ("cmd+,", "cmd+,", "⌘,"), ("⌘↩", "cmd+return", "⌘↩"),
        ("opt+f5", "option+f5", "⌥F5"), ("cmd+left", "cmd+left", "⌘←"), ("⌃⌥⌘⎋", "ctrl+option+cmd+escape", "⌃⌥⌘⎋"),
        ("escape", "escape", "⎋"), ("cmd + shift + z", "shift+cmd+z", "⇧⌘Z"), ("alt+space", "option+space", "⌥Space"),
    ])
    func normalizes(_ text: String, _ canonical: String, _ display: String) throws {
        let shortcut = try Shortcut.parse(text).get()
        #expect(shortcut.canonical == canonical)
        #expect(shortcut.display == display)
        #expect(try Shortcut.parse(shortcut.canonical).get() == shortcut, "the canonical form parses back to itself")
    }

    @Test(arguments: [
        ("", Shortcut.ParseError.empty), ("cmd+", .missingKey), ("cmd+shift", .modifierAsKey("shift")), ("hyper+k", .unknownModifier("hyper")),
        ("cmd+f21", .unknownKey("f21")), ("cmd+cmd+k", .repeatedModifier("cmd")), ("⌘⌘K", .repeatedModifier("⌘")), ("⌘", .missingKey),
        ("cmd+tabby", .unknownKey("tabby")),
    ])
    func rejects(_ text: String, _ error: Shortcut.ParseError) {
        #expect(Shortcut.parse(text) == .failure(error))
    }

    /// Menus that each splice the one before ten times: level 3 holds
    /// 11,110 elements, and the eighth copy of it passes the 100,000 a
    /// file may splice (what the levels copy counted). A `use` and a
    /// `menu:` both stop there with `splice-too-large`, copying nothing.
    static func levels(then last: String) -> String {
        var text = "menu Level0 \"Level 0\" {\n" + (0..<10).map { "  item i\($0) \"Open \($0)\"\n" }.joined() + "}\n"
        for level in 1...3 {
            text += "menu Level\(level) \"Level \(level)\" {\n" + (0..<10).map { "  section s\($0) { use Level\(level - 1) }\n" }.joined() + "}\n"
        }
        return text + last
    }

    @Test(arguments: [
        ((0..<8).map { "  section t\($0) { use Level3 }\n" }.joined(), "menu Big \"Big\" {\n", "}\n"),
        ((0..<8).map { "  pulldown p\($0) \"More\" { menu: Level3 }\n" }.joined(), "view V {\n", "}\n"),
    ])
    func splicingPastTheLimitIsAnError(body: String, open: String, close: String) {
        let compilation = CheckedText(Self.levels(then: open + body + close))
        let errors = compilation.diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.id) == ["splice-too-large"])
        #expect(errors.first?.message == "splicing 'Level3' here would copy more than the 100,000 elements these files may splice")
        let elements = compilation.file?.store.records.count ?? 0
        #expect(elements <= Resolver.minimumSpliceBudget + 2_000)
    }

    @Test func splicingUpToTheLimitIsFine() {
        let compilation = CheckedText(Self.levels(then: "menu Big \"Big\" {\n" + (0..<7).map { "  section t\($0) { use Level3 }\n" }.joined() + "}\n"))
        #expect(compilation.diagnostics.filter { $0.severity == .error }.isEmpty)
        #expect(compilation.file?.store.records.count ?? 0 > 90_000)
    }

    /// Menus that each splice the next with `use` keep their items at one
    /// level, so a chain of any length is fine — and the same whichever
    /// way it is written: the menus a declaration splices are built before
    /// it, one after another, not inside it (5,000 of them, splicing menu
    /// first, overflowed the stack; a bound on that recursion then cut long
    /// chains written that way only).
    @Test(arguments: [100, 1_000, 5_000])
    func longSpliceChainsResolveTheSameInEitherOrder(length: Int) {
        let menus = (1..<length).map { "menu L\($0) \"L\($0)\" {\n  use L\($0 - 1)\n}\n" }
        let last = "menu L0 \"L0\" {\n  item a \"Open\"\n}\n"
        for text in [last + menus.joined(), menus.reversed().joined() + last] {
            let compilation = CheckedText(text)
            #expect(compilation.diagnostics.filter { $0.severity == .error }.isEmpty)
            // Every menu holds the one item, through the chain.
            #expect(compilation.file?.store.records.count == 2 * length)
        }
    }

    /// A name that is no property, set twice, is reported with the first
    /// place it was set, among thousands of other unknown names (looked up
    /// by text, not searched: 100,000 of them took 14 s).
    @Test func repeatedUnknownPropertiesPointAtTheFirst() throws {
        let names = ["prop0", "prop1", "prop0"] + (2..<5_000).map { "prop\($0)" }
        let text = "menu M \"M\" {\n  item a \"Open\" { " + names.map { "\($0): 1" }.joined(separator: "; ") + " }\n}\n"
        let compilation = CheckedText(text)
        let duplicates = compilation.diagnostics.filter { $0.id == "duplicate-property" }
        #expect(duplicates.map(\.message) == ["'prop0' is set twice on item 'Open'"])
        let first = try #require(duplicates.first?.secondary.first?.span)
        let written = try #require(text.range(of: "prop0:"))
        #expect(first.start == text.utf8.distance(from: text.startIndex, to: written.lowerBound))
    }

    /// A second menubar among a file's declarations is misplaced, wherever
    /// the declarations between them are.
    @Test func aSecondMenubarIsMisplaced() {
        let compilation = CheckedText("menubar {\n  menu file \"File\" { item a \"A\" }\n}\nmenu m \"M\" { item b \"B\" }\nmenubar {\n  menu edit \"Edit\" { item c \"C\" }\n}\n")
        #expect(compilation.summary == ["5:1: misplaced-element"])
        #expect(compilation.sortedDiagnostics.first?.message.hasPrefix("a program has one menubar") == true)
    }
}
