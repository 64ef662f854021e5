import Foundation
import Testing
@testable import MenuSupport
@testable import MenuSyntax
@testable import MenuFormatter
import MenuTestSupport
import FormatterTestSupport

/// `menuc fmt`: the canonical layout, comments kept where they were, and
/// the unified diffs of `fmt --check`. Unchanged meaning over every sample,
/// fixture and mutation is `FormatterMeaningTests` (it compiles both sides),
/// the command line `FormatCommandTests`.
struct FormatterTests {
    /// The formatted text; records a failure (and returns the input) when
    /// the formatter refuses.
    static func format(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
        FormatterProbe.format(text, sourceLocation: sourceLocation)
    }

    // MARK: - Layout

    @Test func canonicalLayout() {
        let input = """
            platforms   iOS 17,macOS 14
            import "shared/edit.menu"
            menu Edit "Edit"
            {
            \titem undo "Undo" {shortcut:"cmd+z"}; item redo "Redo" {
                    shortcut : "cmd+shift+z"
               }
            section {item a "A"
            item b "B" {}}


            use Other
            }
            menubar { use Edit }
            """
        let expected = """
            platforms iOS 17, macOS 14
            import "shared/edit.menu"

            menu Edit "Edit" {
              item undo "Undo" { shortcut: "cmd+z" }
              item redo "Redo" { shortcut: "cmd+shift+z" }
              section {
                item a "A"
                item b "B" {}
              }

              use Other
            }

            menubar {
              use Edit
            }

            """
        #expect(Self.format(input) == expected)
    }

    @Test func oneLineBodiesFitTheWidth() {
        let short = "menu M \"M\" {\n  item a \"A\" {\n    symbol: \"a\"\n    action: go\n  }\n}\n"
        #expect(Self.format(short) == "menu M \"M\" {\n  item a \"A\" { symbol: \"a\"; action: go }\n}\n")
        // 100 columns exactly fit; 101 do not.
        let label = String(repeating: "x", count: 100 - "  item a \"\" { action: go }".count)
        let fits = "menu M \"M\" {\n  item a \"\(label)\" { action: go }\n}\n"
        #expect(Self.format(fits) == fits)
        let tooWide = "menu M \"M\" {\n  item a \"\(label)x\" { action: go }\n}\n"
        #expect(Self.format(tooWide) == "menu M \"M\" {\n  item a \"\(label)x\" {\n    action: go\n  }\n}\n")
        // Width counts display columns: an emoji takes two.
        let wide = "menu M \"M\" {\n  item a \"\(label.dropLast())📁\" { action: go }\n}\n"
        #expect(Self.format(wide).contains("{\n    action: go"))
        // Bodies with elements are never on one line.
        #expect(Self.format("section { item a \"A\" }") == "section {\n  item a \"A\"\n}\n")
    }

    @Test func textIsReproducedExactly() {
        let input = "view V \"Tap \\\"Done\\\" \\u{1F600}\\t…\" { width: -4; height: 10.50; padding: 0044 }\n@allow(label-title-case, x-2) button b \"b\"\n"
        let expected = "view V \"Tap \\\"Done\\\" \\u{1F600}\\t…\" { width: -4; height: 10.50; padding: 0044 }\n\n@allow(label-title-case, x-2)\nbutton b \"b\"\n"
        #expect(Self.format(input) == expected)
    }

    @Test func blankLinesAreKeptCollapsedAndNotAtBodyEdges() {
        let input = "menu M \"M\" {\n\n\n  item a \"A\"\n\n\n\n  item b \"B\"\n\n}\n\n\n\nmenu N \"N\"\n"
        #expect(Self.format(input) == "menu M \"M\" {\n  item a \"A\"\n\n  item b \"B\"\n}\n\nmenu N \"N\"\n")
    }

    @Test func lineBreaksAndByteOrderMarkAreNormalized() {
        let input = "\u{FEFF}menu M \"M\" {\r\n  item a \"A\" /* one\r\n  two */\r\n}\r\n"
        #expect(Self.format(input) == "menu M \"M\" {\n  item a \"A\" /* one\n  two */\n}\n")
    }

