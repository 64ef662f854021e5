import Foundation
import Testing
@testable import MenuSupport
@testable import MenuSyntax
@_spi(MenuPipeline) @testable import MenuSemantics
@testable import MenuFormatter
@testable import MenuCompiler
@testable import MenuLanguageServer

/// Rename, highlights, workspace symbols, range formatting and the preview
/// lens: the logic behind them (what clashes, which lines a range takes),
/// and the server's answers to hostile requests. End to end through a real
/// client: `Tests/lsp/test_editing.py`.
struct LanguageServerEditingTests {
    // MARK: - Helpers

    struct Workbench {
        var documents: [TextDocument]
        var analysis: Analysis
        var project: ProjectIndex

        init(_ texts: [String: String]) {
            documents = texts.keys.sorted().map { uri in
                TextDocument(uri: uri, version: 1, bytes: Array((texts[uri] ?? "").utf8), path: DocumentURI.path(of: uri))
            }
            let directory = FileManager.default.temporaryDirectory.path
            analysis = Analysis(documents: documents, generation: 0, directory: directory)
            project = ProjectIndex(documents: documents, roots: [], directory: directory)
        }

        func document(_ uri: String) throws -> DocumentContext { try analysis.document(uri) }

        /// Renames the name at the first `needle` (plus `offset` bytes) of `uri`.
        func rename(_ uri: String, at needle: String, offset: Int = 0, to newName: JSON, documentChanges: Bool = false) throws -> JSON {
            let document = try document(uri)
            let position = document.source.lspPosition(of: try Self.offset(of: needle, in: document) + offset)
            let context = RenameFeature.Context(documents: documents, directory: FileManager.default.temporaryDirectory.path, documentChanges: documentChanges)
            return try RenameFeature.rename(document, at: position, newName: newName, project: project, context: context)
        }

        static func offset(of needle: String, in document: DocumentContext) throws -> Int {
            let text = String(decoding: document.source.bytes, as: UTF8.self)
            let range = try #require(text.range(of: needle))
            return text.utf8.distance(from: text.startIndex, to: range.lowerBound)
        }
    }

    /// The message a rename was refused with, or nil when it was not.
    static func refusal(_ body: () throws -> JSON) -> String? {
        do {
            _ = try body()
            return nil
        } catch let error as ResponseError {
            return error.message
        } catch {
            return "\(error)"
        }
    }

    /// The text of `uri` after a workspace edit's changes.
    static func applied(_ edit: JSON, to text: String, uri: String) throws -> String {
        let edits = try #require(edit["changes"]?[uri]?.array)
        let file = SourceFile(id: FileID(0), displayPath: "t", text: text)
        let textEdits = try edits.map { LSPTextEdit(range: try LSPRange(json: $0["range"]), newText: $0["newText"]?.string ?? "") }
        return String(decoding: CompileCheck.applied(textEdits, to: file), as: UTF8.self)
    }

    // MARK: - Rename

    @Test func renameChangesTheDeclarationAndEveryReference() throws {
        let text = "menu Edit \"Edit\" {}\nmenubar { use Edit }\ncontextmenu c { menu: Edit }\n"
        let bench = Workbench(["untitled:a.menu": text])
        let edit = try bench.rename("untitled:a.menu", at: "menu: Edit", offset: 7, to: "Editing")
        #expect(try Self.applied(edit, to: text, uri: "untitled:a.menu") == text.replacingOccurrences(of: "Edit ", with: "Editing ").replacingOccurrences(of: "Edit }", with: "Editing }"))
    }

    @Test func renameWritesAnIdentifierForADerivedOne() throws {
        let text = "menu \"Edit\" {\n  item \"Undo\"\n}\nmenubar { use edit }\n"
        let bench = Workbench(["untitled:a.menu": text])
        let declaration = try bench.rename("untitled:a.menu", at: "\"Edit\"", offset: 1, to: "EditMenu")
        #expect(try Self.applied(declaration, to: text, uri: "untitled:a.menu") == "menu EditMenu \"Edit\" {\n  item \"Undo\"\n}\nmenubar { use EditMenu }\n")
        let item = try bench.rename("untitled:a.menu", at: "\"Undo\"", to: "undoIt")
        #expect(try Self.applied(item, to: text, uri: "untitled:a.menu") == "menu \"Edit\" {\n  item undoIt \"Undo\"\n}\nmenubar { use edit }\n")
    }

