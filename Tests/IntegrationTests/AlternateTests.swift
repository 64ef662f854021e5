import Foundation
import MenuModel
import Testing
@testable import MenuSupport
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
@testable import MenuRules
@testable import MenuBackends
@testable import MenuFormatter
@testable import MenuCompiler
@testable import MenuLanguageServer
import MenuTestSupport
import CompilerTestSupport
@testable import LanguageServerTestSupport

/// `alternate: true`: an item shown in place of the one before it while
/// modifiers are held (macOS). Checked after splicing, at the property.
struct AlternateTests {
    static func compile(_ body: String, platforms: String = "macOS 14") -> Compilation {
        TestSupport.compile("platforms \(platforms)\nmenu File \"File\" {\n\(body)}\n")
    }

    static func summary(_ body: String, platforms: String = "macOS 14") -> [String] {
        let compilation = compile(body, platforms: platforms)
        return zip(TestSupport.summary(compilation), compilation.diagnostics).map { "\($0) \($1.message)" }
    }

    @Test func validAlternatesCompile() {
        // A run of two after its item; a pair without shortcuts (shown with ⌥); a toggle replaced; the item spliced in by `use`.
        let compilation = TestSupport.compile("""
            platforms macOS 14
            menu Shared "Shared" { item close "Close" { shortcut: "cmd+w" } }
            menu File "File" {
              item close "Close" { shortcut: "cmd+w" }
              item closeAll "Close All" { shortcut: "option+cmd+w"; alternate: true }
              item closeOthers "Close Others" { shortcut: "ctrl+option+cmd+w"; alternate: true }
              item about "About"
              item info "System Information…" { alternate: true }
              toggle ruler { on: "Hide Ruler"; off: "Show Ruler"; shortcut: "cmd+r" }
              item rulers "Show All Rulers" { shortcut: "option+cmd+r"; alternate: true }
            }
            menu Window "Window" {
              use Shared
              item closeAll "Close All" { shortcut: "option+cmd+w"; alternate: true }
            }
            """)
        #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics.map(\.message))")
        // Without platforms, the defaults include macOS.
        #expect(TestSupport.compile("menu M \"M\" {\n  item a \"A\"\n  item b \"B\" { alternate: true }\n}").diagnostics.isEmpty)
        // `alternate: false` says what the default says, anywhere.
        #expect(Self.compile("  item a \"A\" { alternate: false }\n").diagnostics.isEmpty)
    }

