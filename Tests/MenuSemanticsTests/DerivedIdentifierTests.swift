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
}