    @Test func renameToTheSameNameChangesNothing() throws {
        let bench = Workbench(["untitled:a.menu": "menu Edit \"Edit\" {}\nmenubar { use Edit }\n"])
        #expect(try bench.rename("untitled:a.menu", at: "Edit", to: "Edit") == ["changes": [:]])
    }

    @Test func renameRefusesNamesThatAreNotIdentifiers() {
        let bench = Workbench(["untitled:a.menu": "menu Edit \"Edit\" {}\n"])
        for bad in ["", "1a", "a-b", "a b", "é", "\u{FFFD}", "a\nb", "\u{202E}x"] {
            let message = Self.refusal { try bench.rename("untitled:a.menu", at: "Edit", to: .string(bad)) }
            #expect(message?.contains("is not an identifier") == true, "\(bad.debugDescription): \(message ?? "accepted")")
            #expect(message?.contains("\n") == false && message?.contains("\u{202E}") == false, "shown escaped")
        }
        let huge = String(repeating: "a", count: 10_000_000)
        let message = Self.refusal { try bench.rename("untitled:a.menu", at: "Edit", to: .string(huge)) }
        #expect(message == "the new name is 10000000 bytes long; an identifier of at most 1000 is expected")
        #expect(Self.refusal { try bench.rename("untitled:a.menu", at: "Edit", to: 3) }?.contains("'newName', a string") == true)
    }

    @Test func renameRefusesADeclarationThatWouldClash() {
        let text = "menu Edit \"Edit\" {}\nmenu Format \"Format\" {}\nview V \"V\" { button b \"Open…\" { opens: window } }\nmenubar { use Edit }\n"
        let bench = Workbench(["untitled:a.menu": text])
        func refusal(_ name: String) -> String? { Self.refusal { try bench.rename("untitled:a.menu", at: "use Edit", offset: 4, to: .string(name)) } }
        #expect(refusal("Format")?.contains("'Format' is already declared at untitled:a.menu:2:6") == true, "\(refusal("Format") ?? "accepted")")
        #expect(refusal("window")?.contains("'window' at untitled:a.menu:3:42 would then name the renamed declaration") == true, "\(refusal("window") ?? "accepted")")
        #expect(refusal("false")?.contains("reads as a boolean") == true)
        // The handle `format` would be the Format menu's: the compiler's name-clash.
        #expect(refusal("format")?.contains("name-clash") == true, "\(refusal("format") ?? "accepted")")
        #expect(refusal("Formats") == nil)
    }

    @Test func renameRefusesSiblingsWithOneIdentifier() {
        let text = "menu M \"M\" {\n  item a \"A\"\n  item c \"C\"\n  section {\n    item b \"B\"\n  }\n}\nmenu N \"N\" { item a \"A\" }\n"
        let bench = Workbench(["untitled:a.menu": text])
        let duplicate = Self.refusal { try bench.rename("untitled:a.menu", at: "item c", offset: 5, to: "a") }
        #expect(duplicate?.contains("duplicate identifier 'a' (duplicate-id, untitled:a.menu:3:8)") == true, "\(duplicate ?? "accepted")")
        let throughSection = Self.refusal { try bench.rename("untitled:a.menu", at: "item b", offset: 5, to: "a") }
        #expect(throughSection?.contains("name-clash") == true, "\(throughSection ?? "accepted")")
        // Another menu's `a` is another scope.
        #expect(Self.refusal { try bench.rename("untitled:a.menu", at: "menu N \"N\" { item a", offset: 19, to: "c") } == nil)
    }

