import Testing
@testable import MenuSupport
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
@testable import MenuBackends

/// The pictures measure and cut labels on the bytes a drawing keeps
/// (`Drawing.width`, `Drawing.truncated`); `TextMetrics`' string functions
/// say what the result must be. Plain labels take the byte path, the rest
/// fall back to strings: both are compared here, at every size the
/// pictures use, in both weights, across widths that cut anywhere.
struct PictureTextTests {
    static let texts = [
        "Short",
        "Save As…",
        "A much longer label that will certainly need truncation in any menu at all",
        "Spaces    before the cut   and more words after them so the cut falls on them",
        "Ellipses…… in… the… middle… of… a… label… long… enough… to… be… cut",
        "<script>&amp;</script> \"quoted\" 'single' | pipes | and more",
        "Ünïcödé wïdths — 日本語のラベルとても長いラベルですよ",
        "Emoji 👩‍👩‍👧 family 📁 and more emoji 😀😀😀😀😀😀😀😀",
        "⌃⌥⇧⌘A ⌫ ⎋ ↩ shortcuts as menus show them",
        "cafe\u{301} combining e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}",
        "",
    ]

    private static func checked(_ text: String) -> CheckedFile {
        let source = SourceFile(id: FileID(0), displayPath: "t.menu", text: text)
        let syntax = Parser.parse(source).syntax
        return Resolver(workspace: LoadedSources(files: [source], syntax: [syntax], imports: [[]])).check([FileID(0)])[0]
    }

    private static func drawing() -> Drawing {
        Drawing(store: checked("menu M \"M\" { item a \"A\" { action: a } }\n").store)
    }

    @Test(arguments: texts)
    func bytesAreMeasuredAndCutAsStringsAre(text: String) {
        var drawing = Self.drawing()
        let kept = drawing.text(text)
        for size in [11, 12, 13, 15, 17] {
            for bold in [false, true] {
                #expect(drawing.width(kept, size: size, bold: bold) == TextMetrics.width(text, size: size, bold: bold))
                for width in stride(from: 0, through: 700, by: 3) {
                    let cut = drawing.truncated(kept, toFit: width, size: size, bold: bold).map { drawing.string($0) }
                    let expected = TextMetrics.truncated(text, toFit: width, size: size, bold: bold)
                    #expect(cut == expected, "\(text) at \(width) points, size \(size)\(bold ? ", bold" : "")")
                }
            }
        }
    }

    @Test func plainTextIsCutOnItsBytesAndOtherTextAsAString() {
        func cut(_ text: String) -> TextMetrics.Cut {
            var text = text
            return text.withUTF8 { TextMetrics.cut($0, toFit: 85, size: 13) }
        }
        #expect(cut("Fits") == .fits)
        // 85 points hold "Save As… " and the "…" put after it; the space before the cut is dropped.
        #expect(cut("Save As… Something") == .keep(count: 10))
        #expect(cut("Ünïcödé and more") == .notPlain)
        #expect(cut("Tab\tinside") == .notPlain)
    }

    /// The modifier keys are measured before the Unicode class lookups;
    /// these are the widths the classes give them.
    @Test func modifierKeysKeepTheirWidths() {
        #expect(TextMetrics.emUnits(of: "⌘") == 1_000)
        #expect(TextMetrics.emUnits(of: "⌃") == 840)
        #expect(TextMetrics.emUnits(of: "⇧") == 840)
        #expect(TextMetrics.emUnits(of: "⌥") == 1_160)
        #expect(TextMetrics.emUnits(of: "⌘", bold: true) == 1_150)
    }

    @Test func labelsAreKeptAsShown() {
        var drawing = Self.drawing()
        for text in Self.texts + ["Line\nBreak\tTab", "Evil \u{202E}txt\u{202C}", "nul\u{0}bell\u{7}"] {
            let kept = drawing.shown(text)
            #expect(drawing.string(kept) == XMLEscaping.shown(text))
        }
    }

    /// Identifiers that are already file names are used as they are, up
    /// to the same 100 bytes the general path stops at.
    @Test func fileNamesKeepTheirLengthLimitAtTheEdge() {
        let hundred = String(repeating: "x", count: 100)
        #expect(SVGBackend.fileName(for: hundred) == hundred)
        #expect(SVGBackend.fileName(for: hundred + "y") == hundred)
        #expect(SVGBackend.fileName(for: String(repeating: "x", count: 99) + "é") == String(repeating: "x", count: 99) + "_E9")
        #expect(SVGBackend.fileName(for: "Save-As2") == "Save-As2")
    }

    /// Texts too long for one line's room (a label of megabytes) are
    /// escaped in pieces: the picture holds them whole, escaped as short
    /// ones are.
    @Test func longTextsAreEscapedWhole() throws {
        let label = String(repeating: "Tom & \"Jerry\" <3 ", count: 2_000)
        let symbol = String(repeating: "sym<", count: 5_000)
        let written = label.map { $0 == "\"" ? "\\\"" : String($0) }.joined()  // as a .menu string
        let file = Self.checked("menu Big \"\(written)\" { item a \"\(written)\" { action: a; symbol: \"\(symbol)\" } }\n")
        let picture = try #require(SVGBackend.pictures(of: file).first)
        let svg = String(decoding: SVGBackend.render(picture, family: .mac), as: UTF8.self)
        #expect(svg.contains("<title>" + XMLEscaping.text(label) + " menu</title>"))
        #expect(svg.contains("<g><title>" + XMLEscaping.text(label) + "</title><text class=\"m-t13 f-text m-label\""))
        #expect(svg.contains("<title>" + XMLEscaping.text(symbol) + "</title><rect"))
        var streamed: [UInt8] = []
        SVGBackend.pageFigures(of: file)[0].write { streamed += $0 }
        #expect(String(decoding: streamed, as: UTF8.self) == svg)
    }
}
