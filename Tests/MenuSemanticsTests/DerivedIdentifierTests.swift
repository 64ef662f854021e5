import Testing
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
import SemanticsTestSupport

/// Identifiers derived from labels that differ only by a symbol: `+`, `%`
/// and a minus sign are spelled as words, a hyphen and a dash are not.
@Suite("Derived identifiers")
struct DerivedIdentifierTests {
    @Test(arguments: [
        ("Volume + 5%", "volumePlus5Percent"), ("Volume - 5%", "volumeMinus5Percent"), ("Volume −5%", "volumeMinus5Percent"),
        ("Zoom +", "zoomPlus"), ("Zoom -", "zoomMinus"), ("Zoom −", "zoomMinus"), ("Scale 100%", "scale100Percent"),
        ("Wi-Fi Settings", "wiFiSettings"), ("Recent - Today", "recentToday"), ("Up-to-Date", "upToDate"),
        ("Notepad++", "notepadPlusPlus"), ("-5 dB", "minus5DB"),
    ])
    func symbolsAreSpelled(_ label: String, _ expected: String) {
        #expect(IdentifierDerivation.derive(from: label) == expected)
    }

    @Test func labelsThatDifferBySymbolsGetDistinctIdentifiers() {
        let compilation = CheckedText("menu Sound \"Sound\" {\n  item \"Volume + 5%\"\n  item \"Volume - 5%\"\n}\n")
        #expect(compilation.diagnostics.isEmpty)
        #expect(compilation.file?.declarations[0].children.map(\.id) == ["volumePlus5Percent", "volumeMinus5Percent"])
    }

    @Test func aRemainingCollisionNamesBothLabelsAndSuggestsExplicitIdentifiers() throws {
        let compilation = CheckedText("menu Sound \"Sound\" {\n  item \"Volume (5)\"\n  item \"Volume: 5\"\n}\n")
        #expect(compilation.summary == ["3:8: duplicate-id"])
        let error = try #require(compilation.sortedDiagnostics.first)
        #expect(error.message == "'Volume (5)' and 'Volume: 5' both derive the identifier 'volume5'")
        #expect(error.help?.contains("explicit identifiers") == true)
        #expect(error.help?.contains("item volume5Up \"Volume (5)\"") == true)
    }

    /// 5,000 labels of up to 11 characters that the derivation treats
    /// apart, drawn by a fixed generator from `seed`.
    static func randomLabels(seed: UInt64) -> [String] {
        let alphabet = Array("aZbY09 '+%-._(:x".utf8)
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33) % bound
        }
        return (0..<5_000).map { _ in String(decoding: (0..<next(12)).map { _ in alphabet[next(alphabet.count)] }, as: UTF8.self) }
    }

    /// ASCII labels are derived on their bytes: the same identifier as the
    /// derivation on scalars, for labels drawn from the characters the
    /// rules treat apart (letters of both cases, digits, apostrophes,
    /// spaces, `+ % -` and other symbols), and for the labels above.
    @Test func asciiLabelsDeriveAsOnScalars() {
        let labels = ["Volume + 5%", "Volume - 5%", "Zoom -", "Wi-Fi Settings", "Recent - Today", "Notepad++", "-5 dB",
                      "PDF", "Export as PDF…", "iCloud Drive", "Don't Save", "3D View", "'", "", "---", "A-5", "a - ", "OK"]
            + Self.randomLabels(seed: 11)
        for label in labels where label.utf8.allSatisfy({ $0 < 0x80 }) {
            var bytes = label
            #expect(bytes.withUTF8 { IdentifierDerivation.deriveASCII($0) } == IdentifierDerivation.deriveScalars(from: label), "\(label)")
        }
    }

    /// The resolver sizes a declaration's path by `derivedCount(fromUTF8:)`
    /// without deriving the identifier: it must be the derived one's length
    /// (0 without one), for the labels above, random ones, and non-ASCII ones.
    @Test func derivedCountIsTheDerivedIdentifiersLength() {
        let labels = ["Volume + 5%", "Volume - 5%", "Zoom -", "Wi-Fi Settings", "Recent - Today", "Notepad++", "-5 dB", "5 - 3",
                      "PDF", "Export as PDF…", "iCloud Drive", "Don't Save", "3D View", "'", "", "---", "A-5", "a - ", "OK", "+1",
                      "%", "- 7", "x -", "Café", "Volume −5%", "日本語", "Über 9"]
            + Self.randomLabels(seed: 29)
        for label in labels {
            var bytes = label
            let (count, derived) = bytes.withUTF8 { (IdentifierDerivation.derivedCount(fromUTF8: $0), IdentifierDerivation.derive(fromUTF8: $0)) }
            #expect(count == (derived?.count ?? 0), "\(label)")
        }
    }
}
