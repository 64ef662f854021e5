import Testing
@testable import MenuSupport
@_spi(MenuPipeline) @testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
import MenuTestSupport
import SemanticsTestSupport

/// Files of millions of small things — top-level elements, declarations,
/// imports, properties — are checked in memory proportional to their size
/// (`menuc-bench --shapes` measures 50 MB of each): what is built is kept
/// compact, and names are found without comparing every pair. These tests
/// hold the resolver's side on inputs of a few thousand lines; the
/// counting of what is past a file's listed errors is `DenseInputTests`
/// of the driver's tests (MenuCompilerTests).
struct DenseInputTests {
    /// A file of thousands of declarations finds its own names by their
    /// bytes (`OwnNames`), repeats and unknown names reported.
    @Test func aFileOfThousandsOfDeclarationsResolvesItsNames() throws {
        let count = 8_192
        var text = (0..<count).map { "menu M\($0) \"M \($0)\" { item a\($0) \"Open \($0)\" }\n" }.joined()
        text += "menu All \"All\" {\n  use M0\n  use M\(count - 1)\n  use Missing\n}\nmenu M7 \"Again\" { item b \"Open\" }\n"
        let compilation = CheckedText(text)
        let errors = compilation.diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.id).sorted() == [LanguageErrorID.duplicateID.rawValue, LanguageErrorID.unknownReference.rawValue].sorted())
        #expect(errors.contains { $0.message.contains("Missing") })
        let file = try #require(compilation.file)
        let all = try #require(file.declarations.first { $0.id == "All" })
        #expect(all.children.map(\.label) == ["Open 0", "Open \(count - 1)"])
    }

    /// A record is 36 bytes: it holds only whether it is a spliced copy,
    /// and the store finds each copy's origin by runs of records.
    @Test func aRecordIsThirtySixBytesAndEachCopyStillHasItsOrigin() throws {
        #expect(MemoryLayout<ElementRecord>.stride == 36)
        let compilation = CheckedText("""
            menu Common "Common" { item a "A"; item b "B" }
            menu Both "Both" {
              use Common
              item c "C"
            }
            menu Host "Host" {
              item d "D"
              use Both
              item e "E"
              submenu s "S" { menu: Common }
              section t { use Common }
            }
            """)
        #expect(compilation.diagnostics.filter { $0.severity == .error }.isEmpty)
        let file = try #require(compilation.file)
        let bytes = file.source.bytes
        func line(_ span: Span?) -> Int? {
            span.map { span in bytes.prefix(span.start).filter { $0 == UInt8(ascii: "\n") }.count + 1 }
        }
        // Each element of Host, by path: the menu it was spliced from and the line of the splice.
        let host = file.walk().map(\.element).filter { $0.path.hasPrefix("Host/") }
        let origins = host.map { "\($0.path) \($0.origin.map { "\($0.menu)@\(line($0.site) ?? 0)" } ?? "-")" }
        #expect(origins == [
            "Host/d -", "Host/a Both@8", "Host/b Both@8", "Host/c Both@8", "Host/e -", "Host/s -",
            "Host/s/a Common@10", "Host/s/b Common@10", "Host/t -", "Host/t/a Common@11", "Host/t/b Common@11",
        ])
        #expect(origins.filter { $0.hasSuffix(" -") } == ["Host/d -", "Host/e -", "Host/s -", "Host/t -"])
        #expect(host.map(\.isSpliced) == host.map { $0.origin != nil })
        // Both's own copy of Common, and Both's own item, as written.
        let both = file.walk().map(\.element).filter { $0.path.hasPrefix("Both/") }
        #expect(both.map { $0.origin.map { "\($0.menu)@\(line($0.site) ?? 0)" } ?? "-" } == ["Common@3", "Common@3", "-"])
    }

    /// The fields a record packs into two bytes — how its identifier was
    /// made, its number of properties, its depth, whether it is a copy —
    /// each keep every value they can take, whatever the others hold.
    @Test func aRecordsPackedFieldsKeepEveryValueApart() {
        var record = ElementRecord(kind: .item, context: .control, idSource: .synthetic, depth: UInt16(Parser.maximumDepth + 1),
                                   id: .none, label: .none, parent: -1, file: 7, syntax: 9)
        #expect(record.idSource == .synthetic && record.depth == UInt16(Parser.maximumDepth + 1) && !record.isSpliced)
        for source in IdentifierSource.allCases {
            for count in [0, 1, PropertyName.count] {
                for depth in [0, 1, Parser.maximumDepth + 1] {
                    for spliced in [false, true] {
                        record.idSource = source
                        record.propertyCount = UInt32(count)
                        record.depth = UInt16(depth)
                        record.isSpliced = spliced
                        #expect(record.idSource == source && record.propertyCount == UInt32(count) && record.depth == UInt16(depth)
                            && record.isSpliced == spliced, "\(source) \(count) \(depth) \(spliced)")
                    }
                }
            }
        }
        #expect(record.kind == .item && record.file == 7 && record.syntax == 9 && record.parent == -1)
    }

    /// A large body finds repeated identifiers through `SiblingIndex`:
    /// the same reports as comparing every pair.
    @Test func aLargeBodyReportsItsRepeatedIdentifiers() throws {
        var items = (0..<1_000).map { "  item i\($0) \"Item \($0)\"\n" }
        items[700] = "  item i5 \"Again\"\n"
        items[900] = "  item i500 \"Again Later\"\n"
        let compilation = CheckedText("menu Many \"Many\" {\n" + items.joined() + "}\n")
        let repeats = compilation.sortedDiagnostics.filter { $0.id == LanguageErrorID.duplicateID.rawValue }
        #expect(repeats.map(\.message) == ["duplicate identifier 'i5'", "duplicate identifier 'i500'"])
        // Each at the repeat, pointing back at the first.
        #expect(repeats.allSatisfy { $0.primary.span.start > ($0.secondary.first?.span.start ?? Int.max) })
    }

    /// Unnamed items take their identifiers from their labels, read one by
    /// one; an element with neither still gets a synthetic one.
    @Test func unnamedItemsOfALargeBodyTakeTheirLabels() throws {
        let items = (0..<500).map { "  item \"Open \($0)\"\n" }.joined()
        let text = "menu Many \"Many\" {\n" + items + "}\nmenu Mixed \"Mixed\" {\n" + items + "  section { item \"Last\" }\n  section { item \"Final\" }\n}\n"
        let compilation = CheckedText(text)
        let menus = try #require(compilation.file?.declarations)
        #expect(menus[0].children.prefix(3).map(\.id) == ["open0", "open1", "open2"])
        #expect(menus[1].children.prefix(3).map(\.id) == ["open0", "open1", "open2"])
        #expect(menus[1].children.suffix(2).map(\.id) == ["section", "section2"])
        #expect(!compilation.diagnostics.contains { $0.severity == .error })
    }

    @Test func aSiblingIndexAnswersLikeADictionary() {
        var generator = SeededGenerator(state: 5)
        let ids = (0..<3_000).map { _ in "id\(Int.random(in: 0..<1_000, using: &generator))" }
        var index = SiblingIndex(count: ids.count)
        var plain: [String: Int] = [:]
        for (position, id) in ids.enumerated() {
            let first = index.first(id, orInsert: position) { ids[$0] }
            #expect(first == plain[id])
            if plain[id] == nil { plain[id] = position }
        }
        for probe in ["id3", "id999", "id1000", "x"] { #expect(index.contains(probe) { ids[$0] } == (plain[probe] != nil)) }
    }

    /// A name is found among others of the same hash, at its first
    /// declaration; a name no entry has is not found.
    @Test func ownNamesFindANameAmongOthersOfItsHash() {
        // Positions 3, 5 and 9 hash alike; 5 is named "b", the others "a".
        let names = ["a": [3, 9], "b": [5], "c": [7]]
        let hashes = [3: UInt32(1), 5: 1, 9: 1, 7: 2]
        let firsts: [OwnNames.Entry] = [.init(hash: 1, position: 3), .init(hash: 1, position: 5), .init(hash: 2, position: 7)]
        let own = OwnNames(sorted: firsts)
        func find(_ name: String) -> Int? {
            own.position(hash: hashes[names[name]?.first ?? -1] ?? 9) { names[name]?.contains($0) == true }
        }
        #expect(find("a") == 3)
        #expect(find("b") == 5)
        #expect(find("c") == 7)
        #expect(find("d") == nil)
        #expect(own.position(hash: 0) { _ in true } == nil)
        #expect(own.position(hash: 3) { _ in true } == nil)
    }
}
