import Foundation

/// Downloads a push's media into the attachment folder within the stage's deadline.
///
/// The fetcher judges every reference (URL syntax, scheme and host against the
/// policy, how many items a push may attach), hands the URLs it accepts to a
/// `MediaDownloader` (the transport: `HTTPMediaDownloader` in
/// HeraldNetwork, in process; `HelperProcessMediaDownloader`, the same code in
/// the `herald-net` helper executable, so that a process that renders does not
/// load an HTTP stack), and plans the attachments. Every item is fetched
/// concurrently; the call never throws and returns one result per reference,
/// in order.
///
/// A stage uses it like this:
/// ```swift
/// let refs = MediaReferences.extract(from: payload, herald: opened)
/// let folder = AttachmentFolder(store: storePath)
/// let results = await MediaFetcher(policy: policy, downloader: downloader).fetch(refs, into: folder, deadline: deadline)
/// output[Attachments.outputKey] = Attachments.json(results)      // when not empty
/// if !results.failures.isEmpty { /* append the localized "media.failed" line */ }
/// ```
/// After each fetch the folder is kept within the policy's bounds
/// (`AttachmentFolder.cleanUp`, this push's files kept).
public struct MediaFetcher: Sendable {
    /// The limits every fetch follows.
    public var policy: MediaPolicy
    /// Moves the bytes: every accepted URL goes to it once.
    public var downloader: any MediaDownloader

    /// Makes a fetcher over `downloader`.
    public init(policy: MediaPolicy = MediaPolicy(), downloader: any MediaDownloader) {
        self.policy = policy
        self.downloader = downloader
    }

    /// Fetches `references` into `folder` (created if missing) and returns one
    /// result per reference, in the same order; attachments get their
    /// identifiers, order and thumbnail visibility (see `Attachment`).
    /// Returns by `deadline` (plus scheduling slack) whatever happens.
    public func fetch(_ references: [MediaReference], into folder: String, deadline: ContinuousClock.Instant)
        async -> [MediaResult]
    {
        if references.isEmpty { return [] }
        if let problem = AttachmentFolder(path: folder).prepare() {
            return references.map { .failed($0, reason: problem) }
        }

        var failures: [Int: MediaFailure] = [:]
        var jobs: [(Int, URL)] = []
        for (i, ref) in references.enumerated() {
            if i >= policy.maxAttachmentsPerNotification {
                failures[i] = .skipped(
                    "the push names \(references.count) media items; at most \(policy.maxAttachmentsPerNotification) are attached")
                continue
            }
            guard let url = URL(string: ref.url) else {
                failures[i] = Self.schemeOf(ref.url).map { s in
                    s == "http" || s == "https" ? MediaFailure.invalidURL(ref.url) : .unsupportedScheme(s)
                } ?? .invalidURL(ref.url)
                continue
            }
            if url.scheme == nil {
                failures[i] = .invalidURL(ref.url)
                continue
            }
            if let refused = policy.check(url) {
                failures[i] = refused
                continue
            }
            jobs.append((i, url))
        }

        var downloads = [DownloadedFile?](repeating: nil, count: references.count)
        if !jobs.isEmpty {
            let outcomes = await downloader.download(
                jobs.map { $0.1.absoluteString }, policy: policy, into: folder, deadline: deadline)
            for (k, (i, _)) in jobs.enumerated() {
                switch k < outcomes.count ? outcomes[k] : .failure(.io("the downloader gave no outcome")) {
                case .success(let file):
                    if let refused = Self.refusal(of: file, folder: folder) {
                        failures[i] = refused
                    } else {
                        downloads[i] = file
                    }
                case .failure(let f): failures[i] = f
                }
            }
        }

        // The retention rule (Docs/security.md): this push's files stay, the oldest others go
        // beyond the policy's bounds, and a killed download's stale `.part` file goes too.
        _ = AttachmentFolder(path: folder).cleanUp(policy: policy, keeping: Set(downloads.compactMap { $0?.fileName }))
        let planned = Attachments.plan(references: references, downloads: downloads)
        return references.enumerated().map { i, ref in
            if let a = planned[i] { return .attached(a) }
            return .failed(ref, reason: failures[i] ?? .io("no outcome"))
        }
    }

    /// As `fetch(_:into:deadline:)`, into an `AttachmentFolder`.
    public func fetch(_ references: [MediaReference], into folder: AttachmentFolder, deadline: ContinuousClock.Instant)
        async -> [MediaResult]
    {
        await fetch(references, into: folder.path, deadline: deadline)
    }

    /// Why a file a downloader reports is not taken (nil: it is). Only a regular file directly
    /// inside the attachment folder, named `<sha256>.<ext>` after its content, is: the real paths
    /// are compared and a link is refused, so a helper's answer can never make a file elsewhere
    /// (`/etc/shadow`) an attachment.
    static func refusal(of file: DownloadedFile, folder: String) -> MediaFailure? {
        let refused = MediaFailure.io("the downloader's file is not an attachment inside the attachment folder; it is not used")
        guard AttachmentFolder.isAttachmentName(file.fileName), file.fileName.hasPrefix(file.sha256 + "."),
            (file.path as NSString).lastPathComponent == file.fileName
        else { return refused }
        var st = stat()
        guard lstat(file.path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return refused }
        guard let realFolder = realPath(folder), let realFile = realPath(file.path),
            realFile == (realFolder == "/" ? "" : realFolder) + "/" + file.fileName
        else { return refused }
        return nil
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func schemeOf(_ s: String) -> String? {
        guard let colon = s.firstIndex(of: ":") else { return nil }
        let scheme = s[..<colon]
        guard let first = scheme.first, first.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return nil }
        return scheme.lowercased()
    }
}
