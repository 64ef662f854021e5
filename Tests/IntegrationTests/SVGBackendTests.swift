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
import CompilerTestSupport

/// The pictures: every golden input drawn in each of its platforms'
/// looks, parsed as XML by Python's `xml.etree`, labels shown as text (the
/// hostile-labels fixture included), the same bytes every time, file names
/// safe for any identifier, and the Markdown pages embedding them.
@Suite("SVGBackend")
struct SVGBackendTests {
    /// One drawn picture: where it comes from and its bytes.
    struct Rendered {
        var testCase: GoldenTests.Case
        var file: String
        var family: PictureFamily
        var svg: [UInt8]
        /// The labels it must show (before truncation), as drawn on one line.
        var labels: [String]
    }

    /// Every picture of every golden input that compiles, in each family of its file.
    static func renderAll(annotated: Bool = false) -> [Rendered] {
        var result: [Rendered] = []
        for testCase in GoldenTests.cases {
            let compilation = Compiler.compile([.path(testCase.input)], options: CompileOptions(), workspace: Workspace(currentDirectory: testCase.base.path))
            guard !compilation.hasErrors, let file = compilation.files.first else { continue }
            for picture in SVGBackend.pictures(of: file) {
                var labels: [String] = []
                collectLabels(picture.element, into: &labels, depth: 0)
                for family in SVGBackend.families(of: file) {
                    result.append(Rendered(testCase: testCase, file: picture.name + "." + family.rawValue + ".svg", family: family,
                                           svg: SVGBackend.render(picture, family: family, annotated: annotated), labels: labels))
                }
            }
        }
        return result
    }

    /// The labels of the entries a picture draws: items, options, toggles
    /// in menus and submenus (closed: not their items).
    private static func collectLabels(_ element: Element, into labels: inout [String], depth: Int) {
        guard depth < 16 else { return }
        for child in element.children {
            switch child.kind {
            case .item, .option, .submenu: labels.append(XMLEscaping.shown(MenuContent.label(of: child)))
            case .toggle where child.context == .menu: labels.append(XMLEscaping.shown(MenuContent.label(of: child)))
            default: break
            }
            if child.kind != .submenu { collectLabels(child, into: &labels, depth: depth + 1) }
        }
    }

