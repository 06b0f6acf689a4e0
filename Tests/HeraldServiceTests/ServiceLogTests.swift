import Foundation
import HeraldJSON
import HeraldTestSupport
import Logging
import Testing

@testable import HeraldService

/// `herald serve`'s log (Docs/service.md, "Logs"): one line per request with its id, method,
/// route, status and duration, buffered and written out at the latest when the server stops.
@Suite struct ServiceLogTests {
    /// The lines a handler wrote into a sink on a pipe, once the sink is flushed.
    static func logged(_ body: (Logger) -> Void) throws -> [String] {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let sink = LogSink(fileDescriptor: fds[1])
        let logger = Logger(label: "herald.test") { label in ServiceLogHandler(label: label, level: .info, sink: sink) }
        body(logger)
        sink.flush()
        close(fds[1])
        let text = String(decoding: FileHandle(fileDescriptor: fds[0], closeOnDealloc: true).readDataToEndOfFile(), as: UTF8.self)
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    @Test func aLineHasTheStreamHandlersShapeAndSortedMetadata() throws {
        let lines = try Self.logged { logger in
            logger.info("request", metadata: ["status": "200", "method": "POST", "request_id": "abc"])
            logger.debug("not at this level")
        }
        #expect(lines.count == 1)
        let line = try #require(lines.first)
        // `2026-11-24T11:10:07+0000 info herald.test: method=POST request_id=abc status=200 [HeraldServiceTests] request`
        let stamp = try #require(line.split(separator: " ").first)
        #expect(stamp.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d{4}/) != nil, "\(line)")
        #expect(line.dropFirst(stamp.count) == " info herald.test: method=POST request_id=abc status=200 [HeraldServiceTests] request")
    }

    /// A value from a request or a table never ends the line or reaches the terminal raw.
    @Test func controlCharactersAreEscaped() throws {
        let lines = try Self.logged { logger in
            logger.warning("bad\ntable", metadata: ["problem": "\u{1B}[31mred\r\nforged line"])
        }
        #expect(lines.count == 1, "\(lines)")
        let line = try #require(lines.first)
        #expect(!line.contains("\u{1B}"))
        #expect(line.contains(#"problem=\u{1B}[31mred\r\nforged line"#), "\(line)")
        #expect(line.hasSuffix(#"bad\ntable"#))
    }

    /// Every request answered before SIGTERM has its line on standard error when the process
    /// has exited, with the id the client sent, even the ones still buffered at the signal.
    @Test func everyRequestIsLoggedByGracefulShutdown() async throws {
        let work = try TemporaryFolder()
        let server = try await ServerProcessTests.start(["--watch-interval-ms", "0"], folder: work)
        defer { kill(server.process.processIdentifier, SIGKILL) }
        let count = 40
        for i in 0..<count {
            let answer = try await Answer.send(
                .POST, server.base + "/v1/format", body: Array(#"{"key":"lottery.title","locale":"de","args":["X"]}"#.utf8),
                headers: [("X-Request-Id", "log-test-\(i)")])
            #expect(answer.status == 200)
        }
        kill(server.process.processIdentifier, SIGTERM)
        let finished = await server.process.finished()
        #expect(finished.status == 0, "\(finished.stderr)")
        let lines = finished.stderr.split(separator: "\n")
        for i in 0..<count {
            let mine = lines.filter { $0.contains(" request_id=log-test-\(i) ") }
            #expect(mine.count == 1, "request \(i): \(mine)")
            guard let line = mine.first else { continue }
            #expect(line.contains(" method=POST "))
            #expect(line.contains(" route=/v1/format "))
            #expect(line.contains(" status=200 "))
            #expect(line.contains(" duration_ms="))
        }
    }
}
