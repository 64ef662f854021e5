import Foundation
import Testing
@testable import MenuSupport
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
@testable import MenuRules
@testable import MenuBackends
@testable import MenuFormatter
@testable import MenuCompiler
import MenuTestSupport

/// menuc links only FoundationEssentials, so it replaces what it used from
/// full Foundation with standard-library code. These tests hold each
/// replacement to the Foundation behaviour it stands in for (the tests may
/// link full Foundation; the product may not).
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

    @Test(arguments: [("Café", "cafe"), ("Ｏｐｅｎ Ｆｉｌｅ", "openFile"), ("Cafe\u{301} Noir", "cafeNoir"), ("Zoë’s Ångström", "zoesAngstrom"),
                      ("Straße", "straE"), ("Øre", "re"), ("👍🏽 Like", "like"), ("Ｄｏｎ＇ｔ Save", "dontSave"),
                      ("ﬁle", "file"), ("Oﬃce Suite", "officeSuite"), ("ǅabac", "dzabac"), ("𝐁𝐨𝐥𝐝 Text", "boldText"), ("m² Area", "m2Area")])
    func identifiersFromNonASCIILabels(_ label: String, _ expected: String) {
        #expect(IdentifierDerivation.derive(from: label) == expected)
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

    @Test(arguments: [("Save...", "...", "…"), ("a....b", "...", "…"), ("......", "...", "…"), ("none", "...", "…"),
                      ("      item \"a\"\n      item", "      item", "    item")])
    func byteReplacementMatchesFoundation(_ text: String, _ needle: String, _ replacement: String) {
        #expect(text.replacingBytes(of: needle, with: replacement) == text.replacingOccurrences(of: needle, with: replacement))
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

    /// `.` and `..` go, links are followed (also relative ones, and before a
    /// `..`, as the file system does), and what does not exist is tidied.
    @Test func standardizedResolvesLinksWhereTheyExist() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fileManager = FileManager.default
        // The temporary directory itself may be reached through a link.
        guard let real = realpath(directory.path, nil) else { Issue.record("realpath failed"); return }
        let root = String(cString: real)
        free(real)
        try fileManager.createDirectory(atPath: root + "/real/sub", withIntermediateDirectories: true)
        #expect(fileManager.createFile(atPath: root + "/real/sub/f.menu", contents: Data()))
        try fileManager.createSymbolicLink(atPath: root + "/link", withDestinationPath: "real/sub")
        try fileManager.createSymbolicLink(atPath: root + "/absolute", withDestinationPath: root + "/real")
        try fileManager.createSymbolicLink(atPath: root + "/dangling", withDestinationPath: "nowhere")
        try fileManager.createSymbolicLink(atPath: root + "/loop1", withDestinationPath: "loop2")
        try fileManager.createSymbolicLink(atPath: root + "/loop2", withDestinationPath: "loop1")
        try fileManager.createSymbolicLink(atPath: root + "/real/file-link.menu", withDestinationPath: "sub/f.menu")
        let cases = [
            ("real/sub/f.menu", "real/sub/f.menu"), ("real//sub/./f.menu", "real/sub/f.menu"), ("real/sub/", "real/sub"),
            ("link/f.menu", "real/sub/f.menu"), ("link/../x.menu", "real/x.menu"), ("absolute/sub/f.menu", "real/sub/f.menu"),
            ("link/missing.menu", "real/sub/missing.menu"), ("missing/a/../b.menu", "missing/b.menu"),
            ("dangling", "dangling"), ("loop1", "loop1"), ("real/sub/../../real", "real"), (".", ""),
            ("real/file-link.menu", "real/sub/f.menu"), ("link/../file-link.menu", "real/sub/f.menu"), ("loop1/x.menu", "loop1/x.menu"),
        ]
        // The standardizer of many paths answers the same, from its table of
        // directories the second time round.
        var standardizer = PathNames.Standardizer()
        for round in 1...2 {
            for (path, expected) in cases {
                let wanted = expected.isEmpty ? root : root + "/" + expected
                #expect(PathNames.standardized(root + "/" + path) == wanted, "\(path)")
                #expect(standardizer.standardized(root + "/" + path) == wanted, "\(path), round \(round)")
            }
        }
        #expect(PathNames.standardized("/") == "/")
        #expect(PathNames.standardized("/..") == "/")
        #expect(Workspace.standardize("link/f.menu", relativeTo: root) == root + "/real/sub/f.menu")
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
