import AsyncHTTPClient
import Foundation
import HeraldDiagnostics
import HeraldSync
public import HeraldMedia
import NIOCore
import NIOHTTP1

/// Downloads in this process with AsyncHTTPClient (SwiftNIO): what `herald-net fetch` runs,
/// and what an app's extension links on any platform. See `MediaDownloader` for the rules
/// every transfer follows; on top of them:
///
/// - each hop's host is resolved once and checked (`MediaPolicy.checkedHost`), and the
///   connection goes to the address that was checked (no second lookup a rebinding DNS could
///   answer differently); redirects are followed here, not by the client, so every hop is;
/// - the body is read as the server sends it, with back-pressure (a chunk is written before
///   the next is read), and the transfer is cancelled the moment a limit is passed;
/// - one deadline ends everything of a URL (lookup, connection, headers, a body that stalls);
/// - a body shorter than its Content-Length is a failure, never a truncated file.
public struct HTTPMediaDownloader: MediaDownloader {
    /// How host names become addresses (the system resolver unless a test or an app says
    /// otherwise).
    public var resolver: MediaHostResolver
    let clients: NetworkClients

    /// A downloader on the process's clients (`NetworkClients.shared`).
    public init(resolver: MediaHostResolver = .system) {
        self.resolver = resolver
        self.clients = .shared
    }

    /// Downloads `urls` into `folder` under `policy` by `deadline`; one result per URL, in order.
    public func download(_ urls: [String], policy: MediaPolicy, into folder: String, deadline: ContinuousClock.Instant)
        async -> [Result<DownloadedFile, MediaFailure>]
    {
        // The whole group runs on the transfers' own thread, not only each transfer: a child task
        // added without the preference first waits for a thread of Swift's cooperative pool, and
        // when other work blocks that pool (two blocked tasks fill it on a 2-core machine) the
        // child started only after the pool was freed — past the deadline, so a download that
        // would take milliseconds was reported `.timedOut` (MediaFetcherTests, under load).
        await withTaskExecutorPreference(NetworkClients.executor) {
            var outcomes = [Result<DownloadedFile, MediaFailure>](repeating: .failure(.io("no outcome")), count: urls.count)
            await withTaskGroup(of: (Int, Result<DownloadedFile, MediaFailure>).self) { group in
                for (i, text) in urls.enumerated() {
                    group.addTask { (i, await download(text, policy: policy, into: folder, deadline: deadline)) }
                }
                for await (i, outcome) in group { outcomes[i] = outcome }
            }
            return outcomes
        }
    }

    /// One URL (checked against the policy again: the helper process gets its URLs from a
    /// pipe), within `deadline` whatever the server does.
    func download(_ text: String, policy: MediaPolicy, into folder: String, deadline: ContinuousClock.Instant)
        async -> Result<DownloadedFile, MediaFailure>
    {
        guard let url = URL(string: text), url.scheme != nil else { return .failure(.invalidURL(text)) }
        if let refused = policy.check(url) { return .failure(refused) }
        if ContinuousClock.now >= deadline { return .failure(.timedOut) }
        let transfer = MediaTransfer(policy: policy, folder: folder, deadline: deadline, resolver: resolver, clients: clients)
        return await withTaskExecutorPreference(NetworkClients.executor) {
            await NetworkDeadline.race(deadline) { await transfer.run(from: url) } ?? .failure(.timedOut)
        }
    }
}

extension MediaFetcher {
    /// A fetcher that downloads with AsyncHTTPClient in this process.
    public static func httpClient(policy: MediaPolicy = MediaPolicy(), resolver: MediaHostResolver = .system) -> MediaFetcher {
        MediaFetcher(policy: policy, downloader: HTTPMediaDownloader(resolver: resolver))
    }
}

/// One URL's hops: check, connect to the checked address, follow a redirect after checking
/// its target, stream the final body to a `MediaFileWriter`.
struct MediaTransfer: Sendable {
    let policy: MediaPolicy
    let folder: String
    let deadline: ContinuousClock.Instant
    let resolver: MediaHostResolver
    let clients: NetworkClients

    /// What one request came to.
    private enum Hop {
        case done(Result<DownloadedFile, MediaFailure>)
        case redirect(String)
    }

