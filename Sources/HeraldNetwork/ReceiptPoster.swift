import Foundation
import FoundationNetworking
import HeraldSync

/// The URLSession of a receipt delivery and its delegate: one POST at a time, never
/// redirected. A redirect is refused in `willPerformHTTPRedirection`, so the 3xx itself comes
/// back as the answer (with its Location) and nothing is sent to another address; a 2xx
/// therefore always answers the request that carried the batch.
///
/// FoundationNetworking follows redirects without asking when a task has a completion
/// handler (and re-sends a 307's POST without its body), so every task here is a plain
/// delegate task whose answer the delegate collects.
final class ReceiptPoster: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// What one request came to.
    struct Answer: Sendable {
        var response: HTTPURLResponse?
        /// The start of the body (at most `maxBodyBytes`): enough to quote in an error.
        var body: Data
        var error: (any Error)?
    }

    /// The most of a response body kept (only its first 200 bytes are ever shown).
    static let maxBodyBytes = 4096

    private struct Pending {
        var continuation: CheckedContinuation<Answer, Never>
        var body = Data()
    }

    /// `@unchecked Sendable`: the session is set once in `init` and never changes; the rest
    /// is behind the one lock.
    private var session: URLSession!
    private let pending = Locked<[Int: Pending]>([:])

    init(requestTimeout: Duration) {
        super.init()
        let configuration = URLSessionConfiguration.ephemeral
        let seconds = Double(requestTimeout.components.seconds) + Double(requestTimeout.components.attoseconds) / 1e18
        configuration.timeoutIntervalForRequest = seconds
        configuration.timeoutIntervalForResource = seconds
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        // The session holds its delegate (this object) until `invalidate()`.
        session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    }

    /// Lets the session go once its tasks end (the session holds this delegate until then).
    func invalidate() { session.finishTasksAndInvalidate() }

    /// Sends `request` once and waits for its answer.
    func send(_ request: URLRequest) async -> Answer {
        await withCheckedContinuation { (c: CheckedContinuation<Answer, Never>) in
            let task = session.dataTask(with: request)
            pending.withLock { $0[task.taskIdentifier] = Pending(continuation: c) }
            task.resume()
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        // Never followed: the redirect is the answer (ReceiptDelivery says where it pointed).
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        pending.withLock { all in
            guard var p = all[dataTask.taskIdentifier] else { return }
            let room = Self.maxBodyBytes - p.body.count
            if room > 0 {
                p.body.append(data.prefix(room))
                all[dataTask.taskIdentifier] = p
            }
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let done = pending.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        done?.continuation.resume(
            returning: Answer(response: task.response as? HTTPURLResponse, body: done?.body ?? Data(), error: error))
    }
}
