import ArgumentParser
import Dispatch
import Foundation
import Glibc
import HeraldCampaign
import HeraldCommandLine
import HeraldPostgres
import HeraldStageOptions
import HeraldStage
import HeraldSync

struct WorkerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "worker",
        abstract: "Render queued campaign jobs until stopped (SIGTERM or SIGINT: the batch in hand is finished first).",
        discussion: """
            Each job is answered as render --batch or format --batch would answer its line, with the tables of \
            --tables. The worker renders server-side: no shared container unless --store names one, no media fetched.
            """)

    @OptionGroup var database: DatabaseOptions
    @Option(name: .customLong("concurrency"), help: "Worker loops in this process, each with its own connection (1…64).")
    var concurrency = 1
    @Option(name: .customLong("batch-size"), help: "Jobs claimed at once (1…10000).") var batchSize = 100
    @Option(name: .customLong("lease-seconds"), help: "How long a claim lasts unless renewed; renewed every third (3…3600).")
    var leaseSeconds = 30
    @Option(name: .customLong("max-attempts"), help: "Claims of one job before it is failed rather than retried (1…100).")
    var maxAttempts = 3
    @Option(name: .customLong("poll-ms"), help: "How long an idle loop waits for a notification before it looks again (10…600000).")
    var pollMilliseconds = 2_000
    @Flag(name: .customLong("exit-when-idle"), help: "Stop once no job is ready (drain the queue and exit).")
    var exitWhenIdle = false
    /// --tables, --store, --keys, --now, --time-zone, --deadline-ms and the sealing flags, as herald
    /// and herald serve take them.
    @OptionGroup var stage: StageOptions<WorkerStageRole>

    func checkFlags() throws {
        func check(_ value: Int, _ range: ClosedRange<Int>, _ flag: String) throws {
            guard range.contains(value) else {
                throw CommandFailure.usage("\(flag) must be \(range.lowerBound)…\(range.upperBound), found \(value)")
            }
        }
        try check(concurrency, 1...64, "--concurrency")
        try check(batchSize, 1...10_000, "--batch-size")
        try check(leaseSeconds, 3...3_600, "--lease-seconds")
        try check(maxAttempts, 1...100, "--max-attempts")
        try check(pollMilliseconds, 10...600_000, "--poll-ms")
    }

    func run() async throws {
        try checkFlags()
        let runner = try makeRunner()
        let worker = "\(hostName()):\(getpid()):\(UInt32.random(in: 0...UInt32.max))"
        // Each loop holds its claims under a name of its own, so that a loop whose claim
        // was lost with the connection can give back exactly what it may have taken.
        let holders = (0..<concurrency).map { "\(worker)#\($0)" }
        // A lost database (a restart, a failover) is reconnected to with backoff; SIGTERM
        // ends the waiting.
        let reconnection = Reconnection(report: { CommandMain.say(.warning, "worker: \($0)") })
        let control = try await database.connect()
        let lease = WorkerLease(workers: holders, seconds: leaseSeconds, database: control)
        let wakeups = Wakeups()
        var loops: [CampaignWorker] = []
        var connections: [Database] = [control]
        do {
            try await lease.renew()
            for holder in holders {
                let connection = try await database.connect()
                connections.append(connection)
                let queue = PostgresQueue(database: connection, worker: holder, wakeups: wakeups, reconnection: reconnection)
                let settings = CampaignWorker.Settings(
                    batchSize: batchSize, pollInterval: .milliseconds(pollMilliseconds), exitWhenIdle: exitWhenIdle)
                loops.append(CampaignWorker(source: queue, sink: queue, runner: runner, settings: settings))
            }
        } catch {
            for connection in connections { await connection.close() }
            throw CommandFailure.failure("\(error)")
        }
        let signals = StopSignals(
            loops: loops, wakeups: wakeups, reconnection: reconnection, grace: .seconds(max(10, leaseSeconds)))
        // The lease is renewed, and notifications listened for, beside the loops; a lost
        // connection is made again; any other failure stops the loops after their batch.
        let keeper = Task { () -> String? in
            do { try await lease.keep(wakeups: wakeups, reconnection: reconnection) } catch {
                if Task.isCancelled { return nil }
                for loop in loops { loop.stop() }
                return "\(error)"
            }
            return nil
        }
        let outcome = await Self.run(loops)
        // Nothing waits for the database from here on: the lease is given up if it can be.
        reconnection.stop()
        keeper.cancel()
        let keeperProblem = await keeper.value
        withExtendedLifetime(signals) {}
        // A clean stop gives the lease up, so nothing waits for it to expire.
        try? await lease.end()
        for connection in connections { await connection.close() }
        switch outcome {
        case .success(let tally):
            CommandMain.say(
                nil,
                "worker: \(tally.recorded) results recorded (\(tally.failed) failures), \(tally.lost) answers dropped: their lease had passed to another worker")
            if let keeperProblem { throw CommandFailure.failure("worker: \(keeperProblem)") }
        case .failure(let error):
            throw CommandFailure.failure("worker: \(error)")
        }
    }

    /// Runs the loops to their end; the first loop error stops the others.
    static func run(_ loops: [CampaignWorker]) async -> Result<CampaignWorker.Tally, any Error> {
        do {
            return .success(try await withThrowingTaskGroup(of: CampaignWorker.Tally.self) { group in
                for loop in loops {
                    group.addTask { try await loop.run() }
                }
                var total = CampaignWorker.Tally()
                do {
                    while let tally = try await group.next() {
                        total.claimed += tally.claimed
                        total.recorded += tally.recorded
                        total.failed += tally.failed
                        total.lost += tally.lost
                    }
                } catch {
                    for loop in loops { loop.stop() }
                    throw error
                }
                return total
            })
        } catch {
            return .failure(error)
        }
    }

    func makeRunner() throws -> JobRunner {
        let settings = stage.settings
        let catalog = try settings.catalog()
        return JobRunner(
            stage: Stage(configuration: try settings.configuration(catalog: catalog)),
            format: JobRunner.FormatSettings(renderer: Renderer(catalog: catalog), options: RenderOptions(timeZone: settings.timeZone)),
            maximumAttempts: maxAttempts)
    }

    func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "host" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// SIGTERM and SIGINT ask every loop to stop after its batch in hand, and end any wait
/// for a database that went away. The stop is bounded: a worker that has not ended
/// `grace` after the first signal, or that gets a second one, exits at once with status 1
/// (its claims return to the queue when its lease ends).
final class StopSignals {
    let sources: [any DispatchSourceSignal]

    init(loops: [CampaignWorker], wakeups: Wakeups, reconnection: Reconnection, grace: Duration) {
        let received = Locked(0)
        sources = [SIGTERM, SIGINT].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                let count = received.withLock { count in
                    count += 1
                    return count
                }
                if count > 1 { Self.exitNow("a second stop signal: exiting without finishing the batch in hand") }
                for loop in loops { loop.stop() }
                reconnection.stop()
                wakeups.wake()
                let (seconds, _) = grace.components
                DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(Int(seconds))) {
                    Self.exitNow("still not stopped \(seconds) s after the stop signal: exiting without finishing the batch in hand")
                }
            }
            source.resume()
            return source
        }
    }

    static func exitNow(_ why: String) -> Never {
        CommandMain.say(.error, "worker: \(why); its jobs return to the queue when its lease ends")
        _exit(1)
    }
}
