import Testing
@testable import MenuSyntax

/// A diagnostic keeps the parts most findings lack (secondary places, notes,
/// fix-its, the unnecessary mark, a count stood for) apart, and its
/// citation by reference; neither may show: diagnostics are values that
/// compare, hash and change as their parts say.
struct DiagnosticValueTests {
    static let span = Span(file: FileID(0), start: 4, end: 9)
    static let citation = GuidelineCitation(file: "menus.md", section: "Menus", url: "https://example.com/menus")

    static func plain() -> Diagnostic {
        Diagnostic(id: "empty-menu", severity: .error, message: "menu 'File' has no items", primary: LabeledSpan(span, "empty"),
                   help: "list its items, or remove it", guideline: citation, elementPath: "File")
    }

    @Test func aPartSetAndClearedLeavesTheDiagnosticItWas() {
        let plain = Self.plain()
        var changed = plain
        changed.notes = ["a note"]
        changed.secondary = [LabeledSpan(Self.span, "here")]
        changed.fixIts = [FixIt(message: "remove it", edits: [TextEdit(span: Self.span, replacement: "")])]
        changed.isUnnecessary = true
        changed.standsFor = DiagnosticCounts(errors: 2)
        #expect(changed != plain)
        #expect(changed.notes == ["a note"])
        #expect(changed.secondary.map(\.label) == ["here"])
        #expect(changed.fixIts.map(\.message) == ["remove it"])
        #expect(changed.isUnnecessary)
        #expect(changed.standsFor == DiagnosticCounts(errors: 2))
        changed.notes = []
        changed.secondary = []
        changed.fixIts = []
        changed.isUnnecessary = false
        changed.standsFor = nil
        #expect(changed == plain)
        #expect(Set([changed, plain]).count == 1)
    }

    @Test func eachPartTellsDiagnosticsApart() {
        let plain = Self.plain()
        let changes: [(inout Diagnostic) -> Void] = [
            { $0.notes = ["n"] }, { $0.secondary = [LabeledSpan(Self.span, "s")] },
            { $0.fixIts = [FixIt(message: "f", edits: [])] }, { $0.isUnnecessary = true },
            { $0.standsFor = DiagnosticCounts(warnings: 1) }, { $0.help = nil }, { $0.elementPath = nil }, { $0.guideline = nil },
            { $0.guideline?.section = "Pop-up buttons" }, { $0.severity = .warning },
        ]
        var seen: Set<Diagnostic> = [plain]
        for change in changes.indices {
            var changed = plain
            changes[change](&changed)
            #expect(changed != plain, "change \(change)")
            seen.insert(changed)
        }
        #expect(seen.count == changes.count + 1)
    }

    @Test func aCitationChangedInOneCopyStaysInTheOther() {
        var copy = Self.citation
        copy.section = "Pop-up buttons"
        copy.url += "#pop-up"
        #expect(Self.citation.section == "Menus")
        #expect(Self.citation.url == "https://example.com/menus")
        #expect(copy.section == "Pop-up buttons" && copy.file == "menus.md" && copy.url == "https://example.com/menus#pop-up")
        // Equal by their texts, however made.
        #expect(GuidelineCitation(file: "menus.md", section: "Menus", url: "https://example.com/menus") == Self.citation)
        #expect(Set([GuidelineCitation(file: "menus.md", section: "Menus", url: "https://example.com/menus"), Self.citation]).count == 1)
    }
}
