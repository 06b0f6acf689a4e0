import HeraldSync

/// The per-request deadline of the non-streamed routes: the answer is a 504 once `limit` has
/// passed, body read included, whether or not the work has ended (it is cancelled and its
/// result dropped; the stage's own deadline bounds how long it goes on). The request's
/// admission `place` is held by the work until it has really ended, so a 504 does not free a
/// place while its work still runs.
enum RequestDeadline {
    static func run<Value: Sendable>(
        _ limit: Duration, holding place: Admission.Place?, _ work: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        let waiting = Locked<CheckedContinuation<Value, any Error>?>(nil)
        let timer = Locked<Task<Void, Never>?>(nil)
        place?.hold()
        return try await withCheckedThrowingContinuation { continuation in
            waiting.withLock { $0 = continuation }
            let job = Task {
                defer { place?.release() }
                let result: Result<Value, any Error>
                do { result = .success(try await work()) } catch { result = .failure(error) }
                timer.withLock { $0 }?.cancel()
                waiting.withLock { slot in defer { slot = nil }; return slot }?.resume(with: result)
            }
            let clock = Task {
                do { try await Task.sleep(for: limit) } catch { return }
                guard let late = waiting.withLock({ slot in defer { slot = nil }; return slot }) else { return }
                job.cancel()
                late.resume(throwing: ServiceError(
                    status: 504, code: "deadline-exceeded",
                    "the request took longer than its deadline, \(limit.wholeMilliseconds) ms"))
            }
            timer.withLock { $0 = clock }
        }
    }
}
