/// The transport behind `MediaFetcher`: downloads URLs the fetcher has already
/// accepted into the attachment folder, one transfer per URL, concurrently.
///
/// Every implementation keeps the same rules: redirects judged by
/// `MediaPolicy.checkRedirect` and at most `maxRedirects` of them, the body
/// streamed to `<folder>/.herald-*.part` (never held in memory), the type sniffed
/// from the first 16 bytes (`MediaSniffer`), the size limits enforced on
/// Content-Length and while streaming, the finished file renamed to
/// `<sha256>.<ext>`; by `deadline` every transfer has ended (`.timedOut`), and
/// cancelling the calling task ends them at once (`.cancelled`).
///
/// Implementations: `HTTPMediaDownloader` (HeraldNetwork, in process; `URLSessionMediaDownloader` on Apple platforms) and
/// `HelperProcessMediaDownloader` (the same, run by the `herald-net` executable).
public protocol MediaDownloader: Sendable {
    /// One outcome per URL, in the order given. Never throws.
    func download(_ urls: [String], policy: MediaPolicy, into folder: String, deadline: ContinuousClock.Instant)
        async -> [Result<DownloadedFile, MediaFailure>]
}

/// A downloader for a process that must not fetch (no network at all): every
/// URL fails with `.skipped`, saying why.
public struct NoMediaDownloader: MediaDownloader {
    /// The reason given for every item.
    public var reason: String

    /// A downloader that fetches nothing; every URL fails with `reason`.
    public init(reason: String = "this process does not download media") {
        self.reason = reason
    }

    /// One `.skipped` failure per URL.
    public func download(_ urls: [String], policy: MediaPolicy, into folder: String, deadline: ContinuousClock.Instant)
        async -> [Result<DownloadedFile, MediaFailure>]
    {
        urls.map { _ in .failure(.skipped(reason)) }
    }
}
