import Foundation
import Testing
import HeraldTestSupport

/// `herald receipts` as a script runs it: the real binary in subprocesses, against a real HTTP
/// server on 127.0.0.1 that the test starts (ReceiptTestServer.swift, shared with the store
/// tests).
@Suite struct ReceiptsCLITests {
    /// Flags that keep retries short in tests, and allow the test server's plain http.
    static let quick = ["--backoff-ms", "5", "--timeout-ms", "5000", "--allow-http-host", "127.0.0.1"]

    static func record(_ ids: [String], store: String) async throws {
        for id in ids {
            let result = try await HeraldBinary.run(["receipts", "record", "--push-id", id, "--locale", "en-GB", "--kind", "message", "--store", store])
            #expect(result.status == 0, "\(result.stderr)")
        }
    }

    static func counts(_ store: String) async throws -> String {
        let result = try await HeraldBinary.run(["receipts", "list", "--store", store])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    @Test func recordingIsIdempotentAndListCountsByState() async throws {
        let store = try TemporaryFolder("herald-cli-receipts", create: false)
        let first = try await HeraldBinary.run(["receipts", "record", "--push-id", "p-1", "--kind", "lottery", "--store", store.path])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == "recorded receipt p-1\n")
        let again = try await HeraldBinary.run(["receipts", "record", "--push-id", "p-1", "--store", store.path])
        #expect(again.status == 0)
        #expect(again.stdout == "receipt p-1 was already recorded\n")
        await #expect(try Self.counts(store.path) == "pending 1\ndelivered 0\nrejected 0\n")
        let all = try await HeraldBinary.run(["receipts", "list", "--all", "--store", store.path])
        let line = all.stdout.split(separator: "\n").last.map(String.init) ?? ""
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        #expect(fields.count == 7)
        #expect(fields.first == "pending")
        #expect(fields.dropFirst().first == "p-1")
        #expect(Array(fields.suffix(4)) == ["-", "lottery", "0", "-"])

        let empty = try await HeraldBinary.run(["receipts", "record", "--push-id", "", "--store", store.path])
        #expect(empty.status == 2)
        #expect(empty.stderr == "herald: error: receipt '' not recorded: the push id is empty\n")
    }

    @Test func flushThroughAFlappingServerDeliversEachReceiptOnce() async throws {
        let store = try TemporaryFolder("herald-cli-receipts", create: false)
        let ids = (1...5).map { "cli-\($0)" }
        try await Self.record(ids, store: store.path)
        let server = try ReceiptTestServer(script: [.drop, .status(503), .status(429)])
        defer { server.stop() }
        let flush = try await HeraldBinary.run(["receipts", "flush", "--endpoint", server.url, "--store", store.path] + Self.quick)
        #expect(flush.status == 0, "\(flush.stderr)")
        #expect(flush.stdout == "delivered 5, rejected 0, pending 0 (4 requests)\n")
        #expect(server.acceptedPushIDs == ids)
        await #expect(try Self.counts(store.path) == "pending 0\ndelivered 5\nrejected 0\n")
        // Flushing again sends nothing.
        let again = try await HeraldBinary.run(["receipts", "flush", "--endpoint", server.url, "--store", store.path] + Self.quick)
        #expect(again.stdout == "delivered 0, rejected 0, pending 0 (0 requests)\n")
        #expect(server.requests.count == 4)
    }

