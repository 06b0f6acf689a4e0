import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 (the kernel picks the port) for receipt delivery
/// tests: it answers requests in order from a script (a status, or dropping the connection),
/// then with `otherwise`; it reads each request's body fully (by Content-Length) and counts the
/// push ids of every batch it accepted (2xx). One connection at a time on a background thread;
/// every response closes the connection.
///
/// `@unchecked Sendable`: all mutable state is behind `lock`.
final class ReceiptTestServer: @unchecked Sendable {
    /// What the server does with one request.
    enum Reply: Sendable, Equatable {
        /// Answer with this status (2xx accepts the batch).
        case status(Int)
        /// Close the connection without answering (the batch is not accepted).
        case drop
        /// Accept the batch (unless its Idempotency-Key was accepted before), then close the
        /// connection without answering, as a server that dies after committing would.
        case acceptThenDrop
    }

    /// One request as received.
    struct Request: Sendable {
        let method: String
        let path: String
        /// Header names lowercased.
        let headers: [String: String]
        let body: Data
        /// The batch's push ids, in order (empty when the body is not a receipts batch).
        let pushIDs: [String]
    }

    let port: UInt16
    var url: String { "http://127.0.0.1:\(port)/v1/receipts" }

    private let listener: Int32
    private let lock = NSLock()
    private var script: [Reply]
    private let otherwise: Reply
    private let delay: useconds_t
    private var received: [Request] = []
    private var acceptedIDs: [String] = []
    private var acceptedKeys: Set<String> = []
    private var stopping = false
    private let finished = DispatchSemaphore(value: 0)

    enum Failure: Error { case socket(String) }

    init(script: [Reply] = [], otherwise: Reply = .status(200), delayMilliseconds: Int = 0) throws {
        self.script = script
        self.otherwise = otherwise
        self.delay = useconds_t(max(0, delayMilliseconds) * 1000)
        let (descriptor, port) = try Self.listen()
        self.listener = descriptor
        self.port = port
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    deinit { stop() }

    /// Every request received so far.
    var requests: [Request] { lock.withLock { received } }
    /// Push ids of accepted batches, once per accepted batch (a batch accepted again under the
    /// same Idempotency-Key is not counted twice).
    var acceptedPushIDs: [String] { lock.withLock { acceptedIDs } }

    /// Stops accepting and waits for the serving thread to end.
    func stop() {
        let wasStopping = lock.withLock { () -> Bool in
            defer { stopping = true }
            return stopping
        }
        guard !wasStopping else { return }
        finished.wait()
        close(listener)
    }

    /// A loopback port nothing listens on (bound, then closed).
    static func unusedPort() throws -> UInt16 {
        let (descriptor, port) = try listen()
        close(descriptor)
        return port
    }

    private static func listen() throws -> (Int32, UInt16) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure.socket("socket: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, Glibc.listen(descriptor, 64) == 0 else {
            close(descriptor)
            throw Failure.socket("bind/listen: \(String(cString: strerror(errno)))")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return (descriptor, UInt16(bigEndian: address.sin_port))
    }

    private func serve() {
        defer { finished.signal() }
        while !lock.withLock({ stopping }) {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 50) > 0 else { continue }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            handle(connection)
            close(connection)
        }
    }

    private func handle(_ connection: Int32) {
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard let request = read(connection) else { return }
        if delay > 0 { usleep(delay) }
        let reply = lock.withLock { () -> Reply in
            received.append(request)
            return script.isEmpty ? otherwise : script.removeFirst()
        }
        switch reply {
        case .drop:
            return
        case .acceptThenDrop:
            recordAccepted(request)
            return
        case .status(let code):
            if (200...299).contains(code) { recordAccepted(request) }
            let body = (200...299).contains(code) ? "{\"ok\":true}" : "status \(code) from the test server"
            send(connection, "HTTP/1.1 \(code) Test\r\nContent-Type: text/plain\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
            shutdown(connection, Int32(SHUT_WR))
        }
    }

    private func recordAccepted(_ request: Request) {
        lock.withLock {
            let key = request.headers["idempotency-key"] ?? UUID().uuidString
            guard acceptedKeys.insert(key).inserted else { return }
            acceptedIDs.append(contentsOf: request.pushIDs)
        }
    }

    private func send(_ connection: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { return }
            offset += sent
        }
    }

    /// Reads one request: the head up to the blank line, then exactly Content-Length body bytes
    /// (answering `Expect: 100-continue` first). Nil when the client goes away early.
    private func read(_ connection: Int32) -> Request? {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        var headEnd: Int?
        while headEnd == nil {
            let count = recv(connection, &chunk, chunk.count, 0)
            guard count > 0 else { return nil }
            buffer.append(contentsOf: chunk[0..<count])
            if buffer.count >= 4 {
                for index in max(0, buffer.count - count - 3)...(buffer.count - 4) where Array(buffer[index..<index + 4]) == separator {
                    headEnd = index
                    break
                }
            }
        }
        guard let headEnd else { return nil }
        let head = String(decoding: buffer[0..<headEnd], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let length = Int(headers["content-length"] ?? "0") ?? 0
        if headers["expect"]?.lowercased() == "100-continue" { send(connection, "HTTP/1.1 100 Continue\r\n\r\n") }
        var body = Array(buffer[(headEnd + 4)...])
        while body.count < length {
            let count = recv(connection, &chunk, min(chunk.count, length - body.count), 0)
            guard count > 0 else { return nil }
            body.append(contentsOf: chunk[0..<count])
        }
        let data = Data(body.prefix(length))
        var pushIDs: [String] = []
        if let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
           let receipts = object["receipts"] as? [[String: Any]] {
            pushIDs = receipts.compactMap { $0["pushId"] as? String }
        }
        return Request(
            method: String(requestLine[0]), path: String(requestLine[1]), headers: headers, body: data, pushIDs: pushIDs)
    }
}