    static let accept = "image/*, audio/*, video/*;q=0.9, */*;q=0.1"

    func run(from start: URL) async -> Result<DownloadedFile, MediaFailure> {
        var url = start
        var redirects = 0
        while true {
            let target: MediaCheckedHost
            switch await policy.checkedHost(of: url, resolver: resolver, deadline: deadline) {
            case .success(let checked): target = checked
            case .failure(let refused): return .failure(refused)
            }
            if Task.isCancelled { return .failure(.cancelled) }
            switch await request(url, at: target) {
            case .done(let result):
                return result
            case .redirect(let location):
                redirects += 1
                if redirects > policy.maxRedirects { return .failure(.tooManyRedirects(policy.maxRedirects)) }
                guard let next = URL(string: location, relativeTo: url)?.absoluteURL else {
                    return .failure(.forbiddenRedirect(OutsideText.escaped(String(location.prefix(300)))))
                }
                if let refused = policy.checkRedirect(from: url, to: next) { return .failure(refused) }
                url = next
            }
        }
    }

    /// The client that connects to `target.address` for this URL: a pinned one when the host
    /// is a name (AsyncHTTPClient keys its override by the host as it reads it from the URL,
    /// which must be the host that was checked).
    private func client(for text: String, at target: MediaCheckedHost) -> Result<(HTTPClient, own: Bool), MediaFailure> {
        guard let read = URL(string: text)?.host else { return .failure(.invalidURL(OutsideText.escaped(text))) }
        let host = read.hasPrefix("[") && read.hasSuffix("]") ? String(read.dropFirst().dropLast()) : read
        if host.lowercased() == target.address.lowercased() { return .success((clients.direct(), false)) }
        guard host.lowercased() == target.host else {
            return .failure(.invalidURL("host \(OutsideText.escaped(host)) is not the host that was checked"))
        }
        let (client, own) = clients.pinned(target.spelled(host))
        return .success((client, own))
    }

    private func request(_ url: URL, at target: MediaCheckedHost) async -> Hop {
        let text = url.absoluteString
        let client: HTTPClient
        let own: Bool
        switch self.client(for: text, at: target) {
        case .success(let found): (client, own) = found
        case .failure(let refused): return .done(.failure(refused))
        }
        let hop = await request(text, with: client)
        if own { try? await client.shutdown() }
        return hop
    }

    private func request(_ text: String, with client: HTTPClient) async -> Hop {
        var request = HTTPClientRequest(url: text)
        request.method = .GET
        request.headers.add(name: "Accept", value: Self.accept)
        request.headers.add(name: "User-Agent", value: "herald-net")
        var writer = MediaFileWriter(folder: folder, policy: policy)
        do {
            let response = try await client.execute(request, deadline: NetworkDeadline.nio(deadline))
            let status = Int(response.status.code)
            if [301, 302, 303, 307, 308].contains(status), let location = response.headers.first(name: "Location") {
                return .redirect(location)
            }
            guard (200..<300).contains(status) else { return .done(.failure(.http(status))) }
            if let announced = response.headers.first(name: "Content-Length") {
                guard let length = Int64(announced), length >= 0 else {
                    return .done(.failure(.network("the response's Content-Length is not a number")))
                }
                if let refused = writer.expect(length: length) { return .done(.failure(refused)) }
            }
            if let refused = writer.open() { return .done(.failure(refused)) }
            // One chunk at a time: the next is read only once this one is on disk, so the
            // client stops reading the socket while the disk is behind. Leaving the loop
            // early (a limit, a type refused) drops the body, which cancels the transfer.
            for try await chunk in response.body {
                let refused = chunk.withUnsafeReadableBytes { writer.write($0) }
                if let refused {
                    writer.discard()
                    return .done(.failure(refused))
                }
            }
            let finished = writer.finish()
            if case .failure = finished { writer.discard() }
            return .done(finished)
        } catch {
            writer.discard()
            return .done(.failure(Self.failure(for: error)))
        }
    }

    private static func failure(for error: any Error) -> MediaFailure {
        switch NetworkProblem(error) {
        case .timedOut: return .timedOut
        case .cancelled: return .cancelled
        case let problem: return .network(problem.description)
        }
    }
}
