import Testing
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
import SemanticsTestSupport

/// The rules' one walker: `file.walk(kinds…)` visits what walking every
/// element and keeping those kinds visits, in the same order, each with
/// its own ancestors.
@Suite("Checked file walk")
struct CheckedFileWalkTests {
    private static let text = """
        menu Shared "Shared" {
          item copy "Copy"
          item paste "Paste"
        }
        menubar {
          menu file "File" {
            item open "Open"
            section {
              item close "Close"
              submenu recent "Open Recent" {
                item clear "Clear Menu"
              }
            }
            use Shared
          }
        }
        view Editor "Editor" {
          toolbar {
            button save "Save" { action: save }
            pulldown more "More" {
              item share "Share"
            }
          }
        }
        """

    private static func file() throws -> CheckedFile {
        let compilation = CheckedText(text, displayPath: "walk.menu")
        #expect(!compilation.hasErrors, "\(compilation.diagnostics.map(\.message))")
        return try #require(compilation.file)
    }

    /// Depth first, in source order, spliced copies where they are spliced.
    @Test func visitsEveryElementDepthFirstInSourceOrder() throws {
        let file = try Self.file()
        let walked = file.walk().map(\.element.path)
        #expect(walked == [
            "Shared", "Shared/copy", "Shared/paste",
            "menubar", "menubar/file", "menubar/file/open", "menubar/file/section",
            "menubar/file/close", "menubar/file/recent", "menubar/file/recent/clear",
            "menubar/file/copy", "menubar/file/paste",
            "Editor", "Editor/toolbar", "Editor/save", "Editor/more", "Editor/more/share",
        ])
        #expect(walked.count == file.elementCount)
        #expect(file.walk().underestimatedCount == file.elementCount)
        #expect(file.walk().filter(\.element.isSpliced).map(\.element.path) == ["menubar/file/copy", "menubar/file/paste"])
    }

    @Test func eachElementComesWithItsAncestorsOutermostFirst() throws {
        let file = try Self.file()
        var visited = 0
        for (element, ancestors) in file.walk() {
            var chain: [Element] = []
            var parent = element.parent
            while let next = parent {
                chain.insert(next, at: 0)
                parent = next.parent
            }
            #expect(Array(ancestors) == chain, "\(element.path)")
            #expect(ancestors.last == element.parent)
            visited += 1
        }
        #expect(visited == file.elementCount)
        let clear = try #require(file.walk(.item).first { $0.element.id == "clear" })
        #expect(clear.ancestors.map(\.id) == ["menubar", "file", "section", "recent"])
    }

    @Test func namedKindsVisitWhatTheWholeWalkHoldsOfThem() throws {
        let file = try Self.file()
        let all = file.walk().map(\.element)
        func kept(_ kinds: Set<ElementKind>) -> [Element] { all.filter { kinds.contains($0.kind) } }
        #expect(file.walk(.item).map(\.element) == kept([.item]))
        #expect(file.walk(.submenu, .item).map(\.element) == kept([.item, .submenu]))
        #expect(file.walk(.button, .pulldown, .toolbar).map(\.element) == kept([.button, .pulldown, .toolbar]))
        #expect(file.walk(.menu, .menu).map(\.element) == kept([.menu]))
        #expect(file.walk(.popup).map(\.element).isEmpty)
        #expect(file.walk(.item).underestimatedCount == kept([.item]).count)
        // A record test keeps the walk's order and ancestors.
        let written = file.walk(.item).matching { !$0.isSpliced }
        #expect(written.map(\.element) == kept([.item]).filter { !$0.isSpliced })
        #expect(file.walk().matching { $0.kind == .item && $0.isSpliced }.map(\.element.path) == ["menubar/file/copy", "menubar/file/paste"])
        #expect(file.walk(.item).matching { _ in true }.map(\.ancestors.count) == file.walk(.item).map(\.ancestors.count))
        #expect(file.walk(.item).matching { _ in false }.map(\.element).isEmpty)
        // A walk is a value: iterated twice, it visits the same elements.
        let items = file.walk(.item)
        #expect(Array(items).map(\.element) == Array(items).map(\.element))
    }
}
