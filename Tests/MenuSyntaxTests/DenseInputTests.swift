import Testing
@_spi(MenuPipeline) @testable import MenuSyntax

/// Files of millions of small things are parsed in memory proportional to
/// their size (`menuc-bench --shapes` measures 50 MB of each): the syntax
/// tree's nodes stay small. What is past a file's listed errors is
/// counted, not built: `DenseInputTests` of the driver's tests
/// (MenuCompilerTests) and of MenuSemanticsTests.
struct DenseInputTests {
    /// A file can be nothing but elements, or nothing but properties: their
    /// nodes stay this small (a body, which one-line elements lack, is kept
    /// aside).
    @Test func nodesStayCompact() {
        #expect(MemoryLayout<ElementNode>.stride == 24)
        #expect(MemoryLayout<BodyNode>.stride == 16)
        #expect(MemoryLayout<PropertyNode>.stride == 16)
        #expect(MemoryLayout<ValueNode>.stride == 16)
        #expect(MemoryLayout<MemberRef>.stride == 4)
    }

    /// An element's identifier is at most 65,535 bytes (its node keeps the
    /// length in two): a longer one is a located error, and the element is
    /// read on without it.
    @Test func anIdentifierLongerThanANodeHoldsIsAnError() {
        for length in [ElementNode.maximumNameLength, ElementNode.maximumNameLength + 1] {
            let name = String(repeating: "a", count: length)
            let text = "menu \(name) \"Edit\" { item copy \"Copy\" }\n"
            let file = SourceFile(id: FileID(0), displayPath: "long.menu", absolutePath: "", bytes: Array(text.utf8))
            let parsed = Parser.parse(file)
            let tree = parsed.syntax.tree
            let fits = length <= ElementNode.maximumNameLength
            #expect(parsed.diagnostics.map(\.message) == (fits ? [] : ["identifier is longer than 65535 bytes"]))
            #expect(tree.elements.map { tree.text($0.name).utf8.count } == [fits ? name.utf8.count : 0, 4])
            #expect(tree.elements.map { $0.hasLabel ? tree.stringValue($0.label) : "-" } == ["Edit", "Copy"])
            #expect(parsed.diagnostics.first.map { $0.primary.span.start } ?? 5 == 5)
        }
    }

    /// An element keeps its label without the index of its decoded value:
    /// a label with escapes finds it by where it starts, among values with
    /// escapes and labels without, and closed or not reads as before.
    @Test func labelsWithEscapesReadTheirDecodedValues() {
        let text = #"""
            menu m "A\"B" {
              item "C\\D" { subtitle: "E\"F" }
              item x "plain"
              item y "G\"H"
            }
            menu n "open
            """#
        let file = SourceFile(id: FileID(0), displayPath: "labels.menu", absolutePath: "", bytes: Array(text.utf8))
        let tree = Parser.parse(file).syntax.tree
        #expect(tree.elements.map { $0.hasLabel ? tree.stringValue($0.label) : "-" } == ["A\"B", "C\\D", "plain", "G\"H", "open"])
        #expect(tree.elements.map { $0.label.hasEscapes } == [true, true, false, true, false])
        #expect(tree.elements.map { $0.label.content.count } == [5, 5, 5, 5, 4])
        let subtitle = tree.values[Int(tree.properties[0].value)]
        #expect(tree.stringValue(subtitle.string) == "E\"F")
    }
}
