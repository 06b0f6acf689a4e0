import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 (port chosen by the kernel) for the
/// fetcher's tests: one thread accepts, one thread per connection answers with
/// the response the test's handler describes, and every connection is logged
/// (path, bytes actually sent, whether the peer closed before the end).
final class LoopbackHTTPServer: @unchecked Sendable {
    struct Response: Sendable {
        var status: Int = 200
        var headers: [(String, String)] = []
        /// Bytes of the body sent first, then `fillerCount` bytes of filler.
        var body: [UInt8] = []
        var fillerCount: Int = 0
        /// Announce `Content-Length` (else the body ends at connection close).
        var sendContentLength = true
        /// A Content-Length to announce instead of the real one.
        var announcedLength: Int? = nil
        /// Bytes per write and the pause after each write.
        var chunkSize = 65_536
        var pauseAfterChunk: Double = 0
        /// Pause before the headers are sent.
        var pauseBeforeHeaders: Double = 0
        /// After the body, keep the connection open (no end of stream) until the client
        /// closes it: a client that stops by itself is told apart from one that waits for
        /// more, whatever the machine's load. The connection then counts as closed early.
        var holdAfterBody = false

        var totalBodyBytes: Int { body.count + fillerCount }

        static func ok(_ body: [UInt8], contentType: String = "application/octet-stream") -> Response {
            Response(status: 200, headers: [("Content-Type", contentType)], body: body)
        }

        static func redirect(_ status: Int = 302, to location: String) -> Response {
            Response(status: status, headers: [("Location", location)], body: Array("moved".utf8))
        }
    }

    struct Connection: Sendable {
        var path: String
        var bodyBytesSent: Int
        var plannedBodyBytes: Int
        /// A write failed: the client had closed the connection.
        var peerClosedEarly: Bool
        var finished: Bool
    }

    let port: Int
    private let listener: Int32
    private let handler: @Sendable (String) -> Response
    private let lock = NSLock()
    private var log: [Connection] = []
    private var stopped = false

    init(handler: @escaping @Sendable (String) -> Response) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ServerError("socket: \(String(cString: strerror(errno)))") }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = 0
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            close(fd)
            throw ServerError("bind/listen: \(String(cString: strerror(errno)))")
        }
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &len) }
        }
        self.port = Int(UInt16(bigEndian: addr.sin_port))
        self.listener = fd
        self.handler = handler
        let t = Thread { [self] in acceptLoop() }
        t.start()
    }

    /// `http://127.0.0.1:<port><path>`.
    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    var connections: [Connection] {
        lock.lock()
        defer { lock.unlock() }
        return log
    }

    /// Waits (up to `timeout` seconds) until `count` connections have finished.
    func waitForFinishedConnections(_ count: Int, timeout: Double = 10) -> [Connection] {
        let end = Date().addingTimeInterval(timeout)
        while Date() < end {
            let c = connections
            if c.filter(\.finished).count >= count { return c }
            usleep(10_000)
        }
        return connections
    }

    func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

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
        var request: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !request.containsCRLFCRLF, request.count < 65_536 {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { return }
            request.append(contentsOf: buffer[0..<n])
        }
        let firstLine = String(decoding: request.prefix { $0 != 13 }, as: UTF8.self)
        let parts = firstLine.split(separator: " ")
        let path = parts.count >= 2 ? String(parts[1]) : "/"
        let response = handler(path)

        lock.lock()
        let index = log.count
        log.append(
            Connection(
                path: path, bodyBytesSent: 0, plannedBodyBytes: response.totalBodyBytes, peerClosedEarly: false,
                finished: false))
        lock.unlock()

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
            lock.lock()
            log[index].bodyBytesSent = sent
            log[index].peerClosedEarly = closed
            log[index].finished = finished
            lock.unlock()
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

struct ServerError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}

extension Array where Element == UInt8 {
    fileprivate var containsCRLFCRLF: Bool {
        guard count >= 4 else { return false }
        for i in 0...(count - 4) where self[i] == 13 && self[i + 1] == 10 && self[i + 2] == 13 && self[i + 3] == 10 {
            return true
        }
        return false
    }
}