    // MARK: - Comments

    @Test func trailingCommentsStayTrailing() {
        let input = """
            platforms macOS 14 // the Mac only
            menu M "M" { // the menu
              item a "A" { action: go } // after a body
              item b "B"; /* after a semicolon */ // and more
              action: x // after a property
            } // after the brace

            """
        let expected = """
            platforms macOS 14 // the Mac only

            menu M "M" { // the menu
              item a "A" { action: go } // after a body
              item b "B" /* after a semicolon */ // and more
              action: x // after a property
            } // after the brace

            """
        #expect(Self.format(input) == expected)
    }

    @Test func ownLineCommentsTakeTheIndentation() {
        let input = """
            // first
            menu M "M" {
            // about a
                    item a "A"
                 /* block */
            item b "B" {
            // inside b
            }
              // before the brace
            }
            // last
            """
        let expected = """
            // first
            menu M "M" {
              // about a
              item a "A"
              /* block */
              item b "B" {
                // inside b
              }
              // before the brace
            }
            // last

            """
        #expect(Self.format(input) == expected)
    }

    @Test func commentsInsideStatementsSurvive() {
        // A comment inside a header, a property, a directive or an attribute
        // stays where it is; one in a would-be one-line body expands it.
        let input = """
            platforms iOS /* min */ 17, macOS 14
            @allow(/* why */ label-title-case)
            menu /* kind */ M /* id */ "M" {
              item a "A" { action /* name */ : /* value */ go }
              item b "B" { action: go /* why */ }
              use /* target */ Other
            }

            """
        let expected = """
            platforms iOS /* min */ 17, macOS 14

            @allow(/* why */ label-title-case)
            menu /* kind */ M /* id */ "M" {
              item a "A" {
                action /* name */: /* value */ go
              }
              item b "B" {
                action: go /* why */
              }
              use /* target */ Other
            }

            """
        #expect(Self.format(input) == expected)
    }

    @Test func listsWithCommentsGoOneValuePerLine() {
        let input = "item a \"A\" { tags: [one, // first\n two /* second */, [three, /* inner */ four]] }\n"
        let expected = """
            item a "A" {
              tags: [
                one, // first
                two, /* second */
                [
                  three, /* inner */
                  four
                ]
              ]
            }

            """
        #expect(Self.format(input) == expected)
        #expect(Self.format("item a \"A\" { tags: [\n  one,\n  two\n] }") == "item a \"A\" { tags: [one, two] }\n")
    }

    @Test func commentsBetweenHeaderAndBrace() {
        let input = "menu M \"M\" /* a */ // b\n/* c */\n{ /* d */\n  item x \"X\"\n}\n"
        let expected = "menu M \"M\" { /* a */ // b\n  /* c */\n  /* d */\n  item x \"X\"\n}\n"
        #expect(Self.format(input) == expected)
    }

    @Test func filesWithSyntaxErrorsAreRefused() throws {
        for input in ["menu M \"M\" {", "menu M \"M\" { item a \"A }", "action: go", "menu M \"M\" { item a \"A\" { shortcut \"x\" } }"] {
            guard case .failure(let failure) = MenuFormatter.format(input) else {
                Issue.record("formatted \(input.debugDescription) despite its syntax errors")
                continue
            }
            #expect(!failure.diagnostics.isEmpty && failure.diagnostics.allSatisfy { $0.severity == .error })
        }
        // Other language errors are not the formatter's business.
        #expect((try? MenuFormatter.format("menu M \"M\" { item a \"A\" { colour: red } }").get()) == "menu M \"M\" {\n  item a \"A\" { colour: red }\n}\n")
    }

    // MARK: - Unified diff

