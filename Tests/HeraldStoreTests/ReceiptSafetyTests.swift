import Foundation
import HeraldTestSupport
import Testing
@testable import HeraldNetwork
@testable import HeraldStore

/// What a receipt delivery refuses to do, against the loopback test server: follow a
/// redirect with a POST, reject more than the batch a permanent answer was about, send over
/// plain http to a host not allowed for it, or mark anything delivered without a 2xx for
/// its own request. And how rejected receipts are queued again.
@Suite struct ReceiptSafetyTests {
    static let quick = ReceiptDeliveryTests.quick

    /// A server whose endpoint answers with `status` pointing to `/elsewhere`, which would
    /// accept anything.
    static func redirecting(_ status: Int) throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer.answering { request in
            request.path == "/v1/receipts"
                ? .redirect(status, to: "/elsewhere") : .ok(Array("{\"ok\":true}".utf8), contentType: "application/json")
        }
    }

    @Test(arguments: [301, 302, 303, 307, 308])
    func aRedirectIsAFailureThatSaysWhereItPointed(_ status: Int) async throws {
        let temp = try TemporaryFolder("herald-store-tests")
        let store = try Store.open(directory: temp.path)
        _ = try ReceiptDeliveryTests.record(3, in: store)
        let server = try Self.redirecting(status)
        defer { server.stop() }
        let endpoint = try ReceiptEndpoint(server.url("/v1/receipts"))
        let report = try await ReceiptDelivery(endpoint: endpoint, store: store, policy: Self.quick).flush()
        #expect(report.delivered == 0 && report.rejected == 0)
        #expect(report.failed == 3)
        // One request: the redirect is neither followed nor retried, and no body went elsewhere.
        #expect(report.requests == 1)
        #expect(server.requests.map(\.path) == ["/v1/receipts"])
        let message = "HTTP \(status) redirect to '/elsewhere' refused: receipts are sent only to the endpoint itself "
            + "(nothing was re-sent; fix the endpoint)"
        #expect(report.errors == ["3 receipt(s) still pending: \(message)"])
        let stored = try store.receipts()
        #expect(stored.allSatisfy { $0.state == .pending && $0.lastError == message && $0.attempts == 1 })
    }

    /// 404 and 410 reject the batch they answered, and the flush stops: the next batches stay
    /// pending (before, one 404 rejected every pending receipt for good).
    @Test(arguments: [404, 410])
    func aPermanentAnswerRejectsOnlyThatBatch(_ status: Int) async throws {
        let temp = try TemporaryFolder("herald-store-tests")
        let store = try Store.open(directory: temp.path)
        let ids = try ReceiptDeliveryTests.record(5, in: store)
        let server = try ReceiptTestServer(otherwise: .status(status))
        defer { server.stop() }
        var policy = Self.quick
        policy.batchSize = 2
        let report = try await ReceiptDelivery(endpoint: try ReceiptEndpoint(server.url), store: store, policy: policy).flush()
        #expect(report.rejected == 2 && report.delivered == 0 && report.requests == 1)
        #expect(report.errors.count == 1)
        #expect(report.errors.first?.hasPrefix("2 receipt(s) rejected: HTTP \(status): status \(status) from the test server") == true)
        #expect(try store.receiptCounts() == ReceiptCounts(pending: 3, delivered: 0, rejected: 2))
        let rejected = try store.receipts().filter { $0.state == .rejected }.map(\.pushID)
        #expect(rejected == Array(ids.prefix(2)))
    }

    @Test func aServerErrorThenSuccessDeliversOnce() async throws {
        let temp = try TemporaryFolder("herald-store-tests")
        let store = try Store.open(directory: temp.path)
        let ids = try ReceiptDeliveryTests.record(2, in: store)
        let server = try ReceiptTestServer(script: [.status(500)])
        defer { server.stop() }
        let report = try await ReceiptDelivery(endpoint: try ReceiptEndpoint(server.url), store: store, policy: Self.quick).flush()
        #expect(report.delivered == 2 && report.requests == 2 && report.errors.isEmpty)
        #expect(server.acceptedPushIDs == ids)
        #expect(try store.receipts().allSatisfy { $0.state == .delivered && $0.attempts == 2 })
    }

    /// Rejected receipts come back as pending, by push id or all of them; delivered and
    /// pending ones are left alone; the next flush sends them.
    @Test func rejectedReceiptsAreQueuedAgain() async throws {
        let temp = try TemporaryFolder("herald-store-tests")
        let store = try Store.open(directory: temp.path)
        let ids = try ReceiptDeliveryTests.record(4, in: store)
        try store.markFailed(ids: [1, 2, 3], error: "HTTP 404", permanent: true)
        try store.markDelivered(ids: [4])
        #expect(try store.requeueRejectedReceipts(pushIDs: [ids[0], ids[3], "unknown"]) == 1)
        #expect(try store.receipt(pushID: ids[0])?.state == .pending)
        #expect(try store.receipt(pushID: ids[0])?.lastError == "HTTP 404")
        #expect(try store.receipt(pushID: ids[3])?.state == .delivered)
        #expect(try store.receiptCounts() == ReceiptCounts(pending: 1, delivered: 1, rejected: 2))
        #expect(try store.requeueRejectedReceipts() == 2)
        #expect(try store.requeueRejectedReceipts() == 0)
        #expect(try store.receiptCounts() == ReceiptCounts(pending: 3, delivered: 1, rejected: 0))

        let server = try ReceiptTestServer()
        defer { server.stop() }
        let report = try await ReceiptDelivery(endpoint: try ReceiptEndpoint(server.url), store: store, policy: Self.quick).flush()
        #expect(report.delivered == 3)
        #expect(server.acceptedPushIDs == Array(ids.prefix(3)))
    }

    /// Plain http is refused unless the endpoint's host is allowed for it: nothing is sent,
    /// nothing changes in the store.
    @Test func plainHTTPNeedsTheHostAllowed() async throws {
        let temp = try TemporaryFolder("herald-store-tests")
        let store = try Store.open(directory: temp.path)
        _ = try ReceiptDeliveryTests.record(2, in: store)
        let server = try ReceiptTestServer()
        defer { server.stop() }
        var policy = Self.quick
        policy.allowHTTPHosts = ["localhost", "127.0.0.2"]
        let endpoint = try ReceiptEndpoint(server.url)
        let report = try await ReceiptDelivery(endpoint: endpoint, store: store, policy: policy).flush()
        #expect(report.requests == 0 && report.delivered == 0)
        #expect(report.errors == [
            "receipts endpoint '\(server.url)': plain http is refused (use https://, or --allow-http-host 127.0.0.1 "
                + "for a development endpoint)"
        ])
        #expect(server.requests.isEmpty)
        #expect(try store.receipts().allSatisfy { $0.state == .pending && $0.attempts == 0 && $0.lastError == nil })
        // https needs no allowance; the allow-list is case-insensitive.
        #expect(try ReceiptEndpoint("https://stats.example/r").plainHTTPRefusal(allowing: []) == nil)
        #expect(try ReceiptEndpoint("http://Stats.Example/r").plainHTTPRefusal(allowing: ["stats.EXAMPLE"]) == nil)
    }

    @Test func redirectStatusesAreClassifiedAsRedirects() {
        for status in [300, 301, 302, 303, 304, 307, 308] {
            let attempt = ReceiptDelivery.classify(status: status, body: Data(), retryAfter: nil, location: "https://x.example/\u{1B}[2J")
            guard case .redirected(let message) = attempt else {
                Issue.record("\(status): \(attempt)")
                continue
            }
            // The target is outside text: escaped.
            #expect(message.contains("'https://x.example/\\u{1B}[2J'"), "\(message)")
        }
    }
}
