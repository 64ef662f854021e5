import Foundation
import Testing
@testable import MenuSupport
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
@testable import MenuRules
import MenuTestSupport
import SemanticsTestSupport

/// The fast paths under the rules — walk order by kind, entry counts, byte
/// folding, the dense key table — compared with the general computations
/// they replace.
@Suite("Rule support")
struct RuleSupportTests {

    /// The samples, compiled: every kind of element, sections, splices.
    private static func sampleFiles() -> [CheckedFile] {
        TestSupport.menuFiles(under: TestSupport.samples).flatMap { path -> [CheckedFile] in
            let url = TestSupport.samples.appendingPathComponent(path)
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
            return CheckedText(text, displayPath: path).file.map { [$0] } ?? []
        }
    }

    @Test func walkingByKindsVisitsWhatFilteringTheWalkVisits() {
        let files = Self.sampleFiles()
        #expect(files.count > 3)
        let kindSets: [[ElementKind]] = [
            [.item], [.item, .button], [.menu, .pulldown, .contextmenu, .submenu],
            [.item, .submenu, .button, .pulldown, .toggle, .menu], [.button, .toggle, .pulldown], [.section, .item, .section],
            [], ElementKind.allCases,
        ]
        for file in files {
            for kinds in kindSets {
                let expected = file.walk().filter { kinds.contains($0.element.kind) }.map { Int32($0.element.index) }
                #expect(Array(file.walkIndex.positions(of: kinds).map { file.walkIndex.order[Int($0)] }) == expected, "\(kinds)")
                let walk = Walk(store: file.store, order: file.walkIndex.order, positions: file.walkIndex.positions(of: kinds))
                #expect(walk.map { Int32($0.element.index) } == expected)
            }
        }
    }

