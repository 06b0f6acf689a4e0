import HeraldStore
import Testing

/// The ranges `herald receipts flush` documents (`--help`): attempts 1…100,
/// timeout 1…600000 ms, batch 1…1000 receipts, backoff 0…60000 ms.
@Suite struct ReceiptFlushLimitsTests {
    private func limits(attempts: Int = 5, timeout: Int = 10_000, batch: Int = 100, backoff: Int = 250) -> ReceiptFlushLimits {
        ReceiptFlushLimits(maxAttempts: attempts, timeoutMilliseconds: timeout, batchSize: batch, backoffMilliseconds: backoff)
    }

    @Test func defaultsAndBoundsAreAccepted() {
        #expect(limits().problem == nil)
        #expect(limits(attempts: 1, timeout: 1, batch: 1, backoff: 0).problem == nil)
        #expect(limits(attempts: 100, timeout: 600_000, batch: 1000, backoff: 60_000).problem == nil)
    }

    @Test func eachFlagOutsideItsRangeIsNamed() {
        #expect(limits(attempts: 0).problem == "--max-attempts: 0 is outside 1…100")
        #expect(limits(attempts: 101).problem == "--max-attempts: 101 is outside 1…100")
        #expect(limits(timeout: 0).problem == "--timeout-ms: 0 is outside 1…600000")
        #expect(limits(batch: 1001).problem == "--batch-size: 1001 is outside 1…1000")
        #expect(limits(backoff: -1).problem == "--backoff-ms: -1 is outside 0…60000")
        // Several wrong: the first in the command's order.
        #expect(limits(attempts: 0, batch: 0).problem == "--max-attempts: 0 is outside 1…100")
    }
}
