import Testing
@testable import MenuSyntax
@testable import MenuSemantics

/// The catalog answers the same defaults three ways — by value, by flag and
/// as bit masks (which `ElementProperties` reads for every entry a backend
/// writes): for every kind, context and name, the masks must say what the
/// other two say.
struct PropertyCatalogMaskTests {
    @Test func defaultMasksAgreeWithTheDefaultsByValueAndByFlag() {
        var flags = 0
        for kind in ElementKind.allCases {
            for context in ElementContext.allCases {
                let masks = PropertyCatalog.defaultMasks(for: kind, in: context)
                #expect(masks.names == PropertyCatalog.defaultNames(for: kind, in: context), "\(kind) in \(context)")
                for name in PropertyName.allCases {
                    let bit = UInt64(1) << UInt64(name.rawValue)
                    let value = PropertyCatalog.defaultValue(name, for: kind, in: context)
                    #expect((masks.names & bit != 0) == (value != nil), "\(kind) in \(context): \(name) has a default")
                    let flag: Bool? = masks.flags & bit != 0 ? masks.trueFlags & bit != 0 : nil
                    #expect(flag == PropertyCatalog.defaultFlag(name, for: kind, in: context), "\(kind) in \(context): \(name)'s flag")
                    #expect(flag == value?.boolValue, "\(kind) in \(context): \(name)'s flag is its value")
                    #expect(masks.trueFlags & ~masks.flags == 0, "\(kind) in \(context): true flags are flags")
                    if flag != nil { flags += 1 }
                }
            }
        }
        #expect(flags > 10, "the catalog has Boolean defaults to compare")
    }
}
