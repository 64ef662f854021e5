// libFuzzer entry point for the language server's message stream: the
// input is what an editor writes to `menuc lsp` — headers, bodies, garbage —
// fed in-process through the framing and the server (`MessageStream`, as
// the transport does), after a prologue that opens a document so requests
// in the input reach the features. No crash, no hang (libFuzzer's
// -timeout), every answer valid JSON, and afterwards the server is still
// in step: a request sent after the input is answered. Built by
// run.sh (target lsp) together with the MenuCompiler sources.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func lspFuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    LSPFuzz.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

enum LSPFuzz {
    /// The document requests in the input can name (`untitled:fuzz.menu`).
    /// The document requests in the input can name (`untitled:fuzz.menu`),
    /// shared with the test that replays the seeds and findings.
    static let document: String = {
        let path = "Benchmarks/Fuzz/seeds/lsp/document.menu"
        guard let data = FileManager.default.contents(atPath: path) else { fatalError("run from the package root: \(path)") }
        return String(decoding: data, as: UTF8.self)
    }()

    static func frame(_ message: JSON) -> [UInt8] {
        MessageFraming.frame(message.encoded())
    }

    static let prologue: [UInt8] =
        frame(["jsonrpc": "2.0", "id": 0, "method": "initialize", "params": ["capabilities": [
            "textDocument": ["hover": ["contentFormat": ["markdown"]], "completion": ["completionItem": ["documentationFormat": ["markdown"]]]],
        ]]])
        + frame(["jsonrpc": "2.0", "method": "initialized", "params": [:]])
        + frame(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": [
            "uri": "untitled:fuzz.menu", "languageId": "menu", "version": 1, "text": .string(document),
        ]]])

    static func run(_ input: [UInt8]) {
        let server = LanguageServer(configuration: LanguageServer.Configuration(
            formatter: MenuFormatterAdapter(), diagnosticsDelay: 0, maximumDiagnosticsWait: 0, currentDirectory: "/menuc-lsp-fuzz"))
        var stream = MessageStream(server: server)
        var now: UInt64 = 1
        func take(_ bytes: ArraySlice<UInt8>) {
            check(stream.receive(bytes, now: now))
            now += 200_000_000
            check(server.fireTimers(now: now))
        }
        take(prologue[...])
        // The first byte chooses how the input is cut into reads (1 to 256
        // bytes each), so frames split at every place get tried.
        let chunk = Int(input.first ?? 255) + 1
        var start = 0
        var answered: Set<JSON> = []
        while start < input.count, server.exitCode == nil {
            let end = min(input.count, start + chunk)
            let replies = stream.receive(input[start..<end], now: now)
            check(replies)
            answered.formUnion(replies.compactMap { $0["method"] == nil ? $0["id"] : nil })
            now += 200_000_000
            check(server.fireTimers(now: now))
            start = end
        }
        // An input of well-formed messages has every request answered by the
        // time its last byte arrived (none waits for bytes that aren't its own).
        if let requests = wellFormedRequestIDs(input) {
            for id in requests { precondition(answered.contains(id), "a well-formed request was not answered: \(id)") }
        }
        guard server.exitCode == nil else { return }
        // A line break ends a header the input left open; the request after
        // it must be answered, whatever state the input left the stream in.
        let final = frame(["jsonrpc": "2.0", "id": "fuzz-final", "method": "shutdown"])
        let replies = stream.receive(Array("\r\n\r\n".utf8) + final, now: now)
        check(replies)
        // (The line break may complete an `exit` the input cut short.)
        precondition(server.exitCode != nil || replies.contains { $0["id"] == "fuzz-final" }, "the request after the input was not answered")
    }

    /// The ids of the requests in `input` (up to an `exit`) when all of it is
    /// well-formed messages — `Content-Length: N`, a blank line, N bytes of a
    /// JSON object — or nil.
    static func wellFormedRequestIDs(_ input: [UInt8]) -> [JSON]? {
        let prefix = Array("Content-Length: ".utf8)
        var ids: [JSON] = []
        var index = 0
        while index < input.count {
            guard input[index...].starts(with: prefix) else { return nil }
            index += prefix.count
            var length = 0
            var digits = 0
            while index < input.count, input[index] >= 0x30, input[index] <= 0x39, digits < 9 {
                length = length * 10 + Int(input[index] - 0x30)
                index += 1
                digits += 1
            }
            guard digits > 0, input[index...].starts(with: [0x0D, 0x0A, 0x0D, 0x0A]) else { return nil }
            index += 4
            guard length <= input.count - index, let message = try? JSON.parse(Array(input[index..<(index + length)])),
                  message.object != nil else { return nil }
            index += length
            if message["method"] == "exit" { break }
            guard message["method"]?.string != nil, let id = message["id"] else { continue }
            switch id {
            case .int, .string: ids.append(id)
            case .null, .bool, .double, .array, .object: continue
            }
        }
        return ids
    }

    /// Every message the server sends is JSON that reads back.
    static func check(_ replies: [JSON]) {
        for reply in replies {
            let bytes = reply.encoded()
            guard let again = try? JSON.parse(bytes) else { preconditionFailure("the server sent what is not JSON") }
            precondition(again["jsonrpc"] == "2.0", "a message without jsonrpc 2.0")
            precondition(again["id"] != nil || again["method"] != nil, "a message that is neither a response nor a notification")
        }
    }
}
