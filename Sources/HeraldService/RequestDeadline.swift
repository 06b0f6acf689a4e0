import HeraldSync
import NIOCore

/// The per-request deadline of the non-streamed routes: the answer is a 504 once `limit` has
/// passed, body read included, whether or not the work has ended (it is cancelled and its
/// result dropped; the stage's own deadline bounds how long it goes on). The request's
/// admission `place` is held by the work until it has really ended, so a 504 does not free a
/// place while its work still runs.
///
/// The clock is a task scheduled on the connection's event loop (an entry in the loop's timer
/// heap, taken out when the work ends first), not a sleeping Swift task per request.
enum RequestDeadline {
    static func run<Value: Sendable>(
        _ limit: Duration, on eventLoop: any EventLoop, holding place: Admission.Place?,
        _ work: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        let waiting = Locked<CheckedContinuation<Value, any Error>?>(nil)
        let job = Locked<Task<Void, Never>?>(nil)
        place?.hold()
        return try await withCheckedThrowingContinuation { continuation in
            waiting.withLock { $0 = continuation }
            let clock = eventLoop.scheduleTask(in: TimeAmount(limit)) {
                guard let late = waiting.withLock({ slot in defer { slot = nil }; return slot }) else { return }
                job.withLock { $0 }?.cancel()
                late.resume(throwing: ServiceError(
                    status: 504, code: "deadline-exceeded",
                    "the request took longer than its deadline, \(limit.wholeMilliseconds) ms"))
            }
            let started = Task {
                defer { place?.release() }
                let result: Result<Value, any Error>
                do { result = .success(try await work()) } catch { result = .failure(error) }
                clock.cancel()
                waiting.withLock { slot in defer { slot = nil }; return slot }?.resume(with: result)
            }
            job.withLock { $0 = started }
        }
    }
}
