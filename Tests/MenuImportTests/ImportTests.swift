import Foundation
import Testing
@testable import MenuSupport
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
@testable import MenuRules
@testable import MenuBackends
@testable import MenuFormatter
@testable import MenuCompiler
@testable import MenuImport
import MenuTestSupport
import CompilerTestSupport

/// The pieces of `menuc import`: key equivalents, base64, strings files,
/// String Catalogs, identifiers, and what an import does with odd input.
struct ImportTests {
    // MARK: - Key equivalents

    static func shortcut(_ key: String, _ mask: IBModifierMask?) -> String {
        switch KeyEquivalent.decode(key, mask: mask) {
        case .none: "none"
        case .shortcut(let shortcut, let notes): shortcut.canonical + (notes.isEmpty ? "" : " (" + notes.joined(separator: "; ") + ")")
        case .unrepresentable(let reason): "! " + reason
        }
    }

    @Test func keyEquivalentsBecomeShortcuts() {
        let command = IBModifierMask(command: true)
        // No mask: Command. An empty mask: nothing. Upper case: Shift, flag or not.
        #expect(Self.shortcut("n", nil) == "cmd+n")
        #expect(Self.shortcut("k", IBModifierMask()) == "k")
        #expect(Self.shortcut("N", nil) == "shift+cmd+n")
        #expect(Self.shortcut("S", IBModifierMask(shift: true, command: true)) == "shift+cmd+s")
        #expect(Self.shortcut("Ä", nil) == "shift+cmd+ä")
        #expect(Self.shortcut("h", IBModifierMask(control: true, option: true, shift: true, command: true)) == "ctrl+option+shift+cmd+h")
        #expect(Self.shortcut("S", IBModifierMask(option: true, shift: true)) == "option+shift+s")
        #expect(Self.shortcut("", command) == "none")
        // Punctuation stays itself; the plus key is written cmd++.
        #expect(Self.shortcut("+", nil) == "cmd++" && Self.shortcut("?", nil) == "cmd+?" && Self.shortcut("\\", nil) == "cmd+\\")
        #expect(Self.shortcut("{", nil) == "cmd+{")
    }

    @Test(arguments: [
        ("\r", "cmd+return"), ("\n", "cmd+return"), ("\u{3}", "cmd+enter"), ("\t", "cmd+tab"), ("\u{19}", "shift+cmd+tab"),
        (" ", "cmd+space"), ("\u{8}", "cmd+delete"), ("\u{7F}", "cmd+delete"), ("\u{1B}", "cmd+escape"),
        ("\u{F700}", "cmd+up"), ("\u{F701}", "cmd+down"), ("\u{F702}", "cmd+left"), ("\u{F703}", "cmd+right"),
        ("\u{F704}", "cmd+f1"), ("\u{F708}", "cmd+f5"), ("\u{F717}", "cmd+f20"), ("\u{F728}", "cmd+forwarddelete"),
        ("\u{F729}", "cmd+home"), ("\u{F72B}", "cmd+end"), ("\u{F72C}", "cmd+pageup"), ("\u{F72D}", "cmd+pagedown"),
    ])
    func controlAndFunctionKeys(_ key: String, _ expected: String) {
        #expect(Self.shortcut(key, nil) == expected)
    }

    @Test func keysTheLanguageCannotWriteAreReported() {
        #expect(Self.shortcut("\u{F718}", nil).hasPrefix("! the key F21 has no name in the language"))
        #expect(Self.shortcut("\u{F726}", nil).hasPrefix("! the key F35 has no name"))
        #expect(Self.shortcut("\u{F727}", nil).hasPrefix("! the key Insert has no name"))
        #expect(Self.shortcut("\u{F746}", nil).hasPrefix("! the key Help has no name"))
        #expect(Self.shortcut("\u{F750}", nil).hasPrefix("! the key U+F750 has no name"))
        #expect(Self.shortcut("\u{1}", nil) == "! the key equivalent U+0001 is not a key the language can write")
        #expect(Self.shortcut("\u{A0}", nil) == "! the key equivalent U+00A0 is not a key the language can write")
        #expect(Self.shortcut("ab", nil) == "! the key equivalent \"ab\" is more than one character")
        // A modifier glyph can't be a key: what is written must read back as the same shortcut.
        #expect(Self.shortcut("⌘", nil) == "! the key equivalent \"⌘\" cannot be written as a shortcut")
        #expect(Self.shortcut("\u{F708}", IBModifierMask(command: true, function: true)) == "cmd+f5 (its Function (fn) modifier is left out (AppKit sets it on every function key))")
        #expect(Self.shortcut("f", IBModifierMask(control: true, function: true)) == "fn+ctrl+f")
    }

