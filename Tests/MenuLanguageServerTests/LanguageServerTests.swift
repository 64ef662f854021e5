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

/// The language server's pure parts: JSON, framing, UTF-16 positions,
/// incremental edits, cursor contexts, hover text, the request state
/// machine and its debounce. The end-to-end tests against the binary are
/// in `Tests/lsp` (pytest-lsp and headless Neovim).
struct LanguageServerTests {
    // MARK: - Helpers

    /// The helpers the tests of other targets share (LanguageServerProbe).
    static func marked(_ text: String) -> (text: String, offset: Int) { LanguageServerProbe.marked(text) }
    static func document(_ text: String, uri: String = "untitled:test.menu") -> DocumentContext { LanguageServerProbe.document(text, uri: uri) }
    static func completions(_ text: String) -> [String] { LanguageServerProbe.completions(text) }
    static func hover(_ text: String) -> String? { LanguageServerProbe.hover(text) }

    static func message(_ json: JSON) -> [UInt8] { json.encoded() }

    static func request(_ id: Int, _ method: String, _ params: JSON = [:]) -> [UInt8] {
        message(["jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": params])
    }

    static func notification(_ method: String, _ params: JSON = [:]) -> [UInt8] {
        message(["jsonrpc": "2.0", "method": .string(method), "params": params])
    }

    static func initialized(_ server: LanguageServer) {
        _ = server.receive(request(1, "initialize", ["capabilities": [:]]), now: 0)
        _ = server.receive(notification("initialized"), now: 0)
    }

    // MARK: - JSON

