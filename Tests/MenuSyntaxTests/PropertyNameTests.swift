import Testing
@testable import MenuSupport
@_spi(MenuPipeline) @testable import MenuSyntax

/// `PropertyName.texts` is written out by hand; these keep it in step with
/// the cases, whose order is the order outputs list properties in.
struct PropertyNameTests {
    @Test func everyCaseIsSpelledAsItsOwnName() {
        #expect(PropertyName.texts.count == PropertyName.allCases.count)
        for name in PropertyName.allCases {
            #expect(name.text == "\(name)")
            #expect(PropertyName(name.text) == name)
        }
    }

    /// The tables of properties by kind are rows of `PropertyName.count`
    /// names, a number written out so that reading it builds no array.
    @Test func countIsTheNumberOfCases() {
        #expect(PropertyName.count == PropertyName.allCases.count)
        #expect(PropertyName.allCases.allSatisfy { Int($0.rawValue) < PropertyName.count })
    }

    @Test func casesAreInByteOrderOfTheirNames() {
        let texts = PropertyName.allCases.map(\.text)
        #expect(texts == texts.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
    }
}
