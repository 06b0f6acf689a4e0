import Foundation
import HeraldTestSupport
import Testing
@testable import HeraldNetwork
@testable import HeraldStore

/// ``ReceiptDelivery`` against a real HTTP server on the loopback address that the test
/// starts, fails and drops as scripted, and counts what it accepted.
@Suite struct ReceiptDeliveryTests {
    /// Short waits so retries do not slow the suite; the behaviour is the same. The retry
    /// budget (no retry starts later than this after the batch was taken) is wall time, and
    /// in the full suite on a 2-core machine the request's continuation can wait 20 s and
    /// more for a thread of the cooperative pool while synchronous tests (the CLI ones wait
    /// for subprocesses) hold both: CI failed that way with a 20 s budget. No test here is
    /// about the budget, so it is far out of the way.
    static let quick = ReceiptDeliveryPolicy(
        batchSize: 100, maxAttempts: 6, requestTimeout: .seconds(5), initialBackoff: .milliseconds(5),
        maxBackoff: .milliseconds(40), retryBudget: .seconds(600), allowHTTPHosts: ["127.0.0.1"])

    static func record(_ count: Int, in store: Store, prefix: String = "push") throws -> [String] {
        let ids = (0..<count).map { "\(prefix)-\($0)" }
        for id in ids { try store.recordReceipt(pushID: id, locale: "en-US", kind: "lottery") }
        return ids
    }

    @Test func aFlappingServerGetsEveryReceiptExactlyOnce() async throws {
        let temp = try TemporaryFolder("herald-store-tests")
        let store = try Store.open(directory: temp.path)
        let ids = try Self.record(3, in: store)
        let server = try ReceiptTestServer(script: [.status(503), .drop, .status(503)])
        defer { server.stop() }
        let delivery = ReceiptDelivery(endpoint: try ReceiptEndpoint(server.url), store: store, policy: Self.quick)

        let report = try await delivery.flush()
        #expect(report.delivered == 3)
        #expect(report.failed == 0 && report.rejected == 0)
        #expect(report.requests == 4)
        #expect(server.acceptedPushIDs == ids)
        // Every retry of the batch carried the same idempotency key, and the same body.
        let requests = server.requests
        #expect(requests.count == 4)
        #expect(Set(requests.compactMap { $0.headers["idempotency-key"] }).count == 1)
        #expect(requests.allSatisfy { $0.method == "POST" && $0.path == "/v1/receipts" })
        #expect(requests.allSatisfy { $0.headers["content-type"] == "application/json" })
        #expect(requests.allSatisfy { $0.pushIDs == ids })
        let stored = try store.receipts()
        #expect(stored.allSatisfy { $0.state == .delivered && $0.attempts == 4 && $0.lastError == nil })

        // Nothing is left to send: a second flush makes no request.
        let again = try await delivery.flush()
        #expect(again == ReceiptFlushReport())
        #expect(server.requests.count == 4)
    }

    @Test func theBodyHoldsEachReceiptsFields() async throws {
        let temp = try TemporaryFolder("herald-store-tests")
        let store = try Store.open(directory: temp.path)
        // 2026-11-21T20:40:47.123Z
        try store.recordReceipt(pushID: "a/1", shownAt: Date(timeIntervalSince1970: 1_795_293_647.123), locale: "ja-JP", kind: "reminder")
        try store.recordReceipt(pushID: "b", shownAt: Date(timeIntervalSince1970: 1_795_293_648))
        let server = try ReceiptTestServer()
        defer { server.stop() }
        _ = try await ReceiptDelivery(endpoint: try ReceiptEndpoint(server.url), store: store, policy: Self.quick).flush()
        let request = try #require(server.requests.first)
        let object = try #require(try JSONSerialization.jsonObject(with: request.body) as? [String: Any])
        let receipts = try #require(object["receipts"] as? [[String: Any]])
        #expect(receipts.count == 2)
        #expect(receipts[0]["pushId"] as? String == "a/1")
        #expect(receipts[0]["shownAt"] as? String == "2026-11-21T20:40:47.123Z")
        #expect(receipts[0]["locale"] as? String == "ja-JP")
        #expect(receipts[0]["kind"] as? String == "reminder")
        #expect(receipts[1]["shownAt"] as? String == "2026-11-21T20:40:48.000Z")
        #expect(receipts[1]["locale"] is NSNull)
        #expect(receipts[1]["kind"] is NSNull)
    }

