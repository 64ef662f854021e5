import Foundation
import Testing
@testable import MenuSupport
@testable import MenuSyntax
@testable import MenuCompiler
@testable import MenuLanguageServer

/// The Preview command of the language server: the page it writes (the
/// document as the editor has it), where (a private folder of its own,
/// removed at shutdown), how (never through what someone planted), and
/// what it tells the editor. End to end: `Tests/lsp/test_editing.py`.
@Suite(.serialized)
struct LanguageServerPreviewTests {
    /// A fresh folder for one test, removed after it.
    static func scratch() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("menuc-preview-test-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        return path
    }

    static func mode(_ path: String) -> mode_t {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & 0o7777 : 0
    }

    static func server(parent: String, capabilities: JSON = [:]) -> LanguageServer {
        let server = LanguageServer(configuration: .init(currentDirectory: parent, previewParent: parent))
        _ = server.receive(LanguageServerTests.request(1, "initialize", ["capabilities": capabilities]), now: 0)
        _ = server.receive(LanguageServerTests.notification("initialized"), now: 0)
        _ = server.receive(LanguageServerTests.notification("textDocument/didOpen", ["textDocument": ["uri": "untitled:a.menu", "version": 1,
                                                                                                       "text": "menu Edit \"Edit\" {\n  item undo \"Undo\"\n}\nmenubar { use Edit }\n"]]), now: 0)
        return server
    }

    static func preview(_ server: LanguageServer, _ arguments: JSON, id: Int = 5) -> [JSON] {
        server.receive(LanguageServerTests.request(id, "workspace/executeCommand", ["command": "menuc.preview", "arguments": arguments]), now: 0)
    }

    /// The path of a `file:` URI without its fragment.
    static func path(of uri: String) -> String? {
        DocumentURI.path(of: String(uri.split(separator: "#", maxSplits: 1)[0]))
    }

    // MARK: - The folder

    @Test func privateFoldersAreNewEachTimeAndOnlyTheirOwnersEnter() throws {
        let parent = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let first = try FileSystem.makePrivateDirectory(prefix: "p-", in: parent).get()
        let second = try FileSystem.makePrivateDirectory(prefix: "p-", in: parent).get()
        #expect(first != second)
        #expect(PathNames.deletingLastComponent(of: first) == parent)
        #expect(Self.mode(first) == 0o700 && Self.mode(second) == 0o700)
        #expect(FileSystem.linkKind(atPath: first) == .directory)
        #expect(FileManager.default.createFile(atPath: first + "/page.html", contents: Data("x".utf8)))
        #expect(FileSystem.removePrivateDirectory(first))
        #expect(FileSystem.linkKind(atPath: first) == nil)
        // A link where the folder was is not entered, and stays.
        try FileManager.default.createSymbolicLink(atPath: first, withDestinationPath: second)
        #expect(FileManager.default.createFile(atPath: second + "/kept.html", contents: Data("x".utf8)))
        #expect(!FileSystem.removePrivateDirectory(first))
        #expect(FileSystem.linkKind(atPath: second + "/kept.html") == .regularFile)
        #expect(FileSystem.makePrivateDirectory(prefix: "p-", in: parent + "/missing").isFailure)
    }

    @Test func onePagePerDocumentReplacedEachTimeAndTheFolderRemoved() throws {
        let parent = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let folder = PreviewFolder(parent: parent)
        #expect(folder.path == nil)
        let page = try folder.write("<p>one</p>", for: "file:///work/notes.menu").get()
        let directory = try #require(folder.path)
        #expect(PathNames.deletingLastComponent(of: directory) == parent)
        #expect(PathNames.deletingLastComponent(of: page) == directory)
        #expect(Self.mode(directory) == 0o700)
        #expect(try String(contentsOfFile: page, encoding: .utf8) == "<p>one</p>")
        #expect(try folder.write("<p>two</p>", for: "file:///work/notes.menu").get() == page)
        #expect(try String(contentsOfFile: page, encoding: .utf8) == "<p>two</p>")
        let other = try folder.write("<p>other</p>", for: "file:///elsewhere/notes.menu").get()
        #expect(other != page)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).count == 2)
        folder.remove()
        #expect(folder.path == nil)
        #expect(FileSystem.linkKind(atPath: directory) == nil)
    }

    @Test func pageNamesCannotBeSteeredByTheURI() {
        let uris = ["file:///a/notes.menu", "file:///b/notes.menu", "file:///x/../../etc/passwd", "untitled:..%2F..%2Fetc",
                    "file:///a/-rf.menu", "file:///a/.hidden.menu", "", "/", "file:///a/" + String(repeating: "é", count: 300)]
        let names = uris.map(PreviewFolder.pageName(for:))
        #expect(Set(names).count == uris.count)
        for name in names {
            #expect(!name.contains("/") && !name.hasPrefix(".") && !name.hasPrefix("-") && name.hasSuffix(".html"))
            #expect(name.utf8.count <= 62)
        }
        #expect(names[0].hasPrefix("notes-"))
        #expect(PreviewFolder.pageName(for: "file:///a/notes.menu") == names[0])
    }

