import Foundation
import HeraldSync
public import HeraldStore
import HeraldDiagnostics

/// How ``ReceiptDelivery`` sends: batch size, bounded retries with exponential backoff.
public struct ReceiptDeliveryPolicy: Sendable, Hashable {
    /// Receipts per request (1 or more).
    public var batchSize: Int
    /// Requests per batch in one flush, the first included (1 or more). A batch that fails
    /// retryably this many times stays pending, with the last error, for the next flush.
    public var maxAttempts: Int
    /// How long one request may take before it counts as a retryable failure.
    public var requestTimeout: Duration
    /// The wait before the first retry; it doubles after each failure (with jitter: each
    /// wait is 50–100 % of the nominal one) up to `maxBackoff`.
    public var initialBackoff: Duration
    /// The longest wait between two retries.
    public var maxBackoff: Duration
    /// No retry of a batch starts later than this after the batch was claimed; the batch's
    /// lease is this plus `requestTimeout` plus a margin, so no request outlives the lease.
    public var retryBudget: Duration
    /// Hosts a plain `http://` endpoint may have (exact, case-insensitive), for development
    /// and tests; any other endpoint must be `https://`.
    public var allowHTTPHosts: [String]

    /// Makes a policy; every value has a default fit for an extension's time budget.
    public init(
        batchSize: Int = 100, maxAttempts: Int = 5, requestTimeout: Duration = .seconds(10),
        initialBackoff: Duration = .milliseconds(250), maxBackoff: Duration = .seconds(4),
        retryBudget: Duration = .seconds(30), allowHTTPHosts: [String] = []
    ) {
        self.allowHTTPHosts = allowHTTPHosts
        self.batchSize = batchSize
        self.maxAttempts = maxAttempts
        self.requestTimeout = requestTimeout
        self.initialBackoff = initialBackoff
        self.maxBackoff = maxBackoff
        self.retryBudget = retryBudget
    }

    /// How long recording a batch's outcome may wait for the store's lock.
    static let markTimeout: Duration = .seconds(30)

    /// The lease a flush takes on a batch: the last attempt's start and end, then the time
    /// to write the outcome down, then a margin — so no other flush can claim the batch while
    /// this one may still send it or has not yet marked it.
    var lease: Duration { retryBudget + requestTimeout + Self.markTimeout + .seconds(5) }
}

/// What one flush did.
public struct ReceiptFlushReport: Sendable, Hashable {
    /// Receipts the endpoint accepted (2xx).
    public var delivered = 0
    /// Receipts the endpoint refused for good (4xx other than 408/429); kept as rejected
    /// until `herald receipts retry` queues them again.
    public var rejected = 0
    /// Receipts left pending after retryable failures (5xx, 408, 429, network errors) or a
    /// redirect.
    public var failed = 0
    /// HTTP requests made.
    public var requests = 0
    /// One line per batch that was not delivered.
    public var errors: [String] = []

    /// An empty summary.
    public init() {}
}

/// Sends pending receipts to the statistics endpoint: `POST` of
/// `{"receipts": [{"pushId", "shownAt", "locale", "kind"}]}` (shownAt as ISO 8601 UTC with
/// milliseconds; locale/kind null when unknown) with `Content-Type: application/json` and an
/// `Idempotency-Key` header that stays the same for every retry of one batch.
///
/// No duplicates: a flush first claims a batch in the store (a lease, see
/// `Store.claimReceipts(owner:limit:lease:now:deadline:)`), so flushes running in several
/// processes at once send disjoint batches, and never starts a request that could outlive its
/// lease; a receipt is marked delivered only after a 2xx answering the request that carried
/// it. A request is never redirected: a 3xx is a failure naming where it pointed (the batch
/// stays pending, the flush stops). A permanent refusal (404, 410, any 4xx but 408/429)
/// rejects that one batch and stops the flush: the other receipts stay pending, so that an
/// endpoint that moved or is misconfigured loses one batch at most (and
/// `Store.requeueRejectedReceipts` brings it back). The endpoint must be `https://` unless
/// its host is in `ReceiptDeliveryPolicy.allowHTTPHosts`. Should a process die between the
/// 2xx and marking, the batch is sent again after the lease — with a new idempotency key, so
/// endpoints that must be exact should also de-duplicate by `pushId`.
public final class ReceiptDelivery: Sendable {
    /// Where receipts are posted.
    public let endpoint: ReceiptEndpoint
    /// The store the pending receipts are claimed from and marked delivered in.
    public let store: Store
    /// Batch size, retries, timeouts and backoff.
    public let policy: ReceiptDeliveryPolicy
    /// Names this flush in the store's claims.
    public let owner: String
    private let poster: ReceiptPoster