    @Test func renameRefusesToRenumberElementsWithoutIdentifiers() {
        let text = "menu M \"M\" {\n  item section2 \"X\"\n  item y \"Y\"\n  section { item a \"A\" }\n  section { item b \"B\" }\n}\n"
        let bench = Workbench(["untitled:a.menu": text])
        let freeing = Self.refusal { try bench.rename("untitled:a.menu", at: "section2", to: "other") }
        #expect(freeing == "renaming 'section2' to 'other' would renumber the section without an identifier of its own at untitled:a.menu:5:3: 'section3' would become 'section2'",
                "\(freeing ?? "accepted")")
        let taking = Self.refusal { try bench.rename("untitled:a.menu", at: "item y", offset: 5, to: "section") }
        #expect(taking?.hasSuffix("at untitled:a.menu:4:3: 'section' would become 'section3'") == true, "\(taking ?? "accepted")")
        #expect(Self.refusal { try bench.rename("untitled:a.menu", at: "item y", offset: 5, to: "sections") } == nil)
    }

    @Test func renameRefusesWhatIsNoName() {
        let text = "menu M \"M\" {\n  section {\n    item a \"A\" { shortcut: \"cmd+a\" }\n  }\n  use Nowhere\n}\n"
        let bench = Workbench(["untitled:a.menu": text])
        func refusal(_ needle: String) -> String? { Self.refusal { try bench.rename("untitled:a.menu", at: needle, offset: 1, to: "x") } }
        #expect(refusal("shortcut")?.hasPrefix("there is no identifier here to rename") == true)
        #expect(refusal("section")?.hasPrefix("this section has no identifier of its own") == true)
        #expect(refusal("Nowhere")?.hasPrefix("'Nowhere' names no declaration") == true)
    }

    @Test func renameAnswersWithDocumentChangesWhenTheClientTakesThem() throws {
        let bench = Workbench(["untitled:a.menu": "menu Edit \"Edit\" {}\nmenubar { use Edit }\n"])
        let edit = try bench.rename("untitled:a.menu", at: "Edit", to: "E", documentChanges: true)
        let change = try #require(edit["documentChanges"]?.array?.first)
        #expect(change["textDocument"] == ["uri": "untitled:a.menu", "version": 1])
        #expect(change["edits"]?.array?.count == 2)
    }

    @Test func renameAcrossFilesSeesImporters() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("menuc-rename-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "{}\n".write(to: folder.appendingPathComponent("menuc.json"), atomically: true, encoding: .utf8)
        let shared = "menu Edit \"Edit\" {}\n"
        let user = "import \"shared.menu\"\nmenu Tools \"Tools\" {}\nmenubar { use Edit }\n"
        try shared.write(to: folder.appendingPathComponent("shared.menu"), atomically: true, encoding: .utf8)
        try user.write(to: folder.appendingPathComponent("user.menu"), atomically: true, encoding: .utf8)
        let sharedURI = DocumentURI.uri(forPath: folder.appendingPathComponent("shared.menu").path)
        let userURI = DocumentURI.uri(forPath: folder.appendingPathComponent("user.menu").path)
        // Only the declaring file is open; the importer is read from disk.
        var bench = Workbench([sharedURI: shared])
        bench.project = ProjectIndex(documents: bench.documents, roots: [folder.path], directory: folder.path)
        let edit = try bench.rename(sharedURI, at: "Edit", to: "Editing")
        #expect(try Self.applied(edit, to: user, uri: userURI) == user.replacingOccurrences(of: "use Edit", with: "use Editing"))
        // Tools is declared where Edit is seen: the importer.
        let clash = Self.refusal { try bench.rename(sharedURI, at: "Edit", to: "Tools") }
        #expect(clash?.contains("'Tools' is already declared at") == true && clash?.contains("user.menu") == true, "\(clash ?? "accepted")")
    }

    /// An untitled buffer in a workspace folder comes after the folder's
    /// files in the project, not first as in the compilation of open buffers.
    @Test func prepareRenameAnswersInTheDocumentsOwnPositions() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("menuc-prepare-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "// 😀😀😀\n\nmenu Z \"Z\" {}\n".write(to: folder.appendingPathComponent("z.menu"), atomically: true, encoding: .utf8)
        var bench = Workbench(["untitled:a.menu": "menu Edit \"Edit\" {}\n"])
        bench.project = ProjectIndex(documents: bench.documents, roots: [folder.path], directory: folder.path)
        let document = try bench.document("untitled:a.menu")
        let prepared = try RenameFeature.prepare(document, at: LSPPosition(line: 0, character: 6), project: bench.project)
        #expect(prepared == ["range": LanguageServerTests.range(0, 5, 0, 9).json, "placeholder": "Edit"])
    }

    // MARK: - Highlights and workspace symbols

    @Test func highlightsMarkTheDeclarationAsWrittenAndUsesAsRead() throws {
        let text = "menu Edit \"Edit\" {}\nmenubar { use Edit }\n"
        let bench = Workbench(["untitled:a.menu": text])
        let highlights = HighlightsFeature.highlights(try bench.document("untitled:a.menu"), at: LSPPosition(line: 1, character: 16))
        #expect(highlights == [
            ["range": LanguageServerTests.range(0, 5, 0, 9).json, "kind": 3],
            ["range": LanguageServerTests.range(1, 14, 1, 18).json, "kind": 2],
        ])
    }

    @Test func workspaceSymbolsRankMatchesAndStayBounded() {
        func rank(_ query: String, _ id: String, _ label: String? = nil) -> Int? {
            WorkspaceSymbolsFeature.rank(of: Array(query.lowercased().utf8), id: id, label: label)
        }
        #expect(rank("edit", "Edit") == 0)
        #expect(rank("ed", "Edit") == 1)
        #expect(rank("dit", "Edit") == 2)
        #expect(rank("et", "Edit") == 3)
        #expect(rank("pdf", "export", "Export as PDF…") == 4)
        #expect(rank("x", "Edit") == nil)
        #expect(rank(String(repeating: "e", count: 1_000_000), "Edit", "Edit") == nil)
        let declarations = (0..<300).map { "menu M\($0) \"M\" {}\n" }.joined()
        let bench = Workbench(["untitled:a.menu": declarations])
        let matches = WorkspaceSymbolsFeature.matches(query: "m", project: bench.project)
        #expect(matches.count == WorkspaceSymbolsFeature.maximumResults)
        #expect(matches.prefix(3).map(\.name) == ["M0", "M1", "M10"])
    }

    // MARK: - Range formatting

    @Test func rangeFormattingTakesTheHunksTouchingTheSelection() {
        let text = "menu   A \"A\"{\n item a \"A\"\n}\n\n\nmenu  B \"B\" {\n   item b \"B\"\n}\n"
        let file = SourceFile(id: FileID(0), displayPath: "t", text: text)
        let formatted = (try? MenuFormatter.format(text).get()) ?? ""
        func result(lines: ClosedRange<Int>) -> String {
            let start = file.offset(of: LSPPosition(line: lines.lowerBound, character: 0))
            let end = file.offset(of: LSPPosition(line: lines.upperBound, character: 1))
            let edits = RangeFormattingFeature.edits(from: file, to: Array(formatted.utf8), touching: start..<end)
            return String(decoding: CompileCheck.applied(edits, to: file), as: UTF8.self)
        }
        #expect(result(lines: 5...7) == "menu   A \"A\"{\n item a \"A\"\n}\n\nmenu B \"B\" {\n  item b \"B\"\n}\n")
        // Line 1 changes with line 0 (one run of changed lines): both are taken.
        #expect(result(lines: 1...1) == "menu A \"A\" {\n  item a \"A\"\n}\n\n\nmenu  B \"B\" {\n   item b \"B\"\n}\n")
        #expect(result(lines: 2...2) == text, "the unchanged brace touches no change")
        #expect(result(lines: 0...99) == formatted)
        // Whole lines selected, up to the start of the next: that line is not taken.
        let tidyFirst = "menu A \"A\" {\n  item a \"A\"\n}\n\nmenu  B \"B\" {}\n"
        let tidyFile = SourceFile(id: FileID(0), displayPath: "t", text: tidyFirst)
        let tidyFormatted = Array(((try? MenuFormatter.format(tidyFirst).get()) ?? "").utf8)
        let lineFour = tidyFile.offset(of: LSPPosition(line: 4, character: 0))
        #expect(RangeFormattingFeature.edits(from: tidyFile, to: tidyFormatted, touching: 0..<lineFour).isEmpty)
        #expect(RangeFormattingFeature.edits(from: tidyFile, to: tidyFormatted, touching: 0..<(lineFour + 1)).map(\.range.start.line) == [4])
    }

    @Test func rangeFormattingHunksCoverEveryChangeOnce() {
        func lines(_ text: String) -> [ArraySlice<UInt8>] {
            let bytes = Array(text.utf8)
            return RangeFormattingFeature.lines(bytes).map { bytes[$0] }
        }
        #expect(RangeFormattingFeature.hunks(old: lines("a\nb\nc\nd\n"), new: lines("a\nB\nc\nd\ne\n")) == [
            .init(old: 1..<2, new: 1..<2), .init(old: 4..<4, new: 4..<5),
        ])
        #expect(RangeFormattingFeature.lines(Array("a\nb".utf8)) == [0..<2, 2..<3])
    }

    // MARK: - Hostile requests to the server

    static func server() -> LanguageServer {
        let server = LanguageServer(configuration: .init(formatter: MenuFormatterAdapter(), currentDirectory: FileManager.default.temporaryDirectory.path))
        _ = server.receive(LanguageServerTests.request(1, "initialize", ["capabilities": ["textDocument": ["rename": ["prepareSupport": true]]]]), now: 0)
        _ = server.receive(LanguageServerTests.notification("initialized"), now: 0)
        _ = server.receive(LanguageServerTests.notification("textDocument/didOpen", ["textDocument": ["uri": "untitled:a.menu", "version": 1,
                                                                                                       "text": "menu   Edit \"Edit\" {}\nmenubar { use Edit }\n"]]), now: 0)
        return server
    }

    @Test func initializeAdvertisesTheEditingFeatures() {
        let replies = LanguageServer(configuration: .init(formatter: MenuFormatterAdapter()))
            .receive(LanguageServerTests.request(1, "initialize", ["capabilities": ["textDocument": ["rename": ["prepareSupport": true]]]]), now: 0)
        let capabilities = replies.first?["result"]?["capabilities"]
        #expect(capabilities?["renameProvider"] == ["prepareProvider": true])
        #expect(capabilities?["documentHighlightProvider"] == .bool(true) && capabilities?["workspaceSymbolProvider"] == .bool(true))
        #expect(capabilities?["documentRangeFormattingProvider"] == .bool(true))
        #expect(capabilities?["executeCommandProvider"]?["commands"] == ["menuc.preview", "menuc.applyFix"])
        let plain = LanguageServer().receive(LanguageServerTests.request(1, "initialize", ["capabilities": [:]]), now: 0)
        #expect(plain.first?["result"]?["capabilities"]?["renameProvider"] == .bool(true), "no rename options to a client that doesn't prepare")
        #expect(plain.first?["result"]?["capabilities"]?["documentRangeFormattingProvider"] == nil)
    }

    @Test func hostileRequestsGetErrorsAndTheServerGoesOn() throws {
        let server = Self.server()
        let document: JSON = ["uri": "untitled:a.menu"]
        func answer(_ method: String, _ params: JSON) -> JSON? { server.receive(LanguageServerTests.request(9, method, params), now: 0).last }
        let huge = answer("textDocument/rename", ["textDocument": document, "position": ["line": 1, "character": 15], "newName": .string(String(repeating: "x", count: 2_000_000))])
        #expect(huge?["error"]?["code"] == .int(ResponseError.requestFailedCode))
        #expect((huge?["error"]?["message"]?.string?.utf8.count ?? .max) < 200)
        // Not UTF-8: the message is not JSON.
        var invalid = Array(#"{"jsonrpc":"2.0","id":10,"method":"textDocument/rename","params":{"textDocument":{"uri":"untitled:a.menu"},"position":{"line":1,"character":15},"newName":"ab"#.utf8)
        invalid += [0xC3, 0x28] + Array(#""}}"#.utf8)
        #expect(server.receive(invalid, now: 0).first?["error"]?["code"] == .int(ResponseError.parseErrorCode))
        let query = answer("workspace/symbol", ["query": .string(String(repeating: "q", count: 1_048_576))])
        #expect(query?["result"] == [])
        #expect(answer("workspace/symbol", ["query": 5])?["error"]?["code"] == .int(ResponseError.invalidParamsCode))
        let pastTheEnd = answer("textDocument/rangeFormatting", ["textDocument": document, "range": ["start": ["line": 500, "character": 0], "end": ["line": 900, "character": 9]], "options": [:]])
        #expect(pastTheEnd?["result"] == [])
        let reversed = answer("textDocument/rangeFormatting", ["textDocument": document, "range": ["start": ["line": 9, "character": 0], "end": ["line": 0, "character": 0]], "options": [:]])
        #expect(reversed?["result"]?.array?.count == 1)
        #expect(answer("textDocument/rangeFormatting", ["textDocument": document, "range": ["start": ["line": -1, "character": 0]]])?["error"]?["code"]
                == .int(ResponseError.invalidParamsCode))
        #expect(answer("textDocument/prepareRename", ["textDocument": document, "position": ["line": 99, "character": 99]])?["error"]?["message"]?.string?
                    .hasPrefix("there is no identifier here") == true)
        #expect(answer("workspace/executeCommand", ["command": "rm -rf", "arguments": []])?["error"]?["code"] == .int(ResponseError.invalidParamsCode))
        #expect(answer("textDocument/documentHighlight", ["textDocument": document, "position": ["line": 1, "character": 15]])?["result"]?.array?.count == 2)
    }
}