    @Test func twoFlushProcessesAtOnceSendNoDuplicates() async throws {
        let store = try TemporaryFolder("herald-cli-receipts", create: false)
        // Record 60 receipts through one process per 20 (record is one row per call).
        let ids = (0..<60).map { "dup-\($0)" }
        try await Self.record(ids, store: store.path)
        let server = try ReceiptTestServer(script: [.status(503), .drop], delayMilliseconds: 30)
        defer { server.stop() }
        let arguments = ["receipts", "flush", "--endpoint", server.url, "--store", store.path, "--batch-size", "4"] + Self.quick
        let running = try (0..<2).map { _ in try HeraldBinary.start(arguments) }
        let results = running.map { $0.finish() }
        for result in results { #expect(result.status == 0, "\(result.stderr)") }
        let delivered = results.compactMap { result -> Int? in
            guard let word = result.stdout.split(separator: " ").dropFirst().first else { return nil }
            return Int(word.trimmingCharacters(in: .punctuationCharacters))
        }
        #expect(delivered.reduce(0, +) == 60)
        let accepted = server.acceptedPushIDs
        #expect(accepted.count == 60)
        #expect(Set(accepted) == Set(ids))
        var batches: [String: [String]] = [:]
        for request in server.requests { batches[request.headers["idempotency-key"] ?? ""] = request.pushIDs }
        let sent = batches.values.flatMap { $0 }
        #expect(sent.count == 60 && Set(sent).count == 60)
        await #expect(try Self.counts(store.path) == "pending 0\ndelivered 60\nrejected 0\n")
    }

    @Test func aRejectedBatchIsReportedKeptAndNotSentAgain() async throws {
        let store = try TemporaryFolder("herald-cli-receipts", create: false)
        try await Self.record(["bad-1"], store: store.path)
        let server = try ReceiptTestServer(otherwise: .status(422))
        defer { server.stop() }
        let flush = try await HeraldBinary.run(["receipts", "flush", "--endpoint", server.url, "--store", store.path] + Self.quick)
        #expect(flush.status == 1)
        #expect(flush.stdout == "delivered 0, rejected 1, pending 0 (1 requests)\n")
        #expect(
            flush.stderr
                == "herald: error: 1 receipt(s) rejected: HTTP 422: status 422 from the test server; the other pending "
                + "receipts were not sent (`herald receipts retry` queues rejected ones again)\n")
        _ = try await HeraldBinary.run(["receipts", "flush", "--endpoint", server.url, "--store", store.path] + Self.quick)
        #expect(server.requests.count == 1)
        await #expect(try Self.counts(store.path) == "pending 0\ndelivered 0\nrejected 1\n")
    }

    @Test func aDownServerLeavesReceiptsPendingAndExitsOne() async throws {
        let store = try TemporaryFolder("herald-cli-receipts", create: false)
        try await Self.record(["down-1", "down-2"], store: store.path)
        let down = try RefusedPort()
        defer { withExtendedLifetime(down) {} }
        let port = down.port
        let flush = try await HeraldBinary.run([
            "receipts", "flush", "--endpoint", "http://127.0.0.1:\(port)/r", "--max-attempts", "2", "--store", store.path,
        ] + Self.quick)
        #expect(flush.status == 1)
        #expect(flush.stdout == "delivered 0, rejected 0, pending 2 (2 requests)\n")
        #expect(flush.stderr.hasPrefix("herald: error: 2 receipt(s) still pending: "))
        #expect(flush.stderr.hasSuffix("(after 2 attempts)\n"))
        await #expect(try Self.counts(store.path) == "pending 2\ndelivered 0\nrejected 0\n")
        let all = try await HeraldBinary.run(["receipts", "list", "--all", "--store", store.path])
        #expect(all.stdout.contains("\t2\t"))
        #expect(all.stdout.contains("after 2 attempts"))
    }

    @Test func theEndpointComesFromConfigJSONWhenNoFlagGivesIt() async throws {
        let store = try TemporaryFolder("herald-cli-receipts", create: false)
        try await Self.record(["cfg-1"], store: store.path)
        let missing = try await HeraldBinary.run(["receipts", "flush", "--store", store.path])
        #expect(missing.status == 2)
        #expect(missing.stderr == "herald: error: no receipts endpoint: pass --endpoint URL or set \"receiptsEndpoint\" in \(store.path)/config.json\n")

        let server = try ReceiptTestServer()
        defer { server.stop() }
        try Data("{\"receiptsEndpoint\": \"\(server.url)\"}".utf8).write(to: URL(fileURLWithPath: store.path + "/config.json"))
        let flush = try await HeraldBinary.run(["receipts", "flush", "--store", store.path] + Self.quick)
        #expect(flush.status == 0, "\(flush.stderr)")
        #expect(server.acceptedPushIDs == ["cfg-1"])
    }

