import AsyncHTTPClient
import Foundation
import NIOCore
import HeraldJSON
import HeraldService
import HeraldTestSupport
import Logging
import Testing

/// Table reloads (Docs/service.md, "Reload"): a good change is served, a broken one is refused
/// with the old tables still serving and the problem in `/readyz`.
@Suite struct ReloadTests {
    /// A tables folder with one English string, `greeting`.
    static func tables(_ text: String) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        _ = try folder.write("\"greeting\" = \"\(text)\";\n", to: "en.lproj/Localizable.strings")
        return folder
    }

    static func greeting(_ server: TestServer) async throws -> String? {
        let answer = try await server.json(.POST, "/v1/format", #"{"key":"greeting","locale":"en"}"#)
        return try JSONParser.parse(answer.text)["text"]?.stringValue
    }

    @Test func aBrokenTableKeepsTheOldOneServing() async throws {
        let folder = try Self.tables("Hello")
        try await TestServer.with({ $0.tablesDirectory = folder.path }) { server in
            #expect(try await Self.greeting(server) == "Hello")
            // A .strings file with a syntax error (an unterminated string): the reload is refused.
            _ = try folder.write("\"greeting\" = \"Broken;\n", to: "en.lproj/Localizable.strings")
            let failure = server.service.tables.reload()
            #expect(failure?.contains("Localizable.strings") == true, "\(failure ?? "nil")")
            #expect(try await Self.greeting(server) == "Hello")
            let ready = try await server.send(.GET, "/readyz")
            #expect(ready.status == 200, "still ready: the old tables serve")
            let detail = try JSONParser.parse(ready.text)
            #expect(detail["lastReloadError"]?.stringValue?.contains("Localizable.strings") == true)
            #expect(detail["failedReloads"]?.intValue == 1)
            // Fixed: swapped in, the error cleared.
            _ = try folder.write("\"greeting\" = \"Hi again\";\n", to: "en.lproj/Localizable.strings")
            #expect(server.service.tables.reload() == nil)
            #expect(try await Self.greeting(server) == "Hi again")
            #expect(try JSONParser.parse(try await server.send(.GET, "/readyz").text)["lastReloadError"] == nil)
        }
    }

    @Test func theWatcherSeesAChange() async throws {
        let folder = try Self.tables("Hello")
        try await TestServer.with({ $0.tablesDirectory = folder.path }) { server in
            let watcher = TablesWatcher(
                tables: server.service.tables, interval: .milliseconds(20), metrics: server.service.metrics,
                logger: .init(label: "test"))
            let watching = Task { try await watcher.run() }
            defer { watching.cancel() }
            #expect(try await Self.greeting(server) == "Hello")
            _ = try folder.write("\"greeting\" = \"Changed\";\n", to: "en.lproj/Localizable.strings")
            try await eventually("the change is served") { try await Self.greeting(server) == "Changed" }
            // A new localization folder is a change too.
            _ = try folder.write("\"greeting\" = \"Hallo\";\n", to: "de.lproj/Localizable.strings")
            try await eventually("German is served") {
                let answer = try await server.json(.POST, "/v1/format", #"{"key":"greeting","locale":"de"}"#)
                return try JSONParser.parse(answer.text)["text"]?.stringValue == "Hallo"
            }
            let metrics = try await server.send(.GET, "/metrics").text
            #expect(metrics.contains(#"herald_table_reloads_total{result="ok"}"#))
        }
    }

    @Test func notReadyUntilTablesLoad() async throws {
        let folder = try TemporaryFolder()
        _ = try folder.write("\"greeting\" = \"Broken;\n", to: "en.lproj/Localizable.strings")
        try await TestServer.with({ $0.tablesDirectory = folder.path }) { server in
            let ready = try await server.send(.GET, "/readyz")
            #expect(ready.status == 503)
            #expect(try JSONParser.parse(ready.text)["ready"] == .bool(false))
            #expect(try await server.send(.GET, "/healthz").status == 200)
            let refused = try await server.json(.POST, "/v1/format", #"{"key":"greeting","locale":"en"}"#)
            #expect(refused.status == 503)
            #expect(try JSONParser.parse(refused.text)["error"]?["code"]?.stringValue == "not-ready")
        }
    }
}

/// herald-server as a subprocess: SIGHUP reloads, SIGTERM finishes the request in flight and
/// exits 0, and a large streamed batch leaves its memory flat.
@Suite struct ServerProcessTests {
    struct Started {
        let process: Subprocess.Running
        let port: Int
        var base: String { "http://127.0.0.1:\(port)" }
    }

    static func start(_ arguments: [String], folder: TemporaryFolder, environment: [String: String] = [:]) async throws -> Started {
        let portFile = folder.path("port")
        // No minimum body rate unless the test gives one (a loaded test machine sends slowly).
        let rate = arguments.contains("--min-body-rate") ? [] : ["--min-body-rate", "0"]
        let process = try Subprocess.Running(
            try BuiltExecutable.url(named: "herald-server"), ["--port", "0", "--port-file", portFile] + rate + arguments,
            environment: environment)
        var port = 0
        try await eventually("herald-server writes its port") {
            port = Int((try? String(contentsOfFile: portFile, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
            return port > 0
        }
        return Started(process: process, port: port)
    }

    @Test func sighupReloadsAndSigtermFinishesWhatIsInFlight() async throws {
        let folder = try ReloadTests.tables("Hello")
        let work = try TemporaryFolder()
        let server = try await Self.start(["--tables", folder.path, "--watch-interval-ms", "0"], folder: work)
        defer { kill(server.process.processIdentifier, SIGKILL) }
        func greeting() async throws -> String? {
            let answer = try await Answer.send(.POST, server.base + "/v1/format", body: Array(#"{"key":"greeting","locale":"en"}"#.utf8), headers: [])
            return try JSONParser.parse(answer.text)["text"]?.stringValue
        }
        #expect(try await greeting() == "Hello")
        _ = try folder.write("\"greeting\" = \"Reloaded\";\n", to: "en.lproj/Localizable.strings")
        kill(server.process.processIdentifier, SIGHUP)
        try await eventually("SIGHUP reloads") { try await greeting() == "Reloaded" }

        // A request in flight (its body half sent) when SIGTERM comes is still answered.
        let inFlight = try RawConnection(port: server.port)
        let body = #"{"key":"greeting","locale":"en"}"#
        inFlight.send("POST /v1/format HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n{")
        try await eventually("the request is in flight") {
            let metrics = try await Answer.send(.GET, server.base + "/metrics", body: nil, headers: []).text
            return metrics.contains("herald_http_requests_in_flight 1")
        }
        kill(server.process.processIdentifier, SIGTERM)
        inFlight.send(String(body.dropFirst()))
        let answer = await inFlight.readToEnd()
        #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer)")
        #expect(answer.contains("Reloaded"))
        let finished = await server.process.finished()
        #expect(finished.status == 0, "\(finished.stderr)")
        #expect(finished.stderr.contains("request_id="), "structured log lines carry the request id")
    }

    /// 128 MiB of request lines streamed through `/v1/render/batch`: the server's peak resident
    /// memory (VmHWM, from /proc) grows by far less than the body — it never holds the body.
    @Test func aLargeBatchRunsInBoundedMemory() async throws {
        let work = try TemporaryFolder()
        let server = try await Self.start(["--watch-interval-ms", "0"], folder: work)
        defer { kill(server.process.processIdentifier, SIGKILL) }
        func peak() throws -> Int {
            let status = try String(contentsOfFile: "/proc/\(server.process.processIdentifier)/status", encoding: .utf8)
            let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") })
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
        // Warm up: one small batch, so the first renders' allocations are in the baseline.
        _ = try await Answer.send(.POST, server.base + "/v1/render/batch", body: Array((FormatAndBatchTests.batchLines[0] + "\n").utf8), headers: [])
        let before = try peak()
        // Lines of 64 KiB: a render request padded with an ignored field.
        let line = Array((#"{"id":1,"locale":"de","pad":""# + String(repeating: "p", count: 65_000) + #"","payload":{"aps":{"alert":{"loc-key":"lottery.title","loc-args":["X"]}}}}"# + "\n").utf8)
        let total = 128 << 20
        let count = total / line.count
        var request = HTTPClientRequest(url: server.base + "/v1/render/batch")
        request.method = .POST
        request.body = .stream(RepeatedBuffer(line: ByteBuffer(bytes: line), count: count), length: .known(Int64(count * line.count)))
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(3600))
        var answers = 0
        for try await chunk in response.body {
            answers += chunk.readableBytesView.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        }
        #expect(answers == count)
        let grown = try peak() - before
        // In kB. Holding the body would take 128 MiB; allow 64 MiB for buffers and the allocator.
        #expect(grown < 64 * 1024, "peak RSS grew by \(grown) kB for a \(total >> 20) MiB body")
    }
}

/// One buffer `count` times, for a large streamed request body made as it is sent.
struct RepeatedBuffer: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    let line: ByteBuffer
    let count: Int
    struct AsyncIterator: AsyncIteratorProtocol {
        let line: ByteBuffer
        var left: Int
        mutating func next() async -> ByteBuffer? {
            guard left > 0 else { return nil }
            left -= 1
            return line
        }
    }
    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(line: line, left: count) }
}

/// A bad flag is one line naming it and exit 2, as herald's usage errors, before anything listens.
@Suite struct ServerFlagTests {
    @Test(arguments: [
        (["--time-zone", "Nowhere/Zone"], "--time-zone"),
        (["--port", "70000"], "--port"),
        (["--tables", "/nonexistent/tables"], "--tables"),
        (["--algorithms", "rot99"], "--algorithms"),
        (["--deadline-ms", "10000000000000"], "--deadline-ms must be 1…3600000 milliseconds"),
        (["--request-deadline-ms", "0"], "--request-deadline-ms must be 1…3600000 milliseconds"),
    ])
    func aBadFlagIsAUsageError(arguments: [String], flag: String) async throws {
        let result = try await Subprocess.run(try BuiltExecutable.url(named: "herald-server"), arguments)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("herald-server: error: "), "\(result.stderr)")
        #expect(result.stderr.contains(flag), "\(result.stderr)")
    }
}

/// Limits out of the range a clock or a file table can hold are refused at start, never met
/// with a trap on the first connection.
@Suite struct ServerRangeTests {
    @Test(arguments: [
        (["--read-timeout-s", "10000000000"], "--read-timeout-s must be 1…86400"),
        (["--idle-timeout-s", "9223372036854775000"], "--idle-timeout-s must be 1…86400"),
        (["--max-connections", "100000000"], "the connection limit must be"),
        (["--tls-cert", "/nonexistent.pem"], "--tls-cert and --tls-key go together"),
    ])
    func anOutOfRangeFlagIsAUsageError(arguments: [String], message: String) async throws {
        let result = try await Subprocess.run(try BuiltExecutable.url(named: "herald-server"), ["--port", "0"] + arguments)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func anOutOfRangeConfigurationDoesNotStart() throws {
        var configuration = ServiceConfiguration()
        configuration.limits.readTimeout = .seconds(Int64.max / 4)
        #expect(configuration.problems(fileLimit: 1_024).contains { $0.contains("read timeout") })
        let service = ServiceApplication(configuration: configuration, logger: Logger(label: "test"))
        #expect(throws: ServiceError.self) { _ = try service.application() }
    }
}