    /// Makes a delivery; nothing is sent until it flushes.
    ///
    /// - Parameters:
    ///   - endpoint: Where receipts are posted.
    ///   - store: The store holding the receipts.
    ///   - policy: Batch size, retries, timeouts and backoff (out-of-range values are clamped).
    ///   - owner: The name of this flush in the store's claims (unique by default).
    public init(
        endpoint: ReceiptEndpoint, store: Store, policy: ReceiptDeliveryPolicy = ReceiptDeliveryPolicy(),
        owner: String = ReceiptDelivery.uniqueOwner()
    ) {
        self.endpoint = endpoint
        self.store = store
        var policy = policy
        policy.batchSize = max(1, policy.batchSize)
        policy.maxAttempts = max(1, policy.maxAttempts)
        policy.requestTimeout = max(.milliseconds(1), policy.requestTimeout)
        policy.retryBudget = max(.zero, policy.retryBudget)
        self.policy = policy
        self.owner = owner
        poster = ReceiptPoster(clients: .shared, timeout: policy.requestTimeout)
    }

    /// A claim owner unique to this process and call: process id and a random suffix (the
    /// store is a local file, so processes on one machine are all that share it).
    public static func uniqueOwner() -> String {
        "pid \(ProcessInfo.processInfo.processIdentifier) \(UUID().uuidString.prefix(8).lowercased())"
    }

    /// Sends every pending receipt no other flush holds, batch by batch, oldest first. Stops at
    /// the first batch that still fails retryably after its retries (the endpoint is down:
    /// the rest wait for the next flush). Throws only when the store itself fails.
    public func flush() async throws(StoreError) -> ReceiptFlushReport {
        var report = ReceiptFlushReport()
        if let refused = endpoint.plainHTTPRefusal(allowing: policy.allowHTTPHosts) {
            report.errors.append(refused.description)
            return report
        }
        while true {
            let claimedAt = ContinuousClock.now
            let batch = try store.claimReceipts(owner: owner, limit: policy.batchSize, lease: policy.lease)
            if batch.isEmpty { break }
            let ids = batch.map(\.id)
            let outcome = await send(batch, lastStart: claimedAt + policy.retryBudget)
            report.requests += outcome.attempts
            // Recording the outcome waits longer than usual for the lock: a 2xx not written
            // down would be sent again once the lease ends.
            let markDeadline = ContinuousClock.now + ReceiptDeliveryPolicy.markTimeout
            switch outcome.result {
            case .delivered:
                try store.markDelivered(ids: ids, attempts: outcome.attempts, deadline: markDeadline)
                report.delivered += ids.count
            case .rejected(let message), .failed(let message):
                // Refused for good, or failed for now (the rest waits for the next flush).
                let permanent = if case .rejected = outcome.result { true } else { false }
                try store.markFailed(
                    ids: ids, error: message, permanent: permanent, attempts: outcome.attempts, owner: owner,
                    deadline: markDeadline)
                if permanent {
                    report.rejected += ids.count
                    report.errors.append(
                        "\(ids.count) receipt(s) rejected: \(message); the other pending receipts were not sent "
                            + "(`herald receipts retry` queues rejected ones again)")
                    return report
                } else {
                    report.failed += ids.count
                    report.errors.append("\(ids.count) receipt(s) still pending: \(message)")
                    return report
                }
            }
        }
        return report
    }

    // MARK: Sending

    enum BatchResult: Equatable {
        case delivered
        case rejected(String)
        case failed(String)
    }

    /// What one request came to.
    enum Attempt: Equatable {
        case delivered
        case permanent(String)
        case retryable(String, retryAfter: Duration?)
        /// The endpoint answered with a redirect: not retried, the batch stays pending.
        case redirected(String)
    }

