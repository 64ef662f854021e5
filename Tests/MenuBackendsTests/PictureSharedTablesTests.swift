import Testing
@testable import MenuSupport
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
@testable import MenuBackends

/// What the pictures of a file share instead of making per picture: the
/// shortcut displays, and a picture's buffer, which hands it on in pieces.
struct PictureSharedTablesTests {
    private static func checked(_ text: String) -> CheckedFile {
        let source = SourceFile(id: FileID(0), displayPath: "t.menu", text: text)
        let syntax = Parser.parse(source).syntax
        return Resolver(workspace: LoadedSources(files: [source], syntax: [syntax], imports: [[]])).check([FileID(0)])[0]
    }

    static let shortcuts = """
        menu A "A" {
          item a "A" { action: a; shortcut: "cmd+shift+n" }
          item b "B" { action: b; shortcut: "ctrl+option+return" }
          item c "C" { action: c; shortcut: "⌘⇧N" }
          item d "D" { action: d; shortcut: "f5" }
        }

        """

    @Test func eachShortcutIsShownAsItsDisplay() {
        let store = Self.checked(Self.shortcuts).store
        #expect(store.shortcuts.count == 3)  // the first and third are one shortcut
        let table = ShortcutDisplays(store)
        var shared = Drawing(store: store, shortcuts: table)
        var alone = Drawing(store: store)
        for (index, shortcut) in store.shortcuts.enumerated() {
            let fromTable = shared.shortcutDisplay(index)
            let made = alone.shortcutDisplay(index)
            #expect(shared.string(fromTable) == shortcut.display)
            #expect(alone.string(made) == shortcut.display)
        }
        #expect(shared.shortcuts != nil)
    }

    /// Indices of one model mean nothing in another: a drawing of another
    /// model's element doesn't use the table.
    @Test func aTableOfAnotherModelIsNotUsed() {
        let table = ShortcutDisplays(Self.checked(Self.shortcuts).store)
        let other = Self.checked("menu B \"B\" { item x \"X\" { action: x; shortcut: \"cmd+k\" } }\n").store
        var drawing = Drawing(store: other, shortcuts: table)
        #expect(drawing.shortcuts == nil)
        let display = drawing.shortcutDisplay(0)
        #expect(drawing.string(display) == "⌘K")
    }

    /// A build's picture writes its title from the model's bytes; it is the
    /// title the preview writes from `Picture.title`, for every kind, with
    /// labels that need escaping or showing, and with none (the identifier).
    @Test func aFiguresTitleIsThePicturesTitle() throws {
        let file = Self.checked("""
            menubar {
              menu file "File <&> \\u{202E}" { item a "A" { action: a } }
              menu edit { item b "B" { action: b } }
            }
            menu plain "Plain…" { item c "C" { action: c } }
            contextmenu ctx "Ctx \\"q\\" 'x'" { item d "D" { action: d } }
            pulldown more "More\\u{200D}" { item e "E" { action: e } }
            popup size "Size" { option s "Small" }
            button go "Go\\tnow" { action: go }
            toggle grid "Grid" { action: grid }
            view note "Edit Note" { button ok "OK" { action: ok } }

            """)
        let figures = SVGBackend.pageFigures(of: file)
        let pictures = SVGBackend.pictures(of: file)
        #expect(figures.count == 9)
        for (figure, picture) in zip(figures, pictures) {
            var written: [UInt8] = []
            figure.write { written.append(contentsOf: $0) }
            let rendered = SVGBackend.render(picture, family: SVGBackend.family(for: picture, in: file))
            #expect(written == rendered, "\(picture.title)")
            let title = "<title>" + XMLEscaping.text(picture.title) + "</title>"
            #expect(String(decoding: written, as: UTF8.self).contains(title), "\(title)")
        }
        #expect(pictures.map(\.title).contains("edit menu"))
    }

    /// A picture longer than its buffer is handed on in several pieces that
    /// make the same document as the one written whole.
    @Test func aLongPictureStreamsInPieces() throws {
        let items = (1...150).map { "  item i\($0) \"Item number \($0) with a label\" { action: a\($0); shortcut: \"cmd+shift+\($0 % 10)\" }" }
        let file = Self.checked("menu Long \"Long\" {\n" + items.joined(separator: "\n") + "\n}\n")
        let figure = try #require(SVGBackend.pageFigures(of: file).first)
        var pieces: [[UInt8]] = []
        figure.write { pieces.append(Array($0)) }
        let picture = try #require(SVGBackend.pictures(of: file).first)
        let whole = SVGBackend.render(picture, family: .mac)
        #expect(pieces.count > 1)
        #expect(pieces.dropLast().allSatisfy { $0.count <= SVGWriter.streamingCapacity })
        #expect(pieces.flatMap { $0 } == whole)
    }
}
