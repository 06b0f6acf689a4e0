import Crypto
import Foundation
import HeraldMedia

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

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
    private let folder: String

    // Everything below is guarded by `lock`.
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Outcome, Never>?
    private var outcome: Outcome?
    private var session: URLSession?
    private var queue: BoundedDelegateQueue?
    private var task: URLSessionDataTask?
    private var fd: Int32 = -1
    private var tempPath: String?
    private var received: Int64 = 0
    private var prefix: [UInt8] = []
    private var type: MediaType?
    private var limit: Int64
    private var expectedLength: Int64 = -1
    private var redirects = 0

    /// At most this many delegate callbacks (each holding at most one 16 KiB
    /// chunk) wait in memory; see `BoundedDelegateQueue`.
    static let maxQueuedCallbacks = 8

    init(url: URL, policy: MediaPolicy, folder: String) {
        self.url = url
        self.policy = policy
        self.folder = folder
        self.limit = policy.limits.largest
    }

    /// Downloads until done, failed, `deadline` or cancellation of the calling task.
    func run(deadline: ContinuousClock.Instant) async -> Outcome {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (c: CheckedContinuation<Outcome, Never>) in
                lock.lock()
                if let outcome {
                    lock.unlock()
                    c.resume(returning: outcome)
                    return
                }
                continuation = c
                lock.unlock()
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

        lock.lock()
        if outcome != nil {
            lock.unlock()
            session.invalidateAndCancel()
            return
        }
        self.session = session
        self.task = task
        self.queue = queue
        lock.unlock()

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
        lock.lock()
        var failure: MediaFailure?
        redirects += 1
        if redirects > policy.maxRedirects {
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
        let after = failure.map { settleLocked(.failure($0)) }
        lock.unlock()
        if let after {
            completionHandler(nil)
            after()
        } else {
            completionHandler(request)
        }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        lock.lock()
        guard outcome == nil else {
            lock.unlock()
            completionHandler(.cancel)
            return
        }
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
        if failure == nil {
            expectedLength = response.expectedContentLength
            if expectedLength > limit { failure = .tooLarge(limit: limit) }
        }
        if failure == nil { failure = openTempFileLocked() }
        let after = failure.map { settleLocked(.failure($0)) }
        lock.unlock()
        completionHandler(after == nil ? .allow : .cancel)
        after?()
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.lock()
        guard outcome == nil else {
            lock.unlock()
            return
        }
        let after = receiveLocked(data).map { settleLocked(.failure($0)) }
        lock.unlock()
        after?()
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        lock.lock()
        guard outcome == nil else {
            lock.unlock()
            return
        }
        let result: Outcome
        if let error {
            result = .failure(Self.failure(for: error))
        } else {
            result = completeLocked()
        }
        let after = settleLocked(result)
        lock.unlock()
        after()
    }

    // MARK: - Outcome

    /// Settles with `result` unless already settled (from any thread).
    private func finish(_ result: Outcome) {
        lock.lock()
        guard outcome == nil else {
            lock.unlock()
            return
        }
        let after = settleLocked(result)
        lock.unlock()
        after()
    }

    /// Records the outcome, closes/removes the temp file on failure; returns what
    /// must run after unlocking (cancel the transfer, resume the caller).
    private func settleLocked(_ result: Outcome) -> () -> Void {
        outcome = result
        if case .failure = result { discardTempLocked() }
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

    private func openTempFileLocked() -> MediaFailure? {
        var random = SystemRandomNumberGenerator()
        let token = String(random.next(), radix: 16) + String(random.next(), radix: 16)
        let path = folder + "/" + AttachmentFolder.tempPrefix + token + AttachmentFolder.tempSuffix
        let opened = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard opened >= 0 else { return .io("cannot create \(path): \(Self.errnoText())") }
        fd = opened
        tempPath = path
        return nil
    }

    private func receiveLocked(_ data: Data) -> MediaFailure? {
        guard fd >= 0 else { return .io("no temporary file") }
        if received + Int64(data.count) > limit { return .tooLarge(limit: limit) }
        received += Int64(data.count)
        if type == nil, prefix.count < MediaSniffer.prefixLength {
            prefix.append(contentsOf: data.prefix(MediaSniffer.prefixLength - prefix.count))
            if prefix.count >= MediaSniffer.prefixLength, let f = decideTypeLocked() { return f }
        }
        var failure: MediaFailure?
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            guard var p = raw.baseAddress else { return }
            var left = raw.count
            while left > 0 {
                let n = write(fd, p, left)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = .io("cannot write \(tempPath ?? "the temporary file"): \(Self.errnoText())")
                    return
                }
                left -= n
                p += n
            }
        }
        return failure
    }

    /// Sniffs the prefix; narrows the size limit to the type's.
    private func decideTypeLocked() -> MediaFailure? {
        switch MediaSniffer.sniff(prefix) {
        case .unsupported(let what):
            return .unsupportedType(what)
        case .supported(let t):
            type = t
            limit = policy.limits.limit(for: t.kind)
            if received > limit || expectedLength > limit { return .tooLarge(limit: limit) }
            return nil
        }
    }

    private func completeLocked() -> Outcome {
        if type == nil, let f = decideTypeLocked() { return .failure(f) }
        guard let type, let temp = tempPath, fd >= 0 else { return .failure(.io("no temporary file")) }
        if close(fd) != 0 {
            fd = -1
            return .failure(.io("cannot close \(temp): \(Self.errnoText())"))
        }
        fd = -1
        guard let digest = Self.sha256(ofFile: temp) else {
            return .failure(.io("cannot read back \(temp): \(Self.errnoText())"))
        }
        let hex = digest.map { byte in
            let s = String(byte, radix: 16)
            return byte < 16 ? "0" + s : s
        }.joined()
        let name = hex + "." + type.fileExtension
        let path = folder + "/" + name
        guard rename(temp, path) == 0 else {
            return .failure(.io("cannot rename \(temp) to \(path): \(Self.errnoText())"))
        }
        tempPath = nil
        return .success(DownloadedFile(path: path, fileName: name, type: type, byteCount: received, sha256: hex))
    }

    /// SHA-256 of a file, read in 64 KiB blocks. Hashing after the transfer
    /// (the file is still in the page cache) keeps the delegate's per-chunk work
    /// to one write(2): on Linux FoundationNetworking queues every received chunk
    /// for the delegate without back-pressure, so a slower delegate means chunks
    /// pile up in memory.
    private static func sha256(ofFile path: String) -> SHA256.Digest? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var hasher = SHA256()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if n == 0 { break }
            buffer.withUnsafeBytes { hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
        }
        return hasher.finalize()
    }

    private func discardTempLocked() {
        if fd >= 0 {
            close(fd)
            fd = -1
        }
        if let t = tempPath {
            unlink(t)
            tempPath = nil
        }
    }

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

    private static func errnoText() -> String {
        String(cString: strerror(errno))
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
    private let flag = NSLock()
    private var bounded = true

    init(limit: Int) {
        self.limit = limit
        slots = DispatchSemaphore(value: limit)
        super.init()
    }

    /// From now on `addOperation` never waits (the download is over: its
    /// remaining callbacks return at once, and cancellation must get through).
    func stopBounding() {
        flag.lock()
        let was = bounded
        bounded = false
        flag.unlock()
        if was {
            for _ in 0..<limit { slots.signal() }
        }
    }

    private var isBounded: Bool {
        flag.lock()
        defer { flag.unlock() }
        return bounded
    }

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