    @Test func jsonKeepsTypesApart() throws {
        let json = try JSON.parse(Array(#"{"a": true, "b": 1, "c": 1.5, "d": "x", "e": [null], "f": {"g": false}}"#.utf8))
        #expect(json["a"] == .bool(true))
        #expect(json["b"] == .int(1))
        #expect(json["c"] == .double(1.5))
        #expect(json["d"] == .string("x"))
        #expect(json["e"] == .array([.null]))
        #expect(json["f"]?["g"] == .bool(false))
    }

    @Test func jsonEncodesSortedAndCompact() {
        let json: JSON = ["b": 1, "a": ["…", "😀"], "c": .null]
        #expect(json.text == #"{"a":["…","😀"],"b":1,"c":null}"#)
    }

    @Test func jsonRejectsGarbage() {
        #expect(throws: (any Error).self) { try JSON.parse(Array("{bad".utf8)) }
        #expect(throws: (any Error).self) { try JSON.parse([]) }
    }

    @Test func jsonParsesEscapesAndNumbers() throws {
        let json = try JSON.parse(Array(#" {"s": "a\"b\\c\/d\b\f\n\r\t\u00e9\u2026\ud83d\ude00", "n": [0, -12, 1.5e3, -0.25, 3.0, 1E2, 99999999999999999999]} "#.utf8))
        #expect(json["s"] == .string("a\"b\\c/d\u{8}\u{C}\n\r\té…😀"))
        #expect(json["n"] == .array([.int(0), .int(-12), .double(1500), .double(-0.25), .double(3), .double(100), .double(1e20)]))
        #expect(json["n"]?.array?[4].int == 3)
        #expect(try JSON.parse(Array("\u{FEFF}[\"é\"]".utf8)) == .array(["é"]))
        #expect(try JSON.parse(Array("true".utf8)) == .bool(true))
    }

    /// Agrees with Foundation's JSONSerialization on what is JSON.
    @Test(arguments: ["{\"a\" 1}", "[01]", "[1.]", "[.5]", "[+1]", "[-]", "[1e]", "\"\\x\"", "\"\\u12\"",
                      "\"a\nb\"", "[1] [2]", "nul", "[tru]", "{1: 2}", "'a'"])
    func jsonRejectsWhatIsNotJSON(_ text: String) {
        #expect(throws: (any Error).self) { try JSON.parse(Array(text.utf8)) }
        #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) == nil)
    }

    /// A lone surrogate escape is what an editor sends when an edit splits a
    /// pair: RFC 8259's grammar allows it, and it reads as U+FFFD.
    @Test func jsonReadsLoneSurrogatesAsReplacementCharacters() throws {
        #expect(try JSON.parse(Array(#""\ud800""#.utf8)) == .string("\u{FFFD}"))
        #expect(try JSON.parse(Array(#""\udc00x""#.utf8)) == .string("\u{FFFD}x"))
        #expect(try JSON.parse(Array(#""\ud800\u0041""#.utf8)) == .string("\u{FFFD}A"))
        #expect(try JSON.parse(Array(#""a\ud800\ud83d\ude00\udc00""#.utf8)) == .string("a\u{FFFD}😀\u{FFFD}"))
        #expect(try JSON.parse(Array(#""\ud800\\""#.utf8)) == .string("\u{FFFD}\\"))
        #expect(throws: (any Error).self) { try JSON.parse(Array(#""\ud800\uZZZZ""#.utf8)) }
        #expect(throws: (any Error).self) { try JSON.parse(Array(#""\ud800"#.utf8)) }
    }

    /// One bound for every JSON menuc reads (messages, `menuc.json`,
    /// baselines), with an error that says so; reading as deep as it allows
    /// (and freeing the result) fits a small thread's stack.
    @Test func jsonNestingIsBoundedOnASmallStack() throws {
        let limit = JSONParser.maximumDepth
        let deepest = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        let tooDeep = String(repeating: "{\"a\":", count: limit + 1) + "1" + String(repeating: "}", count: limit + 1)
        nonisolated(unsafe) var results: [Result<JSON, JSONParser.Failure>] = []
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            for text in [deepest, tooDeep] {
                var parser = JSONParser(Array(text.utf8))
                results.append(Result { () throws(JSONParser.Failure) in try parser.parseDocument() })
            }
            done.signal()
        }
        thread.stackSize = 256 * 1024
        thread.start()
        done.wait()
        #expect((try? results[0].get()) != nil)
        guard case .failure(let failure) = results[1] else {
            Issue.record("\(limit + 1) levels were accepted")
            return
        }
        #expect(failure.description == "nested more than \(limit) levels deep at byte \(5 * limit + 1)")
    }

    /// Stricter than swift-corelibs-foundation's JSONSerialization, which
    /// lets trailing commas through: RFC 8259 has none.
    @Test(arguments: ["[1,]", "{\"a\":1,}"])
    func jsonRejectsTrailingCommas(_ text: String) {
        #expect(throws: (any Error).self) { try JSON.parse(Array(text.utf8)) }
    }

    @Test func jsonRejectsInvalidUTF8AndDeepNesting() throws {
        #expect(throws: (any Error).self) { try JSON.parse([0x22, 0xC3, 0x28, 0x22]) }
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: (any Error).self) { try JSON.parse(Array(deep.utf8)) }
        let allowed = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        #expect(try JSON.parse(Array(allowed.utf8)) != .null)
        do {
            _ = try JSON.parse(Array(#"{"a": [1, 2}"#.utf8))
            Issue.record("should not parse")
        } catch {
            #expect("\(error)" == "unexpected '}', expected ',' or ']' in an array at byte 12")
        }
    }

    // MARK: - Framing

    @Test func framingSplitsMessagesInOneChunk() {
        var decoder = MessageFrameDecoder()
        decoder.append(MessageFraming.frame(Array("{}".utf8)) + MessageFraming.frame(Array("[1]".utf8)))
        #expect(decoder.next() == .message(Array("{}".utf8)))
        #expect(decoder.next() == .message(Array("[1]".utf8)))
        #expect(decoder.next() == nil)
    }

    @Test func framingReassemblesByteByByte() {
        let body = Array(#"{"label":"Export…😀"}"#.utf8)
        var decoder = MessageFrameDecoder()
        var frames: [MessageFrameDecoder.Frame] = []
        for byte in MessageFraming.frame(body) {
            decoder.append([byte])
            while let frame = decoder.next() { frames.append(frame) }
        }
        // Content-Length counts bytes, not characters.
        #expect(frames == [.message(body)])
        #expect(decoder.bufferedCount == 0)
    }

    @Test func framingAcceptsOtherHeadersInAnyCase() {
        var decoder = MessageFrameDecoder()
        decoder.append(Array("content-type: application/vscode-jsonrpc; charset=utf-8\r\nCONTENT-LENGTH: 2\r\n\r\n{}".utf8))
        #expect(decoder.next() == .message(Array("{}".utf8)))
    }

    @Test func framingReportsABadHeaderAndRecovers() {
        var decoder = MessageFrameDecoder()
        decoder.append(Array("Content-Size: 2\r\n\r\n".utf8) + MessageFraming.frame(Array("{}".utf8)))
        guard case .malformed(let problem)? = decoder.next() else {
            Issue.record("expected a malformed frame")
            return
        }
        #expect(problem.contains("Content-Length"))
        #expect(decoder.next() == .message(Array("{}".utf8)))
    }

    @Test func framingRejectsNonNumericAndHugeLengths() {
        var decoder = MessageFrameDecoder()
        decoder.append(Array("Content-Length: ten\r\n\r\nContent-Length: 99999999999\r\n\r\n".utf8))
        guard case .malformed(let problem)? = decoder.next() else {
            Issue.record("expected a malformed frame")
            return
        }
        #expect(problem.contains("not a number"))
        // The second bad header is part of the same run of junk: not reported again.
        #expect(decoder.next() == nil)
        decoder.append(Array("Content-Length: -1\r\n\r\n".utf8) + MessageFraming.frame(Array("{}".utf8)) + Array("Content-Length: x\r\n\r\n".utf8))
        #expect(decoder.next() == .message(Array("{}".utf8)))
        // After a message, junk is reported again.
        #expect(LanguageServerTests.isMalformed(decoder.next()))
    }

    /// Every frame `stream` decodes to, fed whole, in chunks of `chunk`
    /// bytes, and byte by byte: the result must not depend on how it arrived.
    static func frames(_ stream: [UInt8], chunk: Int? = nil) -> [MessageFrameDecoder.Frame] {
        var decoder = MessageFrameDecoder()
        var frames: [MessageFrameDecoder.Frame] = []
        var index = 0
        while index < stream.count {
            let end = min(stream.count, index + (chunk ?? stream.count))
            decoder.append(stream[index..<end])
            while let frame = decoder.next() { frames.append(frame) }
            index = end
        }
        return frames
    }

    static func framesEveryWay(_ stream: [UInt8]) -> [MessageFrameDecoder.Frame] {
        let whole = frames(stream)
        for chunk in [1, 7, 4096] {
            #expect(frames(stream, chunk: chunk) == whole, "fed in chunks of \(chunk)")
        }
        return whole
    }

    static func isMalformed(_ frame: MessageFrameDecoder.Frame?) -> Bool {
        if case .malformed? = frame { return true }
        return false
    }

    static let goodRequest = Array(#"{"jsonrpc":"2.0","id":7,"method":"shutdown"}"#.utf8)

    /// A corrupt header costs the frame it announced, never the messages after it.
    @Test(arguments: [
        "Content-Type: application/json\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\"}",
        "Content-Length: 99999999999\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\"}",
        "Content-Length: -5\r\n\r\n{\"id\":1}",
        "Content-Length: ten\r\n\r\n{\"id\":1}",
        "Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}",
        "Content-Length 12\r\n\r\n{\"id\":1}",
        "garbage without a header at all\r\n\r\n",
        "X-Junk: " + String(repeating: "a", count: 20_000) + "\r\n\r\n{\"id\":1}",
        "X-Junk: " + String(repeating: "a", count: 20_000),
    ])
    func framingResynchronizesOnTheNextHeader(_ corrupt: String) {
        let frames = LanguageServerTests.framesEveryWay(Array(corrupt.utf8) + MessageFraming.frame(LanguageServerTests.goodRequest))
        #expect(LanguageServerTests.isMalformed(frames.first), "\(frames)")
        #expect(frames.last == .message(LanguageServerTests.goodRequest), "\(frames)")
        #expect(frames.filter { !LanguageServerTests.isMalformed($0) }.count == 1, "\(frames)")
    }

    /// A Content-Length longer than the body: the next message's header is
    /// found inside the body instead of waiting for bytes that never come.
    @Test(arguments: [1_000, 60_000_000], [
        "{\"id\":1,\"text\":\"Content-Length: 5 in a string\"}",
        "{\"id\":1,\"text\":\"cut off inside a string",
        "not JSON at all \"",
    ])
    func framingNoticesABodyShorterThanItsLength(_ length: Int, _ body: String) {
        let lying = Array("Content-Length: \(length)\r\n\r\n\(body)".utf8)
        let frames = LanguageServerTests.framesEveryWay(lying + MessageFraming.frame(LanguageServerTests.goodRequest)
                                                        + MessageFraming.frame(LanguageServerTests.goodRequest))
        #expect(frames.count == 3 && LanguageServerTests.isMalformed(frames.first), "\(frames)")
        #expect(Array(frames.dropFirst()) == [.message(LanguageServerTests.goodRequest), .message(LanguageServerTests.goodRequest)])
    }

    /// A complete body is taken at once, whatever letters end it: only the
    /// start of a `Content-Length` line running past the bytes received makes
    /// the watch wait, and no JSON ends that way.
    @Test(arguments: [#"{"position":{"character":0}}"#, #"{"a":"c"}"#, #"["c"]"#, #"{"x":"content-len"}"#, #"{"content-length":1}"#])
    func framingTakesACompleteBodyAtOnce(_ body: String) {
        for chunk in [1, 3, 4096] {
            #expect(LanguageServerTests.frames(MessageFraming.frame(Array(body.utf8)), chunk: chunk) == [.message(Array(body.utf8))])
        }
    }

    /// A length a few bytes too long cuts into the next header: the body
    /// is not taken until the line is seen whole, then the next message is.
    @Test(arguments: [1, 5, 15, 20])
    func framingNoticesALengthCuttingIntoTheNextHeader(_ extra: Int) {
        let body = #"{"jsonrpc":"2.0","id":1,"method":"initialize"}"#
        let lying = Array("Content-Length: \(body.utf8.count + extra)\r\n\r\n\(body)".utf8)
        let frames = LanguageServerTests.framesEveryWay(lying + MessageFraming.frame(LanguageServerTests.goodRequest))
        #expect(frames.count == 2 && LanguageServerTests.isMalformed(frames.first), "\(frames)")
        #expect(frames.last == .message(LanguageServerTests.goodRequest))
    }

    /// A Content-Length shorter than the body: the rest of the body, glued
    /// to the next header, is skipped up to that header.
    @Test(arguments: ["{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\"}", "{\n  \"id\": 1,\n  \"method\": \"initialize\"\n}\n"])
    func framingRecoversFromALengthShorterThanTheBody(_ body: String) {
        let short = Array("Content-Length: 5\r\n\r\n\(body)".utf8)
        let frames = LanguageServerTests.framesEveryWay(short + MessageFraming.frame(LanguageServerTests.goodRequest))
        #expect(frames.first == .message(Array(body.utf8.prefix(5))))
        #expect(frames.last == .message(LanguageServerTests.goodRequest), "\(frames)")
        #expect(frames.dropFirst().dropLast().allSatisfy(LanguageServerTests.isMalformed), "\(frames)")
    }

    /// `Content-Length` inside a JSON string (escaped quotes too) is text, not a header.
    @Test func framingKeepsHeaderTextInsideStrings() {
        let body = Array(#"{"text":"a \"quoted\" Content-Length: 5\r\n\r\nCONTENT-LENGTH","n":1}"#.utf8)
        #expect(LanguageServerTests.framesEveryWay(MessageFraming.frame(body) + MessageFraming.frame(LanguageServerTests.goodRequest))
                == [.message(body), .message(LanguageServerTests.goodRequest)])
    }

    /// Junk made of header-like lines with no blank line, or of bare
    /// `content-length` words, is skipped in one pass (each candidate is
    /// decided from a few bytes, and no byte is searched for a header's end
    /// twice) and reported once: a megabyte of it ends, and the message
    /// after it is read.
    @Test(arguments: ["Content-Length: 1\n", "content-length", "x: 1\r\nContent-Length: 7\r"])
    func framingSkipsHeaderLikeJunkInOnePass(_ unit: String) {
        let junk = Array(String(repeating: unit, count: 1_000_000 / unit.utf8.count).utf8)
        var decoder = MessageFrameDecoder()
        var frames: [MessageFrameDecoder.Frame] = []
        for start in stride(from: 0, to: junk.count, by: 65_536) {
            decoder.append(junk[start..<min(junk.count, start + 65_536)])
            while let frame = decoder.next() { frames.append(frame) }
        }
        decoder.append(Array("\r\n\r\n".utf8) + MessageFraming.frame(LanguageServerTests.goodRequest))
        while let frame = decoder.next() { frames.append(frame) }
        #expect(decoder.bytesSearchedForHeaderEnds < 2 * junk.count, "\(decoder.bytesSearchedForHeaderEnds) bytes searched")
        // One error for the whole run of junk.
        #expect(frames.count == 2 && LanguageServerTests.isMalformed(frames.first), "\(frames.count) frames")
        #expect(frames.last == .message(LanguageServerTests.goodRequest))
        #expect(decoder.bufferedCount == 0)
    }

    /// Skipping garbage keeps only a few bytes, however much arrives.
    @Test func framingDropsWhatItSkips() {
        var decoder = MessageFrameDecoder()
        decoder.append(Array("Content-Type: x\r\n\r\n".utf8))
        #expect(LanguageServerTests.isMalformed(decoder.next()))
        for _ in 0..<20 {
            decoder.append([UInt8](repeating: UInt8(ascii: "x"), count: 100_000))
            #expect(decoder.next() == nil)
        }
        #expect(decoder.bufferedCount < 16)
        decoder.append(MessageFraming.frame(LanguageServerTests.goodRequest))
        #expect(decoder.next() == .message(LanguageServerTests.goodRequest))
    }

    // MARK: - Fuzzer inputs

    /// What `Benchmarks/Fuzz/LSPFuzzTarget.swift` does with one input: a
    /// prologue opening a document, the input in reads of the size its first
    /// byte gives, then one more request; returns every message sent and
    /// whether that last request was answered (nil: the input ended with `exit`).
    static func replayFuzzInput(_ input: [UInt8]) -> (replies: [JSON], answeredAfter: Bool?) {
        var beforeFinal = 0
        return replayFuzzInput(input, repliesBeforeTheLastRequest: &beforeFinal)
    }

    static func replayFuzzInput(_ input: [UInt8], repliesBeforeTheLastRequest beforeFinal: inout Int) -> (replies: [JSON], answeredAfter: Bool?) {
        let server = LanguageServer(configuration: LanguageServer.Configuration(
            formatter: MenuFormatterAdapter(), diagnosticsDelay: 0, maximumDiagnosticsWait: 0, currentDirectory: "/menuc-lsp-fuzz"))
        var stream = MessageStream(server: server)
        var replies: [JSON] = []
        var now: UInt64 = 1
        func take(_ bytes: ArraySlice<UInt8>) {
            replies += stream.receive(bytes, now: now)
            now += 200_000_000
            replies += server.fireTimers(now: now)
        }
        let document = try? String(contentsOf: TestSupport.packageRoot.appendingPathComponent("Benchmarks/Fuzz/seeds/lsp/document.menu"), encoding: .utf8)
        let prologue: [JSON] = [
            ["jsonrpc": "2.0", "id": 0, "method": "initialize", "params": ["capabilities": [
                "textDocument": ["hover": ["contentFormat": ["markdown"]], "completion": ["completionItem": ["documentationFormat": ["markdown"]]]],
            ]]],
            ["jsonrpc": "2.0", "method": "initialized", "params": [:]],
            ["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": [
                "uri": "untitled:fuzz.menu", "languageId": "menu", "version": 1, "text": .string(document ?? ""),
            ]]],
        ]
        take(prologue.flatMap { MessageFraming.frame($0.encoded()) }[...])
        let chunk = Int(input.first ?? 255) + 1
        var start = 0
        while start < input.count, server.exitCode == nil {
            take(input[start..<min(input.count, start + chunk)])
            start += chunk
        }
        guard server.exitCode == nil else { return (replies, nil) }
        beforeFinal = replies.count
        let final: JSON = ["jsonrpc": "2.0", "id": "fuzz-final", "method": "shutdown"]
        let last = stream.receive(Array("\r\n\r\n".utf8) + MessageFraming.frame(final.encoded()), now: now)
        // The line break may complete an `exit` the input cut short.
        guard server.exitCode == nil else { return (replies + last, nil) }
        return (replies + last, last.contains { $0["id"] == "fuzz-final" })
    }

    /// The request ids of an input made only of well-formed messages (up to
    /// an `exit`), as the fuzz target checks them; nil for any other input.
    static func wellFormedRequestIDs(_ input: [UInt8]) -> [JSON]? {
        let prefix = Array("Content-Length: ".utf8)
        var ids: [JSON] = []
        var index = 0
        while index < input.count {
            guard input[index...].starts(with: prefix) else { return nil }
            index += prefix.count
            let digits = input[index...].prefix { $0 >= 0x30 && $0 <= 0x39 }.prefix(9)
            guard let length = Int(String(decoding: digits, as: UTF8.self)) else { return nil }
            index += digits.count
            guard input[index...].starts(with: [0x0D, 0x0A, 0x0D, 0x0A]) else { return nil }
            index += 4
            guard length <= input.count - index, let message = try? JSON.parse(Array(input[index..<(index + length)])),
                  message.object != nil else { return nil }
            index += length
            if message["method"] == "exit" { break }
            guard message["method"]?.string != nil, let id = message["id"] else { continue }
            if case .int = id { ids.append(id) } else if case .string = id { ids.append(id) }
        }
        return ids
    }

    static func fuzzInputs() -> [String] {
        let folders = ["Benchmarks/Fuzz/seeds/lsp", "Tests/MenuCompilerTests/Fixtures/fuzz-lsp"].map { TestSupport.packageRoot.appendingPathComponent($0) }
        return folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".lsp") }.sorted()
                .map { folder.appendingPathComponent($0).path }
        }
    }

    /// The fuzzer's seeds and every input it found a problem with: the
    /// server answers every request, sends only valid JSON, and the request
    /// after the input is answered — the stream is back in step.
    @Test(arguments: fuzzInputs())
    func fuzzInputsReplay(_ path: String) throws {
        let input = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        var beforeFinal = 0
        let (replies, answeredAfter) = LanguageServerTests.replayFuzzInput(input, repliesBeforeTheLastRequest: &beforeFinal)
        for reply in replies {
            #expect((try? JSON.parse(reply.encoded())) != nil)
        }
        #expect(answeredAfter != false, "the request after \(path) was not answered")
        // Well-formed requests are answered before anything more arrives.
        if let requests = LanguageServerTests.wellFormedRequestIDs(input) {
            let answered = Set(replies.prefix(answeredAfter == nil ? replies.count : beforeFinal).compactMap { $0["method"] == nil ? $0["id"] : nil })
            for id in requests { #expect(answered.contains(id), "request \(id) of \(path) was not answered") }
        }
    }

    // MARK: - UTF-16 positions

    @Test func positionsCountUTF16Units() {
        let text = "item a \"😀…x\"\nnext"
        let file = SourceFile(id: FileID(0), displayPath: "t", text: text)
        let x = text.utf8.count - "x\"\nnext".utf8.count
        // `item a "` is 8 units, 😀 is 2 (a surrogate pair), … is 1.
        #expect(file.lspPosition(of: x) == LSPPosition(line: 0, character: 11))
        #expect(file.offset(of: LSPPosition(line: 0, character: 11)) == x)
        #expect(file.offset(of: LSPPosition(line: 1, character: 2)) == text.utf8.count - 2)
        // Past the end of a line means its end; past the last line, the end of the file.
        #expect(file.offset(of: LSPPosition(line: 0, character: 99)) == x + 2)
        #expect(file.offset(of: LSPPosition(line: 9, character: 0)) == text.utf8.count)
    }

    @Test func positionsRoundTripEveryBoundary() {
        let text = "a 😀 b … c\r\n🙂\n"
        let file = SourceFile(id: FileID(0), displayPath: "t", text: text)
        var offset = 0
        for character in text {
            #expect(file.offset(of: file.lspPosition(of: offset)) == offset || character == "\n")
            offset += character.utf8.count
        }
    }

    // MARK: - Incremental edits

    static func edit(_ text: String, _ changes: [ContentChange]) -> String {
        var bytes = Array(text.utf8)
        for change in changes { bytes = DocumentStore.apply(change, to: bytes) }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func range(_ line: Int, _ start: Int, _ endLine: Int, _ end: Int) -> LSPRange {
        LSPRange(start: LSPPosition(line: line, character: start), end: LSPPosition(line: endLine, character: end))
    }

    @Test func incrementalEditAfterEmoji() {
        let text = "item a \"😀 Open\"\n"
        // Replace "Open" (UTF-16 columns 11..<15) with "Save…".
        #expect(LanguageServerTests.edit(text, [ContentChange(range: LanguageServerTests.range(0, 11, 0, 15), text: "Save…")])
                == "item a \"😀 Save…\"\n")
    }

    @Test func incrementalEditsApplyInSequence() {
        let text = "menu A \"A\" {\n  item x \"…\"\n}\n"
        let changes = [
            ContentChange(range: LanguageServerTests.range(1, 10, 1, 11), text: "Export…"),  // replaces … (1 unit)
            ContentChange(range: LanguageServerTests.range(1, 2, 1, 6), text: "toggle"),
            ContentChange(range: LanguageServerTests.range(2, 1, 2, 1), text: " // end"),
        ]
        #expect(LanguageServerTests.edit(text, changes) == "menu A \"A\" {\n  toggle x \"Export…\"\n} // end\n")
    }

    @Test func incrementalEditSpanningLinesAndFullReplace() {
        let text = "one 🙂\ntwo\nthree"
        #expect(LanguageServerTests.edit(text, [ContentChange(range: LanguageServerTests.range(0, 4, 2, 2), text: "")]) == "one ree")
        #expect(LanguageServerTests.edit(text, [ContentChange(range: nil, text: "new")]) == "new")
        // A range past the end is clamped rather than rejected.
        #expect(LanguageServerTests.edit(text, [ContentChange(range: LanguageServerTests.range(9, 0, 9, 5), text: "!")]) == text + "!")
    }

    /// An edit between the halves of a surrogate pair: the character becomes
    /// two U+FFFD (one UTF-16 unit each, like the halves), so the edit and
    /// every later one land where the editor made them.
    @Test func editsSplittingASurrogatePairKeepPositionsAligned() {
        let text = "a😀b\n"
        // Deleting the low half (unit 2) leaves a lone high surrogate in the editor.
        let deleted = LanguageServerTests.edit(text, [ContentChange(range: LanguageServerTests.range(0, 2, 0, 3), text: "")])
        #expect(deleted == "a\u{FFFD}b\n")
        // Typing between the halves.
        let typed = LanguageServerTests.edit(text, [ContentChange(range: LanguageServerTests.range(0, 2, 0, 2), text: "X")])
        #expect(typed == "a\u{FFFD}X\u{FFFD}b\n")
        // Later edits count the halves as the editor does.
        #expect(LanguageServerTests.edit(text, [ContentChange(range: LanguageServerTests.range(0, 2, 0, 3), text: ""),
                                                ContentChange(range: LanguageServerTests.range(0, 2, 0, 3), text: "c")]) == "a\u{FFFD}c\n")
        // A range covering the whole pair is untouched by this.
        #expect(LanguageServerTests.edit(text, [ContentChange(range: LanguageServerTests.range(0, 1, 0, 3), text: "…")]) == "a…b\n")
        #expect(LanguageServerTests.edit(text, [ContentChange(range: LanguageServerTests.range(0, 3, 0, 3), text: "!")]) == "a😀!b\n")
    }

    /// A `didChange` whose text holds a lone surrogate (`"\ud800"`) is
    /// applied, not dropped as invalid JSON: the edits after it, and a hover
    /// after them, land where the editor put them.
    @Test func didChangeWithALoneSurrogateKeepsTheTextInStep() throws {
        let server = LanguageServer()
        LanguageServerTests.initialized(server)
        let uri = "untitled:surrogate.menu"
        _ = server.receive(LanguageServerTests.notification("textDocument/didOpen", ["textDocument": [
            "uri": .string(uri), "languageId": "menu", "version": 1, "text": "menu M \"M\" {\n  item b \"AB\" { shortcut: \"cmd+n\" }\n}\n",
        ]]), now: 0)
        // The editor inserts a lone high surrogate between A and B (one UTF-16 unit)…
        let surrogate = #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"untitled:surrogate.menu","version":2},"contentChanges":[{"range":{"start":{"line":1,"character":11},"end":{"line":1,"character":11}},"text":"\ud800"}]}}"#
        #expect(server.receive(Array(surrogate.utf8), now: 0).isEmpty)
        // …then changes `cmd+n` to `cmd+k`: the `n` is now at unit 32.
        _ = server.receive(LanguageServerTests.notification("textDocument/didChange", [
            "textDocument": ["uri": .string(uri), "version": 3],
            "contentChanges": [["range": LanguageServerTests.range(1, 32, 1, 33).json, "text": "k"]],
        ]), now: 0)
        let hover = server.receive(LanguageServerTests.request(9, "textDocument/hover", [
            "textDocument": ["uri": .string(uri)], "position": ["line": 1, "character": 30],
        ]), now: 0)
        let value = hover.first?["result"]?["contents"]?["value"]?.string ?? ""
        #expect(value.contains("⌘K"), "\(hover)")
        let label = server.receive(LanguageServerTests.request(10, "textDocument/hover", [
            "textDocument": ["uri": .string(uri)], "position": ["line": 1, "character": 4],
        ]), now: 0)
        #expect(label.first?["result"]?["contents"]?["value"]?.string?.contains("\"A\u{FFFD}B\"") == true, "\(label)")
    }

    @Test func documentStoreTracksVersionsAndGenerations() throws {
        var store = DocumentStore()
        store.open(uri: "file:///tmp/a.menu", text: "menu A", version: 1)
        let generation = store.generation
        try store.change(uri: "file:///tmp/a.menu", version: 2, changes: [ContentChange(range: LanguageServerTests.range(0, 6, 0, 6), text: " \"A\"")])
        #expect(store["file:///tmp/a.menu"]?.text == "menu A \"A\"")
        #expect(store["file:///tmp/a.menu"]?.version == 2)
        #expect(store["file:///tmp/a.menu"]?.path == "/tmp/a.menu")
        #expect(store.generation > generation)
        #expect(throws: ResponseError.self) { try store.change(uri: "file:///tmp/b.menu", version: 1, changes: []) }
    }

    // MARK: - Completion context

    @Test func completesMenuElementsInAMenu() {
        let labels = LanguageServerTests.completions("menu File \"File\" {\n  |\n}\n")
        #expect(labels.contains("item") && labels.contains("section") && labels.contains("submenu") && labels.contains("toggle"))
        #expect(!labels.contains("button") && !labels.contains("option") && !labels.contains("menu"))
        #expect(labels.contains("dynamic") && labels.contains("use"))
    }

    @Test func completesControlsInAView() {
        let labels = LanguageServerTests.completions("view V \"V\" {\n  presentation: sheet\n  |\n}\n")
        #expect(labels.contains("button") && labels.contains("popup") && labels.contains("toolbar"))
        #expect(!labels.contains("item") && !labels.contains("use"))
        // A property already written is not offered again.
        #expect(!labels.contains("presentation") && labels.contains("editable"))
    }

    @Test func completesPropertiesOfTheEnclosingElementWhileTyping() {
        let labels = LanguageServerTests.completions("menu File \"File\" {\n  item a \"A\" { sh| }\n}\n")
        #expect(labels.contains("shortcut") && labels.contains("action") && labels.contains("input"))
        #expect(!labels.contains("item"))
    }

    @Test func completesInsideAnUnclosedBody() {
        // The document being typed: the item's body is not closed yet.
        let labels = LanguageServerTests.completions("menu File \"File\" {\n  item a \"A\" {\n    |\n")
        #expect(labels.contains("shortcut"))
    }

    @Test func completesTheTopLevel() {
        let labels = LanguageServerTests.completions("|\nmenu A \"A\" {}\n")
        #expect(labels.contains("menu") && labels.contains("view") && labels.contains("platforms") && labels.contains("import"))
        #expect(!labels.contains("item"))
        #expect(!LanguageServerTests.completions("menu A \"A\" {}\n|").contains("platforms"))
    }

    @Test func completesEnumerationValuesAndBooleans() {
        #expect(LanguageServerTests.completions("view V { button b \"B\" { style: | } }")
                == ["filled", "tinted", "gray", "plain", "bordered"])
        #expect(LanguageServerTests.completions("menu M \"M\" { item i \"I\" { enabled: t| } }") == ["true", "false"])
        // Toggle in a menu has three states? No: `state` of a changeable-title toggle is on/off.
        #expect(LanguageServerTests.completions("menu M \"M\" { toggle t { state: | } }") == ["on", "off"])
        #expect(LanguageServerTests.completions("menu M \"M\" { item i \"I\" { state: | } }") == ["on", "off", "mixed"])
    }

    @Test func completesDeclaredNames() {
        let source = """
            menu Edit "Edit" { item undo "Undo" }
            menu Format "Format" { item bold "Bold" }
            view Settings "Settings" {}
            menubar { use | }
            """
        #expect(LanguageServerTests.completions(source) == ["Edit", "Format"])
        #expect(LanguageServerTests.completions("menu Edit \"Edit\" {}\nview V { pulldown p \"P\" { menu: | } }") == ["Edit"])
        #expect(LanguageServerTests.completions("view Prefs \"Prefs\" {}\nview V { button b \"Open…\" { opens: | } }")
                == ["Prefs", "V", "window", "sheet", "view"])
        #expect(LanguageServerTests.completions("view V { popup p \"P\" { default: |\n option a \"A\"\n section { option \"Big B\" } } }")
                == ["a", "bigB"])
    }

    @Test func completesRuleIDsInAllow() {
        let labels = LanguageServerTests.completions("menu M \"M\" {\n  @allow(label-|)\n  item a \"A\"\n}\n")
        #expect(labels == RuleRegistry.all.map(\.descriptor.id))
        #expect(labels.contains("label-ellipsis-character") && !labels.contains("syntax"))
        let rest = LanguageServerTests.completions("menu M \"M\" {\n  @allow(label-ellipsis-character, |)\n  item a \"A\"\n}\n")
        #expect(!rest.contains("label-ellipsis-character") && rest.count == labels.count - 1)
        #expect(LanguageServerTests.completions("menu M \"M\" {\n  @|\n}") == ["allow"])
    }

    @Test func ruleIDCompletionReplacesTheWholeHyphenatedWord() {
        let (source, offset) = LanguageServerTests.marked("menu M \"M\" {\n  @allow(label-ti|)\n  item a \"A\"\n}\n")
        let context = CompletionContext.at(offset, in: LanguageServerTests.document(source).syntax)
        #expect(source.utf8.count > offset)
        #expect(String(decoding: Array(source.utf8)[context.replace], as: UTF8.self) == "label-ti")
    }

    @Test func completesNothingInStringsCommentsAndNames() {
        #expect(LanguageServerTests.completions("menu M \"Fi|le\" {}").isEmpty)
        #expect(LanguageServerTests.completions("menu M \"M\" { // it|\n}").isEmpty)
        #expect(LanguageServerTests.completions("menu M \"M\" { /* it| */ }").isEmpty)
        #expect(LanguageServerTests.completions("/// Doc it|\nmenu M \"M\" {}").isEmpty)
        #expect(LanguageServerTests.completions("menu M \"M\" { item ne| }").isEmpty)
        #expect(LanguageServerTests.completions("view V { button b { width: 4| } }").isEmpty)
    }

    @Test func completesPlatforms() {
        #expect(LanguageServerTests.completions("platforms iOS 17, |\n").contains("macOS"))
        #expect(!LanguageServerTests.completions("platforms iOS 17, |\n").contains("iOS"))
    }

    // MARK: - Hover

    @Test func hoverOnAnElementShowsItsResolvedMeaning() throws {
        let text = try #require(LanguageServerTests.hover("menu File \"File\" {\n  it|em newNote \"New Note\" { shortcut: \"cmd+shift+n\" }\n}"))
        #expect(text.contains("identifier: `newNote`"))
        #expect(text.contains("⇧⌘N"))
        #expect(text.contains("`enabled: true` — default"))
        #expect(text.contains("`role: normal` — default"))
    }

    /// A menu's entries are counted through its sections, not into submenus.
    @Test func hoverOnAMenuCountsItsEntries() throws {
        let menu = try #require(LanguageServerTests.hover("""
            me|nu File "File" {
              section { item a "Open"; item b "Close" }
              submenu "Recent" { item c "One"; item d "Two" }
              item e "Quit"
            }
            """))
        #expect(menu.contains("- 4 entries"))
        let single = try #require(LanguageServerTests.hover("me|nu Edit \"Edit\" { section { item a \"Undo\" } }"))
        #expect(single.contains("- 1 entry"))
    }

    @Test func hoverOnAToggleKnowsItsContext() throws {
        let inMenu = try #require(LanguageServerTests.hover("menu V \"View\" { tog|gle { on: \"Hide Ruler\"; off: \"Show Ruler\" } }"))
        #expect(inMenu.contains("changeable-title item"))
        #expect(inMenu.contains("`showRuler` (derived from the label)"))
        let inView = try #require(LanguageServerTests.hover("view V { tog|gle bold \"Bold\" }"))
        #expect(inView.contains("toggle button"))
    }

    @Test func hoverOnAPropertyShowsDocumentationAndValues() throws {
        let name = try #require(LanguageServerTests.hover("view V { button b \"B\" { sty|le: filled } }"))
        #expect(name.contains("filled") && name.contains("bordered") && name.contains("property of button"))
        let value = try #require(LanguageServerTests.hover("menu M \"M\" { item i \"I\" { shortcut: \"⌘⇧|N\" } }"))
        #expect(value.contains("⇧⌘N") && value.contains("shift+cmd+n"))
    }

    @Test func hoverOnARuleIDExplainsTheRule() throws {
        let text = try #require(LanguageServerTests.hover("menu M \"M\" {\n  @allow(label-ellipsis-ch|aracter)\n  item a \"a\"\n}"))
        #expect(text.contains("**label-ellipsis-character** (warning, fix-it)"))
        #expect(text.contains(try #require(RuleRegistry.descriptor("label-ellipsis-character")).summary))
        #expect(text.contains("https://developer.apple.com/design/human-interface-guidelines/menus"))
        let unknown = try #require(LanguageServerTests.hover("menu M \"M\" {\n  @allow(label-ellipsis-charactr|)\n  item a \"a\"\n}"))
        #expect(unknown.contains("did you mean `label-ellipsis-character`"))
        let language = try #require(LanguageServerTests.hover("menu M \"M\" {\n  @allow(syn|tax)\n  item a \"a\"\n}"))
        #expect(language.contains("language error"))
    }

    @Test func hoverOnAReferenceDescribesItsTarget() throws {
        let text = try #require(LanguageServerTests.hover("/// The edit menu.\nmenu Edit \"Edit\" { item undo \"Undo\" }\nmenubar { use Ed|it }"))
        #expect(text.contains("menu Edit \"Edit\"") && text.contains("The edit menu."))
        #expect(LanguageServerTests.hover("menu M \"M\" {}\n|\n") == nil)
    }

    // MARK: - Other features

    @Test func codeActionsOfferTheFixItAndAnAllow() throws {
        let document = LanguageServerTests.document("menu File \"File\" {\n  item export \"Export...\" { input: true }\n}\n")
        var literals = ClientCapabilities()
        literals.codeActionLiterals = true
        let actions = CodeActionsFeature.actions(document, range: LanguageServerTests.range(1, 16, 1, 16), only: nil, capabilities: literals)
        let titles = actions.array?.compactMap { $0["title"]?.string } ?? []
        let fix = try #require(titles.firstIndex(of: "Replace '...' with '…'"))
        let allow = try #require(titles.firstIndex(of: "Allow 'label-ellipsis-character' on item export"))
        #expect(fix < allow)
        let allowEdit = actions.array?[allow]["edit"]?["changes"]?["untitled:test.menu"]?.array?.first
        #expect(allowEdit?["newText"] == "  @allow(label-ellipsis-character)\n")
        #expect(allowEdit?["range"] == LanguageServerTests.range(1, 0, 1, 0).json)
    }

    @Test func allowJoinsAnExistingAttribute() throws {
        let document = LanguageServerTests.document("menu File \"File\" {\n  @allow(unused-allow) item export \"Export...\" { input: true }\n}\n")
        let finding = try #require(document.analysis.diagnostics(in: document.file).first { $0.id == "label-ellipsis-character" })
        let insertion = try #require(CodeActionsFeature.allowEdit(for: finding, in: document))
        #expect(insertion.edit.replacement == ", label-ellipsis-character")
    }

    @Test func semanticTokensClassifyByMeaning() {
        let document = LanguageServerTests.document("menu File \"File\" {\n  item menu \"Menu\" { role: destructive } // c\n}\n")
        let tokens = SemanticTokensFeature.classify(document.syntax).map { document.source.text($0.start..<$0.end) + ":" + $0.type.name }
        #expect(tokens == ["menu:keyword", "File:variable", "\"File\":string", "item:keyword", "menu:variable", "\"Menu\":string",
                           "role:property", "destructive:enumMember", "// c:comment"])
        let data = SemanticTokensFeature.encode(SemanticTokensFeature.classify(document.syntax), in: document.source)
        #expect(Array(data.prefix(10)) == [0, 0, 4, SemanticTokensFeature.TokenType.keyword.rawValue, 0,
                                           0, 5, 4, SemanticTokensFeature.TokenType.variable.rawValue, 1])
    }

    @Test func semanticTokensMarkAttributesAndSplices() {
        let document = LanguageServerTests.document("menu E \"E\" {}\nmenubar {\n  @allow(label-title-case) menu F \"F\" { use E }\n}\n")
        let tokens = SemanticTokensFeature.classify(document.syntax).map { document.source.text($0.start..<$0.end) + ":" + $0.type.name }
        #expect(tokens.contains("@:decorator") && tokens.contains("allow:decorator") && tokens.contains("label-title-case:macro"))
        #expect(tokens.contains("use:keyword") && tokens.contains("E:variable"))
    }

    @Test func semanticTokensSplitMultilineCommentsInUTF16() {
        let document = LanguageServerTests.document("/* 😀\nx */ menu A \"…\"")
        let data = SemanticTokensFeature.encode(SemanticTokensFeature.classify(document.syntax), in: document.source)
        let comment = SemanticTokensFeature.TokenType.comment.rawValue
        #expect(Array(data.prefix(10)) == [0, 0, 5, comment, 0, 1, 0, 4, comment, 0])
        #expect(Array(data.suffix(5)) == [0, 2, 3, SemanticTokensFeature.TokenType.string.rawValue, 0])
    }

    @Test func foldingCoversBodiesAndComments() {
        let document = LanguageServerTests.document("/// a\n/// b\nmenu A \"A\" {\n  item x \"X\"\n  item y \"Y\"\n}\n")
        #expect(FoldingFeature.folds(document.syntax) == [
            FoldingFeature.Fold(startLine: 0, endLine: 1, kind: "comment"),
            FoldingFeature.Fold(startLine: 2, endLine: 4, kind: nil),
        ])
    }

    @Test func outlineNamesElementsLikeTheResolver() {
        let document = LanguageServerTests.document("menu File \"File\" {\n  section { item \"Open Recent…\" }\n  section {}\n}\n")
        let outline = SymbolsFeature.outline(document.syntax)
        #expect(outline.map(\.name) == ["File"])
        #expect(outline.first?.children.map(\.detail) == ["section section", "section section2"])
        #expect(outline.first?.children.first?.children.map(\.detail) == ["item openRecent"])
    }

    @Test func definitionFindsDeclarationsAndOptions() throws {
        let (source, offset) = LanguageServerTests.marked("menu Edit \"Edit\" {}\nmenubar { use E|dit }")
        let document = LanguageServerTests.document(source)
        let location = try #require(NavigationFeature.definitionLocation(document, at: offset))
        #expect(location.range == LanguageServerTests.range(0, 5, 0, 9))
        let (popup, optionOffset) = LanguageServerTests.marked("view V { popup p \"P\" { default: b|ig\n option small \"S\"\n option big \"B\" } }")
        let optionLocation = try #require(NavigationFeature.definitionLocation(LanguageServerTests.document(popup), at: optionOffset))
        #expect(optionLocation.range == LanguageServerTests.range(2, 8, 2, 11))
    }

    struct Uppercasing: DocumentFormatting {
        func format(_ file: SourceFile) -> Result<String, FormattingFailure> {
            let text = String(decoding: file.bytes, as: UTF8.self)
            return text.contains("!") ? .failure(FormattingFailure(diagnostics: [])) : .success(text.replacingOccurrences(of: "menu", with: "MENU"))
        }
    }

    @Test func formattingSendsOneMinimalEdit() {
        let document = LanguageServerTests.document("// 😀 menu\nitem")
        let edits = FormattingFeature.format(document, with: Uppercasing())
        #expect(edits == [LSPTextEdit(range: LanguageServerTests.range(0, 6, 0, 10), newText: "MENU").json])
        #expect(FormattingFeature.format(LanguageServerTests.document("item"), with: Uppercasing()) == [])
        #expect(FormattingFeature.format(LanguageServerTests.document("!"), with: Uppercasing()) == .null)
        // Differences next to multi-byte characters stay on character boundaries.
        let file = SourceFile(id: FileID(0), displayPath: "t", text: "a😀b")
        #expect(FormattingFeature.minimalEdit(from: file, to: Array("a😁b".utf8)) == LSPTextEdit(range: LanguageServerTests.range(0, 1, 0, 3), newText: "😁"))
    }

    @Test func menucFmtIsPluggedInThroughTheAdapter() throws {
        let adapter = MenuFormatterAdapter()
        let messy = SourceFile(id: FileID(0), displayPath: "t.menu", text: "menu   File \"File\"{\n item open \"Open…\"{shortcut:\"cmd+o\"}\n}\n")
        #expect(try adapter.format(messy).get() == "menu File \"File\" {\n  item open \"Open…\" { shortcut: \"cmd+o\" }\n}\n")
        let broken = SourceFile(id: FileID(0), displayPath: "t.menu", text: "menu File {\n")
        guard case .failure(let failure) = adapter.format(broken) else {
            Issue.record("a file with syntax errors must not be formatted")
            return
        }
        #expect(failure.diagnostics.contains { $0.id == "syntax" })
    }

    // MARK: - The server's state machine

    @Test func requestsBeforeInitializeAreRefused() {
        let server = LanguageServer()
        let replies = server.receive(LanguageServerTests.request(7, "textDocument/hover"), now: 0)
        #expect(replies.first?["error"]?["code"] == .int(ResponseError.serverNotInitializedCode))
        #expect(replies.first?["id"] == .int(7))
    }

    @Test func initializeAdvertisesFormattingOnlyWithAFormatter() {
        let plain = LanguageServer().receive(LanguageServerTests.request(1, "initialize", ["capabilities": [:]]), now: 0)
        let capabilities = plain.first?["result"]?["capabilities"]
        #expect(capabilities?["documentFormattingProvider"] == nil)
        #expect(capabilities?["hoverProvider"] == .bool(true))
        #expect(capabilities?["textDocumentSync"]?["change"] == .int(2))
        let formatting = LanguageServer(configuration: .init(formatter: Uppercasing()))
            .receive(LanguageServerTests.request(1, "initialize", ["capabilities": [:]]), now: 0)
        #expect(formatting.first?["result"]?["capabilities"]?["documentFormattingProvider"] == .bool(true))
    }

    @Test func badInputGetsErrorsAndTheServerGoesOn() {
        let server = LanguageServer()
        LanguageServerTests.initialized(server)
        #expect(server.receive(Array("{nope".utf8), now: 0).first?["error"]?["code"] == .int(ResponseError.parseErrorCode))
        #expect(server.receive(Array("[1, 2]".utf8), now: 0).first?["error"]?["code"] == .int(ResponseError.invalidRequestCode))
        let malformed = server.receiveMalformedFrame("no length")
        #expect(malformed.first { $0["id"] != nil }?["error"]?["code"] == .int(ResponseError.parseErrorCode))
        #expect(malformed.first?["method"] == "window/logMessage")
        #expect(server.receive(LanguageServerTests.request(2, "no/such"), now: 0).first?["error"]?["code"] == .int(ResponseError.methodNotFoundCode))
        let missing = server.receive(LanguageServerTests.request(3, "textDocument/hover", ["textDocument": ["uri": "file:///x.menu"]]), now: 0)
        #expect(missing.first?["error"]?["code"] == .int(ResponseError.invalidParamsCode))
        let notOpen = server.receive(LanguageServerTests.request(4, "textDocument/hover",
                                                                 ["textDocument": ["uri": "file:///x.menu"], "position": ["line": 0, "character": 0]]), now: 0)
        #expect(notOpen.first?["error"]?["code"] == .int(ResponseError.invalidParamsCode))
        #expect(server.receive(LanguageServerTests.request(5, "shutdown"), now: 0).first?["result"] == .null)
        #expect(server.exitCode == nil)
    }

    @Test func diagnosticsAreDebounced() {
        let server = LanguageServer(configuration: .init(diagnosticsDelay: 150, maximumDiagnosticsWait: 1000))
        LanguageServerTests.initialized(server)
        let uri = "untitled:a.menu"
        _ = server.receive(LanguageServerTests.notification("textDocument/didOpen", ["textDocument": ["uri": .string(uri), "version": 1, "text": "menu A \"A\" { item x \"X\" { bogus: 1 } }"]]), now: 0)
        let opened = server.fireTimers(now: 0)
        #expect(opened.first?["params"]?["diagnostics"]?.array?.first?["code"] == "unknown-property")
        // Two quick edits: one publication, 150 after the last.
        let fix: JSON = ["textDocument": ["uri": .string(uri), "version": 2],
                         "contentChanges": [["range": LanguageServerTests.range(0, 26, 0, 31).json, "text": "role"]]]
        _ = server.receive(LanguageServerTests.notification("textDocument/didChange", fix), now: 1000)
        let again: JSON = ["textDocument": ["uri": .string(uri), "version": 3],
                           "contentChanges": [["range": LanguageServerTests.range(0, 32, 0, 33).json, "text": "normal"]]]
        _ = server.receive(LanguageServerTests.notification("textDocument/didChange", again), now: 1100)
        #expect(server.fireTimers(now: 1200).isEmpty)
        #expect(server.nextDeadline == 1250)
        let published = server.fireTimers(now: 1250)
        #expect(published.count == 1)
        // The error is gone (guideline rules may have their say now that the file is valid).
        let codes = published.first?["params"]?["diagnostics"]?.array?.compactMap { $0["code"]?.string }
        #expect(codes?.contains("unknown-property") == false)
        #expect(server.nextDeadline == nil)
    }

    @Test func exitCodeFollowsShutdown() {
        let orderly = LanguageServer()
        LanguageServerTests.initialized(orderly)
        _ = orderly.receive(LanguageServerTests.request(2, "shutdown"), now: 0)
        #expect(orderly.receive(LanguageServerTests.request(3, "textDocument/hover"), now: 0).first?["error"]?["code"]
                == .int(ResponseError.invalidRequestCode))
        _ = orderly.receive(LanguageServerTests.notification("exit"), now: 0)
        #expect(orderly.exitCode == 0)
        let abrupt = LanguageServer()
        LanguageServerTests.initialized(abrupt)
        _ = abrupt.receive(LanguageServerTests.notification("exit"), now: 0)
        #expect(abrupt.exitCode == 1)
    }
}