    @Test func unifiedDiffMatchesDiffU() throws {
        let old = (1...30).map { "line \($0)" }.joined(separator: "\n") + "\n"
        var newLines = (1...30).map { "line \($0)" }
        newLines[0] = "first"
        newLines.remove(at: 10)
        newLines.insert("inserted", at: 20)
        newLines.append("last")
        let new = newLines.joined(separator: "\n") + "\n"
        let ours = UnifiedDiff.render(old: old, new: new, oldName: "a", newName: "b")
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try TestSupport.write(old, to: directory.appendingPathComponent("a"))
        try TestSupport.write(new, to: directory.appendingPathComponent("b"))
        let theirs = try Subprocess.run("/usr/bin/diff", ["-u", "a", "b"], directory: directory)
        // diff -u puts timestamps in its header; compare the hunks.
        let hunks = { (text: String) in text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2).joined(separator: "\n") }
        #expect(hunks(ours) == hunks(theirs.output))
        #expect(UnifiedDiff.render(old: old, new: old, oldName: "a", newName: "b") == "")
    }

    /// Applies an edit script to `a`; it must account for every line of both.
    static func apply(_ script: [UnifiedDiff.Edit], to a: [String], giving b: [String]) -> [String] {
        var result: [String] = []
        var oldIndex = 0
        for edit in script {
            switch edit.kind {
            case .same:
                #expect(a[edit.oldIndex] == b[edit.newIndex])
                result.append(a[edit.oldIndex])
                oldIndex = edit.oldIndex + 1
            case .delete:
                #expect(edit.oldIndex == oldIndex)
                oldIndex += 1
            case .insert:
                result.append(b[edit.newIndex])
            }
        }
        #expect(oldIndex == a.count)
        return result
    }

    /// Fewest changed lines, by dynamic programming: the oracle for small inputs.
    static func editDistance(_ a: [String], _ b: [String]) -> Int {
        var row = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var next = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...max(1, b.count) where !b.isEmpty {
                next[j] = a[i - 1] == b[j - 1] ? row[j - 1] : min(row[j], next[j - 1]) + 1
            }
            row = next
        }
        return a.isEmpty ? b.count : row[b.count]
    }

    @Test func editScriptsAreShortestAndComplete() {
        var random = SeededGenerator(state: 7)
        for _ in 0..<2_000 {
            let a = (0..<Int.random(in: 0...12, using: &random)).map { _ in ["x", "y", "z", "w"].randomElement(using: &random)! }
            let b = (0..<Int.random(in: 0...12, using: &random)).map { _ in ["x", "y", "z", "w"].randomElement(using: &random)! }
            let script = UnifiedDiff.editScript(a, b)
            #expect(Self.apply(script, to: a, giving: b) == b, "\(a) → \(b)")
            #expect(script.filter { $0.kind != .same }.count == Self.editDistance(a, b), "\(a) → \(b)")
        }
    }

    /// Past `maximumEdits` changed lines the middle is replaced whole: a
    /// reindented file of 20,000 lines took 18 GB and minutes to diff.
    @Test func diffsOfWhollyChangedFilesStayCheapAndApply() throws {
        let old = (0..<20_000).map { "      item a\($0) \"A\"" }
        let new = old.map { "  " + $0.drop { $0 == " " } }
        let script = UnifiedDiff.editScript(old, new)
        #expect(Self.apply(script, to: old, giving: new) == new)
        // The kept start and end lines are still found around the change.
        let framed = ["menu M {"] + old + ["}"]
        let reframed = ["menu M {"] + new + ["}"]
        let framedScript = UnifiedDiff.editScript(framed, reframed)
        #expect(framedScript.first?.kind == .same)
        #expect(framedScript.last?.kind == .same)
        // And `patch` applies the rendered diff.
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let oldText = framed.joined(separator: "\n") + "\n"
        let newText = reframed.joined(separator: "\n") + "\n"
        try TestSupport.write(oldText, to: directory.appendingPathComponent("f.menu"))
        try TestSupport.write(UnifiedDiff.render(old: oldText, new: newText, oldName: "f.menu", newName: "f.menu"), to: directory.appendingPathComponent("f.diff"))
        let patched = try Subprocess.run("/usr/bin/patch", ["f.menu", "f.diff"], directory: directory)
        #expect(patched.status == 0, "\(patched.output)")
        #expect(try String(contentsOf: directory.appendingPathComponent("f.menu"), encoding: .utf8) == newText)
    }
}
