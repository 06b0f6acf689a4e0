import AsyncHTTPClient
import Foundation
import HeraldService
import HeraldTestSupport
import Logging
import NIOCore
import NIOHTTP1
import Testing

/// A `herald serve` started in this process on an ephemeral loopback port, and stopped after
/// the test body whether it passed, failed or threw.
struct TestServer: Sendable {
    let port: Int
    let service: ServiceApplication

    static func with<T: Sendable>(
        _ configure: (inout ServiceConfiguration) -> Void = { _ in }, logger given: Logger? = nil,
        _ body: (TestServer) async throws -> T
    ) async throws -> T {
        var configuration = ServiceConfiguration()
        configuration.port = 0
        configuration.watchInterval = nil
        // No minimum body rate unless a test asks for one: a test process on a loaded machine
        // may send slower than any rate (a rate is a clock that load can break).
        configuration.limits.minBodyRate = 0
        configure(&configuration)
        var logger = Logger(label: "herald.serve.test")
        logger.logLevel = .critical
        if let given { logger = given }
        let service = ServiceApplication(configuration: configuration, logger: logger)
        service.tables.reload()
        let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
        let running = Task {
            try await service.application(onListening: { port in portSink.yield(port) }).run()
        }
        defer { running.cancel() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw ServerDidNotStart() }
        let result = try await body(TestServer(port: port, service: service))
        running.cancel()
        _ = try? await running.value
        return result
    }

    struct ServerDidNotStart: Error {}

    var base: String { "http://127.0.0.1:\(port)" }

    /// One request; the answer's status, headers and whole body.
    func send(
        _ method: HTTPMethod, _ path: String, body: [UInt8]? = nil, headers: [(String, String)] = []
    ) async throws -> Answer {
        try await Answer.send(method, base + path, body: body, headers: headers)
    }

    func json(_ method: HTTPMethod, _ path: String, _ text: String) async throws -> Answer {
        try await send(method, path, body: Array(text.utf8), headers: [("Content-Type", "application/json")])
    }
}

/// An HTTP answer as the tests read it.
struct Answer: Sendable {
    let status: Int
    let headers: HTTPHeaders
    let body: [UInt8]
    var text: String { String(decoding: body, as: UTF8.self) }

    static func send(_ method: HTTPMethod, _ url: String, body: [UInt8]?, headers: [(String, String)]) async throws -> Answer {
        var request = HTTPClientRequest(url: url)
        request.method = method
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(600))
        var collected = try await response.body.collect(upTo: 1 << 30)
        let bytes = collected.readBytes(length: collected.readableBytes) ?? []
        return Answer(status: Int(response.status.code), headers: response.headers, body: bytes)
    }
}

/// A plain TCP connection to a port on loopback, for requests a client library will not send:
/// a body that stops half-way, headers that never end.
final class RawConnection {
    let fd: Int32

    init(port: Int) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            close(fd)
            throw POSIXError(.ECONNREFUSED)
        }
    }

    deinit { close(fd) }

    func send(_ text: String) {
        var copy = text
        copy.withUTF8 { buffer in _ = Glibc.send(fd, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Everything the server sends until it closes the connection (read on a thread of its own).
    func readToEnd() async -> String {
        let fd = fd
        return await withCheckedContinuation { continuation in
            Thread {
                var out: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 4096)
                while true {
                    let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                    if n <= 0 { break }
                    out.append(contentsOf: buffer[0..<n])
                }
                continuation.resume(returning: String(decoding: out, as: UTF8.self))
            }.start()
        }
    }
}

/// The repository's folders, found from this file.
enum Repository {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
}

/// Polls `condition` (every 20 ms) until it holds; gives up after many tries, so a broken
/// server fails the test instead of hanging it. No test asserts how long this takes.
func eventually(_ what: String, _ condition: () async throws -> Bool) async throws {
    for _ in 0..<15_000 {
        if try await condition() { return }
        try await Task.sleep(for: .milliseconds(20))
    }
    Issue.record("never happened: \(what)")
}
