import Foundation
import Testing
@testable import MenuImport
import MenuTestSupport

/// The XML reader of `menuc import`: what Interface Builder writes reads
/// right, and hostile input gets a located failure — never a crash, a hang
/// or memory out of proportion (deep nesting, entity bombs, truncated
/// files, invalid UTF-8, huge attributes).
struct XMLReaderTests {
    static func read(_ text: String, limits: XMLReader.Limits = XMLReader.Limits()) -> Result<XMLDocument, XMLReader.Failure> {
        XMLReader.read(Array(text.utf8), limits: limits)
    }

    static func failure(_ text: String, limits: XMLReader.Limits = XMLReader.Limits()) -> String? {
        guard case .failure(let failure) = read(text, limits: limits) else { return nil }
        return "\(failure.line):\(failure.column): \(failure.message)"
    }

    @Test func readsElementsAttributesTextAndLines() throws {
        let document = try Self.read("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- a comment -->
            <document type="x">
                <menuItem title="Save &amp; Quit &lt;now&gt; &quot;x&quot; &apos;y&apos; &#x2026; &#8984;" keyEquivalent="&#xF703;" id="a"/>
                <string key="title">	Default &amp; <![CDATA[<raw> & more]]></string>
                <?pi ignored?>
                <attr value='single "quoted"' multi="a
            b	c"/>
            </document>
            """).get()
        let root = document.root
        #expect(root.name == "document" && root.attribute("type") == "x" && root.line == 3)
        let children = root.children
        #expect(children.map(\.name) == ["menuItem", "string", "attr"])
        #expect(children[0].attribute("title") == "Save & Quit <now> \"x\" 'y' … ⌘")
        #expect(children[0].attribute("keyEquivalent") == "\u{F703}")
        #expect(children[0].line == 4 && children[0].attributes.map(\.name) == ["title", "keyEquivalent", "id"])
        #expect(children[1].text == "\tDefault & <raw> & more")
        #expect(children[1].parent?.name == "document")
        // Literal line breaks and tabs in attributes become spaces (XML's normalization).
        #expect(children[2].attribute("value") == "single \"quoted\"" && children[2].attribute("multi") == "a b c")
        #expect(root.child("string", key: "title")?.line == 5)
        #expect(root.descendants.count == 3 && root.text.isEmpty)
    }

    @Test func lineBreaksAreNormalized() throws {
        let document = try XMLReader.read(Array("<a>\r\n<b>x\r\ny\rz</b>\r\n<c/></a>".utf8)).get()
        #expect(document.root.children.map(\.line) == [2, 5])
        #expect(document.root.children[0].text == "x\ny\nz")
        #expect(try XMLReader.read([0xEF, 0xBB, 0xBF] + Array("<a/>".utf8)).get().root.name == "a")
    }

    @Test func malformedInputIsALocatedFailure() {
        #expect(Self.failure("<a><b></a>") == "1:7: </a> does not close <b>, opened at line 1")
        #expect(Self.failure("<a>\n<b>") == "2:4: the file ends before </b> (the element opened at line 2)")
        #expect(Self.failure("<a x=\"1\" x=\"2\"/>") == "1:10: the attribute 'x' appears twice on <a>")
        #expect(Self.failure("<a x=\"<\"/>") == "1:7: '<' inside the value of 'x' (write &lt;)")
        #expect(Self.failure("<a x=1/>") == "1:6: the value of 'x' on <a> must be in quotes")
        #expect(Self.failure("<a x=\"1/>") == "1:6: the value of 'x' on <a> never ends (its closing quote is missing)")
        #expect(Self.failure("<a/><b/>") == "1:5: a second root element <b>; an XML file has one")
        #expect(Self.failure("<a/>text") == "1:5: text after the root element")
        #expect(Self.failure("<a><!-- open</a>") == "1:4: a comment that never ends ('-->' is missing)")
        #expect(Self.failure("<a><![CDATA[x</a>") == "1:4: a CDATA section that never ends (']]>' is missing)")
        #expect(Self.failure("</a>") == "1:1: </a> closes no element")
        #expect(Self.failure("<a>&nbsp;</a>") == "1:4: unknown entity '&nbsp;': menuc reads only &lt; &gt; &amp; &apos; &quot; and character references")
        #expect(Self.failure("<a>AT&T</a>") == "1:6: '&' starts no reference (write &amp; for '&')")
        #expect(Self.failure("<a>&#0;</a>") == "1:4: '&#0;' is not a character XML allows")
        #expect(Self.failure("<a>&#xD800;</a>") == "1:4: '&#xD800;' is not a character XML allows")
        #expect(Self.failure("<a>&#x110000;</a>") == "1:4: '&#x110000;' is not a character XML allows")
        #expect(Self.failure("<a x='&#x1B;'/>") == "1:7: '&#x1B;' is not a character XML allows")
        #expect(Self.failure("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a/>")?.hasSuffix("menuc reads only UTF-8") == true)
        #expect(Self.failure("<a/>\n<?xml version=\"1.0\"?>") == "2:1: the XML declaration must come first in the file")
        #expect(Self.failure("") == "1:1: the file holds no XML element")
        #expect(Self.failure("   \n") == "2:1: the file holds no XML element")
        #expect(XMLReader.read([0xFF, 0xFE, 0x3C, 0x00]).failureMessage?.contains("UTF-16") == true)
    }

    /// The "billion laughs": entities that expand to entities. A DOCTYPE is
    /// refused before anything is declared, and an undeclared entity is unknown.
    @Test func entityBombsAreRefused() {
        let laughs = (1...9).map { level in
            "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
        }.joined(separator: "\n")
        let bomb = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n<!ENTITY lol0 \"lol\">\n\(laughs)\n]>\n<lolz>&lol9;</lolz>"
        #expect(Self.failure(bomb) == "2:1: a DOCTYPE declaration: menuc reads no document types and no entity declarations (Interface Builder files have none)")
        #expect(Self.failure("<lolz>&lol9;</lolz>")?.hasPrefix("1:7: unknown entity '&lol9;'") == true)
        // External entities go the same way.
        #expect(Self.failure("<!DOCTYPE a SYSTEM \"file:///etc/passwd\"><a/>")?.hasPrefix("1:1: a DOCTYPE declaration") == true)
    }

    @Test func deepNestingStopsAtTheLimitWithoutRecursion() {
        let depth = 100_000
        let text = String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
        #expect(Self.failure(text) == "1:769: elements nest more than 256 levels deep")
        // Exactly at the limit is fine.
        let deepest = String(repeating: "<a>", count: 256) + String(repeating: "</a>", count: 256)
        #expect(Self.failure(deepest) == nil)
    }

    /// A file written on one line (minified) costs time in proportion to its
    /// length: lines are counted forward once, columns only for a failure.
    @Test func aLongLineOfElementsReadsInOnePass() throws {
        let count = 100_000
        let document = try Self.read("<r>" + String(repeating: "<a x=\"1\"/>", count: count) + "</r>").get()
        #expect(document.elementCount == count + 1)
        #expect(Self.failure("<r>" + String(repeating: "<a/>", count: count) + "&bad;</r>") == "1:\(4 + 4 * count): unknown entity '&bad;': menuc reads only &lt; &gt; &amp; &apos; &quot; and character references")
    }

    @Test func hugeAttributesNamesAndCountsAreBounded() {
        let tenMegabytes = "<a title=\"" + String(repeating: "x", count: 10 << 20) + "\"/>"
        #expect(Self.failure(tenMegabytes) == "1:10: the value of 'title' on <a> is longer than 1 MiB")
        let justUnder = "<a title=\"" + String(repeating: "x", count: 1 << 20) + "\"/>"
        #expect(Self.failure(justUnder) == nil)
        #expect(Self.failure("<" + String(repeating: "n", count: 2_000) + "/>") == "1:2: a name longer than 1024 bytes")
        let attributes = (0...256).map { " a\($0)=\"\"" }.joined()
        #expect(Self.failure("<a\(attributes)/>")?.hasSuffix("<a> has more than 256 attributes") == true)
        var limits = XMLReader.Limits()
        limits.maximumElements = 3
        #expect(Self.failure("<a><b/><c/><d/></a>", limits: limits) == "1:12: the file holds more than 3 elements")
        limits = XMLReader.Limits()
        limits.maximumBytes = 10
        #expect(Self.failure("<a>0123456789</a>", limits: limits)?.hasPrefix("1:1: the file is 0 MiB") == true)
    }

    @Test func invalidUTF8AndForbiddenCharactersAreLocated() {
        func failure(_ bytes: [UInt8]) -> String? { XMLReader.read(bytes).failureMessage }
        let head = Array("<a>\n  x".utf8)
        #expect(failure(head + [0xC3] + Array("</a>".utf8)) == "2:4: invalid UTF-8 (byte 0xC3 followed by 0x3C)")
        #expect(failure(head + [0xFF] + Array("</a>".utf8)) == "2:4: invalid UTF-8 (byte 0xFF)")
        #expect(failure(head + [0xC0, 0xAF] + Array("</a>".utf8)) == "2:4: invalid UTF-8 (byte 0xC0)")
        #expect(failure(head + [0xED, 0xA0, 0x80] + Array("</a>".utf8)) == "2:4: invalid UTF-8 (an overlong form, a surrogate or a value past U+10FFFF)")
        #expect(failure(head + [0xE2, 0x80]) == "2:4: invalid UTF-8 (a character cut off at the end of the file)")
        #expect(failure(head + [0x00] + Array("</a>".utf8)) == "2:4: the control character U+0000 is not allowed in XML")
        #expect(failure(head + [0xEF, 0xBF, 0xBF] + Array("</a>".utf8)) == "2:4: the non-character U+FFFF is not allowed in XML")
        // Columns count characters, not bytes.
        #expect(failure(Array("<a>é…".utf8) + [0xFF]) == "1:6: invalid UTF-8 (byte 0xFF)")
    }

    /// Every prefix of a real file: each is read or refused with a location, none crashes.
    @Test func everyPrefixOfAFileIsReadOrRefused() throws {
        let bytes = [UInt8](try Data(contentsOf: TestSupport.packageRoot.appendingPathComponent("Tests/Corpus/InterfaceBuilder/amethyst/MainMenu.xib")))
        var read = 0
        for length in 0...bytes.count {
            switch XMLReader.read(Array(bytes[..<length])) {
            case .success: read += 1
            case .failure(let failure): #expect(failure.line >= 1 && failure.column >= 1)
            }
        }
        // Only the whole file, and the file without its last line break, are whole documents.
        #expect(read == 2)
    }

    /// Random damage to real files (bytes changed, dropped, repeated; markup
    /// characters and invalid bytes inserted): every result is a document or
    /// a located failure, and what imports compiles.
    @Test func mutatedFilesNeverCrashTheImporter() throws {
        var generator = SplitMix(seed: 0x5EED)
        let files = ["keycastr/MainMenu.xib", "netnewswire/Main.storyboard", "amethyst/MainMenu.xib"].map {
            TestSupport.packageRoot.appendingPathComponent("Tests/Corpus/InterfaceBuilder/" + $0)
        }
        let originals = try files.map { [UInt8](try Data(contentsOf: $0)) }
        let inserts: [[UInt8]] = [Array("<".utf8), Array("&".utf8), Array("&lol;".utf8), Array("</menu>".utf8), Array("<!DOCTYPE a>".utf8),
                                  Array("]]>".utf8), Array("\"".utf8), [0xFF], [0xC3], [0x00], Array("<menuItem isAlternate=\"YES\">".utf8)]
        var imported = 0
        for round in 0..<300 {
            var bytes = originals[round % originals.count]
            for _ in 0..<(1 + Int(generator.next() % 4)) {
                let position = Int(generator.next() % UInt64(bytes.count))
                switch generator.next() % 4 {
                case 0: bytes[position] = UInt8(truncatingIfNeeded: generator.next())
                case 1: bytes.remove(at: position)
                case 2: bytes.insert(contentsOf: inserts[Int(generator.next() % UInt64(inserts.count))], at: position)
                default: bytes.insert(contentsOf: bytes[position..<min(bytes.count, position + 40)], at: position)
                }
            }
            switch MenuImporter.importMenus(from: .init(displayPath: "fuzz.xib", bytes: bytes)) {
            case .success(let result):
                imported += 1
                #expect(!result.text.isEmpty)
            case .failure(let failure):
                #expect(!failure.note.message.contains("please report this as a bug"), "\(failure.note.message)")
                #expect((failure.note.line ?? 1) >= 1)
            }
        }
        #expect(imported > 0)
    }
}

/// A small deterministic generator (SplitMix64), so the fuzz test's inputs are the same on every run.
struct SplitMix {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

extension Result where Failure == XMLReader.Failure {
    /// `line:column: message` of a failure, nil on success.
    var failureMessage: String? {
        guard case .failure(let failure) = self else { return nil }
        return "\(failure.line):\(failure.column): \(failure.message)"
    }
}
