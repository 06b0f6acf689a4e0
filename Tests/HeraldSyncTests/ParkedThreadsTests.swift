import Foundation
import HeraldSync
import Testing

/// `ParkedThreads`: a job never waits for another, threads are reused, idle ones end, and a
/// parked thread holds nothing of its last job. The waits below only guard against a hang
/// (a broken pool would otherwise stop the suite); none is a bound on how fast anything is.
@Suite struct ParkedThreadsTests {
    static let hangGuard: TimeInterval = 60

    /// Polls `condition` until it holds or the hang guard passes.
    static func eventually(_ condition: () -> Bool) -> Bool {
        let end = Date(timeIntervalSinceNow: hangGuard)
        while !condition() {
            if Date() > end { return false }
            usleep(1_000)
        }
        return true
    }

    @Test func aBlockedJobDoesNotHoldUpTheNext() {
        let pool = ParkedThreads(linger: 60)
        let gate = DispatchSemaphore(value: 0)
        let firstStarted = DispatchSemaphore(value: 0)
        let secondRan = DispatchSemaphore(value: 0)
        pool.run {
            firstStarted.signal()
            gate.wait()
        }
        #expect(firstStarted.wait(timeout: .now() + Self.hangGuard) == .success)
        pool.run { secondRan.signal() }
        #expect(secondRan.wait(timeout: .now() + Self.hangGuard) == .success)
        #expect(pool.threadCount == 2)
        gate.signal()
    }

    @Test func oneJobAtATimeReusesOneThread() {
        let pool = ParkedThreads(linger: 60)
        let done = DispatchSemaphore(value: 0)
        let threads = Locked<Set<UInt64>>([])
        for _ in 0..<200 {
            pool.run {
                let tid = UInt64(pthread_self())
                threads.withLock { _ = $0.insert(tid) }
                done.signal()
            }
            #expect(done.wait(timeout: .now() + Self.hangGuard) == .success)
            // The job signals before its thread parks again: wait for it to park, so the
            // next job finds it.
            #expect(Self.eventually { pool.parkedCount == 1 })
        }
        #expect(threads.withLock { $0.count } == 1)
        #expect(pool.threadCount == 1)
    }

    @Test func manyJobsAtOnceAllRun() {
        let pool = ParkedThreads(linger: 60)
        let count = Locked(0)
        let all = DispatchSemaphore(value: 0)
        for _ in 0..<64 {
            pool.run {
                if count.withLock({ $0 += 1; return $0 }) == 64 { all.signal() }
            }
        }
        #expect(all.wait(timeout: .now() + Self.hangGuard) == .success)
        #expect(pool.threadCount <= 64)
    }

    @Test func idleThreadsEnd() {
        let pool = ParkedThreads(linger: 0.05)
        let done = DispatchSemaphore(value: 0)
        pool.run { done.signal() }
        #expect(done.wait(timeout: .now() + Self.hangGuard) == .success)
        #expect(Self.eventually { pool.threadCount == 0 })
    }

    @Test func aParkedThreadKeepsNothingOfItsLastJob() {
        final class Cargo: Sendable {}
        let pool = ParkedThreads(linger: 60)
        weak var weakCargo: Cargo?
        do {
            let cargo = Cargo()
            weakCargo = cargo
            pool.run { withExtendedLifetime(cargo) {} }
        }
        #expect(Self.eventually { weakCargo == nil && pool.parkedCount == 1 })
    }
}