    @Test func badEndpointsAndNumbersAreUsageErrors() async throws {
        let store = try TemporaryFolder("herald-cli-receipts", create: false)
        let ftp = try await HeraldBinary.run(["receipts", "flush", "--endpoint", "ftp://example.com/r", "--store", store.path])
        #expect(ftp.status == 2)
        #expect(ftp.stderr == "herald: error: receipts endpoint 'ftp://example.com/r': scheme 'ftp' is not supported (only http:// and https://)\n")
        let attempts = try await HeraldBinary.run(["receipts", "flush", "--endpoint", "http://127.0.0.1:1/r", "--max-attempts", "0", "--store", store.path])
        #expect(attempts.status == 2)
        #expect(attempts.stderr == "herald: error: --max-attempts: 0 is outside 1…100\n")
        let timeout = try await HeraldBinary.run(["receipts", "flush", "--endpoint", "http://127.0.0.1:1/r", "--timeout-ms", "-5", "--store", store.path])
        #expect(timeout.status == 2)
    }

    @Test func plainHTTPIsRefusedUnlessTheHostIsAllowed() async throws {
        let store = try TemporaryFolder("herald-cli-receipts", create: false)
        try await Self.record(["h-1"], store: store.path)
        let server = try ReceiptTestServer()
        defer { server.stop() }
        let refused = try await HeraldBinary.run(["receipts", "flush", "--endpoint", server.url, "--store", store.path])
        #expect(refused.status == 2)
        #expect(
            refused.stderr
                == "herald: error: receipts endpoint '\(server.url)': plain http is refused (use https://, or "
                + "--allow-http-host 127.0.0.1 for a development endpoint)\n")
        #expect(server.requests.isEmpty)
        await #expect(try Self.counts(store.path) == "pending 1\ndelivered 0\nrejected 0\n")
    }

    /// A 404 rejects one batch; `retry` queues it again (by push id, or all), and the next
    /// flush delivers it.
    @Test func retryQueuesRejectedReceiptsAgain() async throws {
        let store = try TemporaryFolder("herald-cli-receipts", create: false)
        try await Self.record(["r-1", "r-2", "r-3"], store: store.path)
        let gone = try ReceiptTestServer(otherwise: .status(404))
        defer { gone.stop() }
        let flush = try await HeraldBinary.run(
            ["receipts", "flush", "--endpoint", gone.url, "--store", store.path, "--batch-size", "2"] + Self.quick)
        #expect(flush.status == 1)
        #expect(flush.stdout == "delivered 0, rejected 2, pending 0 (1 requests)\n")
        await #expect(try Self.counts(store.path) == "pending 1\ndelivered 0\nrejected 2\n")

        let neither = try await HeraldBinary.run(["receipts", "retry", "--store", store.path])
        #expect(neither.status == 2)
        #expect(neither.stderr == "herald: error: give either --all or --push-id ID\n")
        let one = try await HeraldBinary.run(["receipts", "retry", "--push-id", "r-1", "--store", store.path])
        #expect(one.status == 0, "\(one.stderr)")
        #expect(one.stdout == "queued 1\n")
        await #expect(try Self.counts(store.path) == "pending 2\ndelivered 0\nrejected 1\n")
        let unknown = try await HeraldBinary.run(["receipts", "retry", "--push-id", "nope", "--store", store.path])
        #expect(unknown.status == 1)
        #expect(unknown.stdout == "queued 0\n")
        #expect(unknown.stderr == "herald: error: no receipt with push id nope\n")
        let all = try await HeraldBinary.run(["receipts", "retry", "--all", "--store", store.path])
        #expect(all.stdout == "queued 1\n")

        let healthy = try ReceiptTestServer()
        defer { healthy.stop() }
        let again = try await HeraldBinary.run(["receipts", "flush", "--endpoint", healthy.url, "--store", store.path] + Self.quick)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(Set(healthy.acceptedPushIDs) == ["r-1", "r-2", "r-3"])
        await #expect(try Self.counts(store.path) == "pending 0\ndelivered 3\nrejected 0\n")
    }
}
