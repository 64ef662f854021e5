import Foundation
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
@testable import LanguageServerTestSupport

/// Hostile doc comments and labels, in a generated page and in the language
/// server's hovers and completions, rendered by a real CommonMark renderer:
/// markdown-it-py (installed by Tests/run-all.sh) with raw HTML on and
/// every link allowed, so the escaping alone has to keep them in. A doc
/// comment may format itself; it may not add HTML, images, links to other
/// schemes or headings, or swallow the rest of the page.
struct MarkdownSanitizingTests {
    /// What the renderer made of one Markdown text.
    struct Rendered: Decodable {
        var tags: [String: Int]
        var hrefs: [String]
        var sources: [String]
        var code: [String]
        var headings: [String]
        var text: String
    }

    /// Renders each text with markdown-it.
    static func render(_ texts: [String]) throws -> [Rendered] {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths: [String] = []
        for (index, text) in texts.enumerated() {
            let url = directory.appendingPathComponent("\(index).md")
            try TestSupport.write(text, to: url)
            paths.append(url.path)
        }
        let result = try Subprocess.run("/usr/bin/env", ["python3", "-c", renderer] + paths)
        try #require(result.status == 0, "markdown-it failed (Tests/run-all.sh installs markdown-it-py): \(result.error)")
        return try JSONDecoder().decode([Rendered].self, from: Data(result.output.utf8))
    }

    static let renderer = #"""
        import html.parser, json, sys
        from markdown_it import MarkdownIt

        md = MarkdownIt("commonmark", {"html": True}).enable("table").enable("strikethrough")
        md.validateLink = lambda url: True  # the page must be safe without the renderer's own checks
        void = {"img", "br", "hr", "input", "meta", "link", "area", "base", "col", "embed", "source", "track", "wbr"}

        class Page(html.parser.HTMLParser):
            def __init__(self):
                super().__init__(convert_charrefs=True)
                self.tags, self.hrefs, self.sources, self.code, self.headings, self.text, self.open = {}, [], [], [], [], [], []
            def handle_starttag(self, tag, attrs):
                self.tags[tag] = self.tags.get(tag, 0) + 1
                attrs = dict(attrs)
                if "href" in attrs: self.hrefs.append(attrs["href"])
                if "src" in attrs: self.sources.append(attrs["src"])
                if tag not in void: self.open.append([tag, ""])
            def handle_endtag(self, tag):
                while self.open:
                    name, text = self.open.pop()
                    if name == "code": self.code.append(text)
                    if name in ("h1", "h2", "h3", "h4", "h5", "h6"): self.headings.append(name + ":" + text.strip())
                    if self.open: self.open[-1][1] += text
                    if name == tag: break
            def handle_data(self, data):
                self.text.append(data)
                if self.open: self.open[-1][1] += data

        out = []
        for path in sys.argv[1:]:
            page = Page()
            page.feed(md.render(open(path, encoding="utf-8").read()))
            out.append({"tags": page.tags, "hrefs": page.hrefs, "sources": page.sources, "code": page.code,
                        "headings": page.headings, "text": "".join(page.text)})
        print(json.dumps(out))
        """#

    /// Tags Markdown itself makes (and the section anchors a page has).
    static let allowedTags: Set<String> = ["p", "h1", "h2", "h3", "ul", "ol", "li", "code", "pre", "strong", "em", "a", "table",
                                           "thead", "tbody", "tr", "th", "td", "blockquote", "hr", "br", "s"]

    /// Links a page may hold: web, mail, relative, or an anchor.
    static func isSafeLink(_ href: String) -> Bool {
        let lowered = href.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") || lowered.hasPrefix("mailto:") { return true }
        let schemePart = lowered.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return !schemePart.contains(":")
    }

    static func expectSafe(_ page: Rendered, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(Set(page.tags.keys).isSubset(of: allowedTags), "\(what): \(page.tags)", sourceLocation: sourceLocation)
        #expect(page.sources.isEmpty, "\(what) loads \(page.sources)", sourceLocation: sourceLocation)
        for href in page.hrefs {
            #expect(isSafeLink(href), "\(what) links to \(href)", sourceLocation: sourceLocation)
        }
    }

    /// Doc comments written to break a page, each above a menu: after each,
    /// the next menu's section is still there, whole.
    static let hostileFile = #"""
        /// The file's doc: an unclosed fence follows.
        /// ```
        /// <script>alert(0)</script>

