import Foundation
import Testing
@testable import MenuSupport
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
@testable import MenuBackends
@testable import MenuCompiler

/// The pictures a Markdown page embeds come from one function
/// (`SVGBackend.pageFigures`): the page links exactly those files, `menuc
/// build` writes them, and the benchmark's `.pictures` stage times the
/// same bytes.
struct PageFigureTests {
    static let text = """
        platforms macOS 14, iOS 17
        menu File "File" { item new "New" { shortcut: "cmd+n" } }
        contextmenu list "List" { item copy "Copy" }
        menubar { use File }
        view Prefs "Preferences" { button done "Done" }

        """

    @Test func thePageLinksTheFiguresAndTheStageTimesTheirBytes() throws {
        let compilation = Compiler.compile([.text(Self.text, displayPath: "notes.menu")], options: CompileOptions())
        #expect(!compilation.hasErrors)
        let file = try #require(compilation.files.first)
        let figures = SVGBackend.pageFigures(of: file)
        #expect(figures.map(\.fileName) == ["File.svg", "list.svg", "File-2.svg", "Prefs.svg"])
        let site = MarkdownBackend.Site(files: compilation.files, imports: compilation.workspace.imports, pages: [file.source.id: "notes.md"])
        let page = MarkdownBackend.render(file, files: { compilation.workspace.file($0) }, site: site)
        let linked = page.split(separator: "\n").filter { $0.hasPrefix("![") }.compactMap { line in
            line.split(separator: "(").last.map { String($0.dropLast()) }
        }
        #expect(Set(linked) == Set(figures.map { "notes/" + $0.fileName }), "\(linked)")
        // Each in the look the documentation shows: the context menu on iOS, the rest on macOS.
        for (figure, picture) in zip(figures, SVGBackend.pictures(of: file)) {
            var bytes: [UInt8] = []
            figure.write { bytes += $0 }
            #expect(bytes == SVGBackend.render(picture, family: SVGBackend.family(for: picture, in: file)))
        }
        var streamed: [UInt8] = []
        let count = CompilerStages.emit(.pictures, of: compilation) { streamed += $0 }
        var written: [UInt8] = []
        for figure in figures { figure.write { written += $0 } }
        #expect(count == written.count && streamed == written)
    }
}
