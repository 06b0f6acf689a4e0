import Foundation
import HeraldSync

/// A receipts endpoint for the delivery tests, over the one `LoopbackHTTPServer`: it answers
/// requests in order from a script (a status, or dropping the connection), then with
/// `otherwise`, and counts the push ids of every batch it accepted (2xx), once per
/// Idempotency-Key.
///
/// All mutable state is behind the one lock (`Locked`).
public final class ReceiptTestServer: Sendable {
    /// What the server does with one request.
    public enum Reply: Sendable, Equatable {
        /// Answer with this status (2xx accepts the batch).
        case status(Int)
        /// Close the connection without answering (the batch is not accepted).
        case drop
        /// Accept the batch (unless its Idempotency-Key was accepted before), then close the
        /// connection without answering, as a server that dies after committing would.
        case acceptThenDrop
    }

    /// One request as received, with the push ids of its batch.
    public struct Request: Sendable {
        public let method: String
        public let path: String
        /// Header names lowercased.
        public let headers: [String: String]
        public let body: Data
        /// The batch's push ids, in order (empty when the body is not a receipts batch).
        public let pushIDs: [String]

        init(_ request: LoopbackHTTPServer.Request) {
            method = request.method
            path = request.path
            headers = request.headers
            body = request.body
            var ids: [String] = []
            if let object = try? JSONSerialization.jsonObject(with: request.body) as? [String: Any],
                let receipts = object["receipts"] as? [[String: Any]]
            {
                ids = receipts.compactMap { $0["pushId"] as? String }
            }
            pushIDs = ids
        }
    }

    private let server: LoopbackHTTPServer
    private let state: State

    /// The receipts endpoint's URL.
    public var url: String { server.url("/v1/receipts") }
    /// The port it listens on.
    public var port: UInt16 { UInt16(server.port) }

    /// Starts the server; `delayMilliseconds` passes before each answer.
    public init(script: [Reply] = [], otherwise: Reply = .status(200), delayMilliseconds: Int = 0) throws {
        let state = State(script: script, otherwise: otherwise)
        self.state = state
        let delay = Double(max(0, delayMilliseconds)) / 1000
        server = try LoopbackHTTPServer.answering({ request in
            let received = Request(request)
            switch state.next() {
            case .drop:
                return .dropped
            case .acceptThenDrop:
                state.accept(received)
                return .dropped
            case .status(let code):
                let accepted = (200...299).contains(code)
                if accepted { state.accept(received) }
                let body = accepted ? "{\"ok\":true}" : "status \(code) from the test server"
                return LoopbackHTTPServer.Response(
                    status: code, headers: [("Content-Type", "text/plain")], body: Array(body.utf8),
                    pauseBeforeHeaders: delay)
            }
        })
    }

    /// Every request received so far.
    public var requests: [Request] { server.requests.map(Request.init) }
    /// Push ids of accepted batches, once per accepted batch (a batch accepted again under the
    /// same Idempotency-Key is not counted twice).
    public var acceptedPushIDs: [String] { state.lock.withLock { $0.acceptedIDs } }

    /// Stops accepting.
    public func stop() { server.stop() }

    private final class State: Sendable {
        struct Values {
            var script: [Reply]
            var acceptedIDs: [String] = []
            var acceptedKeys: Set<String> = []
        }

        let lock: Locked<Values>
        let otherwise: Reply

        init(script: [Reply], otherwise: Reply) {
            lock = Locked(Values(script: script))
            self.otherwise = otherwise
        }

        func next() -> Reply { lock.withLock { $0.script.isEmpty ? otherwise : $0.script.removeFirst() } }

        func accept(_ request: Request) {
            lock.withLock { v in
                let key = request.headers["idempotency-key"] ?? UUID().uuidString
                guard v.acceptedKeys.insert(key).inserted else { return }
                v.acceptedIDs.append(contentsOf: request.pushIDs)
            }
        }
    }
}
