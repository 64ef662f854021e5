import Foundation
import Testing
@testable import MenuSyntax

/// menuc links only FoundationEssentials, so it replaces what it used from
/// full Foundation with standard-library code. These tests hold each
/// replacement to the Foundation behaviour it stands in for (the tests may
/// link full Foundation; the product may not).
///
/// Here byte replacement in source text; the rest is `FoundationParityTests`
/// of MenuSupportTests.
@Suite("Foundation parity")
struct FoundationParityTests {
    @Test(arguments: [("Save...", "...", "…"), ("a....b", "...", "…"), ("......", "...", "…"), ("none", "...", "…"),
                      ("      item \"a\"\n      item", "      item", "    item")])
    func byteReplacementMatchesFoundation(_ text: String, _ needle: String, _ replacement: String) {
        #expect(text.replacingBytes(of: needle, with: replacement) == text.replacingOccurrences(of: needle, with: replacement))
    }
}