    @Test func base64AsInterfaceBuilderWritesIt() {
        #expect(Base64.decode("DQ") == [0x0D])
        #expect(Base64.decode("\nDQ==\n") == [0x0D])
        #expect(Base64.decode("4oyY") == Array("⌘".utf8))
        #expect(Base64.decode("SGVs bG8=") == Array("Hello".utf8))
        #expect(Base64.decode("") == [])
        #expect(Base64.decode("D") == nil)
        #expect(Base64.decode("D*") == nil)
        #expect(Base64.decode("DQ=A") == nil)
        #expect(Base64.decode("DR") == nil, "leftover bits must be zero")
    }

    // MARK: - Strings files

    static func entries(_ bytes: [UInt8]) -> [String] {
        switch StringsFile.read(bytes) {
        case .success(let read): read.entries.map { "\($0.line ?? 0): \($0.key) = \($0.value)" }
        case .failure(let failure): ["! \(failure.line): \(failure.message)"]
        }
    }

    static let sampleStrings = """
        /* Class = "NSMenuItem"; title = "Open…"; ObjectID = "IAo-SY-fd9"; */
        "IAo-SY-fd9.title" = "Öffnen …";
        // a line comment
        "tab.title" = "\\tStandard \\"quoted\\" back\\\\slash \\U00E9 \\UD83D\\UDE00 \\101";
        unquoted_key = "x";
        "same";
        """

    @Test func stringsFilesInEveryEncoding() {
        let expected = ["2: IAo-SY-fd9.title = Öffnen …", "4: tab.title = \tStandard \"quoted\" back\\slash é 😀 A", "5: unquoted_key = x", "6: same = same"]
        let utf16 = Array(Self.sampleStrings.utf16)
        let littleEndian = utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let bigEndian = utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        #expect(Self.entries(Array(Self.sampleStrings.utf8)) == expected)
        #expect(Self.entries([0xEF, 0xBB, 0xBF] + Array(Self.sampleStrings.utf8)) == expected)
        #expect(Self.entries([0xFF, 0xFE] + littleEndian) == expected)
        #expect(Self.entries([0xFE, 0xFF] + bigEndian) == expected)
        #expect(Self.entries(littleEndian) == expected, "UTF-16 without a byte-order mark, told by its zero bytes")
        #expect(Self.entries(bigEndian) == expected)
        #expect(StringsFile.decode([0xFF, 0xFE] + littleEndian).map(\.1) == .success(.utf16LittleEndian))
    }

    @Test func badStringsFilesAreLocatedFailures() {
        #expect(Self.entries(Array("\"a\" = \"b\";\n\"c\" = \"d\"\n\"e\" = \"f\";".utf8)) == ["! 3: expected ';' after the entry \"c\""])
        #expect(Self.entries(Array("\"a\" = \"b;\n".utf8)) == ["! 1: a string that never ends (its closing quote is missing)"])
        #expect(Self.entries(Array("\n/* open".utf8)) == ["! 2: a comment that never ends ('*/' is missing)"])
        #expect(Self.entries(Array("\"a\" = ;".utf8)) == ["! 1: expected a value after '=' in quotes, found ';'"])
        #expect(Self.entries(Array("\"a\" = \"\\U12\";".utf8)) == ["! 1: '\\U' needs four hexadecimal digits"])
        #expect(Self.entries(Array("\"a\" = \"b\";\n\"c\" = \"".utf8) + [0xFF] + Array("\";".utf8)) == ["! 2: invalid UTF-8 (and no byte-order mark saying UTF-16)"])
        // A lone surrogate and an odd byte count in UTF-16.
        #expect(Self.entries([0xFF, 0xFE, 0x22, 0x00, 0x00, 0xD8, 0x22, 0x00]) == ["! 1: invalid UTF-16 (a surrogate without its pair)"])
        #expect(Self.entries([0xFF, 0xFE, 0x22, 0x00, 0x22]) == ["! 1: UTF-16 text with an odd number of bytes (the file is cut off)"])
        #expect(Self.entries([]) == [])
    }

