import Foundation
import HeraldSync

import Glibc

/// The one HTTP/1.1 test server, on 127.0.0.1 or another loopback address (port chosen by the
/// kernel, or given), for the media and
/// the receipt tests: one thread accepts, one thread per connection reads the request (its
/// head, then its body by Content-Length, answering `Expect: 100-continue`) and answers
/// with the response the test's handler describes; every request and connection is logged
/// (path, bytes actually sent, whether the peer closed before the end). A test starts it and
/// stops it (`stop()`).
///
/// All mutable state is behind the one lock (`Locked`).
public final class LoopbackHTTPServer: Sendable {
    /// One request as received.
    public struct Request: Sendable {
        public let method: String
        public let path: String
        /// Header names lowercased.
        public let headers: [String: String]
        public let body: Data
    }

    /// What the server sends back.
    public struct Response: Sendable {
        public var status: Int = 200
        public var headers: [(String, String)] = []
        /// Bytes of the body sent first, then `fillerCount` bytes of filler.
        public var body: [UInt8] = []
        public var fillerCount: Int = 0
        /// Announce `Content-Length` (else the body ends at connection close).
        public var sendContentLength = true
        /// A Content-Length to announce instead of the real one.
        public var announcedLength: Int? = nil
        /// Bytes per write and the pause after each write.
        public var chunkSize = 65_536
        public var pauseAfterChunk: Double = 0
        /// Pause before the headers are sent.
        public var pauseBeforeHeaders: Double = 0
        /// After the body, keep the connection open (no end of stream) until the client
        /// closes it: a client that stops by itself is told apart from one that waits for
        /// more, whatever the machine's load. The connection then counts as closed early.
        public var holdAfterBody = false
        /// Close the connection without answering.
        public var drop = false

        /// A response; the other fields keep their defaults until set.
        public init(
            status: Int = 200, headers: [(String, String)] = [], body: [UInt8] = [], fillerCount: Int = 0,
            sendContentLength: Bool = true, pauseBeforeHeaders: Double = 0
        ) {
            self.status = status
            self.headers = headers
            self.body = body
            self.fillerCount = fillerCount
            self.sendContentLength = sendContentLength
            self.pauseBeforeHeaders = pauseBeforeHeaders
        }

        /// No answer: the connection is closed.
        public static var dropped: Response {
            var r = Response()
            r.drop = true
            return r
        }

        /// The body's size: `body` and then the filler.
        public var totalBodyBytes: Int { body.count + fillerCount }

        /// 200 with `body`.
        public static func ok(_ body: [UInt8], contentType: String = "application/octet-stream") -> Response {
            Response(status: 200, headers: [("Content-Type", contentType)], body: body)
        }

        /// A redirect to `location`.
        public static func redirect(_ status: Int = 302, to location: String) -> Response {
            Response(status: status, headers: [("Location", location)], body: Array("moved".utf8))
        }
    }

    /// One connection as served.
    public struct Connection: Sendable {
        public var path: String
        public var bodyBytesSent: Int
        public var plannedBodyBytes: Int
        /// A write failed: the client had closed the connection.
        public var peerClosedEarly: Bool
        public var finished: Bool
    }

    /// The port the kernel chose (or the one asked for).
    public let port: Int
    /// The IPv4 address it listens on.
    public let address: String
    private let listener: Int32
    private let handler: @Sendable (Request) -> Response

    private struct State {
        var log: [Connection] = []
        var received: [Request] = []
        var stopped = false
    }

    private let state = Locked(State())

    /// A server answering by path.
    public convenience init(handler: @escaping @Sendable (String) -> Response) throws {
        try self.init(respond: { handler($0.path) })
    }

