import Dispatch
import Foundation
import HeraldJSON
import HeraldSync

import Glibc

/// Runs a `LanguageServer` over a pair of file descriptors (stdin and stdout for
/// `herald lsp`): a reader thread frames and parses what arrives, the calling thread
/// answers in order. A `$/cancelRequest` for a request still waiting answers it as
/// cancelled without running it. Edits are linted once they have settled for the
/// debounce time; a save, an open or a close lints at once.
public enum ServerLoop {
    /// What the reader hands over.
    enum Item {
        case message(RPCMessage)
        case cancelled(JSONValue)
        case unreadable(RPCError)
        /// The input ended or could not be framed (the string says why, for stderr).
        case end(String?)
    }

    final class Inbox: Sendable {
        let items = Locked<[Item]>([])
        /// Signalled once per item.
        let ready = DispatchSemaphore(value: 0)
        /// How many items may wait before the reader stops reading (back-pressure). Made at 0
        /// and signalled up: libdispatch traps when a semaphore is freed below the value it
        /// was made with, which a reader ended mid-session would leave.
        let slots = DispatchSemaphore(value: 0)

        init() {
            for _ in 0..<1024 { slots.signal() }
        }

        func put(_ item: Item) {
            slots.wait()
            items.withLock { $0.append(item) }
            ready.signal()
        }

        /// Marks a waiting request as cancelled (nothing happens when none waits with that id).
        func cancel(_ id: JSONValue) {
            items.withLock { Self.cancel(id, in: &$0) }
        }

        static func cancel(_ id: JSONValue, in items: inout [Item]) {
            for i in items.indices {
                if case .message(.request(let rid, _, _)) = items[i], rid == id { items[i] = .cancelled(id) }
            }
        }

        func take() -> Item {
            let item = items.withLock { $0.removeFirst() }
            slots.signal()
            return item
        }
    }

    /// Serves until `exit` or the end of the input; returns the exit status.
    public static func run(_ options: LanguageServer.Options = .init(), input: Int32 = 0, output: Int32 = 1) -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        let writer = FrameWriter(fd: output)
        let server = LanguageServer(options: options) { writer.write($0) }
        let inbox = Inbox()
        let reader = Thread { readLoop(fd: input, into: inbox) }
        reader.start()
        var lastChange = DispatchTime.now()
        while true {
            let debounce = server.options.debounceMilliseconds
            let deadline: DispatchTime = server.stale.isEmpty ? .distantFuture : lastChange + .milliseconds(debounce)
            if inbox.ready.wait(timeout: deadline) == .timedOut {
                server.publishStale()
                continue
            }
            switch inbox.take() {
            case .message(let message):
                if case .notification("textDocument/didChange", _) = message { lastChange = .now() }
                if case .exit(let status) = server.handle(message) { return status }
            case .cancelled(let id):
                server.cancelled(id)
            case .unreadable(let error):
                server.unreadable(error)
            case .end(let reason):
                if let reason { writeError("herald lsp: \(reason)\n") }
                return 1
            }
            if writer.failed { return 1 }
        }
    }

    static func readLoop(fd: Int32, into inbox: Inbox) {
        var decoder = FrameDecoder()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 {
                inbox.put(.end(nil))
                return
            }
            decoder.feed(chunk[0..<n])
            // What arrived together is handed over together, after its cancels are applied:
            // a request and its cancel read in one chunk never start.
            var batch: [Item] = []
            var failure: String? = nil
            do {
                while let body = try decoder.next() {
                    do {
                        let message = try RPCMessage.read(body)
                        if case .notification("$/cancelRequest", let params) = message {
                            if let id = params["id"] {
                                inbox.cancel(id)
                                Inbox.cancel(id, in: &batch)
                            }
                            continue
                        }
                        batch.append(.message(message))
                    } catch {
                        batch.append(.unreadable(error))
                    }
                }
            } catch {
                failure = "the input is not framed as the protocol asks: \(error.message)"
            }
            for item in batch { inbox.put(item) }
            if let failure {
                inbox.put(.end(failure))
                return
            }
        }
    }

    static func writeError(_ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
    }
}

/// Writes framed messages to a file descriptor, whole, from any thread.
final class FrameWriter: Sendable {
    let fd: Int32
    private let broken = Locked(false)

    init(fd: Int32) { self.fd = fd }

    var failed: Bool { broken.withLock { $0 } }

    func write(_ body: String) {
        let bytes = FrameEncoder.frame(body)
        broken.withLock { broken in
            guard !broken else { return }
            var offset = 0
            while offset < bytes.count {
                let n = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
                if n < 0 {
                    if errno == EINTR { continue }
                    broken = true
                    return
                }
                offset += n
            }
        }
    }
}
