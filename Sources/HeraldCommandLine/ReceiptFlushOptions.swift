public import ArgumentParser
public import HeraldStore

/// The flags of `herald receipts flush` that `herald-net flush` receives as they were
/// given: declared once, here, for both executables.
public struct ReceiptFlushOptions: ParsableArguments, Sendable {
    @Option(name: .customLong("max-attempts"), help: "Requests per batch before giving up until the next flush (1…100).")
    public var maxAttempts: Int = 5

    @Option(name: .customLong("timeout-ms"), help: "How long one request may take (milliseconds, 1…600000).")
    public var timeoutMilliseconds: Int = 10_000

    @Option(name: .customLong("batch-size"), help: "Receipts per request (1…1000).")
    public var batchSize: Int = 100

    @Option(name: .customLong("backoff-ms"), help: "Wait before the first retry, doubled after each (milliseconds, 0…60000).")
    public var backoffMilliseconds: Int = 250

    @Option(
        name: .customLong("allow-http-host"),
        help: "Allow a plain http:// endpoint on HOST (development and tests; https:// otherwise). Repeatable.")
    public var allowHTTPHosts: [String] = []

    public init() {}

    /// The values, checked: a value out of range is a usage error.
    public func limits() throws(CommandFailure) -> ReceiptFlushLimits {
        let limits = ReceiptFlushLimits(
            maxAttempts: maxAttempts, timeoutMilliseconds: timeoutMilliseconds, batchSize: batchSize,
            backoffMilliseconds: backoffMilliseconds)
        if let problem = limits.problem { throw .usage(problem) }
        return limits
    }

    /// The flags as `herald-net flush` takes them.
    public var arguments: [String] {
        [
            "--max-attempts", String(maxAttempts), "--timeout-ms", String(timeoutMilliseconds),
            "--batch-size", String(batchSize), "--backoff-ms", String(backoffMilliseconds),
        ] + allowHTTPHosts.flatMap { ["--allow-http-host", $0] }
    }
}
