import Dispatch
import MenuSupport
import MenuSyntax
@_spi(MenuPipeline) import MenuSemantics
import MenuRules
import MenuFormatter
import MenuCompiler

/// Runs a `LanguageServer` over standard input and output.
///
/// One thread does everything: it waits (with `poll`) for input or for the
/// next diagnostics deadline, whichever comes first, and hands messages to
/// the server in the order they arrived. No queues, locks or shared state;
/// the debounce is just the poll timeout.
package struct StdioTransport {
    private let input: Int32
    private let output: Int32

    package init(input: Int32 = 0, output: Int32 = 1) {
        self.input = input
        self.output = output
    }

    /// Serves until `exit` (or until the input closes); returns the exit code:
    /// 0 after an orderly `shutdown` and `exit`, 1 otherwise.
    package func run(_ server: LanguageServer, clock: () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }) -> Int32 {
        var stream = MessageStream(server: server)
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let now = clock()
            var timeout: Int32 = -1
            if let deadline = server.nextDeadline {
                let remaining = deadline > now ? (deadline - now + 999_999) / 1_000_000 : 0
                timeout = Int32(min(remaining, UInt64(Int32.max)))
            }
            var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, timeout)
            if ready < 0, errno != EINTR { return 1 }
            if ready > 0 {
                let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR || errno == EAGAIN { continue }
                // End of input without `exit`: the client went away.
                if count <= 0 { return server.exitCode ?? 1 }
                guard send(stream.receive(chunk[0..<count], now: clock())) else { return 1 }
                if let code = server.exitCode { return code }
            }
            guard send(server.fireTimers(now: clock())) else { return 1 }
        }
    }

    /// Writes framed messages; false when the output is gone.
    private func send(_ messages: [JSON]) -> Bool {
        for message in messages {
            guard FileDescriptorIO.writeAll(MessageFraming.frame(message.encoded()), to: output) else { return false }
        }
        return true
    }
}