        /// <script>alert(1)</script> <img src=x onerror=alert(1)> <!-- comment
        /// [js](javascript:alert(1)) [JS](JaVaScRiPt:alert(1)) [ent](java&#115;cript:alert(1)) [colon](javascript&#58;alert(1))
        /// [spaced]( javascript:alert(1)) [angle](<javascript:alert(1)>) [data](data:text/html;base64,PHNjcmlwdD4=) [vb](vbscript:msgbox(1))
        /// [escaped](javascript\:alert(1)) [file](file:///etc/passwd) [nextline](
        /// javascript:alert(1))
        /// ![tracker](http://evil.example/pixel.png) [ok](https://example.com/a) [mail](mailto:a@example.com) [relative](other.md#x)
        /// [ref]: javascript:alert(1)
        /// [ref] [^1]
        /// [^1]: javascript:alert(1)
        /// <http://evil.example> <javascript:alert(1)>
        menu First "First" { item a "Show A" }

        /// # A heading
        /// Title
        /// =====
        /// Sub
        /// -
        /// > # quoted heading
        /// - # listed heading
        ///   ~~~
        /// still in the list
        menu Second "Second" { item b "Show B" }

        /// [a](`x) `y `<img src=x onerror=alert(2)>`
        /// http://a.example/`x `y `<img src=x onerror=alert(3)>`
        ///
        /// `kept <b>code</b>` and `piped | <i>x</i>`
        ///
        /// | a | b |
        /// | - | - |
        /// | `x | <img src=x onerror=alert(4)>` | y |
        menu Third "Third" { item c "Show C" }

        /// - item
        ///   ```
        /// x
        /// [e](javascript:alert(5))
        /// ~~~
        /// an unclosed tilde fence
        menu Fourth "Fourth" { item d "Show D" }