    @Test func anAlternateNeedsAnItemBeforeItInItsSection() {
        #expect(Self.summary("  item a \"A\" { alternate: true }\n") == [
            "3:27: invalid-value item 'A' is an alternate, so it replaces the item before it, but it is first in its menu",
        ])
        #expect(Self.summary("  item a \"A\"\n  section {\n    item b \"B\" { alternate: true }\n  }\n") == [
            "5:29: invalid-value item 'B' is an alternate, so it replaces the item before it, but it is first in its section",
        ])
        let afterSubmenu = Self.compile("  submenu s \"S\" { item x \"X\" }\n  item b \"B\" { alternate: true }\n")
        #expect(afterSubmenu.diagnostics.map(\.message) == ["item 'B' is an alternate, so it replaces the item before it, but it follows submenu 'S'"])
        #expect(afterSubmenu.diagnostics.first?.secondary.map(\.label) == ["the item it replaces"])
    }

    @Test func anAlternateHasTheKeyOfTheItemItReplacesWithOtherModifiers() {
        #expect(Self.summary("  item a \"A\" { shortcut: \"cmd+w\" }\n  item b \"B\" { shortcut: \"option+cmd+q\"; alternate: true }\n") == [
            "4:53: invalid-value item 'B' is an alternate of item 'A', so it needs the key of ⌘W, but it has ⌥⌘Q",
        ])
        #expect(Self.summary("  item a \"A\" { shortcut: \"cmd+w\" }\n  item b \"B\" { alternate: true }\n") == [
            "4:27: invalid-value item 'B' is an alternate of item 'A', which has ⌘W, but it has no shortcut",
        ])
        #expect(Self.compile("  item a \"A\" { shortcut: \"cmd+w\" }\n  item b \"B\" { alternate: true }\n").diagnostics.first?.help
                == "give it the same key with other modifiers, e.g. \"option+cmd+w\"")
        #expect(Self.summary("  item a \"A\"\n  item b \"B\" { shortcut: \"cmd+k\"; alternate: true }\n") == [
            "4:46: invalid-value item 'B' is an alternate of item 'A', which has no shortcut, but it has ⌘K",
        ])
        // The same modifiers as the item replaced, or as an earlier alternate of the run.
        #expect(Self.summary("  item a \"A\" { shortcut: \"cmd+w\" }\n  item b \"B\" { shortcut: \"⌘W\"; alternate: true }\n") == [
            "4:45: invalid-value item 'B' is an alternate with the same shortcut ⌘W as item 'A'",
        ])
        #expect(Self.summary("""
              item a "A" { shortcut: "cmd+w" }
              item b "B" { shortcut: "option+cmd+w"; alternate: true }
              item c "C" { shortcut: "⌥⌘W"; alternate: true }

            """) == ["5:48: invalid-value item 'C' is an alternate with the same shortcut ⌥⌘W as item 'B'"])
    }

    @Test func alternatesAreMacOSOnly() {
        #expect(Self.summary("  item a \"A\"\n  item b \"B\" { alternate: true }\n", platforms: "iOS 17, iPadOS 17") == [
            "4:27: invalid-value item 'B' is an alternate, which only macOS menus have, and this file's platforms leave out macOS",
        ])
    }

    @Test func onlyItemsTakeIt() {
        let compilation = TestSupport.compile("menu M \"M\" {\n  submenu s \"S\" { alternate: true }\n}\nbutton b \"B\" { alternate: true }\n")
        #expect(TestSupport.summary(compilation) == ["2:19: unknown-property", "4:16: unknown-property"])
        #expect(compilation.diagnostics.allSatisfy { $0.notes == ["'alternate' is a property of item"] })
    }

    @Test func theDefaultIsExplicitAndTheModelSaysIt() throws {
        let compilation = TestSupport.compile("platforms macOS\nmenu M \"M\" {\n  item a \"A\"\n  item b \"B\" { alternate: true }\n}\n")
        let items = compilation.files[0].declarations[0].children
        #expect(items[0].property("alternate")?.value == .bool(false) && items[0].property("alternate")?.isExplicit == false)
        #expect(items[1].bool("alternate") == true)
        let json = JSONBackend.render(compilation.files[0], files: { compilation.workspace.file($0) })
        let document = try MenuDocument(jsonData: Data(json.utf8))
        #expect(document[path: "M/a"]?.item?.isAlternate == false)
        #expect(document[path: "M/b"]?.item?.isAlternate == true)
    }

    @Test func markdownNamesTheItemReplacedAndTheModifiers() throws {
        let page = try MarkdownBackendTests.render("""
            platforms macOS 14
            menu File "File" {
              item close "Close" { shortcut: "cmd+w" }
              item closeAll "Close All" { shortcut: "option+cmd+w"; alternate: true }
              item closeOthers "Close <Others>" { shortcut: "ctrl+option+cmd+w"; alternate: true }
              item about "About *Me*"
              item info "System Information…" { alternate: true }
            }
            """)
        #expect(page.contains("| Close All — alternate of Close (⌥) | ⌥⌘W |"))
        #expect(page.contains("| Close &lt;Others&gt; — alternate of Close (⌃⌥) | ⌃⌥⌘W |"))
        #expect(page.contains("| System Information… — alternate of About \\*Me\\* (⌥) |"))
        #expect(page.contains("| Close | ⌘W |"))
    }

    @Test func editorsCompleteAndExplainIt() throws {
        #expect(LanguageServerProbe.completions("menu File \"File\" {\n  item a \"A\" { al| }\n}\n").contains("alternate"))
        #expect(!LanguageServerProbe.completions("menu File \"File\" {\n  submenu s \"S\" { al| }\n}\n").contains("alternate"))
        let property = try #require(LanguageServerProbe.hover("menu File \"File\" {\n  item a \"A\"\n  item b \"B\" { alter|nate: true }\n}\n"))
        #expect(property.contains("**alternate**") && property.contains("Option"))
        let element = try #require(LanguageServerProbe.hover("menu File \"File\" {\n  it|em a \"A\"\n}\n"))
        #expect(element.contains("`alternate: false` — default"))
    }
}