    @Test func aLinkOrFileInPlaceOfThePageIsNeverWrittenThrough() throws {
        let parent = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let folder = parent + "/pages"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let secret = parent + "/secret"
        try "keep".write(toFile: secret, atomically: false, encoding: .utf8)
        // A link to a file outside the folder: refused, the file untouched.
        try FileManager.default.createSymbolicLink(atPath: folder + "/a.html", withDestinationPath: secret)
        let linked = PreviewFolder.write("<p>page</p>", named: "a.html", in: folder)
        #expect(linked.isFailure)
        #expect(try String(contentsOfFile: secret, encoding: .utf8) == "keep")
        // Another name (a hard link) of a file outside: replaced, not written into.
        #expect(link(secret, folder + "/b.html") == 0)
        let path = try PreviewFolder.write("<p>page</p>", named: "b.html", in: folder).get()
        #expect(try String(contentsOfFile: secret, encoding: .utf8) == "keep")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "<p>page</p>")
        #expect(FileSystem.linkKind(atPath: path) == .regularFile)
        // A pipe there is replaced without being opened (opening it would wait).
        #expect(mkfifo(folder + "/c.html", 0o600) == 0)
        #expect(PreviewFolder.write("<p>page</p>", named: "c.html", in: folder).isSuccess)
        #expect(FileSystem.linkKind(atPath: folder + "/c.html") == .regularFile)
    }

    // MARK: - The command

    @Test func theCommandWritesThePageOfTheTextAsEditedAndAnswersItsURI() throws {
        let parent = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let server = Self.server(parent: parent)
        _ = server.receive(LanguageServerTests.notification("textDocument/didChange", [
            "textDocument": ["uri": "untitled:a.menu", "version": 2],
            "contentChanges": [["text": "menu Edit \"Edit\" {\n  item undo \"Unsaved Undo\"\n  item undo \"Twice\"\n}\nmenubar { use Edit }\n"]],
        ]), now: 0)
        let replies = Self.preview(server, ["untitled:a.menu", "Edit"])
        let uri = try #require(replies.last?["result"]?.string)
        #expect(uri.hasPrefix("file:///") && uri.hasSuffix(".html#decl-Edit"))
        let path = try #require(Self.path(of: uri))
        #expect(PathNames.deletingLastComponent(of: path) == server.previewFolder)
        let html = try String(contentsOfFile: path, encoding: .utf8)
        #expect(html.contains("<section class=\"declaration\" id=\"decl-Edit\">"))
        #expect(html.contains(">Unsaved Undo</text>"))
        // The findings of the edited text are on the page.
        #expect(html.contains("class=\"finding error\""))
        // Without showDocument, a message says where the page is.
        #expect(replies.first?["method"] == "window/showMessage")
        #expect(replies.first?["params"]?["message"]?.string == "menuc: the preview of 'Edit' is at \(uri)")
        // The menu bar's section is its first menu's.
        let bar = try #require(Self.preview(server, ["untitled:a.menu", "menubar"], id: 6).last?["result"]?.string)
        #expect(bar.hasSuffix("#decl-Edit-2") && Self.path(of: bar) == path)
        let folder = try #require(server.previewFolder)
        _ = server.receive(LanguageServerTests.request(7, "shutdown"), now: 0)
        #expect(FileSystem.linkKind(atPath: folder) == nil)
        #expect(server.previewFolder == nil)
    }

    @Test func aClientThatShowsDocumentsIsAskedToOpenThePageInTheBrowser() throws {
        let parent = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let server = Self.server(parent: parent, capabilities: ["window": ["showDocument": ["support": true]]])
        let replies = Self.preview(server, ["untitled:a.menu", "Edit"])
        let uri = try #require(replies.last?["result"]?.string)
        #expect(replies.count == 2)
        #expect(replies.first?["method"] == "window/showDocument")
        #expect(replies.first?["id"] != nil)
        #expect(replies.first?["params"] == ["uri": .string(uri), "external": true])
        let folder = try #require(server.previewFolder)
        _ = server.receive(LanguageServerTests.notification("exit"), now: 0)
        #expect(FileSystem.linkKind(atPath: folder) == nil)
    }

    @Test func hostileArgumentsGetACleanErrorAndWriteNothing() throws {
        let parent = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let server = Self.server(parent: parent)
        for arguments: JSON in [["untitled:a.menu", "../../etc/passwd"], ["untitled:a.menu", "<script>"], ["untitled:a.menu", "undo"],
                                ["file:///etc/passwd", "Edit"], ["untitled:a.menu"], ["untitled:a.menu", 5], "Edit", .null] {
            let reply = Self.preview(server, arguments).last
            #expect(reply?["error"]?["code"] == .int(ResponseError.invalidParamsCode), "\(arguments)")
            #expect(reply?["result"] == nil)
        }
        #expect(server.previewFolder == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent).isEmpty)
    }

    @Test func aFolderThatCannotBeMadeIsAnErrorNotACrash() throws {
        let server = Self.server(parent: "/nonexistent-\(UUID().uuidString)")
        let reply = Self.preview(server, ["untitled:a.menu", "Edit"]).last
        #expect(reply?["error"]?["code"] == .int(ResponseError.requestFailedCode))
        #expect(reply?["error"]?["message"]?.string?.hasPrefix("no preview: cannot make a folder for previews in /nonexistent-") == true)
    }
}

extension Result {
    fileprivate var isFailure: Bool {
        if case .failure = self { return true }
        return false
    }

    fileprivate var isSuccess: Bool { !isFailure }
}
