import ArgumentParser
import HeraldCommandLine
import HeraldJSON
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

    @Option(help: "The statistics endpoint: an https:// URL (http:// needs --allow-http-host HOST)")
    var endpoint: String

    @OptionGroup var flush: ReceiptFlushOptions

    @Option(name: .customLong("deadline-ms"), help: "Give up when the store stays locked this long (milliseconds).")
    var deadlineMilliseconds: Int = 5000

    /// Said as `herald: error: …`: this runs for `herald receipts flush`.
    static func fail(_ status: ExitStatus, _ messages: String...) -> CommandFailure { fail(status, messages) }
    static func fail(_ status: ExitStatus, _ messages: [String]) -> CommandFailure {
        CommandFailure(status, messages, program: "herald")
    }

    func run() async throws {
        let limits: ReceiptFlushLimits
        do { limits = try flush.limits() } catch { throw Self.fail(.usage, error.description) }
        do { try DeadlineOption.check(deadlineMilliseconds, minimum: 0) } catch { throw Self.fail(.usage, error.messages) }
        let target: ReceiptEndpoint
        do throws(ReceiptEndpointError) {
            target = try ReceiptEndpoint(endpoint)
        } catch {
            throw Self.fail(.usage, error.description)
        }
        if let refused = target.plainHTTPRefusal(allowing: flush.allowHTTPHosts) {
            throw Self.fail(.usage, refused.description)
        }
        let opened: Store
        do {
            opened = try Store.open(directory: store, deadline: .now + .milliseconds(deadlineMilliseconds))
        } catch {
            throw Self.fail(.failure, error.description)
        }
        let policy = ReceiptDeliveryPolicy(
            batchSize: limits.batchSize, maxAttempts: limits.maxAttempts, requestTimeout: .milliseconds(limits.timeoutMilliseconds),
            initialBackoff: .milliseconds(limits.backoffMilliseconds), maxBackoff: .milliseconds(max(limits.backoffMilliseconds, 4000)),
            allowHTTPHosts: flush.allowHTTPHosts)
        let delivery = ReceiptDelivery(endpoint: target, store: opened, policy: policy)
        let report: ReceiptFlushReport
        do {
            report = try await delivery.flush()
        } catch {
            throw Self.fail(.failure, error.description)
        }
        BufferedOutput.writeAll(
            fd: 1, "delivered \(report.delivered), rejected \(report.rejected), pending \(report.failed) (\(report.requests) requests)\n")
        if !report.errors.isEmpty { throw CommandFailure(.failure, report.errors, program: "herald") }
    }
}