    /// Sends one batch with retries; no attempt starts after `lastStart`.
    private func send(_ batch: [Receipt], lastStart: ContinuousClock.Instant) async -> (result: BatchResult, attempts: Int) {
        let body = Self.body(batch)
        let key = UUID().uuidString.lowercased()
        var backoff = policy.initialBackoff
        var attempts = 0
        while true {
            attempts += 1
            switch await post(body, idempotencyKey: key) {
            case .delivered:
                return (.delivered, attempts)
            case .permanent(let message):
                return (.rejected(message), attempts)
            case .redirected(let message):
                return (.failed(message), attempts)
            case .retryable(let message, let retryAfter):
                if attempts >= policy.maxAttempts {
                    return (.failed("\(message) (after \(attempts) attempt\(attempts == 1 ? "" : "s"))"), attempts)
                }
                var delay = backoff * Double.random(in: 0.5...1.0)
                if let retryAfter { delay = max(delay, min(retryAfter, policy.maxBackoff)) }
                if ContinuousClock.now + delay > lastStart {
                    return (.failed("\(message) (retry time spent after \(attempts) attempt\(attempts == 1 ? "" : "s"))"), attempts)
                }
                try? await Task.sleep(for: delay)
                backoff = min(backoff * 2, policy.maxBackoff)
            }
        }
    }

    private func post(_ body: Data, idempotencyKey: String) async -> Attempt {
        let headers = [
            ("Content-Type", "application/json"), ("Idempotency-Key", idempotencyKey), ("User-Agent", "herald-receipts"),
        ]
        switch await poster.send(Array(body), to: endpoint.url.absoluteString, headers: headers) {
        case .failed(let problem):
            return .retryable(Self.describe(problem, timeout: policy.requestTimeout), retryAfter: nil)
        case .response(let status, let location, let retryAfterText, let answer):
            let retryAfter = retryAfterText.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            return Self.classify(
                status: status, body: Data(answer), retryAfter: retryAfter.map { .seconds(max(0, $0)) }, location: location)
        }
    }

    /// 2xx delivered; 3xx a refused redirect; 408, 429 and 5xx retryable; every other status
    /// permanent.
    static func classify(status: Int, body: Data, retryAfter: Duration?, location: String? = nil) -> Attempt {
        if (200...299).contains(status) { return .delivered }
        if (300...399).contains(status) {
            // The target is outside text: escaped, and bounded.
            let target = location.map { "'" + OutsideText.escaped(String($0.prefix(300))) + "'" } ?? "no Location"
            return .redirected(
                "HTTP \(status) redirect to \(target) refused: receipts are sent only to the endpoint itself "
                    + "(nothing was re-sent; fix the endpoint)")
        }
        var message = "HTTP \(status)"
        // The server's words are outside text: its control characters are escaped.
        let text = OutsideText.escaped(
            String(decoding: body.prefix(200), as: UTF8.self)
                .split(whereSeparator: \.isNewline).joined(separator: " ")
                .trimmingCharacters(in: .whitespaces))
        if !text.isEmpty { message += ": " + text }
        if status == 408 || status == 429 || (500...599).contains(status) {
            return .retryable(message, retryAfter: retryAfter)
        }
        return .permanent(message)
    }

    private static func describe(_ problem: NetworkProblem, timeout: Duration) -> String {
        switch problem {
        case .cancelled: return "cancelled before an answer"
        case .timedOut:
            let (seconds, attoseconds) = timeout.components
            return "no answer within \(seconds * 1000 + attoseconds / 1_000_000_000_000_000) ms"
        case .refused: return "cannot connect to the endpoint (connection refused)"
        case .closedEarly: return "the connection was closed before a response"
        case .unresolved: return "cannot resolve the endpoint's host"
        case .tls(let why): return "TLS failure (\(why))"
        case .malformed(let why): return "malformed HTTP response (\(why))"
        case .other(let why): return "network error: \(why)"
        }
    }

    /// The JSON body of one batch.
    static func body(_ batch: [Receipt]) -> Data {
        struct Item: Encodable {
            let pushId: String
            let shownAt: String
            let locale: String?
            let kind: String?

            enum CodingKeys: String, CodingKey { case pushId, shownAt, locale, kind }

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(pushId, forKey: .pushId)
                try container.encode(shownAt, forKey: .shownAt)
                try container.encode(locale, forKey: .locale)
                try container.encode(kind, forKey: .kind)
            }
        }
        struct Body: Encodable { let receipts: [Item] }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        let items = batch.map {
            Item(pushId: $0.pushID, shownAt: formatter.string(from: $0.shownAt), locale: $0.locale, kind: $0.kind)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        // Strings and optionals always encode; a failure here would be a Foundation bug.
        return (try? encoder.encode(Body(receipts: items))) ?? Data(#"{"receipts":[]}"#.utf8)
    }
}
