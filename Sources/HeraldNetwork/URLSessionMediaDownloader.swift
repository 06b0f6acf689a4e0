#if canImport(Darwin)
public import HeraldMedia

import Foundation

/// Downloads with URLSession in this process, on Apple platforms only (the system stack an
/// iOS extension may prefer to `HTTPMediaDownloader`; on Linux, HeraldNetwork has no
/// URLSession). It checks each hop's addresses but, unlike `HTTPMediaDownloader`, cannot make
/// URLSession connect to the address it checked. Its data delegate streams the body chunk by chunk, so each
/// chunk goes straight to disk and a size limit can abort the transfer
/// mid-body; see `MediaDownloader` for the rules every transfer follows.
public struct URLSessionMediaDownloader: MediaDownloader {
    /// Makes a downloader.
    public init() {}

    /// Downloads `urls` into `folder` under `policy` by `deadline`; one result per URL, in order.
    public func download(_ urls: [String], policy: MediaPolicy, into folder: String, deadline: ContinuousClock.Instant)
        async -> [Result<DownloadedFile, MediaFailure>]
    {
        var outcomes = [Result<DownloadedFile, MediaFailure>](repeating: .failure(.io("no outcome")), count: urls.count)
        await withTaskGroup(of: (Int, Result<DownloadedFile, MediaFailure>).self) { group in
            for (i, text) in urls.enumerated() {
                group.addTask { (i, await Self.download(text, policy: policy, into: folder, deadline: deadline)) }
            }
            for await (i, outcome) in group { outcomes[i] = outcome }
        }
        return outcomes
    }

    /// One URL (re-checked against the policy: the helper process gets its URLs from a pipe),
    /// its host's addresses checked before the transfer starts.
    static func download(_ text: String, policy: MediaPolicy, into folder: String, deadline: ContinuousClock.Instant)
        async -> Result<DownloadedFile, MediaFailure>
    {
        guard let url = URL(string: text), url.scheme != nil else { return .failure(.invalidURL(text)) }
        if let refused = policy.check(url) { return .failure(refused) }
        // Before any connection: the host's addresses (each redirect is checked the same way).
        if let refused = await policy.checkAddresses(of: url, deadline: deadline) { return .failure(refused) }
        return await MediaDownload(url: url, policy: policy, folder: folder).run(deadline: deadline)
    }
}

extension MediaFetcher {
    /// A fetcher that downloads with URLSession in this process.
    public static func urlSession(policy: MediaPolicy = MediaPolicy()) -> MediaFetcher {
        MediaFetcher(policy: policy, downloader: URLSessionMediaDownloader())
    }
}
#endif
