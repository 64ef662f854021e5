import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics
import MenuRules
import MenuFormatter
import MenuCompiler

/// The server's side of the byte stream from the editor: bytes in as they
/// were read, messages to send out. What the transport does between `read`
/// and `write`, without file descriptors, so tests and the fuzzer drive the
/// server exactly as `menuc lsp` does.
package struct MessageStream {
    package let server: LanguageServer
    private var decoder = MessageFrameDecoder()

    package init(server: LanguageServer) {
        self.server = server
    }

    /// Bytes received but not yet taken as a message.
    package var bufferedCount: Int { decoder.bufferedCount }

    /// Takes every complete frame in `bytes` (with what came before) and
    /// returns the messages to send, in order. Once the server has exited,
    /// nothing more is read.
    package mutating func receive(_ bytes: some Sequence<UInt8>, now: UInt64) -> [JSON] {
        decoder.append(bytes)
        var replies: [JSON] = []
        while server.exitCode == nil, let frame = decoder.next() {
            switch frame {
            case .message(let body): replies += server.receive(body, now: now)
            case .malformed(let problem): replies += server.receiveMalformedFrame(problem)
            }
        }
        return replies
    }
}
