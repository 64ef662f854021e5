import Foundation
import Testing
@testable import MenuSupport
import MenuTestSupport

/// menuc links only FoundationEssentials, so it replaces what it used from
/// full Foundation with standard-library code. These tests hold each
/// replacement to the Foundation behaviour it stands in for (the tests may
/// link full Foundation; the product may not).
///
/// Here the replacements in MenuSupport; identifier derivation, byte
/// replacement and path standardizing through links are held in the tests
/// of their own stages (`FoundationParityTests` of MenuSemanticsTests,
/// MenuSyntaxTests and MenuCompilerTests).
@Suite("Foundation parity")
struct FoundationParityTests {
    // MARK: - Folding labels into identifiers

    /// ASCII letters, digits and apostrophes as they are, any run of other
    /// scalars as one `|`: all that identifier derivation keeps of a folded label.
    static func words(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "'" {
                result.unicodeScalars.append(scalar)
            } else if !result.hasSuffix("|") {
                result += "|"
            }
        }
        return result
    }

    /// Every scalar of Latin, Greek, Cyrillic, the combining marks,
    /// punctuation, letterlike symbols, enclosed letters, CJK punctuation,
    /// kana and squared units, ligatures, full-width forms, mathematical
    /// letters and emoji, between two letters, folds to the same words as
    /// with Foundation's compatibility decomposition and folding. (In other
    /// scripts, some vowel signs differ: the standard library's Unicode
    /// tables are newer than ICU's.)
    @Test func latinFoldingMatchesFoundation() {
        let ranges: [ClosedRange<UInt32>] = [0x0000...0x07FF, 0x1D00...0x1DFF, 0x1E00...0x2BFF, 0x2C60...0x2C7F, 0x3000...0x33FF,
                                             0xA700...0xA7FF, 0xFB00...0xFB4F, 0xFE00...0xFE2F, 0xFF00...0xFFEF,
                                             0x1D400...0x1D7FF, 0x1F100...0x1F1FF, 0x1F300...0x1F64F, 0x1FBF0...0x1FBFF]
        var mismatches: [String] = []
        for range in ranges {
            for value in range {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let text = "a" + String(scalar) + "b"
                let expected = Self.words(text.decomposedStringWithCompatibilityMapping.folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil))
                let actual = Self.words(LatinFolding.folded(text))
                if expected != actual { mismatches.append("U+\(String(value, radix: 16, uppercase: true)): \(actual), Foundation \(expected)") }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
    }

    // MARK: - Text

    @Test(arguments: ["", "  ", " a ", "\ta b\t", "\u{00A0}x\u{3000}", "\nx\n", " \u{301}x", "x \u{2028}", "…  "])
    func trimmingBlanksMatchesWhitespaceTrimming(_ text: String) {
        let expected = text.trimmingCharacters(in: .whitespaces)
        #expect(Array(text.trimmingBlanks().unicodeScalars) == Array(expected.unicodeScalars))
        #expect(Array(text[...].trimmingBlanks().unicodeScalars) == Array(expected.unicodeScalars))
    }

    @Test(arguments: [0, 7, 42, 999, 1000, 9999, 12345, -5])
    func zeroPaddingMatchesFormat(_ number: Int) {
        #expect(number.zeroPadded(to: 4) == String(format: "%04d", number))
    }

    // MARK: - Paths

    static let paths = ["", "/", "ab", "/a", "a/b", "a/b/", "a//b", "/a/b.menu", "a.b.c", ".menu", "dir/.menu", "..", "a/..",
                        "notes.", "a/b//", "/a/", "x/y.tar.gz", "sub/notes.menu", "/é/ü.menu"]

    @Test(arguments: paths)
    func pathComponentsMatchNSString(_ path: String) {
        let string = path as NSString
        #expect(PathNames.lastComponent(of: path) == string.lastPathComponent)
        #expect(PathNames.deletingLastComponent(of: path) == string.deletingLastPathComponent)
        #expect(PathNames.deletingExtension(of: path) == string.deletingPathExtension)
    }

    @Test(arguments: [("", "x"), ("a", ""), ("a", "b"), ("a/", "b"), ("/", "b"), ("a", "b/c"), ("/x/", ".y.tmp")])
    func appendingMatchesNSString(_ base: String, _ component: String) {
        #expect(PathNames.appending(component, to: base) == (base as NSString).appendingPathComponent(component))
    }

    @Test func fileSystemKinds() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try TestSupport.write("abc", to: directory.appendingPathComponent("a.menu"))
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("l.menu").path, withDestinationPath: "a.menu")
        #expect(FileSystem.kind(atPath: directory.path) == .directory)
        #expect(FileSystem.kind(atPath: directory.appendingPathComponent("l.menu").path) == .regularFile)
        #expect(FileSystem.linkKind(atPath: directory.appendingPathComponent("l.menu").path) == .symbolicLink)
        #expect(FileSystem.kind(atPath: directory.appendingPathComponent("none").path) == nil)
        #expect(FileSystem.size(atPath: directory.appendingPathComponent("a.menu").path) == 3)
        #expect(try FileSystem.contents(atPath: directory.appendingPathComponent("l.menu").path).get() == Array("abc".utf8))
        guard case .failure(let failure) = FileSystem.contents(atPath: directory.appendingPathComponent("none").path) else {
            Issue.record("reading a missing file should fail")
            return
        }
        #expect(failure.reason == "no such file or directory")
    }
}
