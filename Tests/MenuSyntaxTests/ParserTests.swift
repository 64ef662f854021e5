import Testing
@testable import MenuSupport
@testable import MenuSyntax

struct ParserTests {
    func parse(_ text: String) -> Parser.Result {
        Parser.parse(SourceFile(id: FileID(0), displayPath: "t.menu", text: text))
    }

    func positions(_ result: Parser.Result, _ text: String) -> [String] {
        let file = SourceFile(id: FileID(0), displayPath: "t.menu", text: text)
        return result.diagnostics.map { diagnostic in
            let position = file.position(of: diagnostic.span.start)
            return "\(position.line):\(position.column) \(diagnostic.message)"
        }
    }

    @Test func specExampleParses() throws {
        let text = """
            /// Menus of Notes.
            platforms iOS 17, iPadOS 17, macOS 14.2

            menu Edit "Edit" {
              section { item undo "Undo" { shortcut: "cmd+z" } }
            }
            @allow(label-title-case, menu-too-long)
            menu File "file" { item a "A"; item b "B" }
            """
        let result = parse(text)
        #expect(result.diagnostics.isEmpty)
        let syntax = result.syntax
        #expect(syntax.doc?.text == "Menus of Notes.")
        #expect(syntax.platforms?.entries.map(\.name.text) == ["iOS", "iPadOS", "macOS"])
        #expect(syntax.platforms?.entries.last?.version?.text == "14.2")
        #expect(syntax.elements.count == 2)
        #expect(syntax.elements[1].attributes.first?.ruleIDs.map(\.text) == ["label-title-case", "menu-too-long"])
        #expect(syntax.elements[1].body?.members.count == 2)
    }

    @Test func docCommentAttachesToTheNextElement() {
        let result = parse("menu A \"A\" {\n  /// Copies.\n  /// Twice.\n  item copy \"Copy\"\n  item paste \"Paste\"\n}")
        guard case .element(let menu) = MemberSyntax.element(result.syntax.elements[0]),
              case .element(let copy) = menu.body?.members[0], case .element(let paste) = menu.body?.members[1] else {
            Issue.record("unexpected shape")
            return
        }
        #expect(copy.doc?.text == "Copies.\nTwice.")
        #expect(paste.doc == nil)
        #expect(result.syntax.doc == nil)
    }

    /// Each line is appended to the doc in place (a new text per line made
    /// 100,000 lines take a minute): every line is kept, in order.
    @Test func aLongDocCommentKeepsEveryLine() {
        let lines = (0..<20_000).map { "line \($0)" }
        let result = parse(lines.map { "/// \($0)\n" }.joined() + "menu M \"M\" { item a \"A\" }")
        #expect(result.syntax.elements.first?.doc?.text == lines.joined(separator: "\n"))
    }

    @Test func aBlankLineSeparatesTheFileDocFromTheFirstElementsDoc() {
        let result = parse("/// The file.\n/// Still the file.\n\n/// The menu.\nmenu M \"M\" {\n  /// Dropped: a blank line follows.\n\n  /// The item.\n  item a \"A\"\n}")
        #expect(result.syntax.doc?.text == "The file.\nStill the file.")
        #expect(result.syntax.elements.first?.doc?.text == "The menu.")
        guard case .element(let item)? = result.syntax.elements.first?.body?.members.first else {
            Issue.record("no item")
            return
        }
        #expect(item.doc?.text == "The item.")
    }

    @Test func missingColonSuggestsAFix() {
        let text = "menu A \"A\" {\n  item n \"New\" { shortcut \"cmd+n\" }\n}"
        let result = parse(text)
        #expect(positions(result, text) == ["2:26 expected ':' after property name 'shortcut'"])
        #expect(result.diagnostics[0].fixIts.first?.edits.first?.replacement == ":")
    }

