/// The bounds of `herald receipts flush`'s settings, checked by `herald` before it
/// hands over to `herald-net flush` and by `herald-net` itself (it can be run
/// alone): one place for the ranges and the words of the usage error.
public struct ReceiptFlushLimits: Sendable, Equatable {
    /// Requests per batch in one flush, the first included.
    public var maxAttempts: Int
    /// How long one request may take, in milliseconds.
    public var timeoutMilliseconds: Int
    /// Receipts per request.
    public var batchSize: Int
    /// The wait before the first retry, in milliseconds.
    public var backoffMilliseconds: Int

    /// Makes settings (not yet checked against the bounds).
    public init(maxAttempts: Int, timeoutMilliseconds: Int, batchSize: Int, backoffMilliseconds: Int) {
        self.maxAttempts = maxAttempts
        self.timeoutMilliseconds = timeoutMilliseconds
        self.batchSize = batchSize
        self.backoffMilliseconds = backoffMilliseconds
    }

    /// The first setting outside its range, as a usage message naming the flag
    /// (`--max-attempts: 0 is outside 1…100`); nil when all are in range.
    public var problem: String? {
        let checks: [(flag: String, value: Int, range: ClosedRange<Int>)] = [
            ("--max-attempts", maxAttempts, 1...100),
            ("--timeout-ms", timeoutMilliseconds, 1...600_000),
            ("--batch-size", batchSize, 1...1000),
            ("--backoff-ms", backoffMilliseconds, 0...60_000),
        ]
        for c in checks where !c.range.contains(c.value) {
            return "\(c.flag): \(c.value) is outside \(c.range.lowerBound)…\(c.range.upperBound)"
        }
        return nil
    }
}