    @Test func everyPictureIsWellFormedSVGWithItsLabelsAsText() throws {
        let rendered = Self.renderAll(annotated: true)
        #expect(rendered.count >= 40)
        #expect(Set(rendered.map(\.family)) == Set(PictureFamily.allCases))
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var manifest: [[String: Any]] = []
        for (index, picture) in rendered.enumerated() {
            let url = directory.appendingPathComponent("\(index).svg")
            try Data(picture.svg).write(to: url)
            manifest.append(["file": url.path, "name": picture.testCase.input + " " + picture.file, "labels": picture.labels])
        }
        let manifestURL = directory.appendingPathComponent("manifest.json")
        try JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys]).write(to: manifestURL)
        let check = try Subprocess.run("/usr/bin/env", ["python3", "-c", Self.checker, manifestURL.path])
        #expect(check.status == 0, "\(check.output)\n\(check.error)")
        #expect(check.output.contains("checked \(rendered.count) pictures"), "\(check.output)")
    }

    /// Parses each picture with xml.etree and checks it: an `<svg>` root in
    /// the SVG namespace, only the elements the writer makes, no scripts,
    /// links or event handlers, and each label (or its truncated start)
    /// present as the text of a `<text>` element or a `<title>`.
    static let checker = #"""
        import json, sys, xml.etree.ElementTree as ET
        NS = "{http://www.w3.org/2000/svg}"
        allowed = {"svg", "title", "style", "rect", "text", "g", "path", "circle"}
        failures = []
        pictures = json.load(open(sys.argv[1], encoding="utf-8"))
        for picture in pictures:
            name = picture["name"]
            try:
                root = ET.parse(picture["file"]).getroot()
            except ET.ParseError as error:
                failures.append(f"{name}: not XML: {error}")
                continue
            if root.tag != NS + "svg":
                failures.append(f"{name}: root is {root.tag}")
            texts = []
            for element in root.iter():
                tag = element.tag[len(NS):] if element.tag.startswith(NS) else element.tag
                if tag not in allowed:
                    failures.append(f"{name}: <{element.tag}>")
                for attribute in element.attrib:
                    if attribute.startswith("on") or "href" in attribute:
                        failures.append(f"{name}: attribute {attribute}")
                if tag in ("text", "title") and element.text:
                    texts.append(element.text)
            for label in picture["labels"]:
                if not label.strip():
                    continue
                if label in texts:
                    continue
                # Truncated: the text drawn starts the label and ends in "…" (the full label is its title).
                if not any(text.endswith("\u2026") and label.startswith(text[:-1].rstrip()) for text in texts):
                    failures.append(f"{name}: label {label!r} is not drawn as text")
        for failure in failures: print(failure)
        print(f"checked {len(pictures)} pictures")
        sys.exit(1 if failures else 0)
        """#

    @Test func hostileLabelsAreTextNeverMarkup() throws {
        let compilation = Compiler.compile([.path("hostile-labels.menu")], options: CompileOptions(),
                                           workspace: Workspace(currentDirectory: TestSupport.fixtures.path))
        let file = try #require(compilation.files.first)
        let picture = try #require(SVGBackend.pictures(of: file).first { $0.element.id == "Hostile" })
        let svg = String(decoding: SVGBackend.render(picture, family: .mac), as: UTF8.self)
        #expect(svg.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;"))
        #expect(!svg.contains("<script") && !svg.contains("<b>"))
        #expect(svg.contains("Line Break Tab"), "line breaks and tabs are drawn as spaces")
        #expect(svg.contains("Evil \\u{202E}txt.exe\\u{202C} Name"), "a bidirectional override is shown, not obeyed")
        #expect(svg.contains("Say &quot;Hi&quot;"))
        #expect(!svg.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }

    @Test func picturesAreByteIdenticalAcrossRuns() {
        let first = Self.renderAll()
        let second = Self.renderAll()
        #expect(first.count == second.count)
        for (one, two) in zip(first, second) {
            #expect(Data(one.svg) == Data(two.svg), "\(one.testCase.input) \(one.file)")
        }
    }

    @Test func longLabelsAreTruncatedAtTheEndWithTheFullLabelAsTitle() throws {
        let long = String(repeating: "Very Long Label ", count: 12) + "End"
        let compilation = TestSupport.compile("platforms macOS 14\nmenu Long \"Long\" { item x \"\(long)\" { shortcut: \"cmd+l\" } }\n")
        let file = try #require(compilation.files.first)
        let picture = try #require(SVGBackend.pictures(of: file).first)
        let svg = String(decoding: SVGBackend.render(picture, family: .mac), as: UTF8.self)
        #expect(svg.contains("<title>\(long)</title>"))
        let drawn = try #require(svg.split(separator: "\n").first { $0.contains("m-label") && $0.contains("Very") })
        #expect(drawn.contains("…</text>") && !drawn.contains("End…"))
        // The label stays left of the shortcut column.
        let width = try #require(Int(drawn.components(separatedBy: "data-w=\"")[1].prefix { $0.isNumber }))
        #expect(width <= MacMenuLayout.labelLimit)
        #expect(TextMetrics.truncated("Short", toFit: 200, size: 13) == nil)
        #expect(TextMetrics.truncated("Folder 📁 👩‍👩‍👧 family", toFit: 80, size: 13)?.hasSuffix("…") == true)
    }

    @Test func fileNamesAreSafeAndUniqueForAnyIdentifier() throws {
        #expect(SVGBackend.fileName(for: "File") == "File")
        #expect(SVGBackend.fileName(for: "under_score") == "under_5Fscore")
        #expect(SVGBackend.fileName(for: "..") == "_2E_2E")
        #expect(SVGBackend.fileName(for: "a/b\\c") == "a_2Fb_5Cc")
        #expect(SVGBackend.fileName(for: "") == "_")
        #expect(SVGBackend.fileName(for: "Ménu") == "M_E9nu")
        #expect(SVGBackend.fileName(for: String(repeating: "x", count: 500)).utf8.count <= 100)
        // Identifiers that differ only in case get different names (case-insensitive file systems).
        let compilation = TestSupport.compile("platforms macOS 14\nmenu File \"File\" { item a \"A\" }\nmenu file \"file\" { item b \"B\" }\n")
        let file = try #require(compilation.files.first)
        #expect(SVGBackend.pictures(of: file).map(\.name) == ["File", "file-2"])
    }

    @Test func markdownPagesEmbedThePicturesTheBuildWrites() throws {
        let (directory, result) = try MarkdownBackendTests.buildSamples()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(result.status == 0, "\(result.error)")
        let notes = try String(contentsOf: directory.appendingPathComponent("notes.md"), encoding: .utf8)
        #expect(notes.contains("\n![File menu](notes/File.svg)\n"))
        #expect(notes.contains("\n![Edit Note view](notes/EditNote.svg)\n"))
        let edit = try String(contentsOf: directory.appendingPathComponent("shared/edit.md"), encoding: .utf8)
        #expect(edit.contains("\n![Edit menu](edit/Edit.svg)\n"))
        for picture in ["notes/File.svg", "notes/Edit.svg", "notes/EditNote.svg", "shared/edit/Edit.svg", "workout/Workout.svg", "photos/album.svg"] {
            let svg = try String(contentsOf: directory.appendingPathComponent(picture), encoding: .utf8)
            #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""), "\(picture)")
        }
        // A page written to standard output has nowhere to put pictures: none are embedded.
        let alone = try MarkdownBackendTests.render("platforms macOS 14\nmenu File \"File\" { item a \"Alpha\" }\n")
        #expect(!alone.contains("!["))
    }

    @Test func xmlEscapingShowsEverythingAsText() {
        #expect(XMLEscaping.text("a < b & \"c\" > 'd'") == "a &lt; b &amp; &quot;c&quot; &gt; &#39;d&#39;")
        #expect(XMLEscaping.text("Line\nBreak\tTab") == "Line Break Tab")
        #expect(XMLEscaping.text("bell\u{07}") == "bell\\u{7}")
        #expect(XMLEscaping.text("\u{202E}x") == "\\u{202E}x")
        #expect(XMLEscaping.text("\u{FFFF}") == "\\u{FFFF}")
        #expect(XMLEscaping.text("Folder 📁 👩‍👩‍👧") == "Folder 📁 👩‍👩‍👧")
    }
}

/// In GoldenTests, so `--filter GoldenTests` checks and re-records it too.
extension GoldenTests {
    /// Each golden input's pictures, in each family of its platforms, in
    /// `NAME.expected-svg/PICTURE.FAMILY.svg`; re-recorded with
    /// `MENUC_RECORD_GOLDENS=1` like every golden file.
    @Test func goldenSVG() throws {
        let rendered = SVGBackendTests.renderAll()
        var expected = Set<String>()
        for picture in rendered {
            let url = picture.testCase.expectedStem.appendingPathExtension("expected-svg").appendingPathComponent(picture.file)
            expected.insert(url.standardizedFileURL.path)
            if GoldenTests.recording {
                try TestSupport.write(String(decoding: picture.svg, as: UTF8.self), to: url)
                continue
            }
            let golden = try? Data(contentsOf: url)
            #expect(golden == Data(picture.svg), "\(picture.testCase.input): \(picture.file) differs from \(url.path); re-record with MENUC_RECORD_GOLDENS=1 if intended")
        }
        for orphan in GoldenTests.goldenFiles(withSuffix: ".svg") {
            let path = TestSupport.fixtures.appendingPathComponent(orphan.relative).standardizedFileURL.path
            guard path.contains(".expected-svg/"), !expected.contains(path) else { continue }
            if GoldenTests.recording { try? FileManager.default.removeItem(atPath: path) } else { Issue.record("\(orphan.relative) has no picture; delete it") }
        }
    }
}
