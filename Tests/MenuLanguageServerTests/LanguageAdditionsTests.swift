import Foundation
import Testing
import MenuModel
@testable import MenuSupport
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
@testable import MenuRules
@testable import MenuBackends
@testable import MenuCompiler
@testable import MenuLanguageServer
import MenuTestSupport
import CompilerTestSupport

/// What shipping screens needed the language to say: shortcuts and the
/// preferred flag on buttons, action sheets, titled context menus, layouts
/// of pull-downs and sections, items that open views, accessibility names,
/// run-time content, subtitles on items, tap areas, undoable actions and
/// the globe modifier.
struct LanguageAdditionsTests {
    static let screen = """
        platforms iOS 17, iPadOS 17, macOS 14

        view Compose "New Post" {
          presentation: sheet
          button cancel "Cancel" { role: cancel; shortcut: "escape"; action: dismissCompose }
          button publish "Publish" { role: primary; shortcut: "cmd+return"; action: publishPost }
          pulldown attach { symbol: "plus"; accessibilityLabel: "Attach"; layout: medium; width: 48; height: 48; hitTarget: 48
            section { layout: small
              item photo "Photo" { symbol: "photo"; accessibilityLabel: "Add Photo"; action: addPhoto }
              item poll "Poll" { symbol: "chart.bar"; action: addPoll }
            }
            item drafts "Drafts" { subtitle: "3 saved"; opens: Drafts }
          }
          popup pipeline "Pipeline" { dynamic: true; default: auto; option auto "Automatic" { accessibilityLabel: "Automatic pipeline" } }
          pulldown trailers "Trailers" { dynamic: true; item latest "Play Latest Trailer" { action: playTrailer } }
          contextmenu link { title: "example.com"; item copyLink "Copy Link" { action: copyLink } }
        }
        view Drafts "Drafts" { presentation: sheet }
        view DeletePost "Delete Post?" {
          presentation: actionSheet
          button cancel "Cancel" { role: cancel; action: dismiss }
          button delete "Delete" { role: destructive; preferred: true; undoable: true; action: deletePost }
        }
        menu Window "Window" { item fill "Fill" { shortcut: "fn+ctrl+f"; action: fillWindow } }
        """

    static func document(_ text: String) throws -> MenuDocument {
        let compilation = TestSupport.compile(text)
        #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics.map(\.message))")
        let file = try #require(compilation.files.first)
        return try MenuDocument(jsonData: Data(JSONBackend.render(file, files: { compilation.workspace.file($0) }).utf8))
    }

    @Test func everyAdditionCompilesAndReachesTheModel() throws {
        let document = try Self.document(Self.screen)
        let publish = try #require(document[path: "Compose/publish"]?.button)
        #expect(publish.isPreferred && publish.shortcut?.canonical == "cmd+return")
        #expect(document[path: "Compose/cancel"]?.button?.shortcut?.display == "⎋")
        let delete = try #require(document[path: "DeletePost/delete"]?.button)
        #expect(delete.role == .destructive && delete.isPreferred && delete.isUndoable)
        #expect(document[path: "DeletePost/cancel"]?.button?.isPreferred == false)
        #expect(document[path: "DeletePost"]?.view?.presentation == .actionSheet)
        #expect(Presentation.actionSheet.isTemporary)
        let attach = try #require(document[path: "Compose/attach"]?.pulldown)
        #expect(attach.layout == .medium && attach.accessibilityLabel == "Attach" && attach.hitTarget == 48 && attach.width == 48)
        #expect(attach.isDynamic == false)
        let section = try #require(attach.element.sections.first?.section)
        #expect(section.layout == .small && section.header == nil)
        #expect(document[path: "Compose/attach/section/photo"]?.item?.accessibilityLabel == "Add Photo")
        let drafts = try #require(document[path: "Compose/attach/drafts"]?.item)
        #expect(drafts.subtitle == "3 saved" && drafts.opens == "Drafts")
        #expect(document[path: "Compose/pipeline"]?.popup?.isDynamic == true)
        #expect(document[path: "Compose/trailers"]?.pulldown?.isDynamic == true)
        #expect(document[path: "Compose/link"]?.menu?.title == "example.com")
        let fill = try #require(document[path: "Window/fill"]?.item?.shortcut)
        #expect(fill.canonical == "fn+ctrl+f" && fill.display == "🌐⌃F")
        #expect(fill.modifierFlags == [.function, .control] && KeyboardShortcut.ModifierFlags.function.rawValue == 1 << 23)
    }

    @Test func defaultsAreExplicit() throws {
        let document = try Self.document("""
            view V "V" { button b "Go" { action: go }; pulldown p "P" { item i "I" { action: i } }; popup q "Q" { default: o; option o "O" } }
            """)
        #expect(document[path: "V/b"]?.properties["undoable"] == .bool(false))
        #expect(document[path: "V/p/i"]?.properties["undoable"] == .bool(false))
        #expect(document[path: "V/p"]?.properties["dynamic"] == .bool(false))
        #expect(document[path: "V/q"]?.properties["dynamic"] == .bool(false))
        // `preferred` follows the role unless written.
        #expect(document[path: "V/b"]?.properties["preferred"] == nil)
    }