    // MARK: - String Catalogs

    static let catalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "abc-12-xyz.title" : {
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "Öffnen" } },
                "ja" : { "stringUnit" : { "state" : "translated", "value" : "開く" } }
              }
            },
            "Close" : {
              "localizations" : {
                "de" : { "variations" : { "plural" : { "one" : { "stringUnit" : { "state" : "translated", "value" : "x" } } } } }
              }
            }
          },
          "version" : "1.0"
        }
        """

    @Test func stringCatalogsGiveOneLanguage() throws {
        var notes: [ImportNote] = []
        let german = try StringCatalog.read(Array(Self.catalog.utf8), language: "de", notes: &notes).get()
        #expect(german == [StringsFile.Entry(key: "abc-12-xyz.title", value: "Öffnen", line: 4)])
        #expect(notes == [ImportNote(.translations, line: 10, "\"Close\" varies by plural or device in de; a menu title takes one string, so it is left out")])
        notes = []
        #expect(try StringCatalog.read(Array(Self.catalog.utf8), language: "ja", notes: &notes).get().map(\.value) == ["開く"])
        #expect(try StringCatalog.read(Array(Self.catalog.utf8), language: "fr", notes: &notes).get().isEmpty)
        let broken = StringCatalog.read(Array("{\n\"strings\": {\n\"a\": }".utf8), language: "de", notes: &notes)
        #expect(broken.failureLine == 3)
        #expect(StringCatalog.read(Array("{\"version\": \"1.0\"}".utf8), language: "de", notes: &notes).failureMessage
                == "not a String Catalog: it has no \"strings\" object")
    }

    // MARK: - Identifiers

    @Test func siblingsGetDistinctIdentifiers() {
        var names = SiblingNames(reserved: ["menubar"])
        #expect(names.claim("copy") == ("copy", false))
        #expect(names.claim("copy") == ("copy2", true))
        #expect(names.claim("copy2") == ("copy22", true))
        #expect(names.claim("copy") == ("copy3", true))
        #expect(names.claim("menubar") == ("menubar2", true))
        // Many siblings of one title cost a step each (numbers continue).
        for _ in 0..<10_000 { _ = names.claim("item") }
        #expect(names.claim("item") == ("item10001", true))
        #expect(SiblingNames.wanted(identifier: "newSketch", title: "New", fallback: "item", upper: false) == ("newSketch", .identifier))
        #expect(SiblingNames.wanted(identifier: "open-sketch", title: "Open", fallback: "item", upper: false) == ("openSketch", .changedIdentifier))
        #expect(SiblingNames.wanted(identifier: nil, title: "Open Recent…", fallback: "item", upper: false) == ("openRecent", .title))
        #expect(SiblingNames.wanted(identifier: nil, title: "File", fallback: "Menu", upper: true) == ("File", .title))
        #expect(SiblingNames.wanted(identifier: nil, title: "3D View", fallback: "Menu", upper: true) == ("_3DView", .title))
        #expect(SiblingNames.wanted(identifier: nil, title: "開く", fallback: "item", upper: false) == ("item", .fallback))
    }

    // MARK: - Whole imports

    static func xib(_ items: String, objects: String = "") -> [UInt8] {
        Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" targetRuntime="MacOSX.Cocoa">
                <objects>
                    <menu title="Main Menu" systemMenu="main" id="m">
                        <items>
                            <menuItem title="File" id="f">
                                <menu key="submenu" title="File" id="fm">
                                    <items>
            \(items)
                                    </items>
                                </menu>
                            </menuItem>
                        </items>
                    </menu>
            \(objects)
                </objects>
            </document>
            """.utf8)
    }

    static func imported(_ bytes: [UInt8]) throws -> MenuImporter.Imported {
        try MenuImporter.importMenus(from: .init(displayPath: "Test.xib", bytes: bytes)).get()
    }

    /// Titles with quotes, backslashes, line breaks, control, bidirectional
    /// and invisible characters are written escaped, read back the same,
    /// and shown escaped in reports.
    @Test func hostileTitlesAreEscapedAndKept() throws {
        let titles = ["Say \"Hi\" \\ back", "Line&#10;Break", "Tab&#9;Stop", "Bell\u{7}", "Evil\u{202E}txt.exe", "Zero\u{200B}Width", "Private\u{F703}", "Emoji 🙂 é"]
        let items = titles.enumerated().map { "<menuItem title=\"\($1.replacingOccurrences(of: "\"", with: "&quot;"))\" id=\"i\($0)\"/>" }.joined(separator: "\n")
        // The raw bell and other controls can't be in XML text: they come as base64 titles.
        let bell = "<menuItem id=\"b\"><string key=\"title\" base64-UTF8=\"YES\">\(Data("Ring\u{7}\u{1B}[31m".utf8).base64EncodedString())</string></menuItem>"
        let bytes = Self.xib(items.replacingOccurrences(of: "Bell\u{7}", with: "Bell") + "\n" + bell)
        let imported = try Self.imported(bytes)
        let compilation = TestSupport.compile(imported.text)
        #expect(!compilation.hasErrors)
        let labels = compilation.files[0].declarations[0].children[0].children.map { $0.label ?? "" }
        #expect(labels == ["Say \"Hi\" \\ back", "Line\nBreak", "Tab\tStop", "Bell", "Evil\u{202E}txt.exe", "Zero\u{200B}Width", "Private\u{F703}", "Emoji 🙂 é", "Ring\u{7}\u{1B}[31m"])
        #expect(imported.text.contains(#""Evil\u{202E}txt.exe""#) && imported.text.contains(#""Ring\u{7}\u{1B}[31m""#))
        #expect(!imported.text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" || $0 == "\u{7}" })
        // A report quoting such a title escapes it.
        let reported = try Self.imported(Self.xib("<menuItem title=\"Hidden\u{202E}\" hidden=\"YES\" id=\"h\"/>"))
        #expect(reported.notes.map(\.message) == ["'Hidden\\u{202E}' is hidden in the file; it is imported as shown, with a comment (the language has no hidden items)"])
    }

    @Test func nulInABase64TitleIsReplacedAndReported() throws {
        let imported = try Self.imported(Self.xib("<menuItem id=\"n\"><string key=\"title\" base64-UTF8=\"YES\">QQBC</string></menuItem>"))
        #expect(imported.text.contains("item aB \"A\u{FFFD}B\""))
        #expect(imported.notes.map(\.message) == ["the title 'A\\u{0}B' holds a NUL character, which a .menu string cannot; it is written as U+FFFD"])
    }

    @Test func clashingIdentifiersAreNumberedAndReported() throws {
        let imported = try Self.imported(Self.xib("""
            <menuItem title="Copy" id="a"/>
            <menuItem title="Copy!" id="b"/>
            <menuItem title="Paste" identifier="copy" id="c"/>
            <menuItem title="開く" id="d"/>
            <menuItem title="閉じる" id="e"/>
            """))
        #expect(imported.text.contains("item copy \"Copy\"\n") && imported.text.contains("item copy2 \"Copy!\"") && imported.text.contains("item copy3 \"Paste\""))
        #expect(imported.text.contains("item item \"開く\"") && imported.text.contains("item item2 \"閉じる\""))
        #expect(imported.notes.map(\.message) == [
            "'copy' is taken by an earlier sibling, so 'Copy!' is named 'copy2'",
            "'copy' is taken by an earlier sibling, so 'Paste' is named 'copy3'",
            "no identifier can be derived from the title '開く' (no ASCII letters or digits); it is named 'item'",
            "no identifier can be derived from the title '閉じる' (no ASCII letters or digits); it is named 'item2'",
        ])
        #expect(imported.counts.renamed == 3)
    }

    @Test func alternatesFollowTheLanguagesRules() throws {
        let imported = try Self.imported(Self.xib("""
            <menuItem title="Close" keyEquivalent="w" id="a"/>
            <menuItem title="Close All" keyEquivalent="w" isAlternate="YES" id="b"><modifierMask key="keyEquivalentModifierMask" option="YES" command="YES"/></menuItem>
            <menuItem title="Close Others" keyEquivalent="w" isAlternate="YES" id="c"><modifierMask key="keyEquivalentModifierMask" option="YES" command="YES"/></menuItem>
            <menuItem title="About" id="d"><modifierMask key="keyEquivalentModifierMask"/></menuItem>
            <menuItem title="Info" keyEquivalent="i" isAlternate="YES" id="e"/>
            <menuItem title="Sub" id="f"><menu key="submenu" title="Sub" id="fm"/></menuItem>
            <menuItem title="After Sub" isAlternate="YES" id="g"/>
            <menuItem title="Zoom" id="h"><modifierMask key="keyEquivalentModifierMask"/></menuItem>
            <menuItem title="Zoom All" isAlternate="YES" id="i"><modifierMask key="keyEquivalentModifierMask" control="YES"/></menuItem>
            """))
        #expect(imported.counts.alternates == 2)
        #expect(imported.notes.map(\.message) == [
            "'Close Others' is an alternate in the file, but it has the same shortcut (⌥⌘W) as an alternate before it; it is imported as an ordinary item",
            "'Info' is an alternate in the file, but it has ⌘I and the item it replaces has no shortcut; it is imported as an ordinary item",
            "'After Sub' is an alternate in the file, but it follows a submenu, not an item it could replace; it is imported as an ordinary item",
            "'Zoom All' is shown with ⌃ in the file; an alternate without a shortcut is shown with ⌥",
        ])
        #expect(!TestSupport.compile(imported.text).hasErrors)
    }

    /// Submenus nested past the language's limit are left out, with a note,
    /// rather than written into a file that would not compile.
    @Test func submenusDeeperThanTheLanguageAllowsAreLeftOut() throws {
        let depth = 70
        var nested = "<menuItem title=\"Leaf\" id=\"leaf\"/>"
        for level in (0..<depth).reversed() {
            nested = "<menuItem title=\"Level \(level)\" id=\"i\(level)\"><menu key=\"submenu\" title=\"Level \(level)\" id=\"m\(level)\"><items>"
                + "<menuItem title=\"Item \(level)\" keyEquivalent=\"k\" id=\"k\(level)\"/><menuItem isSeparatorItem=\"YES\" id=\"s\(level)\"/>"
                + nested + "</items></menu></menuItem>"
        }
        let imported = try Self.imported(Self.xib(nested))
        let compilation = TestSupport.compile(imported.text)
        #expect(!compilation.hasErrors, "\(compilation.diagnostics.first?.message ?? "")")
        #expect(imported.notes.count == 1)
        #expect(imported.notes.first?.message.hasPrefix("menus nest here deeper than the language allows (64 levels): ") == true)
        // Every item of the file is written or counted as left out.
        #expect(imported.counts.items + imported.counts.skippedItems == 1 + 2 * depth + 1)
        #expect(imported.counts.separators + imported.counts.droppedSeparators == depth)
    }

    /// A context menu filled at run time says so in a comment: it takes no `dynamic:`.
    @Test func aContextMenuFilledAtRunTimeHasAComment() throws {
        let imported = try Self.imported(Self.xib("<menuItem title=\"Open\" id=\"o\"/>", objects: """
            <customView id="v"><connections><outlet property="menu" destination="c" id="vo"/></connections></customView>
            <menu title="Actions" id="c"><connections><outlet property="delegate" destination="v" id="cd"/></connections></menu>
            """))
        #expect(imported.text.contains("contextmenu Actions {\n  // Its delegate fills it at run time.\n}\n"))
        #expect(!TestSupport.compile(imported.text).hasErrors)
        #expect(imported.counts.contextMenus == 1 && imported.counts.dynamicMenus == 0)
    }

    @Test func whatIsNotAnInterfaceBuilderFileIsRefused() {
        func failure(_ text: String) -> String? {
            guard case .failure(let failure) = MenuImporter.importMenus(from: .init(displayPath: "x", bytes: Array(text.utf8))) else { return nil }
            return "\(failure.note.line.map(String.init) ?? "-"): \(failure.note.message)"
        }
        #expect(failure("<plist><dict/></plist>") == "1: not an Interface Builder document: its root element is <plist>, not <document>")
        #expect(failure("<document type=\"x\"><objects/></document>") == "-: the file holds no menus to import")
        #expect(failure("<document><objects><menu id=\"a\"><items><menuItem title=\"A\" id=\"b\"></items></menu></objects></document>")
                == "1: </items> does not close <menuItem>, opened at line 1")
    }
}

extension Result where Failure == StringCatalog.Failure {
    var failureLine: Int? {
        guard case .failure(let failure) = self else { return nil }
        return failure.line
    }

    var failureMessage: String? {
        guard case .failure(let failure) = self else { return nil }
        return failure.message
    }
}
