import HeraldSync

/// A worker's loop: claim a batch from the source, answer it with the runner, record the
/// answers in the sink; when nothing is ready, wait for the source to say there is work
/// (or poll). `stop()` ends it after the batch in hand is recorded; nothing claimed is
/// left unanswered.
public final class CampaignWorker: Sendable {
    public struct Settings: Sendable {
        /// Jobs claimed at once.
        public var batchSize: Int
        /// How long an idle worker waits for a notification before it looks again.
        public var pollInterval: Duration
        /// Stop once no job is ready rather than wait for more (a run that drains a queue).
        public var exitWhenIdle: Bool

        public init(batchSize: Int = 100, pollInterval: Duration = .seconds(2), exitWhenIdle: Bool = false) {
            self.batchSize = max(1, batchSize)
            self.pollInterval = pollInterval
            self.exitWhenIdle = exitWhenIdle
        }
    }

    /// What a run did.
    public struct Tally: Sendable, Equatable {
        public var claimed = 0
        public var recorded = 0
        public var failed = 0
        /// Answers not recorded: their claim had lapsed and another worker held them.
        public var lost = 0
        public init() {}
    }

    private let source: any JobSource
    private let sink: any ResultSink
    private let runner: JobRunner
    private let settings: Settings
    private let stopping = Locked(false)

    public init(source: any JobSource, sink: any ResultSink, runner: JobRunner, settings: Settings = Settings()) {
        self.source = source
        self.sink = sink
        self.runner = runner
        self.settings = settings
    }

    /// Asks the loop to end once the batch in hand is recorded.
    public func stop() { stopping.withLock { $0 = true } }

    public var isStopping: Bool { stopping.withLock { $0 } }

    /// Runs until `stop()` (or, with `exitWhenIdle`, until no job is ready).
    public func run() async throws -> Tally {
        var tally = Tally()
        while !isStopping {
            let jobs = try await source.claim(limit: settings.batchSize)
            if jobs.isEmpty {
                if settings.exitWhenIdle { break }
                try await source.waitForJobs(timeout: settings.pollInterval)
                continue
            }
            tally.claimed += jobs.count
            let results = await runner.answer(jobs)
            let recorded = try await sink.record(results)
            tally.recorded += recorded
            tally.lost += results.count - recorded
            tally.failed += results.filter { !$0.succeeded }.count
        }
        return tally
    }
}
