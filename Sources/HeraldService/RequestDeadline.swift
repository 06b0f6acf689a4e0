import HeraldSync

/// The per-request deadline of the non-streamed routes: the answer is a 504 once `limit` has
/// passed, body read included, whether or not the work has ended (it is cancelled and its
/// result dropped; the stage's own deadline bounds how long it goes on).
enum RequestDeadline {
    static func run<Value: Sendable>(
        _ limit: Duration, _ work: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        let waiting = Locked<CheckedContinuation<Value, any Error>?>(nil)
        let timer = Locked<Task<Void, Never>?>(nil)
        return try await withCheckedThrowingContinuation { continuation in
            waiting.withLock { $0 = continuation }
            let job = Task {
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