    /// A server answering each whole request (method, headers, body).
    public static func answering(_ respond: @escaping @Sendable (Request) -> Response) throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer(respond: respond)
    }

    /// A server on `address` (a loopback IPv4 address: 127.0.0.2 is another host than
    /// 127.0.0.1 to a client) and `port` (0: the kernel picks one).
    public static func answering(
        on address: String, port: Int = 0, _ respond: @escaping @Sendable (Request) -> Response
    ) throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer(address: address, port: port, respond: respond)
    }

    private init(
        address: String = "127.0.0.1", port: Int = 0, respond handler: @escaping @Sendable (Request) -> Response
    ) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ServerError("socket: \(String(cString: strerror(errno)))") }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        // Port 0: the kernel picks a free port (read back below).
        var addr = sockaddr_in(
            sin_family: sa_family_t(AF_INET), sin_port: UInt16(port).bigEndian, sin_addr: in_addr(s_addr: inet_addr(address)),
            sin_zero: (0, 0, 0, 0, 0, 0, 0, 0))
        let size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &addr) { bind(fd, UnsafeRawPointer($0).assumingMemoryBound(to: sockaddr.self), size) }
        guard bound == 0, listen(fd, 64) == 0 else {
            close(fd)
            throw ServerError("bind/listen: \(String(cString: strerror(errno)))")
        }
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &len) }
        }
        self.port = Int(UInt16(bigEndian: addr.sin_port))
        self.address = address
        self.listener = fd
        self.handler = handler
        let t = Thread { [self] in acceptLoop() }
        t.start()
    }

    /// `http://<address>:<port><path>` (address 127.0.0.1 unless another was asked for).
    public func url(_ path: String) -> String { "http://\(address):\(port)\(path)" }

    /// Every connection so far.
    public var connections: [Connection] { state.withLock { $0.log } }

    /// Every request so far, in the order they were read.
    public var requests: [Request] { state.withLock { $0.received } }

    /// Waits (up to `timeout` seconds) until `count` connections have finished.
    public func waitForFinishedConnections(_ count: Int, timeout: Double = 10) -> [Connection] {
        let end = Date().addingTimeInterval(timeout)
        while Date() < end {
            let c = connections
            if c.filter(\.finished).count >= count { return c }
            usleep(10_000)
        }
        return connections
    }

    /// Stops accepting (the listening socket is closed; connections being served end).
    public func stop() {
        let wasStopped = state.withLock { s in
            defer { s.stopped = true }
            return s.stopped
        }
        guard !wasStopped else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private var isStopped: Bool { state.withLock { $0.stopped } }

    private func acceptLoop() {
        while !isStopped {
            let c = accept(listener, nil, nil)
            if c < 0 {
                if errno == EINTR { continue }
                return
            }
            let t = Thread { [self] in serve(c) }
            t.start()
        }
    }

    private func serve(_ fd: Int32) {
        defer { close(fd) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 4096)
        guard let request = read(fd, &buffer) else { return }
        // Only the request is read with a timeout: a connection held open afterwards
        // (`holdAfterBody`) waits for the client however long it takes.
        timeout = timeval(tv_sec: 0, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let path = request.path
        let response = handler(request)

        state.withLock { $0.received.append(request) }
        if response.drop { return }

        let index = state.withLock { s in
            s.log.append(
                Connection(
                    path: path, bodyBytesSent: 0, plannedBodyBytes: response.totalBodyBytes, peerClosedEarly: false,
                    finished: false))
            return s.log.count - 1
        }

        func sendAll(_ bytes: ArraySlice<UInt8>) -> Bool {
            var sent = 0
            while sent < bytes.count {
                let n = bytes.withUnsafeBytes { raw in
                    send(fd, raw.baseAddress! + sent, raw.count - sent, Int32(MSG_NOSIGNAL))
                }
                if n < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                sent += n
            }
            return true
        }
        func pause(_ seconds: Double) {
            var left = seconds
            while left > 0, !isStopped {
                usleep(UInt32(min(left, 0.05) * 1_000_000))
                left -= 0.05
            }
        }
        func record(_ sent: Int, closed: Bool, finished: Bool) {
            state.withLock { s in
                s.log[index].bodyBytesSent = sent
                s.log[index].peerClosedEarly = closed
                s.log[index].finished = finished
            }
        }

        pause(response.pauseBeforeHeaders)
        var head = "HTTP/1.1 \(response.status) \(response.status == 200 ? "OK" : "Status")\r\n"
        for (k, v) in response.headers { head += "\(k): \(v)\r\n" }
        if response.sendContentLength {
            head += "Content-Length: \(response.announcedLength ?? response.totalBodyBytes)\r\n"
        }
        head += "Connection: close\r\n\r\n"
        guard sendAll(ArraySlice(Array(head.utf8))) else {
            record(0, closed: true, finished: true)
            return
        }
        var sent = 0
        let filler = [UInt8](repeating: 0x41, count: response.chunkSize)
        var pending = ArraySlice(response.body)
        var fillerLeft = response.fillerCount
        while !pending.isEmpty || fillerLeft > 0 {
            if isStopped { break }
            let chunk: ArraySlice<UInt8>
            if !pending.isEmpty {
                chunk = pending.prefix(response.chunkSize)
                pending = pending.dropFirst(chunk.count)
            } else {
                chunk = filler.prefix(min(fillerLeft, response.chunkSize))
                fillerLeft -= chunk.count
            }
            guard sendAll(chunk) else {
                record(sent, closed: true, finished: true)
                return
            }
            sent += chunk.count
            record(sent, closed: false, finished: false)
            pause(response.pauseAfterChunk)
        }
        if response.holdAfterBody {
            while !isStopped, recv(fd, &buffer, buffer.count, 0) > 0 {}
            record(sent, closed: true, finished: true)
            return
        }
        shutdown(fd, Int32(SHUT_WR))
        // Drain until the client closes, so "closed early" is only about the body.
        while recv(fd, &buffer, buffer.count, 0) > 0 {}
        record(sent, closed: false, finished: true)
    }
}

extension LoopbackHTTPServer {
    /// Reads one request: the head up to the blank line (at most 64 KiB), then exactly
    /// Content-Length body bytes (answering `Expect: 100-continue` first). Nil when the client
    /// goes away early.
    private func read(_ fd: Int32, _ buffer: inout [UInt8]) -> Request? {
        var bytes: [UInt8] = []
        var headEnd: Int?
        var scanned = 0
        while headEnd == nil {
            guard bytes.count < 65_536 else { return nil }
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { return nil }
            bytes.append(contentsOf: buffer[0..<n])
            var i = max(0, scanned - 3)
            while i + 3 < bytes.count {
                if bytes[i] == 13, bytes[i + 1] == 10, bytes[i + 2] == 13, bytes[i + 3] == 10 {
                    headEnd = i
                    break
                }
                i += 1
            }
            scanned = bytes.count
        }
        guard let headEnd else { return nil }
        var lines = String(decoding: bytes[0..<headEnd], as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let length = Int(headers["content-length"] ?? "0") ?? 0
        if headers["expect"]?.lowercased() == "100-continue" {
            let text = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
            _ = text.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }
        var body = Array(bytes[(headEnd + 4)...])
        while body.count < length {
            let n = recv(fd, &buffer, min(buffer.count, length - body.count), 0)
            if n <= 0 { return nil }
            body.append(contentsOf: buffer[0..<n])
        }
        return Request(
            method: requestLine.first.map(String.init) ?? "", path: requestLine.count >= 2 ? String(requestLine[1]) : "/",
            headers: headers, body: Data(body.prefix(length)))
    }
}

/// The server could not listen.
public struct ServerError: Error, CustomStringConvertible {
    public let description: String
    init(_ d: String) { description = d }
}

/// A loopback port where nothing listens, held for as long as the value lives: a
/// connection to it is refused at once, and no server another test starts meanwhile
/// can take the port (the socket is bound without SO_REUSEADDR and never listens).
/// For "the endpoint is down" tests; keep it alive until the test is done
/// (`withExtendedLifetime`).
public final class RefusedPort: Sendable {
    /// The port number on 127.0.0.1.
    public let port: Int
    private let fd: Int32

    /// Binds 127.0.0.1 on a port the kernel picks.
    public init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ServerError("socket: \(String(cString: strerror(errno)))") }
        var addr = sockaddr_in(
            sin_family: sa_family_t(AF_INET), sin_port: 0, sin_addr: in_addr(s_addr: inet_addr("127.0.0.1")),
            sin_zero: (0, 0, 0, 0, 0, 0, 0, 0))
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, len) == 0 && getsockname(fd, $0, &len) == 0 }
        }
        guard bound else {
            close(fd)
            throw ServerError("bind: \(String(cString: strerror(errno)))")
        }
        self.fd = fd
        self.port = Int(UInt16(bigEndian: addr.sin_port))
    }

    deinit { close(fd) }
}
