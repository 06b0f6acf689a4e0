import ArgumentParser
import HeraldNetwork
import HeraldStore

/// `herald-net flush`: what `herald receipts flush` runs once it has checked its
/// arguments (`herald receipts flush --help` has the contract). Output and exit
/// status are herald's: `delivered N, rejected N, pending N (R requests)`, one
/// `herald: error:` line per batch not delivered; 0 all delivered, 1 some not,
/// 2 bad arguments.
struct FlushCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flush",
        abstract: "POST pending receipts of a store to the statistics endpoint (run by `herald receipts flush`).")

    @Option(help: "The store directory.")
    var store: String

    @Option(help: "The statistics endpoint (http:// or https:// URL).")
    var endpoint: String

    @Option(name: .customLong("max-attempts"), help: "Requests per batch before giving up until the next flush (1…100).")
    var maxAttempts: Int = 5

    @Option(name: .customLong("timeout-ms"), help: "How long one request may take (milliseconds, 1…600000).")
    var timeoutMilliseconds: Int = 10_000

    @Option(name: .customLong("batch-size"), help: "Receipts per request (1…1000).")
    var batchSize: Int = 100

    @Option(name: .customLong("backoff-ms"), help: "Wait before the first retry, doubled after each (milliseconds, 0…60000).")
    var backoffMilliseconds: Int = 250

    @Option(name: .customLong("deadline-ms"), help: "Give up when the store stays locked this long (milliseconds).")
    var deadlineMilliseconds: Int = 5000

    static func fail(_ code: Int32, _ message: String) -> ExitCode {
        Output.standardError("herald: error: \(message)")
        return ExitCode(code)
    }

    func run() async throws {
        let limits = ReceiptFlushLimits(
            maxAttempts: maxAttempts, timeoutMilliseconds: timeoutMilliseconds, batchSize: batchSize,
            backoffMilliseconds: backoffMilliseconds)
        if let problem = limits.problem { throw Self.fail(2, problem) }
        guard deadlineMilliseconds >= 0 else { throw Self.fail(2, "--deadline-ms must be 0 or more") }
        let target: ReceiptEndpoint
        do throws(ReceiptEndpointError) {
            target = try ReceiptEndpoint(endpoint)
        } catch {
            throw Self.fail(2, error.description)
        }
        let opened: Store
        do {
            opened = try Store.open(directory: store, deadline: .now + .milliseconds(deadlineMilliseconds))
        } catch {
            throw Self.fail(1, error.description)
        }
        let policy = ReceiptDeliveryPolicy(
            batchSize: batchSize, maxAttempts: maxAttempts, requestTimeout: .milliseconds(timeoutMilliseconds),
            initialBackoff: .milliseconds(backoffMilliseconds), maxBackoff: .milliseconds(max(backoffMilliseconds, 4000)))
        let delivery = ReceiptDelivery(endpoint: target, store: opened, policy: policy)
        let report: ReceiptFlushReport
        do {
            report = try await delivery.flush()
        } catch {
            throw Self.fail(1, error.description)
        }
        Output.standardOutput(
            "delivered \(report.delivered), rejected \(report.rejected), pending \(report.failed) (\(report.requests) requests)")
        for line in report.errors { Output.standardError("herald: error: \(line)") }
        if !report.errors.isEmpty { throw ExitCode(1) }
    }
}