    @Test func theGlobeModifierIsSpelledOrDrawn() throws {
        for text in ["fn+f", "globe+f", "🌐F", "FN+F"] {
            let shortcut = try Shortcut.parse(text).get()
            #expect(shortcut.canonical == "fn+f" && shortcut.display == "🌐F", "\(text)")
        }
        #expect(try Shortcut.parse("cmd+fn+ctrl+f").get().canonical == "fn+ctrl+cmd+f")
        #expect(Shortcut.parse("fn+fn+f") == .failure(.repeatedModifier("fn")))
        #expect(Shortcut.parse("cmd+fn") == .failure(.modifierAsKey("fn")))
    }

    @Test(arguments: [
        (#"menu M "M" { item a "A" { preferred: true } }"#, "unknown property 'preferred' for item"),
        (#"menu M "M" { item a "A" { hitTarget: 44 } }"#, "unknown property 'hitTarget' for item"),
        (#"menu M "M" { title: "T"; item a "A" }"#, "unknown property 'title' for menu"),
        (#"view V "V" { popup p "P" { default: o; section { layout: small; option o "O" } } }"#, "unknown property 'layout' for section"),
        (#"view V "V" { popup p "P" { default: o; option o "O" { opens: sheet } } }"#, "unknown property 'opens' for option"),
        (#"view V "V" { popup p "P" { default: o; undoable: true; option o "O" } }"#, "unknown property 'undoable' for popup"),
        (#"view V "V" { presentation: confirmationDialog }"#, "'confirmationDialog' is not a valid presentation"),
    ])
    func additionsAreRefusedWhereTheyDontBelong(_ text: String, _ message: String) {
        let compilation = TestSupport.compile(text)
        #expect(compilation.diagnostics.count == 1)
        #expect(compilation.diagnostics.first?.message.hasPrefix(message) == true, "\(compilation.diagnostics.map(\.message))")
    }

    @Test func preferredFalseContradictsThePrimaryRole() {
        let compilation = TestSupport.compile(#"view V "V" { button ok "OK" { role: primary; preferred: false } }"#)
        #expect(TestSupport.summary(compilation) == ["1:57: invalid-value"])
        #expect(compilation.diagnostics.first?.message == "button 'OK' has role primary, which makes it the preferred button, and preferred: false")
        #expect(compilation.diagnostics.first?.secondary.count == 1)
        // The other combinations say something.
        #expect(TestSupport.compile(#"view V "V" { button ok "OK" { role: primary; preferred: true }; button no "No" { role: cancel; preferred: false } }"#).diagnostics.isEmpty)
    }

    @Test func anItemOpensOnlyAView() {
        let compilation = TestSupport.compile(#"menu M "M" { item a "A" { opens: Nowhere } }"#)
        #expect(TestSupport.ids(compilation) == ["unknown-reference"])
        #expect(TestSupport.compile(#"menu M "M" { item a "A" { opens: sheet } }"#).diagnostics.isEmpty)
    }

    @Test func theLanguageServerCompletesAndExplainsThem() {
        let button = LanguageServerTests.completions("view V \"V\" {\n  button b \"B\" { role: destructive; | }\n}\n")
        for name in ["preferred", "shortcut", "accessibilityLabel", "hitTarget", "undoable"] { #expect(button.contains(name), "\(name)") }
        let item = LanguageServerTests.completions("menu M \"M\" {\n  item a \"A\" { | }\n}\n")
        for name in ["subtitle", "opens", "undoable", "accessibilityLabel"] { #expect(item.contains(name), "\(name)") }
        #expect(!item.contains("preferred"))
        let section = LanguageServerTests.completions("menu M \"M\" {\n  section { | }\n}\n")
        #expect(section.contains("layout"))
        let presentations = LanguageServerTests.completions("view V \"V\" { presentation: | }\n")
        #expect(presentations.contains("actionSheet"))
        let views = LanguageServerTests.completions("view Profile \"Profile\" {}\nmenu M \"M\" {\n  item a \"A\" { opens: | }\n}\n")
        #expect(views.contains("Profile"))
        let hover = LanguageServerTests.hover("view V \"V\" {\n  button b \"B\" { role: destructive; pref|erred: true }\n}\n")
        #expect(hover?.contains("preferred") == true && hover?.contains("whatever its role") == true, "\(hover ?? "nil")")
        let globe = LanguageServerTests.hover("menu M \"M\" {\n  item a \"A\" { shortcut: \"fn+|f\" }\n}\n")
        #expect(globe?.contains("🌐 function") == true, "\(globe ?? "nil")")
    }

    @Test func subtitlesAndMenuTitlesAreTextTheLabelRulesRead() {
        let compilation = TestSupport.compile("""
            view V "V" {
              contextmenu link {
                title: "Opening..."
                item copy "Copy Link" { subtitle: "Copying..."; action: copyLink }
              }
            }
            """, rules: true)
        let ellipses = compilation.diagnostics.filter { $0.id == "label-ellipsis-character" }
        #expect(TestSupport.summary(compilation).filter { $0.hasSuffix("label-ellipsis-character") } == ["3:12: label-ellipsis-character", "4:39: label-ellipsis-character"],
                "\(ellipses.map(\.message))")
    }
}
