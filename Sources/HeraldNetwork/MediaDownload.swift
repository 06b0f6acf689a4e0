#if canImport(Darwin)
import Foundation
import HeraldMedia
import HeraldSync

/// One streamed download: URLSession delivers the body chunk by chunk to this
/// delegate, which writes each chunk to a temporary file in the attachment
/// folder, hashes it, sniffs the type from the first bytes and aborts the
/// transfer the moment a limit is crossed. Nothing is held in memory but the
/// first 16 bytes. Exactly one outcome is produced; whatever comes first
/// (completion, a limit, the deadline, cancellation) wins and the rest is ignored.
final class MediaDownload: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    typealias Outcome = Result<DownloadedFile, MediaFailure>

    private let url: URL
    private let policy: MediaPolicy
    private let state: Locked<State>

    /// Everything that changes as the download goes, reached only under the lock.
    fileprivate struct State {
        var continuation: CheckedContinuation<Outcome, Never>?
        var outcome: Outcome?
        var session: URLSession?
        var queue: BoundedDelegateQueue?
        var task: URLSessionDataTask?
        var file: MediaFileWriter
        var redirects = 0
        var deadline: ContinuousClock.Instant = .now
    }

    /// At most this many delegate callbacks (each holding at most one 16 KiB
    /// chunk) wait in memory; see `BoundedDelegateQueue`.
    static let maxQueuedCallbacks = 8

    init(url: URL, policy: MediaPolicy, folder: String) {
        self.url = url
        self.policy = policy
        self.state = Locked(State(file: MediaFileWriter(folder: folder, policy: policy)))
    }

    /// Downloads until done, failed, `deadline` or cancellation of the calling task.
    func run(deadline: ContinuousClock.Instant) async -> Outcome {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (c: CheckedContinuation<Outcome, Never>) in
                let settled: Outcome? = state.withLock { s in
                    if let outcome = s.outcome { return outcome }
                    s.continuation = c
                    return nil
                }
                if let settled {
                    c.resume(returning: settled)
                    return
                }
                start(deadline: deadline)
            }
        } onCancel: {
            self.finish(.failure(.cancelled))
        }
    }

    private func start(deadline: ContinuousClock.Instant) {
        let remaining = ContinuousClock.now.duration(to: deadline)
        guard remaining > .zero else {
            finish(.failure(.timedOut))
            return
        }
        // Capped at a day: a stage deadline is seconds away; this only keeps the
        // conversions below in range for an absurd one.
        let seconds = min(
            86_400, Double(remaining.components.seconds) + Double(remaining.components.attoseconds) / 1e18)

        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        // Our own timer below is the authority; this only stops a stalled transfer
        // in case the timer cannot fire.
        configuration.timeoutIntervalForRequest = seconds + 1
        configuration.timeoutIntervalForResource = seconds + 1
        let queue = BoundedDelegateQueue(limit: Self.maxQueuedCallbacks)
        queue.maxConcurrentOperationCount = 1
        queue.name = "herald.media.download"

        let session = URLSession(configuration: configuration, delegate: self, delegateQueue: queue)
        var request = URLRequest(url: url)
        request.httpMethod = "GET"
        request.setValue("image/*, audio/*, video/*;q=0.9, */*;q=0.1", forHTTPHeaderField: "Accept")
        let task = session.dataTask(with: request)

        let settled = state.withLock { s in
            if s.outcome != nil { return true }
            s.deadline = deadline
            s.session = session
            s.task = task
            s.queue = queue
            return false
        }
        if settled {
            session.invalidateAndCancel()
            return
        }

        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(seconds * 1e9))) {
            [weak self] in
            self?.finish(.failure(.timedOut))
        }
        task.resume()
    }

    // MARK: - URLSession delegate

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let after = state.withLock { s -> (@Sendable () -> Void)? in
            var failure: MediaFailure?
            s.redirects += 1
            if s.redirects > policy.maxRedirects {
                failure = .tooManyRedirects(policy.maxRedirects)
            } else if let to = request.url {
                let from = response.url ?? task.currentRequest?.url ?? url
                // Judge the Location header as the server wrote it too: URLSession may
                // rewrite a target it cannot load (seen on Linux: `file:///etc/passwd`
                // was offered as a path on the redirecting host).
                if let location = response.value(forHTTPHeaderField: "Location"),
                    let raw = URL(string: location, relativeTo: from)?.absoluteURL,
                    let refused = policy.checkRedirect(from: from, to: raw)
                {
                    failure = refused
                } else {
                    failure = policy.checkRedirect(from: from, to: to)
                }
            } else {
                failure = .forbiddenRedirect("(no URL)")
            }
            return failure.map { s.settle(.failure($0)) }
        }
        if let after {
            completionHandler(nil)
            after()
            return
        }
        // The target's host is resolved and judged like the first hop's before the redirect
        // is followed (the answer comes on another thread; the deadline bounds the wait).
        guard let target = request.url else {
            completionHandler(nil)
            return
        }
        let deadline = state.withLock { $0.deadline }
        policy.checkAddresses(of: target, deadline: deadline) { [self] refused in
            if let refused {
                finish(.failure(refused))
                completionHandler(nil)
            } else {
                completionHandler(request)
            }
        }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let (disposition, after) = state.withLock { s -> (URLSession.ResponseDisposition, (@Sendable () -> Void)?) in
            guard s.outcome == nil else { return (.cancel, nil) }
            var failure: MediaFailure?
            if let http = response as? HTTPURLResponse {
                let status = http.statusCode
                if (300..<400).contains(status), let location = http.value(forHTTPHeaderField: "Location") {
                    // A redirect URLSession did not offer to the delegate (a scheme it
                    // does not follow itself): judge it like any other redirect.
                    if let to = URL(string: location, relativeTo: http.url ?? url)?.absoluteURL,
                        let refused = policy.checkRedirect(from: http.url ?? url, to: to)
                    {
                        failure = refused
                    } else {
                        failure = .http(status)
                    }
                } else if !(200..<300).contains(status) {
                    failure = .http(status)
                }
            }
            if failure == nil { failure = s.file.expect(length: response.expectedContentLength) }
            if failure == nil { failure = s.file.open() }
            let after = failure.map { s.settle(.failure($0)) }
            return (after == nil ? .allow : .cancel, after)
        }
        completionHandler(disposition)
        after?()
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let after = state.withLock { s -> (@Sendable () -> Void)? in
            guard s.outcome == nil else { return nil }
            return data.withUnsafeBytes { s.file.write($0) }.map { s.settle(.failure($0)) }
        }
        after?()
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let failure = error.map { Self.failure(for: $0) }
        let after = state.withLock { s -> (@Sendable () -> Void)? in
            guard s.outcome == nil else { return nil }
            let result: Outcome
            if let failure {
                result = .failure(failure)
            } else {
                result = s.file.finish()
            }
            return s.settle(result)
        }
        after?()
    }

    // MARK: - Outcome

    /// Settles with `result` unless already settled (from any thread).
    private func finish(_ result: Outcome) {
        let after = state.withLock { s -> (@Sendable () -> Void)? in
            guard s.outcome == nil else { return nil }
            return s.settle(result)
        }
        after?()
    }
}