    @Test func manyBatchesThroughFailuresAndTimeoutsArriveOnceEach() async throws {
        let temp = try TemporaryFolder("herald-store-tests")
        let store = try Store.open(directory: temp.path)
        let ids = try Self.record(250, in: store)
        // 408 and 429 are retryable; a server that committed and then died is answered by
        // the retry under the same idempotency key, which it does not count twice.
        let server = try ReceiptTestServer(script: [.status(500), .status(200), .status(408), .acceptThenDrop, .status(429), .drop])
        defer { server.stop() }
        var policy = Self.quick
        policy.batchSize = 100
        let report = try await ReceiptDelivery(endpoint: try ReceiptEndpoint(server.url), store: store, policy: policy).flush()
        #expect(report.delivered == 250)
        #expect(report.failed == 0 && report.rejected == 0)
        let accepted = server.acceptedPushIDs
        #expect(accepted.count == 250)
        #expect(Set(accepted) == Set(ids))
        #expect(try store.receiptCounts() == ReceiptCounts(pending: 0, delivered: 250, rejected: 0))
    }

    @Test func aPermanentRejectionIsKeptWithItsErrorAndNotRetried() async throws {
        let temp = try TemporaryFolder("herald-store-tests")
        let store = try Store.open(directory: temp.path)
        _ = try Self.record(2, in: store)
        let server = try ReceiptTestServer(otherwise: .status(400))
        defer { server.stop() }
        let delivery = ReceiptDelivery(endpoint: try ReceiptEndpoint(server.url), store: store, policy: Self.quick)
        let report = try await delivery.flush()
        #expect(report.rejected == 2)
        #expect(report.delivered == 0)
        #expect(report.requests == 1)
        #expect(report.errors == [
            "2 receipt(s) rejected: HTTP 400: status 400 from the test server; the other pending receipts were not sent "
                + "(`herald receipts retry` queues rejected ones again)"
        ])
        let stored = try store.receipts()
        #expect(stored.allSatisfy { $0.state == .rejected && $0.attempts == 1 })
        #expect(stored.allSatisfy { $0.lastError == "HTTP 400: status 400 from the test server" })
        // Later flushes leave rejected receipts alone.
        _ = try await delivery.flush()
        #expect(server.requests.count == 1)
        #expect(server.acceptedPushIDs.isEmpty)
    }

    @Test func retriesAreBoundedAndTheReceiptsStayPendingForTheNextFlush() async throws {
        let temp = try TemporaryFolder("herald-store-tests")
        let store = try Store.open(directory: temp.path)
        let ids = try Self.record(3, in: store)
        var policy = Self.quick
        policy.maxAttempts = 3
        let failing = try ReceiptTestServer(otherwise: .status(503))
        let report = try await ReceiptDelivery(endpoint: try ReceiptEndpoint(failing.url), store: store, policy: policy).flush()
        failing.stop()
        #expect(failing.requests.count == 3)
        #expect(report.failed == 3)
        #expect(report.errors == ["3 receipt(s) still pending: HTTP 503: status 503 from the test server (after 3 attempts)"])
        let pending = try store.pendingReceipts()
        #expect(pending.map(\.pushID) == ids)
        #expect(pending.allSatisfy { $0.attempts == 3 && $0.lastError?.hasPrefix("HTTP 503") == true })

        // The endpoint comes back: the next flush delivers them, once.
        let healthy = try ReceiptTestServer()
        defer { healthy.stop() }
        let next = try await ReceiptDelivery(endpoint: try ReceiptEndpoint(healthy.url), store: store, policy: policy).flush()
        #expect(next.delivered == 3)
        #expect(healthy.acceptedPushIDs == ids)
        #expect(try store.receipts().allSatisfy { $0.attempts == 4 && $0.state == .delivered })
    }

    @Test func aServerThatIsDownLeavesTheReceiptsPendingWithAnError() async throws {
        let temp = try TemporaryFolder("herald-store-tests")
        let store = try Store.open(directory: temp.path)
        _ = try Self.record(2, in: store)
        let down = try RefusedPort()
        defer { withExtendedLifetime(down) {} }
        let port = down.port
        var policy = Self.quick
        policy.maxAttempts = 2
        let report = try await ReceiptDelivery(
            endpoint: try ReceiptEndpoint("http://127.0.0.1:\(port)/v1/receipts"), store: store, policy: policy
        ).flush()
        #expect(report.failed == 2)
        #expect(report.requests == 2)
        let pending = try store.pendingReceipts()
        #expect(pending.count == 2)
        #expect(pending.allSatisfy { $0.state == .pending && $0.attempts == 2 })
        #expect(pending.allSatisfy { ($0.lastError ?? "").contains("after 2 attempts") })
    }

    /// No retry starts after the retry budget: with none left, one attempt and the batch
    /// waits for the next flush, saying why.
    @Test func noRetryStartsOnceTheRetryBudgetIsSpent() async throws {
        let temp = try TemporaryFolder("herald-store-tests")
        let store = try Store.open(directory: temp.path)
        _ = try Self.record(2, in: store)
        let server = try ReceiptTestServer(otherwise: .status(503))
        defer { server.stop() }
        var policy = Self.quick
        policy.retryBudget = .zero
        let report = try await ReceiptDelivery(endpoint: try ReceiptEndpoint(server.url), store: store, policy: policy).flush()
        #expect(report.requests == 1)
        #expect(server.requests.count == 1)
        #expect(report.errors == ["2 receipt(s) still pending: HTTP 503: status 503 from the test server (retry time spent after 1 attempt)"])
        #expect(try store.pendingReceipts().allSatisfy { $0.attempts == 1 })
    }

    @Test func aServerThatDoesNotAnswerInTimeIsARetryableFailure() async throws {
        let temp = try TemporaryFolder("herald-store-tests")
        let store = try Store.open(directory: temp.path)
        _ = try Self.record(1, in: store)
        // The server answers every request after 1.5 s; the client waits 300 ms.
        let server = try ReceiptTestServer(delayMilliseconds: 1500)
        defer { server.stop() }
        var policy = Self.quick
        policy.maxAttempts = 2
        policy.requestTimeout = .milliseconds(300)
        let report = try await ReceiptDelivery(endpoint: try ReceiptEndpoint(server.url), store: store, policy: policy).flush()
        #expect(report.failed == 1)
        #expect(report.requests == 2)
        #expect(report.errors == ["1 receipt(s) still pending: no answer within 300 ms (after 2 attempts)"])
        #expect(try store.pendingReceipts().first?.lastError == "no answer within 300 ms (after 2 attempts)")
    }

    @Test func twoFlushesAtOnceSendEachReceiptOnce() async throws {
        let temp = try TemporaryFolder("herald-store-tests")
        let setup = try Store.open(directory: temp.path)
        let ids = try Self.record(120, in: setup)
        // Slow answers and flaps so the two flushes overlap.
        let server = try ReceiptTestServer(script: [.status(503), .drop, .status(503)], delayMilliseconds: 20)
        defer { server.stop() }
        var policy = Self.quick
        policy.batchSize = 7
        let endpoint = try ReceiptEndpoint(server.url)
        // Two connections, as two processes would have.
        let first = ReceiptDelivery(endpoint: endpoint, store: try Store.open(directory: temp.path), policy: policy)
        let second = ReceiptDelivery(endpoint: endpoint, store: try Store.open(directory: temp.path), policy: policy)
        async let a = first.flush()
        async let b = second.flush()
        let (reportA, reportB) = try await (a, b)
        #expect(reportA.delivered + reportB.delivered == 120)
        let accepted = server.acceptedPushIDs
        #expect(accepted.count == 120)
        #expect(Set(accepted) == Set(ids))
        // No receipt went out in two batches (each batch is one idempotency key).
        var batches: [String: [String]] = [:]
        for request in server.requests { batches[request.headers["idempotency-key"] ?? ""] = request.pushIDs }
        let sent = batches.values.flatMap { $0 }
        #expect(sent.count == 120)
        #expect(Set(sent).count == 120)
        #expect(try setup.receiptCounts() == ReceiptCounts(pending: 0, delivered: 120, rejected: 0))
    }

    @Test func endpointsMustBeHTTPOrHTTPSURLsWithAHost() throws {
        #expect(try ReceiptEndpoint("https://stats.example.com/v1/receipts").url.host == "stats.example.com")
        #expect(try ReceiptEndpoint(" http://127.0.0.1:8080/r ").description == "http://127.0.0.1:8080/r")
        #expect(throws: ReceiptEndpointError.invalid("ftp://example.com/r", "scheme 'ftp' is not supported (only http:// and https://)")) {
            try ReceiptEndpoint("ftp://example.com/r")
        }
        #expect(throws: ReceiptEndpointError.invalid("stats.example.com/r", "no scheme (expected http:// or https://)")) {
            try ReceiptEndpoint("stats.example.com/r")
        }
        #expect(throws: ReceiptEndpointError.invalid("http:///r", "no host")) { try ReceiptEndpoint("http:///r") }
        #expect(throws: ReceiptEndpointError.invalid("", "the URL is empty")) { try ReceiptEndpoint("") }
    }

    @Test func theStoresConfigFileNamesTheEndpoint() throws {
        let temp = try TemporaryFolder("herald-store-tests")
        #expect(try ReceiptEndpoint.configured(inStore: temp.path) == nil)
        let path = temp.path + "/config.json"
        try Data(#"{"other": 1}"#.utf8).write(to: URL(fileURLWithPath: path))
        #expect(try ReceiptEndpoint.configured(inStore: temp.path) == nil)
        try Data(#"{"receiptsEndpoint": "https://stats.example.com/r"}"#.utf8).write(to: URL(fileURLWithPath: path))
        #expect(try ReceiptEndpoint.configured(inStore: temp.path)?.description == "https://stats.example.com/r")
        try Data(#"{"receiptsEndpoint": "file:///etc/passwd"}"#.utf8).write(to: URL(fileURLWithPath: path))
        #expect(
            throws: ReceiptEndpointError.configuration(
                path, "\"receiptsEndpoint\": receipts endpoint 'file:///etc/passwd': scheme 'file' is not supported (only http:// and https://)")
        ) { try ReceiptEndpoint.configured(inStore: temp.path) }
        try Data(#"{"receiptsEndpoint": 5}"#.utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: ReceiptEndpointError.configuration(path, "\"receiptsEndpoint\" must be a string")) {
            try ReceiptEndpoint.configured(inStore: temp.path)
        }
        try Data("{".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: ReceiptEndpointError.configuration(path, "is not valid JSON")) { try ReceiptEndpoint.configured(inStore: temp.path) }
    }

    @Test func statusesAreClassifiedAsDeliveredRetryableOrPermanent() {
        for status in [200, 201, 202, 204] { #expect(ReceiptDelivery.classify(status: status, body: Data(), retryAfter: nil) == .delivered) }
        for status in [408, 429, 500, 502, 503, 504] {
            #expect(ReceiptDelivery.classify(status: status, body: Data(), retryAfter: nil) == .retryable("HTTP \(status)", retryAfter: nil))
        }
        for status in [400, 401, 403, 404, 410, 413, 422] {
            #expect(ReceiptDelivery.classify(status: status, body: Data(), retryAfter: nil) == .permanent("HTTP \(status)"))
        }
        #expect(ReceiptDelivery.classify(status: 400, body: Data("bad\npushId\n".utf8), retryAfter: nil) == .permanent("HTTP 400: bad pushId"))
    }

    /// An endpoint's error body is outside text: its escape sequences (a terminal title, a
    /// colour, a bell) are shown escaped, never sent raw to the terminal.
    @Test func anErrorBodysControlCharactersAreEscaped() {
        let body = Data("\u{1B}]0;pwned\u{07}\u{1B}[31mdenied\u{9B}2J\u{202E}".utf8)
        #expect(
            ReceiptDelivery.classify(status: 403, body: body, retryAfter: nil)
                == .permanent("HTTP 403: \\u{1B}]0;pwned\\u{7}\\u{1B}[31mdenied\\u{9B}2J\\u{202E}"))
    }
}
