import Dispatch
import Foundation
import HeraldSync

/// The stage's one deadline mechanism: the work of a push runs on a thread of its own (a
/// parked one of `ParkedThreads.shared`, or a new one), a timer on Dispatch's global queue
/// waits for the deadline, and whichever ends first answers; the other's answer is dropped.
///
/// Neither side needs Swift's cooperative pool: the work's blocking calls (key files,
/// SQLite waiting for a lock) hold only its own thread, and the timer fires on time
/// however busy the pool is. Past the deadline the work is abandoned: its thread is free
/// again when its blocking calls return (each is bounded by the stage's store and
/// download deadline), and what it then produces is dropped.
enum Deadline {
    /// `work()`'s value, or `expired()`'s when `deadline` comes first.
    static func race<Value: Sendable>(
        until deadline: ContinuousClock.Instant, work: @escaping @Sendable () -> Value,
        expired: @escaping @Sendable () -> Value
    ) async -> Value {
        await withCheckedContinuation { (continuation: CheckedContinuation<Value, Never>) in
            let answer = Answer(continuation)
            ParkedThreads.shared.run { answer.give(work()) }
            let now = ContinuousClock.now
            let wait = now < deadline ? now.duration(to: deadline) : .zero
            let timer = DispatchSource.makeTimerSource(queue: .global())
            timer.schedule(deadline: .now() + .nanoseconds(Int(wait.nanoseconds)))
            timer.setEventHandler {
                guard answer.isPending else { return }
                answer.give(expired())
            }
            answer.keep(TimerBox(timer))
            timer.resume()
        }
    }

    /// Resumes a continuation once, and cancels the timer then (which releases its handler
    /// and what it holds, so that a long batch keeps nothing of the pushes it answered).
    private final class Answer<Value: Sendable>: Sendable {
        private struct State {
            var continuation: CheckedContinuation<Value, Never>?
            var timer: TimerBox?
        }
        private let state: Locked<State>

        init(_ continuation: CheckedContinuation<Value, Never>) {
            state = Locked(State(continuation: continuation))
        }

        var isPending: Bool { state.withLock { $0.continuation != nil } }

        func keep(_ timer: TimerBox) {
            let answered = state.withLock { s -> Bool in
                if s.continuation != nil { s.timer = timer }
                return s.continuation == nil
            }
            if answered { timer.timer.cancel() }
        }

        func give(_ value: Value) {
            let (continuation, timer) = state.withLock { s in
                defer { s = State() }
                return (s.continuation, s.timer)
            }
            timer?.timer.cancel()
            continuation?.resume(returning: value)
        }
    }
}

/// A dispatch timer handed between threads: cancelling a dispatch source is safe from any
/// thread (Dispatch's documented contract), which the type system cannot see.
private final class TimerBox: @unchecked Sendable {
    let timer: any DispatchSourceTimer
    init(_ timer: any DispatchSourceTimer) { self.timer = timer }
}

extension Duration {
    /// Whole milliseconds (rounded toward zero).
    var milliseconds: Int64 {
        let (s, a) = components
        return s * 1000 + a / 1_000_000_000_000_000
    }

    /// Whole nanoseconds (rounded toward zero), for Dispatch.
    var nanoseconds: Int64 {
        let (s, a) = components
        return s * 1_000_000_000 + a / 1_000_000_000
    }
}