        /// The last doc: ````
        menu Fifth "Fifth" { item e "Show E" }
        """#

    @Test func hostileDocCommentsCannotBreakAGeneratedPage() throws {
        let page = try #require(try Self.render([MarkdownBackendTests.render(Self.hostileFile)]).first)
        Self.expectSafe(page, "the page")
        // The outline: the file's title and one section per menu, nothing from a doc.
        #expect(page.headings == ["h1:test.menu", "h2:First", "h2:Second", "h2:Third", "h2:Fourth", "h2:Fifth"], "\(page.headings)")
        // Every menu's summary and table survived the doc before it.
        for (menu, item) in [("First", "Show A"), ("Second", "Show B"), ("Third", "Show C"), ("Fourth", "Show D"), ("Fifth", "Show E")] {
            #expect(page.code.contains("menu \(menu)"), "the summary of \(menu) is missing: \(page.code)")
            #expect(page.text.contains(item), "the table of \(menu) is missing")
        }
        #expect((page.tags["table"] ?? 0) >= 5)
        // What was neutralised still shows as written.
        #expect(page.text.contains("<script>alert(1)</script>"))
        #expect(page.text.contains("[js](javascript:alert(1))"))
        #expect(page.text.contains("# A heading"))
        // What doc comments may do, they still do.
        #expect(page.hrefs.contains("https://example.com/a") && page.hrefs.contains("mailto:a@example.com"))
        #expect(page.code.contains("kept <b>code</b>"))
        #expect(page.tags["blockquote"] != nil && page.tags["pre"] != nil)
    }

    /// A doc comment that is one fence, or ends inside one, is closed before the page goes on.
    @Test(arguments: ["```", "~~~", "````swift\nlet x = 1", "text\n```\n```\n```", "```\n<b>\n```\n~~~~~"])
    func unclosedFencesAreClosed(_ doc: String) throws {
        let lines = MarkdownEscaping.docLines(doc)
        let page = try #require(try Self.render([lines.joined(separator: "\n") + "\n\n# After"]).first)
        #expect(page.headings == ["h1:After"], "\(lines)")
    }

    // MARK: - Language server

    /// A label whose second line would close a code block it was put in.
    static let hostileLabel = "Evil\n```\n[x](http://evil.example)![i](http://evil.example/i.png)<img src=x>\n```"

    /// Hovers on a label that tries to close the code block, add a link and
    /// load an image, with a hostile doc comment: all of it shows as text.
    @Test func hoversShowHostileLabelsAndDocsAsText() throws {
        let source = """
            /// Doc: <img src=x onerror=alert(1)> [js](javascript:alert(1)) ![i](http://evil.example/d.png)
            /// ```
            menu Evil "\(Self.hostileLabel.replacingOccurrences(of: "\n", with: "\\n"))" {
              item b "a``` ``b" { shortcut: "cmd+`" }
            }
            view V "V" { pulldown p "P" { menu: Evil } }
            """
        var hovers: [String] = []
        for marker in ["menu |Evil", "menu Evil \"|", "item |b", "item b \"|", "shortcut: \"cmd+`|", "menu: |Evil"] {
            let text = source.replacingOccurrences(of: marker.replacingOccurrences(of: "|", with: ""), with: marker)
            hovers.append(try #require(LanguageServerProbe.hover(text), "no hover at \(marker)"))
        }
        let rendered = try Self.render(hovers)
        for (hover, page) in zip(hovers, rendered) {
            Self.expectSafe(page, hover)
            // The doc's image is at most a link to it; nothing in the label links.
            #expect(page.hrefs.allSatisfy { $0 == "http://evil.example/d.png" }, "\(hover)")
            #expect(page.headings.isEmpty, "\(hover)")
        }
        // The label, as written, inside the code block.
        let label = #""Evil\n```\n[x](http://evil.example)![i](http://evil.example/i.png)<img src=x>\n```""#
        #expect(rendered[0].code.contains { $0.contains(label) }, "\(rendered[0].code)")
        #expect(rendered[1].code.contains { $0.contains(label) }, "\(rendered[1].code)")
        #expect(rendered[0].text.contains("<img src=x onerror=alert(1)> [js](javascript:alert(1))"))
        #expect(rendered[2].code.contains { $0.contains(#""a``` ``b""#) }, "\(rendered[2].code)")
        #expect(rendered[4].text.contains("⌘`"), "\(rendered[4].text)")
        #expect(rendered[5].code.contains { $0.contains(label) }, "\(rendered[5].code)")
    }

    /// Completion documentation (a declaration's doc comment) is sanitised too.
    @Test func completionDocumentationIsSanitised() throws {
        let text = """
            /// <img src=x onerror=alert(1)> [js](javascript:alert(1))
            /// # heading
            menu Shared "Shared" { item a "Show A" }
            menu Main "Main" {
              use |
            }
            """
        let (source, offset) = LanguageServerProbe.marked(text)
        let document = LanguageServerProbe.document(source)
        let items = CompletionFeature.items(for: CompletionContext.at(offset, in: document.syntax), in: document)
        let documentation = try #require(items.first { $0.label == "Shared" }?.documentation)
        let page = try #require(try Self.render([documentation]).first)
        Self.expectSafe(page, documentation)
        #expect(page.hrefs.isEmpty && page.headings.isEmpty, "\(documentation)")
        #expect(page.text.contains("<img src=x onerror=alert(1)>"))
    }
}