    @Test func oneMissingBraceIsOneErrorAtTheRightPlace() {
        let text = """
            menu Edit "Edit" {
              item copy "Copy" { shortcut: "cmd+c"
              item paste "Paste"
            }
            menu File "File" {
              item close "Close"
            }
            """
        let result = parse(text)
        #expect(result.diagnostics.count == 1)
        #expect(positions(result, text) == ["3:3 expected '}' to close the body of item 'copy'"])
        #expect(result.diagnostics[0].secondary.map(\.label) == ["this '{' is never closed"])
        #expect(result.diagnostics[0].secondary[0].span.start == 38)
        #expect(result.syntax.elements.count == 2)
    }

    @Test func unclosedAtEndOfFilePointsAtTheOpeningBrace() {
        let text = "menu Edit \"Edit\" {\nitem copy \"Copy\""
        let result = parse(text)
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics[0].message == "expected '}' to close the body of menu 'Edit', found end of file")
        #expect(result.diagnostics[0].secondary.first?.span.start == 17)
    }

    @Test func independentErrorsAreAllReported() {
        let text = """
            menu A "A" {
              item a "A" { shortcut "cmd+a" }
              item b "B" { role: }
              itme c "C"
              item d "D" { symbol: "x" extra }
            }
            }
            """
        let result = parse(text)
        #expect(positions(result, text) == [
            "2:24 expected ':' after property name 'shortcut'",
            "3:22 expected a value after 'role:', found '}'",
            "4:3 unknown element kind 'itme'; did you mean 'item'?",
            "5:28 expected ';' or a line break after the value of 'symbol', found 'extra'",
            "7:1 unexpected '}' with no matching '{'",
        ])
    }

    @Test func identifierAfterLabelIsExplained() {
        let result = parse("menu A \"A\" { item \"Copy\" copy }")
        #expect(result.diagnostics.map(\.message) == ["the identifier 'copy' must come before the label"])
    }

    @Test func attributesNeedAKnownNameAndAnElement() {
        #expect(parse("@deprecated menu A \"A\" { item a \"A\" }").diagnostics.map(\.message)
            == ["unknown attribute '@deprecated'; the only attribute is @allow(rule-id, …)"])
        #expect(parse("menu A \"A\" { @allow(x) shortcut: \"cmd+a\" }").diagnostics.map(\.message)
            == ["@allow applies to elements, not properties"])
        #expect(parse("@allow() menu A \"A\" {}").diagnostics.map(\.message) == ["@allow needs at least one rule id"])
    }

    @Test func listsAndNegativeNumbersParse() {
        let result = parse("button b \"B\" { width: -4; tags: [a, \"b\", 3] }")
        #expect(result.diagnostics.isEmpty)
    }

    @Test func directivesMustComeFirst() {
        let result = parse("menu A \"A\" { item a \"A\" }\nplatforms iOS\nplatforms macOS")
        #expect(result.diagnostics.map(\.message) == [
            "'platforms' must come before the first element",
            "'platforms' must come before the first element",
            "'platforms' is declared twice",
        ])
    }

    @Test func nestingBeyondTheLimitIsOneErrorNotACrash() {
        let depth = 100_000
        let text = String(repeating: "submenu s \"S\" {\n", count: depth) + "item x \"X\"\n" + String(repeating: "}\n", count: depth)
        let result = parse(text)
        #expect(result.diagnostics.map(\.message) == ["elements nest more than \(Parser.maximumDepth) levels deep"])
    }

    @Test func unclosedDeepNestingIsReportedWithoutCrashing() {
        let text = String(repeating: "menu m \"M\" {", count: 100_000)
        let result = parse(text)
        #expect(!result.diagnostics.isEmpty)
        #expect(result.diagnostics.contains { $0.message.contains("nest more than") })
    }

    @Test func aMillionSiblingsParse() {
        var text = "menu Big \"Big\" {\n"
        text.reserveCapacity(20_000_000)
        for index in 0..<200_000 { text += "item i\(index) \"I\"\n" }
        text += "}\n"
        let result = parse(text)
        #expect(result.diagnostics.isEmpty)
        #expect(result.syntax.elements.first?.body?.members.count == 200_000)
    }
}
