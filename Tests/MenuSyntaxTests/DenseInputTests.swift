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
        #expect(MemoryLayout<ElementNode>.stride == 32)
        #expect(MemoryLayout<BodyNode>.stride == 16)
        #expect(MemoryLayout<PropertyNode>.stride == 16)
        #expect(MemoryLayout<ValueNode>.stride == 16)
        #expect(MemoryLayout<MemberRef>.stride == 4)
    }
}
