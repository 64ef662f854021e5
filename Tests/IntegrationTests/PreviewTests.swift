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

/// `menuc preview`: a page per file, every declaration drawn in each look
/// of its platforms, findings marked on their elements, everything from
/// the file escaped. (Tests/browser opens the pages in Chromium.)
@Suite("Preview")
struct PreviewTests {
    static func preview(_ arguments: [String], in directory: URL? = nil) throws -> (out: URL, result: Subprocess.Result) {
        let out = try TestSupport.temporaryDirectory()
        let result = try CLITests().menuc(["preview"] + arguments + ["--out", out.path], in: directory)
        return (out, result)
    }

    @Test func aPagePerFileWithEveryDeclarationInEachLook() throws {
        let (out, result) = try Self.preview(["samples"])
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.hasPrefix("wrote 8 files to"), "\(result.error)")
        let notes = try String(contentsOf: out.appendingPathComponent("notes.html"), encoding: .utf8)
        #expect(notes.hasPrefix("<!DOCTYPE html>\n"))
        #expect(notes.contains("content=\"default-src 'none'; style-src 'unsafe-inline'\""), "no script, nothing loaded")
        #expect(!notes.contains("<script") && !notes.contains("href=\"http") && !notes.contains("src="))
        // notes.menu targets iOS, iPadOS and macOS: two looks, a switch for each, and one for the appearance.
        #expect(notes.contains("<input type=\"radio\" name=\"platform\" id=\"p-mac\" class=\"switch\" checked>"))
        #expect(notes.contains("<input type=\"radio\" name=\"platform\" id=\"p-touch\" class=\"switch\">"))
        #expect(!notes.contains("id=\"p-watch\""))
        #expect(notes.contains("id=\"a-dark\"") && notes.contains("#a-dark:checked~main .menuc{--m-canvas:#1c1c1e"))
        for name in ["File", "Edit", "Format", "View", "Window", "Help", "EditNote"] {
            #expect(notes.contains("<section class=\"declaration\" id=\"decl-\(name)\">"), "\(name)")
        }
        #expect(notes.components(separatedBy: "<div class=\"picture f-mac\">").count == 8)
        #expect(notes.components(separatedBy: "<div class=\"picture f-touch\">").count == 8)
        #expect(notes.contains("<g class=\"m-row\" data-path=\"menubar/File/newNote\">"))
        let workout = try String(contentsOf: out.appendingPathComponent("workout.html"), encoding: .utf8)
        #expect(workout.contains("<div class=\"picture f-watch\">") && !workout.contains("f-mac\">"))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("shared/edit.html").path))
    }

    @Test func findingsAreListedAndMarkedOnTheirElements() throws {
        let (out, result) = try Self.preview(["samples/guidelines/menus.menu"])
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(result.status == 0, "a page is written whatever the findings: \(result.error)")
        let page = try String(contentsOf: out.appendingPathComponent("menus.html"), encoding: .utf8)
        #expect(page.contains("<g class=\"m-row m-flag m-flag-warning\" data-path=\"menubar/File/print\"><title>"))
        #expect(page.contains("warning[label-ellipsis-character]"))
        #expect(page.contains("data-path=\"menubar/File/print\" data-marked=\"menubar/File/print\""))
        #expect(page.contains("class=\"m-row m-flag m-flag-error\" data-path=\"menubar/File/importPhotos\""))
        // A finding about an item inside a closed submenu marks the submenu.
        #expect(page.contains("data-path=\"menubar/Entry/insert/sticker\" data-marked=\"menubar/Entry/insert\""))
    }

    @Test func findingsWithoutAnElementAreMarkedWhereTheyAreWritten() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try TestSupport.write("platforms macOS 14\nmenu File \"File\" {\n  item open \"Open\" { colour: red }\n}\n", to: directory.appendingPathComponent("a.menu"))
        let (out, result) = try Self.preview(["a.menu"], in: directory)
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(result.status == 0, "\(result.error)")
        let page = try String(contentsOf: out.appendingPathComponent("a.html"), encoding: .utf8)
        #expect(page.contains("error[unknown-property]"))
        #expect(page.contains("class=\"m-row m-flag m-flag-error\" data-path=\"File/open\""), "\(page)")
    }

    @Test func labelsAndMessagesAreEscaped() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let hostile = "<img src=x onerror=alert(1)> &amp; \\u{202E}"
        try TestSupport.write("platforms macOS 14\nmenu File \"File\" {\n  item a \"\(hostile)\"\n  item b \"\(hostile)\"\n}\n", to: directory.appendingPathComponent("a.menu"))
        let (out, result) = try Self.preview(["a.menu"], in: directory)
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(result.status == 0, "\(result.error)")
        let page = try String(contentsOf: out.appendingPathComponent("a.html"), encoding: .utf8)
        #expect(!page.contains("<img") && !page.contains("onerror=alert(1)>"))
        #expect(page.contains("&lt;img src=x onerror=alert(1)&gt; &amp;amp; \\u{202E}"))
        #expect(page.contains("duplicate-label"), "a finding quoting the label is on the page, escaped")
        #expect(!page.unicodeScalars.contains("\u{202E}"))
    }

    /// `--open` hands the first page to the system's opener (a stand-in
    /// here, first on the PATH) as a path, never as something it could
    /// read as an option.
    @Test func openHandsThePageOverAsAPath() throws {
        let directory = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try TestSupport.write("menu File \"File\" {\n  item open \"Open\"\n}\n", to: directory.appendingPathComponent("a.menu"))
        let bin = directory.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let received = directory.appendingPathComponent("received")
        for opener in ["open", "xdg-open"] {
            let script = bin.appendingPathComponent(opener)
            try TestSupport.write("#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(received.path).tmp' && mv '\(received.path).tmp' '\(received.path)'\n", to: script)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        }
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let result = try CLITests().menuc(["preview", "a.menu", "--out", "-pages", "--open", "--quiet"], in: directory,
                                          environment: ["PATH": bin.path + ":" + path])
        #expect(result.status == 0, "\(result.error)")
        // The opener runs on its own; menuc doesn't wait for it.
        for _ in 0..<200 where !FileManager.default.fileExists(atPath: received.path) { usleep(25_000) }
        #expect(try String(contentsOf: received, encoding: .utf8) == "./-pages/a.html\n")
    }

    @Test func usageAndHelp() throws {
        let help = try CLITests().menuc(["help", "preview"])
        #expect(help.status == 0 && help.output.contains("USAGE: menuc preview <paths>... [--out <dir>] [--open]"))
        #expect(help.output.contains("--open"))
        let main = try CLITests().menuc(["--help"])
        #expect(main.output.contains("  preview   Write an HTML page per file"))
        let stdin = try CLITests().menuc(["preview", "-"], input: "menu A \"A\" { item a \"A\" }")
        #expect(stdin.status == 2 && stdin.error.contains("preview reads files and folders, not standard input"))
    }
}
