import Testing
@_spi(MenuPipeline) @testable import MenuSemantics

/// menuc links only FoundationEssentials, so it replaces what it used from
/// full Foundation with standard-library code. These tests hold each
/// replacement to the Foundation behaviour it stands in for (the tests may
/// link full Foundation; the product may not).
///
/// Here identifiers derived from labels; the rest is `FoundationParityTests`
/// of MenuSupportTests.
@Suite("Foundation parity")
struct FoundationParityTests {
    @Test(arguments: [("Café", "cafe"), ("Ｏｐｅｎ Ｆｉｌｅ", "openFile"), ("Cafe\u{301} Noir", "cafeNoir"), ("Zoë’s Ångström", "zoesAngstrom"),
                      ("Straße", "straE"), ("Øre", "re"), ("👍🏽 Like", "like"), ("Ｄｏｎ＇ｔ Save", "dontSave"),
                      ("ﬁle", "file"), ("Oﬃce Suite", "officeSuite"), ("ǅabac", "dzabac"), ("𝐁𝐨𝐥𝐝 Text", "boldText"), ("m² Area", "m2Area")])
    func identifiersFromNonASCIILabels(_ label: String, _ expected: String) {
        #expect(IdentifierDerivation.derive(from: label) == expected)
    }
}