    @Test func menuEntryCountCountsMenuEntries() {
        for file in Self.sampleFiles() {
            for (element, _) in file.walk() { #expect(element.menuEntryCount == element.menuEntries.count, "\(element.path)") }
        }
    }

    @Test func asciiFoldingAgreesWithTrimmingAndLowercasing() {
        let odd = ["  Copy  ", "\tCopy Link\r\n", "COPY…", "Don’t Save", " \u{0B}Open\u{0C} ", "\r\nOpen\r\n", "Café", "ÜBER", "\u{00A0}Copy",
                   "Copy\u{2028}", "", "   ", "…", "A’B", "\u{1C}Copy", "Copy\u{85}", "Zoom\u{2014}In", "x\u{301}"]
        var fast = 0
        for label in TitleCaseLabels.labelsToCompare + odd {
            guard let folded = FoldedLabel.asciiFolded(label) else { continue }
            fast += 1
            #expect(folded == MenuQueries.trimmed(label).lowercased(), "\(label.debugDescription)")
        }
        // The fast path must actually be taken for ordinary labels.
        #expect(fast > 500)
    }

    /// `duplicate-label` hashes most labels as it folds them, from the
    /// model's bytes: the hash must be that of the folded text, whichever
    /// way the label is folded.
    @Test func foldedLabelHashIsTheHashOfTheFoldedText() throws {
        // Blank space at the ends, the two non-ASCII characters hashed as
        // they are, and other characters starting with their first bytes
        // (U+2028 is blank space that trimming takes away).
        let odd = ["  Copy  ", "\tCopy Link\r\n", "COPY…", "Don’t Save", " \u{0B}Open\u{0C} ", "Café", "ÜBER", "\u{00A0}Copy", "   ", "x\u{301}",
                   "…", " A’B …", "Copy\u{2028}", "\u{2028}Copy", "Zoom\u{2014}In", "Save…\t"]
        let labels = TitleCaseLabels.labelsToCompare.prefix(300) + odd
        let source = "menu M \"M\" {\n" + labels.enumerated().map { "  item i\($0.offset) \"\(Self.menuLiteral($0.element))\"\n" }.joined() + "}\n"
        let compilation = CheckedText(source, displayPath: "t.menu")
        let file = try #require(compilation.file)
        let items = file.walk(.item).map(\.element)
        #expect(items.count == labels.count)
        for item in items {
            let id = try #require(item.labelID)
            let folded = FoldedLabel.text(of: file.store.text(id))
            #expect(FoldedLabel.hash(of: id, in: file.store) == folded.map(FoldedLabel.hash(ofFolded:)), "\(file.store.text(id).debugDescription)")
        }
    }

    /// Labels that fold alike hash alike, eight bytes at a time or not,
    /// folded from the bytes or as a string (the Kelvin sign lowercases to
    /// "k"); the letters' neighbours in ASCII are not folded.
    @Test func labelsThatFoldAlikeHashAlike() throws {
        let pairs: [(String, String, alike: Bool)] = [
            ("Key Chain Managers", "  key chain MANAGERS\t", true), ("\u{212A}ey Chain Managers…", "key chain managers…", true),
            ("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz", true), ("Don’t Save Copies", "DON’T SAVE COPIES", true),
            ("Open@", "Open`", false), ("Open[", "Open{", false), ("Open]", "Open}", false), ("Open^", "Open~", false),
            ("Copy", "Copy ", true), ("Copy", "Copy\u{0}", false), ("Eight ch", "Eight chx", false),
        ]
        let labels = pairs.flatMap { [$0.0, $0.1] }
        let source = "menu M \"M\" {\n" + labels.enumerated().map { "  item i\($0.offset) \"\(Self.menuLiteral($0.element))\"\n" }.joined() + "}\n"
        let compilation = CheckedText(source, displayPath: "t.menu")
        let file = try #require(compilation.file)
        let ids = try file.walk(.item).map { try #require($0.element.labelID) }
        #expect(ids.count == labels.count)
        for (offset, pair) in pairs.enumerated() {
            let first = FoldedLabel.hash(of: ids[2 * offset], in: file.store)
            let second = FoldedLabel.hash(of: ids[2 * offset + 1], in: file.store)
            #expect(first != nil && (first == second) == pair.alike, "\(pair.0.debugDescription), \(pair.1.debugDescription)")
        }
    }

    /// A string literal's contents in a `.menu` file: quotes, backslashes
    /// and control characters written as `\u{…}`.
    private static func menuLiteral(_ text: String) -> String {
        text.unicodeScalars.map { scalar in
            scalar == "\"" || scalar == "\\" || scalar.value < 0x20 || scalar.value == 0x7F ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
        }.joined()
    }

    @Test func buttonLabelFastPathAgreesWithTheFullAnalysis() {
        let odd = ["Close", " close… ", "CLOSE...", "Done.\r\n", "Cancel …", "Don’t Save", "…", " . ", "", "Café", "Close\u{2028}", "x\u{301}."]
        for label in TitleCaseLabels.labelsToCompare + odd {
            #expect(ButtonQueries.normalizedLabel(of: label) == ButtonQueries.normalizedLabelByCharacter(label), "\(label.debugDescription)")
        }
    }

    @Test func denseKeyTableForgetsEverythingAtOnce() {
        var table = DenseKeyTable<String>()
        #expect(table[0] == nil)
        table.set("a", for: 3)
        table.set("b", for: 40)
        #expect(table[3] == "a" && table[40] == "b" && table[2] == nil && table[41] == nil && table[1000] == nil)
        table.removeAll()
        #expect(table[3] == nil && table[40] == nil)
        table.set("c", for: 40)
        #expect(table[40] == "c" && table[3] == nil)
    }

    @Test func denseKeyTableAnswersLikeADictionary() {
        var generator = SeededGenerator(state: 20_261_124)
        for round in 0..<200 {
            let spread = [100, 10_000][round % 2]
            var table = DenseKeyTable<Int>()
            var plain: [Int: Int] = [:]
            for step in 0..<Int.random(in: 1...300, using: &generator) {
                switch Int.random(in: 0..<20, using: &generator) {
                case 0:
                    table.removeAll()
                    plain.removeAll()
                case 1...9:
                    let key = Int.random(in: 0..<spread, using: &generator)
                    table.set(step, for: key)
                    plain[key] = step
                default:
                    // Mostly keys set before, sometimes new ones.
                    let key = plain.keys.randomElement(using: &generator) ?? Int.random(in: 0..<spread, using: &generator)
                    #expect(table[key] == plain[key], "round \(round), key \(key)")
                }
            }
            for key in plain.keys { #expect(table[key] == plain[key], "round \(round), key \(key)") }
        }
    }
}