extension MediaDownload.State {
    /// Records the outcome, closes/removes the temp file on failure; returns what
    /// must run after unlocking (cancel the transfer, resume the caller).
    mutating func settle(_ result: MediaDownload.Outcome) -> @Sendable () -> Void {
        outcome = result
        if case .failure = result { file.discard() }
        let c = continuation
        continuation = nil
        let task = self.task
        let session = self.session
        let queue = self.queue
        self.task = nil
        self.session = nil
        self.queue = nil
        return {
            // The caller first; then let libcurl's thread run free (it may be
            // waiting for queue room) and stop the transfer off the delegate
            // queue: cancel() waits for libcurl's thread.
            c?.resume(returning: result)
            queue?.stopBounding()
            if task != nil || session != nil {
                DispatchQueue.global().async {
                    task?.cancel()
                    session?.invalidateAndCancel()
                }
            }
        }
    }
}

extension MediaDownload {
    private static func failure(for error: any Error) -> MediaFailure {
        if let u = error as? URLError {
            switch u.code {
            case .timedOut: return .timedOut
            case .cancelled: return .cancelled
            default: return .network("\(u.localizedDescription) (URLError \(u.code.rawValue))")
            }
        }
        let ns = error as NSError
        return .network("\(ns.localizedDescription) (\(ns.domain) \(ns.code))")
    }
}

/// The delegate queue of one download, with back-pressure.
///
/// FoundationNetworking on Linux hands every chunk libcurl receives to the
/// delegate queue with `addOperation` and keeps reading: when the network
/// outruns the disk the chunks pile up in memory (measured: up to 7 MB of a
/// 9 MB file on loopback). This queue makes `addOperation` wait while `limit`
/// callbacks are pending, which stalls libcurl's thread and so the socket (TCP
/// flow control does the rest). It never waits when called from its own
/// operations (that would deadlock), and never longer than a second, so a
/// cancellation or invalidation can always get through.
final class BoundedDelegateQueue: OperationQueue, @unchecked Sendable {
    private let slots: DispatchSemaphore
    private let limit: Int
    private let bounded = Locked(true)

    init(limit: Int) {
        self.limit = limit
        slots = DispatchSemaphore(value: limit)
        super.init()
    }

    /// From now on `addOperation` never waits (the download is over: its
    /// remaining callbacks return at once, and cancellation must get through).
    func stopBounding() {
        let was = bounded.withLock { b in
            defer { b = false }
            return b
        }
        if was {
            for _ in 0..<limit { slots.signal() }
        }
    }

    private var isBounded: Bool { bounded.withLock { $0 } }

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        let waited: Bool
        if OperationQueue.current === self || !isBounded {
            waited = false
        } else {
            waited = slots.wait(timeout: .now() + .seconds(1)) == .success
        }
        super.addOperation { [slots] in
            block()
            if waited { slots.signal() }
        }
    }
}
#endif
